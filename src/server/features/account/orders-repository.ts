// The customer's order history: their orders, newest first, each with its lines as they were ordered.
// Checkouts never paid (declined, abandoned, expired) are not orders to the customer and stay out
// (docs/decisions/0220-unpaid-checkouts.md).
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { giftCardLinesOfOrders } from '~/server/features/gift-cards';
import { buildOrderTimelines, notUnpaidCheckoutSql } from '~/server/features/orders';
import type { Db } from '~/server/db/client';
import { orderItems, orders, products } from '~/server/db/schema';
import type { AccountOrder, AccountOrderItem } from '~/shared/schemas/account';

/** The history shows this many of the newest orders. */
export const MY_ORDERS_LIMIT = 100;

export async function listMyOrders(
  db: Db,
  userId: number,
): Promise<{ orders: AccountOrder[]; total: number }> {
  const rows = await db
    .select({
      id: orders.id,
      orderReference: orders.orderReference,
      userId: orders.userId,
      customerName: orders.customerName,
      customerEmail: orders.customerEmail,
      customerPhone: orders.customerPhone,
      shippingAddress: orders.shippingAddress,
      shippingMethod: orders.shippingMethod,
      shippingCost: orders.shippingCost,
      subtotal: orders.subtotal,
      discountPercentage: orders.discountPercentage,
      discountAmount: orders.discountAmount,
      taxRate: orders.taxRate,
      taxAmount: orders.taxAmount,
      taxLines: orders.taxLines,
      total: orders.total,
      currency: orders.currency,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      paymentMethod: orders.paymentMethod,
      paymentReference: orders.paymentReference,
      trackingNumber: orders.trackingNumber,
      trackingCarrier: orders.trackingCarrier,
      estimatedDeliveryDate: orders.estimatedDeliveryDate,
      notes: orders.notes,
      locale: orders.locale,
      refundedAmount: orders.refundedAmount,
      storeCreditAmount: orders.storeCreditAmount,
      giftCardAmount: orders.giftCardAmount,
      createdAt: orders.createdAt,
      updatedAt: orders.updatedAt,
    })
    .from(orders)
    .where(and(eq(orders.userId, userId), notUnpaidCheckoutSql))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(MY_ORDERS_LIMIT);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.userId, userId), notUnpaidCheckoutSql));

  const ids = rows.map((r) => r.id);
  const lines = ids.length
    ? await db
        .select({
          id: orderItems.id,
          orderId: orderItems.orderId,
          productId: orderItems.productId,
          quantity: orderItems.quantity,
          price: orderItems.price,
          productName: orderItems.productName,
          soldName: orderItems.soldName,
          sku: orderItems.sku,
          imageUrl: orderItems.imageUrl,
          currentName: products.name,
          currentImageUrl: products.imageUrl,
          lotNumber: products.lotNumber,
        })
        .from(orderItems)
        .leftJoin(products, eq(products.id, orderItems.productId))
        .where(inArray(orderItems.orderId, ids))
        .orderBy(asc(orderItems.id))
    : [];

  const itemsByOrder = new Map<number, AccountOrderItem[]>();
  for (const line of lines) {
    // The snapshot taken at checkout wins; the product's current data fills what is missing.
    const english = line.productName || line.currentName || '';
    const item: AccountOrderItem = {
      id: line.id,
      productId: line.productId,
      // The name it was bought under, in the order's language; productName is the English.
      name: line.soldName || english,
      productName: english,
      sku: line.sku ?? line.lotNumber ?? null,
      imageUrl: line.imageUrl ?? line.currentImageUrl ?? null,
      price: line.price,
      quantity: line.quantity,
    };
    const list = itemsByOrder.get(line.orderId) ?? [];
    list.push(item);
    itemsByOrder.set(line.orderId, list);
  }

  const timelines = await buildOrderTimelines(db, rows);
  const giftCards = await giftCardLinesOfOrders(db, ids);
  return {
    total: count?.n ?? rows.length,
    orders: rows.map((r) => ({
      ...r,
      timeline: timelines.get(r.id) ?? [],
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      items: itemsByOrder.get(r.id) ?? [],
      ...(giftCards.has(r.id) ? { giftCards: giftCards.get(r.id) } : {}),
    })),
  };
}
