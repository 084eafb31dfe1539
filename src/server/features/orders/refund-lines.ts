// Refunds by line (docs/decisions/0510-refunds-by-line.md): what a refund of chosen units and shipping
// gives back, worked out by the one pricing module (refundTotals) from the order as charged, the
// lines' units still refundable and everything already refunded by line. Read under the order's row
// lock when a refund is opened, so two refunds at once never give back the same unit twice.
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { centsToString, toCents } from '~/shared/money';
import { itemDisplayName } from '~/shared/orders';
import { codeShareOfUnits, refundTotals, type TaxLineCents } from '~/shared/pricing';
import type { CreditNote, RefundLinesCreate } from '~/shared/schemas/admin-orders-dialog';
import type { DbOrTx, Tx } from '~/server/db/client';
import { orderItems, orderRefundLines, orderRefunds, orders } from '~/server/db/schema';
import { badRequest, conflict } from '~/server/lib/http-error';
import { markStockChange } from '~/server/lib/stock-reason';
import type { OrderRow } from './repository';
import { moveStock } from '~/server/lib/product-writes';

export const GUEST_NO_STORE_CREDIT =
  'This order was placed without a customer account, so it cannot be refunded to store credit. Refund it to the original payment.';

type ItemRow = typeof orderItems.$inferSelect;
type RefundRow = typeof orderRefunds.$inferSelect;

export type LineRefundPlan = {
  totals: ReturnType<typeof refundTotals>;
  lines: { item: ItemRow; quantity: number; restock: boolean; amountCents: number; discountCents: number }[];
};

/** Units of each order line given back or being given back (refunds not failed), by order line id. */
async function refundedUnits(tx: DbOrTx, orderId: number): Promise<Map<number, number>> {
  const rows = await tx
    .select({
      itemId: orderRefundLines.orderItemId,
      units: sql<number>`sum(${orderRefundLines.quantity})::int`,
    })
    .from(orderRefundLines)
    .innerJoin(orderRefunds, eq(orderRefunds.id, orderRefundLines.refundId))
    .where(and(eq(orderRefunds.orderId, orderId), ne(orderRefunds.status, 'failed')))
    .groupBy(orderRefundLines.orderItemId);
  return new Map(rows.map((r) => [r.itemId, Number(r.units)]));
}

/** Each line of the order with the units still refundable (none given back or being given back). */
export async function refundableLines(db: DbOrTx, orderId: number) {
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  const taken = await refundedUnits(db, orderId);
  return items.map((item) => ({ item, refundable: Math.max(0, item.quantity - (taken.get(item.id) ?? 0)) }));
}

/** Goods + shipping, shipping alone and the tax lines already given back by line (refunds not failed). */
async function refundedByLine(
  tx: DbOrTx,
  orderId: number,
): Promise<{ taxable: number; shipping: number; taxLines: TaxLineCents[] }> {
  const [row] = await tx
    .select({
      taxable: sql<string>`coalesce(sum(${orderRefunds.amount} - ${orderRefunds.taxAmount}), 0)::text`,
      shipping: sql<string>`coalesce(sum(${orderRefunds.shipping}), 0)::text`,
    })
    .from(orderRefunds)
    .where(
      and(
        eq(orderRefunds.orderId, orderId),
        eq(orderRefunds.kind, 'lines'),
        ne(orderRefunds.status, 'failed'),
      ),
    );
  const taxRows = await tx
    .select({ taxLines: orderRefunds.taxLines })
    .from(orderRefunds)
    .where(
      and(
        eq(orderRefunds.orderId, orderId),
        eq(orderRefunds.kind, 'lines'),
        ne(orderRefunds.status, 'failed'),
      ),
    );
  const taxLines = taxRows.flatMap((r) =>
    r.taxLines.map((l) => ({ code: l.code, rate: l.rate, cents: toCents(l.amount) ?? 0 })),
  );
  return { taxable: toCents(row?.taxable) ?? 0, shipping: toCents(row?.shipping) ?? 0, taxLines };
}

const orderTaxLines = (order: OrderRow): TaxLineCents[] =>
  order.taxLines.map((l) => ({ code: l.code, rate: l.rate, cents: toCents(l.amount) ?? 0 }));

/**
 * The refund asked for, worked out; a 400 for a destination not offered or a line not of the order,
 * a 409 for more units or shipping than are left to refund.
 */
