// A shopper's return request (docs/decisions/0540-return-requests.md): which units of which lines may
// come back, under the store's window for each lot's condition as sold, and the legal warranty,
// which takes defect claims outside the window and on final-sale lots. Worked out once without a lock
// (before the photos are stored) and again under the order's row lock when the request is written, so
// two requests at once never ask for the same unit twice.
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AppContext } from '~/server/context';
import type { DbOrTx } from '~/server/db/client';
import {
  orderHistory,
  orderItems,
  orderRefundLines,
  orderRefunds,
  orders,
  returnEvents,
  returnRequestLines,
  returnRequests,
} from '~/server/db/schema';
import { getStoreSettings } from '~/server/features/store-settings';
import { deliverOrderEmails, type OrderRow } from '~/server/features/orders';
import { badRequest } from '~/server/lib/http-error';
import { isWarrantyReason, type ReturnCreate } from '~/shared/schemas/returns';
import { queueReturnEmail } from './emails';

/** Statuses whose units are still on their way back (not refused, closed or already refunded by line). */
export const OPEN_RETURN_STATUSES = ['requested', 'approved', 'received'] as const;
const DAY_MS = 24 * 60 * 60 * 1000;

export const NOT_RETURNABLE_YET =
  'This order has not been shipped or picked up yet, so nothing can be returned. To change it, contact us.';
export const NOT_PAID = 'Only a paid order can have a return.';

type ItemRow = typeof orderItems.$inferSelect;
export type PlannedLine = { item: ItemRow; quantity: number };
export type ReturnPlan = { lines: PlannedLine[]; defectClaim: boolean };

/** When the order reached the shopper: delivered or picked up; else the day it was shipped. */
async function receivedAt(db: DbOrTx, orderId: number): Promise<Date | null> {
  const rows = await db
    .select({ toValue: orderHistory.toValue, at: orderHistory.createdAt })
    .from(orderHistory)
    .where(
      and(
        eq(orderHistory.orderId, orderId),
        eq(orderHistory.field, 'status'),
        inArray(orderHistory.toValue, ['delivered', 'picked-up', 'shipped']),
      ),
    )
    .orderBy(desc(orderHistory.createdAt), desc(orderHistory.id));
  return (rows.find((r) => r.toValue !== 'shipped') ?? rows[0])?.at ?? null;
}

/** Units of each order line refunded by line (refunds not failed) or in an open return. */
export async function unitsTaken(db: DbOrTx, orderId: number): Promise<Map<number, number>> {
  const taken = new Map<number, number>();
  const add = (rows: { itemId: number; units: number }[]) => {
    for (const r of rows) taken.set(r.itemId, (taken.get(r.itemId) ?? 0) + Number(r.units));
  };
  add(
    await db
      .select({
        itemId: orderRefundLines.orderItemId,
        units: sql<number>`sum(${orderRefundLines.quantity})::int`,
      })
      .from(orderRefundLines)
      .innerJoin(orderRefunds, eq(orderRefunds.id, orderRefundLines.refundId))
      .where(and(eq(orderRefunds.orderId, orderId), ne(orderRefunds.status, 'failed')))
      .groupBy(orderRefundLines.orderItemId),
  );
  add(
    await db
      .select({
        itemId: returnRequestLines.orderItemId,
        units: sql<number>`sum(${returnRequestLines.quantity})::int`,
      })
      .from(returnRequestLines)
      .innerJoin(returnRequests, eq(returnRequests.id, returnRequestLines.returnId))
      .where(
        and(eq(returnRequests.orderId, orderId), inArray(returnRequests.status, [...OPEN_RETURN_STATUSES])),
      )
      .groupBy(returnRequestLines.orderItemId),
  );
  return taken;
}

const dateText = (d: Date) => d.toISOString().slice(0, 10);

/** The request checked against the order, its window and what is left to return; a 400 says why not. */
export async function planReturn(
  db: DbOrTx,
  order: OrderRow,
  input: ReturnCreate,
  now = new Date(),
): Promise<ReturnPlan> {
  if (order.paymentStatus !== 'completed') throw badRequest(NOT_PAID);
  const since = await receivedAt(db, order.id);
  if (!since || !['shipped', 'delivered', 'picked-up'].includes(order.status))
    throw badRequest(NOT_RETURNABLE_YET);
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  const byId = new Map(items.map((i) => [i.id, i]));
  const taken = await unitsTaken(db, order.id);
  const { returnWindowDays } = await getStoreSettings(db);
  const warranty = isWarrantyReason(input.reason);
  let defectClaim = false;
  const lines = input.lines.map((line) => {
    const item = byId.get(line.orderItemId);
    if (!item)
      throw badRequest({ key: 'Item {{id}} is not part of this order.', values: { id: line.orderItemId } });
    const name = item.soldName || item.productName;
    const left = item.quantity - (taken.get(item.id) ?? 0);
    if (line.quantity > left)
      throw badRequest(
        left <= 0
          ? {
              key: '{{name}}: every unit has already been returned, refunded or asked for in another return.',
              values: { name },
            }
          : {
              key: '{{name}}: at most {{left}} of {{quantity}} can still be returned.',
              values: { name, left, quantity: item.quantity },
            },
      );
    // The window the contract promised when the order was placed; older lines read today's.
    const days = item.returnWindowDays ?? returnWindowDays[item.condition ?? 'new'];
    const ends = new Date(since.getTime() + days * DAY_MS);
    const outside = item.finalSale || days === 0 || now > ends;
    if (outside && !warranty) {
      if (item.finalSale)
        throw badRequest({
          key: '{{name}} was sold as final sale: it can be returned only if it is defective, damaged, not as described or the wrong item (the legal warranty).',
          values: { name },
        });
      if (days === 0)
        throw badRequest({
          key: '{{name}} cannot be returned for a change of mind in its condition: only if it is defective, damaged, not as described or the wrong item (the legal warranty).',
          values: { name },
        });
      throw badRequest({
        key: 'The return window for {{name}} ({{days}} days) ended on {{date}}. A defective, damaged or wrong item is still covered by the legal warranty: choose the reason that fits.',
        values: { name, days, date: dateText(ends) },
      });
    }
    if (outside) defectClaim = true;
    return { item, quantity: line.quantity };
  });
  return { lines, defectClaim };
}

/** Writes the request under the order's row lock (checked again there), its first step and e-mail. */
export async function createReturn(
  ctx: AppContext,
  orderId: number,
  input: ReturnCreate,
  photos: string[],
  userId: number | null,
): Promise<number> {
  const { id, mail } = await ctx.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    const plan = await planReturn(tx, order!, input);
    const [ret] = await tx
      .insert(returnRequests)
      .values({
        orderId,
        reason: input.reason,
        comment: input.comment,
        photos,
        defectClaim: plan.defectClaim,
        requestedByUserId: userId,
      })
      .returning();
    const lines = await tx
      .insert(returnRequestLines)
      .values(plan.lines.map((l) => ({ returnId: ret!.id, orderItemId: l.item.id, quantity: l.quantity })))
      .returning();
    const [event] = await tx
      .insert(returnEvents)
      .values({ returnId: ret!.id, orderId, kind: 'requested', message: input.comment, actorUserId: userId })
      .returning();
    const mail = await queueReturnEmail(tx, ctx, {
      kind: 'requested',
      ret: ret!,
      order: order!,
      lines: lines.map((l, i) => ({ ...l, item: plan.lines[i]!.item })),
      message: '',
      eventId: event!.id,
    });
    return { id: ret!.id, mail };
  });
  await deliverOrderEmails(ctx, [mail]);
  return id;
}
