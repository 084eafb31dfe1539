// Erasure (PIPEDA principle 4.5.3, Quebec Law 25 s. 28.1): a customer's personal data is erased or made
// anonymous at once, while the orders and their tax lines stay as the tax law requires, with the person
// removed: no name, e-mail, phone or street address is left on them, only the province and country the
// tax report needs. The account row stays with every personal field replaced, so the orders it placed
// still count as one (anonymous) customer (docs/decisions/0562-account-erasure-keeps-orders-without-the-person.md).
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '~/server/db/client';
import {
  adminAuditLog,
  contactMessages,
  mailOutbox,
  guestSavedSearches,
  marketingConsents,
  productWatches,
  savedSearches,
  orderHistory,
  orders,
  passwordResetTokens,
  pendingRegistrations,
  privacyRequests,
  sessions,
  subscribers,
  users,
} from '~/server/db/schema';
import { hashPassword } from '~/server/lib/passwords';
import { updateOrder } from '~/server/lib/order-writes';

/** What an erased order keeps of its address: where it was taxed, nothing that finds the person. */
function taxPlaceOf(address: unknown): { state: string; country: string } | null {
  if (!address || typeof address !== 'object') return null;
  const a = address as Record<string, unknown>;
  const state = typeof a.state === 'string' ? a.state : typeof a.province === 'string' ? a.province : '';
  const country = typeof a.country === 'string' ? a.country : '';
  return { state, country };
}

/** Keys that hold a person's data in an audit record's before/after. */
const PERSONAL_KEYS = new Set([
  'customerName',
  'customerEmail',
  'customerPhone',
  'shippingAddress',
  'email',
  'phone',
  'address',
  'username',
  'checkoutDetails',
  'notes',
]);

function scrub(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(scrub);
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, PERSONAL_KEYS.has(k) ? '[erased]' : scrub(v)]),
  );
}

/** Order-history fields whose values are no one's personal data (the rest are emptied). */
const PLAIN_HISTORY_FIELDS = ['status', 'paymentStatus', 'refundStatus', 'estimatedDeliveryDate'];

/** Removes the person from these orders (and what was mailed about them); the orders and their sums stay. */
export async function eraseOrders(tx: DbOrTx, orderIds: number[]): Promise<void> {
  if (orderIds.length === 0) return;
  const rows = await tx
    .select({ id: orders.id, shippingAddress: orders.shippingAddress })
    .from(orders)
    .where(inArray(orders.id, orderIds));
  for (const row of rows) {
    await updateOrder(tx, row.id, {
      customerName: '',
      customerEmail: '',
      customerPhone: null,
      shippingAddress: taxPlaceOf(row.shippingAddress),
      notes: null,
      clientKey: null,
      networkKey: null,
      trackingNumber: null,
    });
  }
  await tx
    .update(orderHistory)
    .set({ fromValue: null, toValue: null })
    .where(
      and(inArray(orderHistory.orderId, orderIds), notInArray(orderHistory.field, PLAIN_HISTORY_FIELDS)),
    );
  await tx.delete(mailOutbox).where(inArray(mailOutbox.orderId, orderIds));
  await scrubAudit(
    tx,
    'order',
    orderIds.map((id) => String(id)),
  );
}

async function scrubAudit(tx: DbOrTx, entity: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await tx
    .select({ id: adminAuditLog.id, before: adminAuditLog.before, after: adminAuditLog.after })
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.entity, entity), inArray(adminAuditLog.entityId, ids)));
  for (const r of rows) {
    await tx
      .update(adminAuditLog)
      .set({ before: scrub(r.before) as object | null, after: scrub(r.after) as object | null })
      .where(eq(adminAuditLog.id, r.id));
  }
}

/** Everything kept under an e-mail address alone: messages, consents, the list, mail sent to it. */
export async function eraseByEmail(tx: DbOrTx, email: string): Promise<void> {
  const same = (column: Parameters<typeof sql>[1]) => sql`lower(${column}) = lower(${email})`;
  await tx.delete(contactMessages).where(same(contactMessages.email));
  await tx.delete(marketingConsents).where(same(marketingConsents.email));
  await tx.delete(subscribers).where(same(subscribers.email));
  await tx.delete(mailOutbox).where(same(mailOutbox.to));
  await tx.delete(pendingRegistrations).where(same(pendingRegistrations.email));
  await tx.delete(privacyRequests).where(same(privacyRequests.email));
  await tx.delete(guestSavedSearches).where(same(guestSavedSearches.email));
}

/**
 * Erases an account at once: its orders lose the person, the row keeps only its id and dates, its
 * sessions and reset links go, and so does everything kept under its e-mail address.
 */
export async function eraseAccount(tx: DbOrTx, userId: number): Promise<void> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user || user.deletedAt) return;
  const mine = await tx.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId));
  await eraseOrders(
    tx,
    mine.map((o) => o.id),
  );
  await eraseByEmail(tx, user.email);
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
  // Alerts would go on e-mailing an address that no longer exists.
  await tx.delete(savedSearches).where(eq(savedSearches.userId, userId));
  await tx.delete(productWatches).where(eq(productWatches.userId, userId));
  await tx
    .update(users)
    .set({
      username: `deleted-${userId}`,
      usernameSkeleton: null,
      email: `deleted-${userId}@deleted.invalid`,
      // A password nobody knows: the row can never be signed into again.
      password: await hashPassword(randomBytes(32).toString('base64url')),
      phone: null,
      address: null,
      checkoutDetails: null,
      emailNotifications: false,
      deletedAt: new Date(),
    })
    .where(eq(users.id, userId));
  await scrubAudit(tx, 'user', [String(userId)]);
}
