// Reading orders: by numeric id or public reference, with their items, in the API's shape.
import { asc, eq, inArray } from 'drizzle-orm';
import { toCents } from '~/shared/money';
import type { Order, OrderItem, OrderSummary } from '~/shared/schemas/orders';
import type { OrderEvent } from '~/shared/schemas/order-timeline';
import type { DbOrTx } from '~/server/db/client';
import { orderItems, orders } from '~/server/db/schema';
import type { PaymentOrder } from '~/server/payments/provider';
import { formatRate } from '~/server/features/store-settings';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

/** A numeric id, or null when `id` is a reference. */
export function numericOrderId(id: string): number | null {
  if (!/^\d{1,9}$/.test(id)) return null;
  const n = Number.parseInt(id, 10);
  return n > 0 ? n : null;
}

export async function findOrderByReference(db: DbOrTx, reference: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.orderReference, reference));
  return row ?? null;
}

export async function findOrderById(db: DbOrTx, id: number): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row ?? null;
}

export async function listOrderItems(db: DbOrTx, orderId: number): Promise<OrderItemRow[]> {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
}

export async function listItemsOfOrders(
  db: DbOrTx,
  orderIds: number[],
): Promise<Map<number, OrderItemRow[]>> {
  const map = new Map<number, OrderItemRow[]>();
  if (orderIds.length === 0) return map;
  const rows = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.id));
  for (const r of rows) {
    const list = map.get(r.orderId) ?? [];
    list.push(r);
    map.set(r.orderId, list);
  }
  return map;
}

export function toOrderItemResponse(item: OrderItemRow): OrderItem {
  return {
    id: item.id,
    productId: item.productId,
    // The shopper's name for the line (as sold, in the order's language); productName is the English.
    name: item.soldName || item.productName || (item.productId ? `Product #${item.productId}` : 'Product'),
    productName: item.productName,
    sku: item.sku,
    imageUrl: item.imageUrl,
    price: item.price,
    compareAtPrice: item.compareAtPrice,
    discount: item.discount,
    quantity: item.quantity,
    finalSale: item.finalSale,
  };
}

/**
 * The order as the API shows it. Internal fields (idempotency key, payment link, e-mail delivery) stay
 * out. The shopper's answers carry its timeline (src/server/features/orders/timeline.ts).
 */
export function toOrderResponse(order: OrderRow, items: OrderItemRow[], timeline?: OrderEvent[]): Order {
  return {
    id: order.id,
    orderReference: order.orderReference,
    userId: order.userId,
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    customerPhone: order.customerPhone,
    shippingAddress: order.shippingAddress,
    shippingMethod: order.shippingMethod,
    shippingCost: order.shippingCost,
    subtotal: order.subtotal,
    discountPercentage: order.discountPercentage,
    discountAmount: order.discountAmount,
    discountCode: order.discountCode,
    codeDiscountAmount: order.codeDiscountAmount,
    taxRate: formatRate(order.taxRate),
    taxAmount: order.taxAmount,
    taxLines: order.taxLines,
    total: order.total,
    currency: order.currency,
    status: order.status,
    paymentStatus: order.paymentStatus,
    paymentMethod: order.paymentMethod,
    paymentReference: order.paymentReference,
    trackingNumber: order.trackingNumber,
    trackingCarrier: order.trackingCarrier,
    estimatedDeliveryDate: order.estimatedDeliveryDate,
    pickupSlot:
      order.pickupSlotStartsAt && order.pickupSlotEndsAt
        ? { startsAt: order.pickupSlotStartsAt.toISOString(), endsAt: order.pickupSlotEndsAt.toISOString() }
        : null,
    pickupCode: order.pickupCode,
    notes: order.notes,
    locale: order.locale,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    items: items.map(toOrderItemResponse),
    refundedAmount: order.refundedAmount,
    storeCreditAmount: order.storeCreditAmount,
    giftCardAmount: order.giftCardAmount,
    ...(timeline ? { timeline } : {}),
  };
}

/** An order without proof that the requester placed it: status and total only (decision 0453). */
export function toOrderSummary(order: OrderRow): OrderSummary {
  return {
    orderReference: order.orderReference,
    status: order.status,
    paymentStatus: order.paymentStatus,
    total: order.total,
    currency: order.currency,
    detailsHidden: true,
  };
}

/** What a payment provider is told about an order. */
export function toPaymentOrder(order: OrderRow, items: OrderItemRow[]): PaymentOrder {
  return {
    id: order.id,
    orderReference: order.orderReference,
    // The provider is asked only for what store credit did not pay (0531).
    totalCents:
      (toCents(order.total) ?? 0) -
      (toCents(order.storeCreditAmount) ?? 0) -
      (toCents(order.giftCardAmount) ?? 0),
    customerEmail: order.customerEmail,
    customerName: order.customerName,
    paymentLinkId: order.paymentLinkId,
    providerOrderId: order.providerOrderId,
    locale: order.locale,
    items: items.map((i) => ({
      name: i.soldName || i.productName,
      quantity: i.quantity,
      unitCents: toCents(i.price) ?? 0,
    })),
  };
}
