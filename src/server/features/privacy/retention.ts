// The retention job (PIPEDA principle 4.5, Law 25 s. 23): what has served its purpose is removed after
// a set period, each a setting: contact messages (RETENTION_CONTACT_MESSAGES_DAYS), checkouts never paid
// (RETENTION_ABANDONED_CHECKOUTS_DAYS; an order a payment touched is kept, it is a financial record) and
// sessions however active (RETENTION_SESSIONS_DAYS), plus guest request links past their day
// (docs/decisions/0565-retention-periods.md). Runs with the other maintenance tasks, idempotent.
import { and, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { AppContext } from '~/server/context';
import { contactMessages, orders, privacyRequests, sessions } from '~/server/db/schema';
import { deleteOrders } from '~/server/lib/order-writes';

const DAY_MS = 86_400_000;

export async function purgeByRetention(ctx: AppContext, now = new Date()) {
  const { db, config } = ctx;
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const messages = await db
    .delete(contactMessages)
    .where(lt(contactMessages.createdAt, before(config.RETENTION_CONTACT_MESSAGES_DAYS)))
    .returning({ id: contactMessages.id });
  // Never paid and no money moved on it (a stray payment's refund keeps it): items, holds and history
  // go with it (on delete cascade).
  const checkouts = await deleteOrders(
    db,
    and(
      inArray(orders.paymentStatus, ['pending', 'failed']),
      isNull(orders.refundStatus),
      sql`${orders.refundedAmount} = 0`,
      lt(orders.createdAt, before(config.RETENTION_ABANDONED_CHECKOUTS_DAYS)),
    ),
  );
  const oldSessions = await db
    .delete(sessions)
    .where(lt(sessions.createdAt, before(config.RETENTION_SESSIONS_DAYS)))
    .returning({ id: sessions.id });
  const requests = await db
    .delete(privacyRequests)
    .where(lt(privacyRequests.expiresAt, now))
    .returning({ id: privacyRequests.id });
  return {
    contactMessages: messages.length,
    abandonedCheckouts: checkouts.length,
    sessions: oldSessions.length,
    privacyRequests: requests.length,
  };
}