export async function planLineRefund(
  tx: DbOrTx,
  order: OrderRow,
  input: RefundLinesCreate,
): Promise<LineRefundPlan> {
  // Store credit belongs to a customer account (0530): a guest's order has nobody to hold it.
  if (input.destination === 'store_credit' && !order.userId) throw badRequest(GUEST_NO_STORE_CREDIT);
  const items = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id));
  const byId = new Map(items.map((i) => [i.id, i]));
  const taken = await refundedUnits(tx, order.id);
  const chosen = input.lines.map((line) => {
    const item = byId.get(line.orderItemId);
    if (!item) throw badRequest(`Order line ${line.orderItemId} is not a line of this order.`);
    const left = item.quantity - (taken.get(item.id) ?? 0);
    if (line.quantity > left) {
      throw conflict(
        left <= 0
          ? `${item.productName}: every unit has already been refunded or is being refunded.`
          : `${item.productName}: at most ${left} of ${item.quantity} can still be refunded.`,
      );
    }
    return { item, quantity: line.quantity, restock: line.restock };
  });
  const before = await refundedByLine(tx, order.id);
  const orderShipping = toCents(order.shippingCost) ?? 0;
  if (input.shipping > orderShipping - before.shipping) {
    const left = orderShipping - before.shipping;
    throw conflict(
      `At most ${centsToString(Math.max(left, 0))} of shipping can still be refunded on this order.`,
    );
  }
  const totals = refundTotals({
    lines: chosen.map((c) => {
      // These units' share of the order's discount code: not paid for, not given back (0553).
      const lineCode = toCents(c.item.codeDiscount) ?? 0;
      const before = taken.get(c.item.id) ?? 0;
      return {
        unitCents: toCents(c.item.price) ?? 0,
        unitDiscountCents: toCents(c.item.discount) ?? 0,
        quantity: c.quantity,
        codeCents:
          codeShareOfUnits(lineCode, before + c.quantity, c.item.quantity) -
          codeShareOfUnits(lineCode, before, c.item.quantity),
      };
    }),
    shippingCents: input.shipping,
    order: {
      taxableCents: (toCents(order.total) ?? 0) - (toCents(order.taxAmount) ?? 0),
      taxLines: orderTaxLines(order),
    },
    refundedTaxableBeforeCents: before.taxable,
    refundedTaxBefore: before.taxLines,
  });
  return {
    totals,
    lines: chosen.map((c, i) => ({ ...c, ...totals.lines[i]! })),
  };
}

/** The refund row's own columns and its lines, written under the same lock the plan was read under. */
export function lineRefundValues(plan: LineRefundPlan, input: RefundLinesCreate) {
  return {
    kind: 'lines' as const,
    amount: centsToString(plan.totals.totalCents),
    restock: plan.lines.some((l) => l.restock),
    shipping: centsToString(plan.totals.shippingCents),
    taxAmount: centsToString(plan.totals.taxCents),
    taxLines: plan.totals.taxLines.map((l) => ({
      code: l.code,
      rate: l.rate,
      amount: centsToString(l.cents),
    })),
    reason: input.reason || null,
    destination: input.destination,
  };
}

export async function insertRefundLines(tx: Tx, refundId: number, plan: LineRefundPlan): Promise<void> {
  if (plan.lines.length === 0) return;
  await tx.insert(orderRefundLines).values(
    plan.lines.map((l) => ({
      refundId,
      orderItemId: l.item.id,
      quantity: l.quantity,
      amount: centsToString(l.amountCents),
      discount: centsToString(l.discountCents),
      restock: l.restock,
    })),
  );
}

/**
 * The units of a completed refund's lines marked to restock go back in stock, when the order's stock
 * was taken (an order whose stock was already put back has nothing to return). The whole-order
 * restock (cancelling) leaves these units out.
 */
export async function restockRefundLines(
  tx: Tx,
  order: OrderRow,
  refundId: number,
  userId: number | null,
): Promise<void> {
  if (!order.inventoryReduced) return;
  const rows = await tx
    .select({ productId: orderItems.productId, quantity: orderRefundLines.quantity })
    .from(orderRefundLines)
    .innerJoin(orderItems, eq(orderItems.id, orderRefundLines.orderItemId))
    .where(and(eq(orderRefundLines.refundId, refundId), eq(orderRefundLines.restock, true)))
    .orderBy(asc(orderItems.productId));
  const lines = rows.filter((r) => r.productId !== null);
  if (lines.length === 0) return;
  await markStockChange(tx, { reason: 'refund', orderId: order.id, userId });
  for (const line of lines) await moveStock(tx, line.productId!, line.quantity);
}

