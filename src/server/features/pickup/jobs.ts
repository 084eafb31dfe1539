// Booked pickup's maintenance tasks: the reminder the day before the slot (docs/decisions/0622-pickup-reminder-and-qr.md)
// and the no-show rule (docs/decisions/0623-pickup-no-show.md).
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '~/server/context';
import { orderHistory, orders, pickupSlots, users } from '~/server/db/schema';
import { updateOrder } from '~/server/lib/order-writes';
import {
  deliverOrderEmails,
  queueOrderEmail,
  refundRestOfOrder,
  setOrderStatus,
} from '~/server/features/orders';
import { getPickupRules } from './slots';

/** Statuses of a paid pickup order still waiting to be collected. */
const WAITING = sql`${orders.status} in ('pending', 'processing', 'ready-for-pickup')`;

/**
 * One e-mail per paid pickup order whose slot starts within the next 24 hours, booked more than a day
 * before it (a shopper who booked for tomorrow has just read the time). The order row is marked in the
 * transaction that queues the e-mail, only while unmarked: two runs or two instances send one.
 * Returns how many were queued.
 */
export async function sendPickupReminders(ctx: AppContext, limit = 100): Promise<number> {
  const due = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(pickupSlots, eq(pickupSlots.id, orders.pickupSlotId))
    .where(
      and(
        isNull(orders.pickupReminderSentAt),
        eq(orders.paymentStatus, 'completed'),
        WAITING,
        sql`${pickupSlots.startsAt} > now() and ${pickupSlots.startsAt} <= now() + interval '24 hours'`,
        sql`${orders.createdAt} < ${pickupSlots.startsAt} - interval '24 hours'`,
      ),
    )
    .orderBy(asc(orders.id))
    .limit(limit);
  const queued: (number | null)[] = [];
  for (const { id } of due) {
    const outboxId = await ctx.db.transaction(async (tx) => {
      // Stamped once, as the store's bookkeeping: the order itself is unchanged.
      const order = await updateOrder(
        tx,
        id,
        { pickupReminderSentAt: sql`now()` },
        { onlyIf: isNull(orders.pickupReminderSentAt), marksChanged: false },
      );
      return order ? queueOrderEmail(tx, ctx, order, 'order-pickup-reminder', 'once') : null;
    });
    queued.push(outboxId);
  }
  await deliverOrderEmails(ctx, queued);
  return queued.filter((q) => q !== null).length;
}

/**
 * Paid pickup orders 'ready for pickup' for longer than the no-show days are cancelled, refunded in
 * full through the refund path and restocked, as an administrator's cancel with refund does: the
 * refund first (a provider's refusal cancels nothing, and the order is tried again next run), then the
 * status through setOrderStatus, whose cancellation e-mail goes before the refund's. Acted for by the
 * store's first administrator (the history and audit need a person). Returns the orders cancelled.
 */
export async function cancelPickupNoShows(ctx: AppContext, limit = 50): Promise<number[]> {
  const { noShowDays } = await getPickupRules(ctx.db);
  const overdue = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.shippingMethod, 'pickup'),
        eq(orders.status, 'ready-for-pickup'),
        eq(orders.paymentStatus, 'completed'),
        sql`(select max(h.created_at) from ${orderHistory} h where h.order_id = "orders"."id"
              and h.field = 'status' and h.to_value = 'ready-for-pickup')
            < now() - make_interval(days => ${noShowDays})`,
      ),
    )
    .orderBy(asc(orders.id))
    .limit(limit);
  if (overdue.length === 0) return [];
  const [admin] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.isAdmin, true))
    .orderBy(asc(users.id))
    .limit(1);
  if (!admin) {
    ctx.log.warn(
      { orders: overdue.length },
      'pickup no-shows wait: the store has no administrator to act for',
    );
    return [];
  }
  const actor = { userId: admin.id };
  const cancelled: number[] = [];
  for (const { id } of overdue) {
    let refundEmail: number | null = null;
    try {
      await refundRestOfOrder(ctx, actor, id, {
        restock: true,
        deferEmail: (outboxId) => {
          refundEmail = outboxId;
        },
      });
      await setOrderStatus(ctx, actor, id, {
        status: 'cancelled',
        restock: true,
        trackingNumber: undefined,
        trackingCarrier: undefined,
        estimatedDeliveryDate: undefined,
      });
      cancelled.push(id);
    } catch (error) {
      ctx.log.error({ err: error, orderId: id }, 'a pickup no-show could not be cancelled and refunded');
    } finally {
      await deliverOrderEmails(ctx, [refundEmail]);
    }
  }
  return cancelled;
}
