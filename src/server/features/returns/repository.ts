// Reading returns in the API's shape: one return with its lines, re-graded units, steps and refund
// (the Returns tab's detail), and the queue by state.
import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '~/server/db/client';
import {
  orderItems,
  orderRefunds,
  orders,
  returnEvents,
  returnRequestLines,
  returnRequests,
  returnUnits,
} from '~/server/db/schema';
import {
  RETURN_STATUSES,
  type Return,
  type ReturnListItem,
  type ReturnListQuery,
  returnNumber,
} from '~/shared/schemas/returns';

type Row = typeof returnRequests.$inferSelect;

export async function loadReturn(db: DbOrTx, id: number): Promise<Return | null> {
  const [found] = await db
    .select({ ret: returnRequests, order: orders })
    .from(returnRequests)
    .innerJoin(orders, eq(orders.id, returnRequests.orderId))
    .where(eq(returnRequests.id, id));
  if (!found) return null;
  const { ret, order } = found;
  const lines = await db
    .select({ line: returnRequestLines, item: orderItems })
    .from(returnRequestLines)
    .innerJoin(orderItems, eq(orderItems.id, returnRequestLines.orderItemId))
    .where(eq(returnRequestLines.returnId, id))
    .orderBy(asc(returnRequestLines.id));
  const units = lines.length
    ? await db
        .select()
        .from(returnUnits)
        .where(
          inArray(
            returnUnits.returnLineId,
            lines.map((l) => l.line.id),
          ),
        )
        .orderBy(asc(returnUnits.id))
    : [];
  const events = await db
    .select()
    .from(returnEvents)
    .where(eq(returnEvents.returnId, id))
    .orderBy(asc(returnEvents.createdAt), asc(returnEvents.id));
  const [refund] = ret.refundId
    ? await db.select().from(orderRefunds).where(eq(orderRefunds.id, ret.refundId))
    : [];
  return {
    id: ret.id,
    number: returnNumber(ret.id),
    orderId: order.id,
    orderReference: order.orderReference,
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    locale: order.locale ?? 'en',
    status: ret.status as Return['status'],
    reason: ret.reason as Return['reason'],
    comment: ret.comment,
    photos: ret.photos,
    defectClaim: ret.defectClaim,
    staffMessage: ret.staffMessage,
    returnMethod: ret.returnMethod as Return['returnMethod'],
    returnAddress: ret.returnAddress,
    instructions: ret.instructions,
    refund: refund
      ? {
          id: refund.id,
          amount: refund.amount,
          status: refund.status,
          creditNote: refund.creditNoteNumber,
        }
      : null,
    createdAt: ret.createdAt.toISOString(),
    updatedAt: ret.updatedAt.toISOString(),
    lines: lines.map(({ line, item }) => ({
      id: line.id,
      orderItemId: item.id,
      name: item.productName,
      sku: item.sku,
      productId: item.productId,
      unitPrice: item.price,
      condition: item.condition,
      finalSale: item.finalSale,
      quantity: line.quantity,
      receivedQuantity: line.receivedQuantity,
      damagedQuantity: line.damagedQuantity,
      units: units
        .filter((u) => u.returnLineId === line.id)
        .map((u) => ({
          id: u.id,
          condition: u.condition,
          notes: u.notes,
          price: u.price,
          writeOff: u.writeOff,
          outcome: u.outcome as 'original' | 'new-lot' | 'written-off',
          productId: u.productId,
        })),
    })),
    events: events.map((e) => ({
      kind: e.kind as Return['events'][number]['kind'],
      message: e.message,
      at: e.createdAt.toISOString(),
    })),
  };
}

/** The queue: newest first, filtered by state, reason and a search (return number, order, name, e-mail). */
export async function listReturns(
  db: DbOrTx,
  query: ReturnListQuery,
): Promise<{ returns: ReturnListItem[]; counts: Record<Row['status'], number> }> {
  const filters = [];
  if (query.status) filters.push(eq(returnRequests.status, query.status));
  if (query.reason) filters.push(eq(returnRequests.reason, query.reason));
  if (query.q) {
    const q = query.q;
    const rma = /^rma-?0*(\d{1,9})$/i.exec(q);
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(
      or(
        rma ? eq(returnRequests.id, Number(rma[1])) : undefined,
        ilike(orders.orderReference, like),
        ilike(orders.customerName, like),
        ilike(orders.customerEmail, like),
      )!,
    );
  }
  const rows = await db
    .select({
      ret: returnRequests,
      orderReference: orders.orderReference,
      customerName: orders.customerName,
      units: sql<number>`(select coalesce(sum(${returnRequestLines.quantity}), 0)::int from ${returnRequestLines} where ${returnRequestLines.returnId} = ${returnRequests.id})`,
    })
    .from(returnRequests)
    .innerJoin(orders, eq(orders.id, returnRequests.orderId))
    .where(and(...filters))
    .orderBy(desc(returnRequests.id))
    .limit(200);
  const countRows = await db
    .select({ status: returnRequests.status, n: count() })
    .from(returnRequests)
    .groupBy(returnRequests.status);
  const counts = Object.fromEntries(RETURN_STATUSES.map((s) => [s, 0])) as Record<string, number>;
  for (const r of countRows) counts[r.status] = Number(r.n);
  return {
    returns: rows.map((r) => ({
      id: r.ret.id,
      number: returnNumber(r.ret.id),
      orderId: r.ret.orderId,
      orderReference: r.orderReference,
      customerName: r.customerName,
      status: r.ret.status as ReturnListItem['status'],
      reason: r.ret.reason as ReturnListItem['reason'],
      defectClaim: r.ret.defectClaim,
      createdAt: r.ret.createdAt.toISOString(),
      updatedAt: r.ret.updatedAt.toISOString(),
      units: Number(r.units),
      photos: r.ret.photos.length,
    })),
    counts,
  };
}