/** Units of each product already put back by completed refunds by line: a later whole restock skips them. */
export async function restockedByLine(tx: DbOrTx, orderId: number): Promise<Map<number, number>> {
  const rows = await tx
    .select({ productId: orderItems.productId, units: sql<number>`sum(${orderRefundLines.quantity})::int` })
    .from(orderRefundLines)
    .innerJoin(orderRefunds, eq(orderRefunds.id, orderRefundLines.refundId))
    .innerJoin(orderItems, eq(orderItems.id, orderRefundLines.orderItemId))
    .where(
      and(
        eq(orderRefunds.orderId, orderId),
        eq(orderRefunds.status, 'completed'),
        eq(orderRefundLines.restock, true),
      ),
    )
    .groupBy(orderItems.productId);
  return new Map(rows.filter((r) => r.productId !== null).map((r) => [r.productId!, Number(r.units)]));
}

/** The credit note's number: the refund's id, so every number is the store's own and never reused. */
export const creditNoteNumber = (refundId: number) => `CN-${String(refundId).padStart(6, '0')}`;

/** A plan as the credit note reads before anything is written (the form's preview). */
export function previewCreditNote(
  order: OrderRow,
  plan: LineRefundPlan,
  input: RefundLinesCreate,
): CreditNote {
  return {
    id: null,
    number: null,
    status: 'preview',
    orderId: order.id,
    orderReference: order.orderReference,
    lines: plan.lines.map((l) => ({
      orderItemId: l.item.id,
      name: itemDisplayName(l.item),
      quantity: l.quantity,
      unitPrice: l.item.price,
      amount: centsToString(l.amountCents),
      discount: centsToString(l.discountCents),
      restock: l.restock,
    })),
    subtotal: centsToString(plan.totals.goodsCents),
    discount: centsToString(plan.totals.discountCents),
    shipping: centsToString(plan.totals.shippingCents),
    taxLines: plan.totals.taxLines.map((l) => ({
      code: l.code,
      rate: l.rate,
      amount: centsToString(l.cents),
    })),
    tax: centsToString(plan.totals.taxCents),
    total: centsToString(plan.totals.totalCents),
    destination: input.destination,
    reason: input.reason,
    at: null,
  };
}

export type LoadedCreditNote = { note: CreditNote; order: OrderRow };

/** A refund by line as its credit note, or null when there is no such refund by line on the order. */
export async function loadCreditNote(
  db: DbOrTx,
  orderId: number,
  refundId: number,
  options: { asSold?: boolean } = {},
): Promise<LoadedCreditNote | null> {
  const [found] = await db
    .select({ refund: orderRefunds, order: orders })
    .from(orderRefunds)
    .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
    .where(
      and(eq(orderRefunds.id, refundId), eq(orderRefunds.orderId, orderId), eq(orderRefunds.kind, 'lines')),
    );
  if (!found) return null;
  return { note: await creditNoteOf(db, found.refund, found.order, options), order: found.order };
}

/**
 * A refund by line as its credit note. Lines are named as staff read them, or with `asSold` as the
 * shopper bought them (in the order's language) for the printed and e-mailed note.
 */
export async function creditNoteOf(
  db: DbOrTx,
  refund: RefundRow,
  order: OrderRow,
  options: { asSold?: boolean } = {},
): Promise<CreditNote> {
  const rows = await db
    .select({ line: orderRefundLines, item: orderItems })
    .from(orderRefundLines)
    .innerJoin(orderItems, eq(orderItems.id, orderRefundLines.orderItemId))
    .where(inArray(orderRefundLines.refundId, [refund.id]))
    .orderBy(asc(orderRefundLines.orderItemId));
  const goods = rows.reduce((sum, r) => sum + (toCents(r.line.amount) ?? 0), 0);
  const discount = rows.reduce((sum, r) => sum + (toCents(r.line.discount) ?? 0), 0);
  return {
    id: refund.id,
    number: refund.creditNoteNumber,
    status: refund.status,
    orderId: order.id,
    orderReference: order.orderReference,
    lines: rows.map((r) => ({
      orderItemId: r.item.id,
      name: (options.asSold ? r.item.soldName : null) ?? itemDisplayName(r.item),
      quantity: r.line.quantity,
      unitPrice: r.item.price,
      amount: r.line.amount,
      discount: r.line.discount,
      restock: r.line.restock,
    })),
    subtotal: centsToString(goods),
    discount: centsToString(discount),
    shipping: refund.shipping,
    taxLines: refund.taxLines,
    tax: refund.taxAmount,
    total: refund.amount,
    destination: refund.destination,
    reason: refund.reason ?? '',
    at: (refund.settledAt ?? refund.createdAt).toISOString(),
  };
}
