// The one writer of the orders table (docs/decisions/0640-one-writer-per-table.md). The checkout, the
// payment paths, the administrator's changes and refunds, the till, pickup, the reminders, account
// deletion, erasure and the retention job all write orders through these functions and no other way
// (order-writes.test.ts fails on a write elsewhere), so what every write does is decided here:
// - a write that changes the order — its status, payment, amounts and tenders, stock taken or put back,
//   owner, customer details, tracking, refunds, a till conflict's resolution — marks it changed:
//   `updated_at` is the database's now(), the transaction's time, so every write of one transaction
//   stamps the same moment (the insert's default too);
// - the store's own bookkeeping about an order does not (`marksChanged: false`): its confirmation
//   e-mail's claim, attempts and result, a reminder stamped as sent (hold, pickup), the Square
//   Terminal's progress on a sale still awaiting the card, and a booked pickup slot's times copied
//   from the slot when staff move it (the slot changed, not the order).
// Locks, status checks and the order's history rows (order_history) belong to the callers, in the
// same transaction; this module only writes.
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '~/server/db/client';
import { orders } from '~/server/db/schema';

export type NewOrder = typeof orders.$inferInsert;
type OrderRow = typeof orders.$inferSelect;
/** An order's own fields (values or SQL); its id and timestamps are written only by this module's rules. */
export type OrderFields = Omit<PgUpdateSetSource<typeof orders>, 'id' | 'createdAt' | 'updatedAt'>;
type UpdateOptions = {
  /** False for bookkeeping that leaves the order as it was (see above); true unless said. */
  marksChanged?: boolean;
};

/** A new order (checkout, a staff order, a till sale), as written. */
export async function insertOrder(tx: DbOrTx, row: NewOrder): Promise<OrderRow> {
  const [written] = await tx.insert(orders).values(row).returning();
  return written!;
}

/**
 * Writes the fields of the orders `where` selects (never all orders: a missing condition is refused)
 * and returns them as written, none when none matched.
 */
export async function updateOrders(
  tx: DbOrTx,
  where: SQL | undefined,
  fields: OrderFields,
  options: UpdateOptions = {},
): Promise<OrderRow[]> {
  if (!where) throw new Error('updateOrders needs a condition: it never writes every order');
  return tx
    .update(orders)
    .set({ ...fields, ...(options.marksChanged === false ? {} : { updatedAt: sql`now()` }) })
    .where(where)
    .returning();
}

/**
 * Writes one order's fields; with `onlyIf`, only when the row still matches it (a claim, a status the
 * caller read). Returns the order as written, or undefined when nothing was written.
 */
export async function updateOrder(
  tx: DbOrTx,
  id: number,
  fields: OrderFields,
  options: UpdateOptions & { onlyIf?: SQL } = {},
): Promise<OrderRow | undefined> {
  const where = options.onlyIf ? and(eq(orders.id, id), options.onlyIf) : eq(orders.id, id);
  const [written] = await updateOrders(tx, where, fields, options);
  return written;
}

/** Deletes the orders `where` selects (their items, holds and history go with them: on delete cascade). */
export async function deleteOrders(tx: DbOrTx, where: SQL | undefined): Promise<number[]> {
  if (!where) throw new Error('deleteOrders needs a condition: it never deletes every order');
  const rows = await tx.delete(orders).where(where).returning({ id: orders.id });
  return rows.map((r) => r.id);
}
