// Reading orders for the administrator: a page of orders (newest first) with status and payment
// filters and a search by order number, reference, customer name or e-mail; one order with its history.
import { and, asc, count, desc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { ORDER_STATUSES } from '~/shared/constants';
import { isUnpaidCheckout } from '~/shared/orders';
import { centsToString } from '~/shared/money';
import type {
  AdminOrder,
  AdminOrderDetail,
  AdminOrdersFilter,
  AdminOrdersQuery,
  OrderHistoryEntry,
} from '~/shared/schemas/admin-orders';
import type { DbOrTx } from '~/server/db/client';
import { mailOutbox, orderHistory, orderRefundLines, orderRefunds, orders, users } from '~/server/db/schema';
import type { OrderEmail, OrderRefund } from '~/shared/schemas/admin-orders-dialog';
import {
  listItemsOfOrders,
  type OrderItemRow,
  type OrderRow,
  holdsExpiredSql,
  notUnpaidCheckoutSql,
  toOrderResponse,
  unpaidCheckoutSql,
} from '~/server/features/orders';

type LinkedUser = { id: number; username: string; email: string } | null;

/** `%` and `_` typed by the administrator are searched for literally. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The search: an order number ('1234' or '#1234'), a public reference, or part of the customer's name
 * or e-mail. The name and e-mail parts use the trigram indexes of migration 0003_orders-search
 * (docs/decisions/0073-order-search.md).
 */
export function orderSearchCondition(search: string): SQL {
  const term = search.trim();
  const pattern = likePattern(term);
  const parts: SQL[] = [
    eq(orders.orderReference, term),
    sql`lower(${orders.customerName}) like ${pattern}`,
    sql`lower(${orders.customerEmail}) like ${pattern}`,
  ];
  const number = /^#?(\d{1,9})$/.exec(term);
  if (number) parts.push(eq(orders.id, Number(number[1])));
  return or(...parts)!;
}

/** 'ORD-ABC…' in any case, with or without the prefix, as stored; null when the text cannot be one. */
export function referenceCandidate(search: string): string | null {
  const text = search.trim().toUpperCase();
  if (/^ORD-[A-Z2-7]{16}$/.test(text)) return text;
  if (/^[A-Z2-7]{16}$/.test(text)) return `ORD-${text}`;
  return null;
}

export type OrderFilters = Partial<AdminOrdersFilter>;

/**
 * The first instant of a store-time-zone day (yyyy-mm-dd) as a timestamptz, so the date range is
 * compared on the indexed created_at column itself.
 */
const startOfStoreDay = (day: string, timeZone: string, plusDays = 0) =>
  sql`(((${day}::date) + ${plusDays}::int)::timestamp at time zone ${timeZone})`;

/**
 * The WHERE of the list and the export. A reference read out on the phone is looked up exactly first:
 * a long pattern defeats the trigram indexes, and an exact hit is the answer anyway. `from` and `to`
 * are whole days of the store's time zone, both included.
 */
export async function orderFilters(
  db: DbOrTx,
  query: OrderFilters,
  timeZone: string,
): Promise<SQL | undefined> {
  const conditions: SQL[] = [];
  const view = query.view ?? 'orders';
  if (view === 'orders') conditions.push(notUnpaidCheckoutSql);
  if (view === 'unpaid') conditions.push(unpaidCheckoutSql);
  if (query.status) conditions.push(eq(orders.status, query.status));
  if (query.paymentStatus) conditions.push(eq(orders.paymentStatus, query.paymentStatus));
  if (query.from) conditions.push(sql`${orders.createdAt} >= ${startOfStoreDay(query.from, timeZone)}`);
  if (query.to) {
    // Before the next day begins: a day is not always 24 hours where the clocks change.
    conditions.push(sql`${orders.createdAt} < ${startOfStoreDay(query.to, timeZone, 1)}`);
  }
  if (query.search) {
    const reference = referenceCandidate(query.search);
    const [hit] = reference
      ? await db.select({ id: orders.id }).from(orders).where(eq(orders.orderReference, reference))
      : [];
    conditions.push(hit ? eq(orders.id, hit.id) : orderSearchCondition(query.search));
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export function toAdminOrder(
  order: OrderRow,
  items: OrderItemRow[],
  user: LinkedUser,
  holdsExpired: boolean,
): AdminOrder {
  return {
    ...toOrderResponse(order, items),
    // Staff read every line in English, whatever language the shopper bought in.
    items: toOrderResponse(order, items).items.map((item) => ({
      ...item,
      name: item.productName || item.name,
    })),
    unpaidCheckout: isUnpaidCheckout({ paymentStatus: order.paymentStatus, holdsExpired }),
    confirmationEmailSent: order.confirmationEmailSent,
    confirmationEmailStatus: order.confirmationEmailStatus,
    confirmationEmailError: order.confirmationEmailError,
    confirmationEmailAttempts: order.confirmationEmailAttempts,
    inventoryReduced: order.inventoryReduced,
    refundStatus:
      order.refundStatus === 'needed' || order.refundStatus === 'refunded' ? order.refundStatus : null,
    refundPaymentReference: order.refundPaymentReference,
    refundReference: order.refundReference,
    refundedAmount: order.refundedAmount,
    storeCreditAmount: order.storeCreditAmount,
    giftCardAmount: order.giftCardAmount,
    user,
  };
}

const linkedUserColumns = { id: users.id, username: users.username, email: users.email };
/** An order row as the admin reads it: the order, its linked user, and whether its holds ran out. */
const adminOrderColumns = { order: orders, user: linkedUserColumns, holdsExpired: holdsExpiredSql };

// Status sorts in the order work goes (pending first, cancelled last), not alphabetically.
const statusRank = sql`case ${orders.status} ${sql.join(
  ORDER_STATUSES.map((s, i) => sql`when ${s} then ${i}`),
  sql` `,
)} else ${ORDER_STATUSES.length} end`;

/** ORDER BY of the list: the chosen column, then the order number in the same direction (a stable page). */
function orderSort(query: Pick<AdminOrdersQuery, 'sort' | 'dir'>): SQL[] {
  const by = query.dir === 'asc' ? asc : desc;
  const column: Record<AdminOrdersQuery['sort'], SQL[]> = {
    date: [by(orders.createdAt)],
    total: [by(orders.total)],
    customer: [by(sql`lower(${orders.customerName})`), by(sql`lower(${orders.customerEmail})`)],
    status: [by(statusRank)],
  };
  return [...column[query.sort], by(orders.id)];
}

export async function listAdminOrders(
  db: DbOrTx,
  query: AdminOrdersQuery,
  timeZone: string,
): Promise<{ items: AdminOrder[]; total: number }> {
  const where = await orderFilters(db, query, timeZone);
  const [totalRow] = await db.select({ n: count() }).from(orders).where(where);
  const rows = await db
    .select(adminOrderColumns)
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(...orderSort(query))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const items = await listItemsOfOrders(
    db,
    rows.map((r) => r.order.id),
  );
  return {
    items: rows.map((r) => toAdminOrder(r.order, items.get(r.order.id) ?? [], r.user, r.holdsExpired)),
    total: Number(totalRow?.n ?? 0),
  };
}

export async function listOrderHistory(db: DbOrTx, orderId: number): Promise<OrderHistoryEntry[]> {
  const rows = await db
    .select({ entry: orderHistory, who: users.username })
    .from(orderHistory)
    .leftJoin(users, eq(users.id, orderHistory.actorUserId))
    .where(eq(orderHistory.orderId, orderId))
    .orderBy(asc(orderHistory.createdAt), asc(orderHistory.id));
  return rows.map(({ entry, who }) => ({
    id: entry.id,
    field: entry.field,
    from: entry.fromValue,
    to: entry.toValue,
    actor: entry.actor,
    actorUserId: entry.actorUserId,
    who,
    at: entry.createdAt.toISOString(),
  }));
}

/** Units and shipping given back or being given back by the order's refunds by line (not failed). */
async function refundedByLine(db: DbOrTx, orderId: number) {
  const units = await db
    .select({
      orderItemId: orderRefundLines.orderItemId,
      quantity: sql<number>`sum(${orderRefundLines.quantity})::int`,
    })
    .from(orderRefundLines)
    .innerJoin(orderRefunds, eq(orderRefunds.id, orderRefundLines.refundId))
    .where(and(eq(orderRefunds.orderId, orderId), ne(orderRefunds.status, 'failed')))
    .groupBy(orderRefundLines.orderItemId);
  const [shipping] = await db
    .select({ sum: sql<string>`coalesce(sum(${orderRefunds.shipping}), 0)::numeric(10,2)::text` })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), ne(orderRefunds.status, 'failed')));
  return {
    refundedUnits: units.map((u) => ({ orderItemId: u.orderItemId, quantity: Number(u.quantity) })),
    refundedShipping: shipping?.sum ?? '0.00',
  };
}

