// Reading orders for the administrator: a page of orders (newest first) with status and payment
// filters and a search by order number, reference, customer name or e-mail; one order with its history.
import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type {
  AdminOrder,
  AdminOrderDetail,
  AdminOrdersQuery,
  OrderHistoryEntry,
} from '~/shared/schemas/admin-orders';
import type { DbOrTx } from '~/server/db/client';
import { orderHistory, orders, users } from '~/server/db/schema';
import {
  listItemsOfOrders,
  type OrderItemRow,
  type OrderRow,
  toOrderResponse,
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

export type OrderFilters = Partial<Pick<AdminOrdersQuery, 'status' | 'paymentStatus' | 'search'>>;

/**
 * The WHERE of the list and the export. A reference read out on the phone is looked up exactly first:
 * a long pattern defeats the trigram indexes, and an exact hit is the answer anyway.
 */
export async function orderFilters(db: DbOrTx, query: OrderFilters): Promise<SQL | undefined> {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(orders.status, query.status));
  if (query.paymentStatus) conditions.push(eq(orders.paymentStatus, query.paymentStatus));
  if (query.search) {
    const reference = referenceCandidate(query.search);
    const [hit] = reference
      ? await db.select({ id: orders.id }).from(orders).where(eq(orders.orderReference, reference))
      : [];
    conditions.push(hit ? eq(orders.id, hit.id) : orderSearchCondition(query.search));
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export function toAdminOrder(order: OrderRow, items: OrderItemRow[], user: LinkedUser): AdminOrder {
  return {
    ...toOrderResponse(order, items),
    confirmationEmailSent: order.confirmationEmailSent,
    confirmationEmailStatus: order.confirmationEmailStatus,
    confirmationEmailError: order.confirmationEmailError,
    confirmationEmailAttempts: order.confirmationEmailAttempts,
    inventoryReduced: order.inventoryReduced,
    refundStatus:
      order.refundStatus === 'needed' || order.refundStatus === 'refunded' ? order.refundStatus : null,
    refundPaymentReference: order.refundPaymentReference,
    refundReference: order.refundReference,
    user,
  };
}

const linkedUserColumns = { id: users.id, username: users.username, email: users.email };

export async function listAdminOrders(
  db: DbOrTx,
  query: AdminOrdersQuery,
): Promise<{ items: AdminOrder[]; total: number }> {
  const where = await orderFilters(db, query);
  const [totalRow] = await db.select({ n: count() }).from(orders).where(where);
  const rows = await db
    .select({ order: orders, user: linkedUserColumns })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const items = await listItemsOfOrders(
    db,
    rows.map((r) => r.order.id),
  );
  return {
    items: rows.map((r) => toAdminOrder(r.order, items.get(r.order.id) ?? [], r.user)),
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

export async function findAdminOrder(db: DbOrTx, id: number): Promise<AdminOrderDetail | null> {
  const [row] = await db
    .select({ order: orders, user: linkedUserColumns })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, id));
  if (!row) return null;
  const items = await listItemsOfOrders(db, [id]);
  return {
    ...toAdminOrder(row.order, items.get(id) ?? [], row.user),
    history: await listOrderHistory(db, id),
  };
}

/** Orders of a batch of ids with their items and users, in the order of `ids` (the CSV export). */
export async function adminOrdersByIds(db: DbOrTx, ids: number[]): Promise<AdminOrder[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ order: orders, user: linkedUserColumns })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(inArray(orders.id, ids));
  const items = await listItemsOfOrders(db, ids);
  const byId = new Map(
    rows.map((r) => [r.order.id, toAdminOrder(r.order, items.get(r.order.id) ?? [], r.user)]),
  );
  return ids.map((id) => byId.get(id)).filter((o): o is AdminOrder => o !== undefined);
}
