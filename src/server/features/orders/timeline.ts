// What happened to an order, as its shopper reads it (src/shared/schemas/order-timeline.ts): built from
// the order's history (every status and payment change is a row of order_history, written in the same
// transaction as the change) and its settled refunds (order_refunds), one function for the look-up,
// the confirmation and the account (docs/decisions/0490-order-page-timeline-and-refunds.md).
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { TaxCode } from '~/shared/constants';
import { centsToString, toCents } from '~/shared/money';
import { type ChargedTaxLine, refundedTaxLines } from '~/shared/pricing';
import type { OrderEvent, OrderEventKind } from '~/shared/schemas/order-timeline';
import { trackingUrl } from '~/shared/tracking';
import type { DbOrTx } from '~/server/db/client';
import { orderHistory, orderRefunds, type orders, returnEvents } from '~/server/db/schema';
import { returnNumber } from '~/shared/schemas/returns';

type TimelineOrder = Pick<
  typeof orders.$inferSelect,
  | 'id'
  | 'createdAt'
  | 'status'
  | 'paymentStatus'
  | 'trackingNumber'
  | 'trackingCarrier'
  | 'total'
  | 'taxAmount'
  | 'taxLines'
  | 'taxRate'
  | 'locale'
>;

/** The statuses a shopper is shown the moment of: 'pending' is the placing itself. */
const STATUS_EVENTS: ReadonlySet<string> = new Set([
  'processing',
  'shipped',
  'delivered',
  'ready-for-pickup',
  'picked-up',
  'cancelled',
]);

const event = (kind: OrderEventKind, at: Date): OrderEvent => ({
  kind,
  at: at.toISOString(),
  carrier: null,
  trackingNumber: null,
  trackingUrl: null,
  amount: null,
  taxLines: [],
});

/** The order's tax as charged, by line; one combined line for an order stored without lines. */
function chargedTax(order: TimelineOrder): ChargedTaxLine[] {
  if (order.taxLines.length > 0) {
    return order.taxLines.map((l) => ({ code: l.code, rate: l.rate, cents: toCents(l.amount) ?? 0 }));
  }
  const cents = toCents(order.taxAmount) ?? 0;
  return cents > 0 ? [{ code: 'TAX', rate: order.taxRate, cents }] : [];
}

/** The timelines of `list`, by order id: one query for the history, one for the refunds. */
export async function buildOrderTimelines(
  db: DbOrTx,
  list: readonly TimelineOrder[],
): Promise<Map<number, OrderEvent[]>> {
  const out = new Map<number, OrderEvent[]>();
  if (list.length === 0) return out;
  const ids = list.map((o) => o.id);
  const history = await db
    .select({
      orderId: orderHistory.orderId,
      field: orderHistory.field,
      toValue: orderHistory.toValue,
      createdAt: orderHistory.createdAt,
    })
    .from(orderHistory)
    .where(and(inArray(orderHistory.orderId, ids), inArray(orderHistory.field, ['status', 'paymentStatus'])))
    .orderBy(asc(orderHistory.createdAt), asc(orderHistory.id));
  const refunds = await db
    .select({
      orderId: orderRefunds.orderId,
      amount: orderRefunds.amount,
      kind: orderRefunds.kind,
      taxLines: orderRefunds.taxLines,
      createdAt: orderRefunds.createdAt,
      settledAt: orderRefunds.settledAt,
    })
    .from(orderRefunds)
    .where(and(inArray(orderRefunds.orderId, ids), eq(orderRefunds.status, 'completed')))
    .orderBy(asc(orderRefunds.settledAt), asc(orderRefunds.id));

  // A return's steps the shopper is told of; the re-grade is the store's own business, and the
  // refund shows as the refund it made (docs/decisions/0540-return-requests.md).
  const returnSteps = await db
    .select()
    .from(returnEvents)
    .where(
      and(
        inArray(returnEvents.orderId, ids),
        inArray(returnEvents.kind, [
          'requested',
          'approved',
          'refused',
          'instructions',
          'received',
          'closed',
        ]),
      ),
    )
    .orderBy(asc(returnEvents.createdAt), asc(returnEvents.id));

  for (const order of list) {
    const events: OrderEvent[] = [event('placed', order.createdAt)];
    for (const step of returnSteps) {
      if (step.orderId !== order.id) continue;
      const e = event(`return-${step.kind}` as OrderEventKind, step.createdAt);
      e.returnNumber = returnNumber(step.returnId);
      // The shopper's own comment is theirs; staff's message is shown with approval, refusal, closing.
      e.message = step.kind === 'requested' ? '' : step.message;
      events.push(e);
    }
    const rows = history.filter((h) => h.orderId === order.id);
    const paid = rows.find((h) => h.field === 'paymentStatus' && h.toValue === 'completed');
    if (paid) events.push(event('paid', paid.createdAt));
    // Each status once, at the last time it was set: a status set by mistake and set again reads once.
    const lastOf = new Map<string, Date>();
    for (const h of rows) {
      if (h.field === 'status' && h.toValue && STATUS_EVENTS.has(h.toValue))
        lastOf.set(h.toValue, h.createdAt);
    }
    for (const [status, at] of lastOf) {
      const e = event(status as OrderEventKind, at);
      if (status === 'shipped') {
        // The tracking as the store has it now: a number corrected after shipping reads corrected.
        e.carrier = order.trackingCarrier;
        e.trackingNumber = order.trackingNumber;
        e.trackingUrl = trackingUrl(order.trackingCarrier, order.trackingNumber, order.locale);
      }
      events.push(e);
    }
    // Refunds: each settled one with its share of the tax (the difference between the tax of what had
    // been given back before and after it), so the refunds' tax adds up to the order's.
    const total = toCents(order.total) ?? 0;
    const tax = chargedTax(order);
    let before = 0;
    // A refund by line carries the tax lines of its credit note as recorded (docs/decisions/0510-…):
    // those are shown, not a share worked out again.
    type Recorded = { code: TaxCode; rate: string; amount: string }[];
    const refund = (cents: number, at: Date, recorded?: Recorded) => {
      const prior = refundedTaxLines(before, total, tax);
      const after = refundedTaxLines(before + cents, total, tax);
      before += cents;
      const e = event('refunded', at);
      e.amount = centsToString(cents);
      e.taxLines = recorded
        ? recorded.filter((l) => l.amount !== '0.00')
        : after
            .map((l, i) => ({ code: l.code, rate: l.rate, amount: centsToString(l.cents - prior[i]!.cents) }))
            .filter((l) => l.amount !== '0.00');
      events.push(e);
    };
    for (const r of refunds) {
      if (r.orderId === order.id)
        refund(
          toCents(r.amount) ?? 0,
          r.settledAt ?? r.createdAt,
          r.kind === 'lines' ? r.taxLines : undefined,
        );
    }
    // An administrator who set the payment to Refunded (money given back outside the store): the rest.
    const marked = rows.findLast((h) => h.field === 'paymentStatus' && h.toValue === 'refunded');
    if (order.paymentStatus === 'refunded' && marked && before < total)
      refund(total - before, marked.createdAt);
    events.sort((a, b) => a.at.localeCompare(b.at));
    out.set(order.id, events);
  }
  return out;
}

/** One order's timeline. */
export async function buildOrderTimeline(db: DbOrTx, order: TimelineOrder): Promise<OrderEvent[]> {
  return (await buildOrderTimelines(db, [order])).get(order.id) ?? [];
}