/** Every refund asked of the provider for the order, oldest first, with who asked. */
export async function listOrderRefunds(db: DbOrTx, orderId: number): Promise<OrderRefund[]> {
  const rows = await db
    .select({ refund: orderRefunds, who: users.username })
    .from(orderRefunds)
    .leftJoin(users, eq(users.id, orderRefunds.actorUserId))
    .where(eq(orderRefunds.orderId, orderId))
    .orderBy(asc(orderRefunds.id));
  return rows.map(({ refund, who }) => ({
    id: refund.id,
    amount: refund.amount,
    restock: refund.restock,
    status: refund.status,
    kind: refund.kind,
    creditNoteNumber: refund.creditNoteNumber,
    providerRefundId: refund.providerRefundId,
    tenders: {
      card: centsToString(refund.cardCents),
      cash: centsToString(refund.cashCents),
      giftCards: centsToString(refund.giftCardCents),
      storeCredit: centsToString(refund.storeCreditCents),
    },
    error: refund.error,
    who,
    at: refund.createdAt.toISOString(),
  }));
}

/** The e-mails the store sent or queued about the order (the mail outbox), oldest first. */
export async function listOrderEmails(db: DbOrTx, orderId: number): Promise<OrderEmail[]> {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.orderId, orderId))
    .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id));
  return rows.map((m) => ({
    id: m.id,
    kind: m.kind,
    to: m.to,
    subject: m.subject,
    status: m.status,
    error: m.error,
    at: m.createdAt.toISOString(),
  }));
}

export async function findAdminOrder(db: DbOrTx, id: number): Promise<AdminOrderDetail | null> {
  const [row] = await db
    .select(adminOrderColumns)
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, id));
  if (!row) return null;
  const items = await listItemsOfOrders(db, [id]);
  return {
    ...toAdminOrder(row.order, items.get(id) ?? [], row.user, row.holdsExpired),
    history: await listOrderHistory(db, id),
    refunds: await listOrderRefunds(db, id),
    ...(await refundedByLine(db, id)),
    emails: await listOrderEmails(db, id),
  };
}

/** Orders of a batch of ids with their items and users, in the order of `ids` (the CSV export). */
export async function adminOrdersByIds(db: DbOrTx, ids: number[]): Promise<AdminOrder[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(adminOrderColumns)
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(inArray(orders.id, ids));
  const items = await listItemsOfOrders(db, ids);
  const byId = new Map(
    rows.map((r) => [r.order.id, toAdminOrder(r.order, items.get(r.order.id) ?? [], r.user, r.holdsExpired)]),
  );
  return ids.map((id) => byId.get(id)).filter((o): o is AdminOrder => o !== undefined);
}
