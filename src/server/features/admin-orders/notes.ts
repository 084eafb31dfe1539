// Private staff notes on an order. They are order_history rows (field 'staffNote', the text in
// to_value), so they take their place in the order's timeline with author and time, and no customer
// view ever reads them: the customer's order answer carries no history
// (docs/decisions/0231-staff-notes-and-the-order-timeline.md).
import { and, asc, eq } from 'drizzle-orm';
import type { OrderNote } from '~/shared/schemas/admin-orders-dialog';
import type { Db, DbOrTx } from '~/server/db/client';
import { orderHistory, orders, users } from '~/server/db/schema';
import { recordAudit } from '~/server/lib/audit';
import { notFound } from '~/server/lib/http-error';
import { ORDER_NOT_FOUND } from '~/server/features/orders';

export const STAFF_NOTE_FIELD = 'staffNote';

export async function addStaffNote(db: Db, userId: number, orderId: number, text: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
    if (!order) throw notFound(ORDER_NOT_FOUND);
    await tx.insert(orderHistory).values({
      orderId,
      field: STAFF_NOTE_FIELD,
      fromValue: null,
      toValue: text,
      actor: 'admin',
      actorUserId: userId,
    });
    await recordAudit(tx, {
      userId,
      action: 'add-note',
      entity: 'order',
      entityId: orderId,
      after: { text },
    });
  });
}

export async function listStaffNotes(db: DbOrTx, orderId: number): Promise<OrderNote[]> {
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound(ORDER_NOT_FOUND);
  const rows = await db
    .select({ entry: orderHistory, who: users.username })
    .from(orderHistory)
    .leftJoin(users, eq(users.id, orderHistory.actorUserId))
    .where(and(eq(orderHistory.orderId, orderId), eq(orderHistory.field, STAFF_NOTE_FIELD)))
    .orderBy(asc(orderHistory.createdAt), asc(orderHistory.id));
  return rows.map(({ entry, who }) => ({
    id: entry.id,
    text: entry.toValue ?? '',
    who,
    at: entry.createdAt.toISOString(),
  }));
}
