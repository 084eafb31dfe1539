// What each order e-mail says (docs/decisions/0270-order-emails-through-the-outbox.md): one builder
// per kind, giving the content that src/server/mail/layout.tsx writes as HTML and as text in the store's
// layout. Every amount goes through the order-amounts presenter (src/shared/order-amounts.ts).
import { SHIPPING_METHOD_LABELS, type ShippingMethod } from '~/shared/constants';
import { type Cents, formatCents, formatMoney, toCents } from '~/shared/money';
import { formatWithCurrency, orderAmounts } from '~/shared/order-amounts';
import { type DeliveryDays, orderDeliveryText, parseShippingAddress } from '~/shared/orders';
import type { TaxRegistrations } from '~/shared/schemas/site-config';
import { STORE_LOCATION } from '~/shared/store-location';
import { TRACKING_CARRIER_LABELS, isTrackingCarrier, trackingUrl } from '~/shared/tracking';
import type { EmailBlock, EmailBrand, EmailContent, EmailRow } from '~/server/mail/layout';
import type { OrderItemRow, OrderRow } from './repository';

export const ORDER_EMAIL_KINDS = [
  'order-confirmation',
  'order-shipped',
  'order-ready-for-pickup',
  'order-delivered',
  'order-picked-up',
  'order-cancelled',
  'order-refunded',
  'order-new-alert',
] as const;
export type OrderEmailKind = (typeof ORDER_EMAIL_KINDS)[number];

/** The statuses whose change the customer is told about, and the e-mail each one sends. */
export const STATUS_EMAIL_KINDS: Partial<Record<string, OrderEmailKind>> = {
  shipped: 'order-shipped',
  'ready-for-pickup': 'order-ready-for-pickup',
  delivered: 'order-delivered',
  'picked-up': 'order-picked-up',
  cancelled: 'order-cancelled',
};

export type OrderEmailStore = {
  brand: EmailBrand;
  registrations: TaxRegistrations | null;
  /** The shipping settings' ranges (docs/decisions/0132-delivery-estimates-are-settings.md). */
  deliveryDays?: DeliveryDays;
};

export type OrderEmailInput = {
  order: OrderRow;
  items: OrderItemRow[];
  store: OrderEmailStore;
  /** order-refunded: the amount given back, in cents. */
  refundCents?: Cents;
};

const methodLabel = (m: string) =>
  SHIPPING_METHOD_LABELS[m as ShippingMethod] ?? SHIPPING_METHOD_LABELS.standard;

/**
 * Where the customer opens the order (docs/decisions/0272-order-link-in-e-mails.md): their account's
 * orders for an order with an account, else the order lookup with the reference filled in (the
 * lookup asks for the order's e-mail too, so the link alone opens nothing).
 */
export function orderLink(order: Pick<OrderRow, 'userId' | 'orderReference'>, brand: EmailBrand): string {
  return order.userId !== null
    ? `${brand.publicUrl}/account?tab=orders`
    : `${brand.publicUrl}/orders/lookup?reference=${encodeURIComponent(order.orderReference)}`;
}

const viewOrder = (input: OrderEmailInput): EmailBlock => ({
  type: 'button',
  label: 'View your order',
  href: orderLink(input.order, input.store.brand),
});

const orderDetails = (order: OrderRow): EmailBlock => ({
  type: 'details',
  rows: [
    ['Order number', String(order.id)],
    ['Reference', order.orderReference],
  ],
});

function itemsBlock(items: OrderItemRow[]): EmailBlock {
  return {
    type: 'items',
    items: items.map((i) => ({
      name: i.productName,
      quantity: i.quantity,
      unit: formatMoney(i.price),
      total: formatCents((toCents(i.price) ?? 0) * i.quantity),
    })),
  };
}

/** The presenter's lines: original price and discount when above 0, subtotal, shipping, taxes, total. */
function amountsBlock(input: OrderEmailInput): EmailBlock {
  const amounts = orderAmounts(input.order, input.store.registrations);
  return {
    type: 'amounts',
    rows: amounts.rows.map((r): EmailRow => [r.label, r.text]),
    total: [amounts.total.label, amounts.total.text],
    notes: amounts.registrations,
  };
}

const addressBlock = (order: OrderRow, title: string): EmailBlock => ({
  type: 'lines',
  title,
  lines: parseShippingAddress(order.shippingAddress).lines,
});

const pickupPlace: EmailBlock = {
  type: 'lines',
  title: 'Where',
  lines: [STORE_LOCATION.name, STORE_LOCATION.street, STORE_LOCATION.city, STORE_LOCATION.country],
};
const pickupHours: EmailBlock = { type: 'lines', title: 'When', lines: [...STORE_LOCATION.hours] };

function confirmation(input: OrderEmailInput): EmailContent {
  const { order, store } = input;
  const pickup = order.shippingMethod === 'pickup';
  // Standard and express: the range; pickup: the sentence the account shows; cancelled: nothing.
  const delivery = orderDeliveryText(order, store.deliveryDays);
  const deliveryLine = delivery && !pickup ? `Estimated delivery: ${delivery}` : delivery;
  return {
    subject: `${store.brand.name}: order ${order.orderReference} confirmed`,
    preview: `We have your order ${order.id} and your payment.`,
    heading: `Thank you for your order, ${order.customerName}!`,
    blocks: [
      orderDetails(order),
      itemsBlock(input.items),
      amountsBlock(input),
      { type: 'details', rows: [['Shipping method', methodLabel(order.shippingMethod)]] },
      ...(deliveryLine ? [{ type: 'paragraph', text: deliveryLine } as const] : []),
      ...(pickup ? [pickupPlace] : [addressBlock(order, 'Shipping to:')]),
      viewOrder(input),
    ],
  };
}

function shipped(input: OrderEmailInput): EmailContent {
  const { order, store } = input;
  const carrier = isTrackingCarrier(order.trackingCarrier)
    ? TRACKING_CARRIER_LABELS[order.trackingCarrier]
    : null;
  const url = trackingUrl(order.trackingCarrier, order.trackingNumber);
  // The date the administrator entered, else the method's range ('3-5 business days').
  const delivery =
    order.estimatedDeliveryDate ??
    (order.shippingMethod === 'pickup' ? null : orderDeliveryText(order, store.deliveryDays));
  const rows: EmailRow[] = [
    ['Order number', String(order.id)],
    ['Reference', order.orderReference],
  ];
  if (carrier) rows.push(['Carrier', carrier]);
  if (order.trackingNumber) rows.push(['Tracking number', order.trackingNumber]);
  return {
    subject: `${store.brand.name}: order ${order.orderReference} has shipped`,
    preview: order.trackingNumber
      ? `Tracking number ${order.trackingNumber}.`
      : `Order ${order.id} is on its way.`,
    heading: `Your order is on its way, ${order.customerName}!`,
    blocks: [
      { type: 'paragraph', text: `Order ${order.id} has left our warehouse.` },
      { type: 'details', rows },
      ...(url && carrier
        ? [{ type: 'link', label: `Track your parcel with ${carrier}`, href: url } as const]
        : []),
      ...(delivery ? [{ type: 'paragraph', text: `Estimated delivery: ${delivery}` } as const] : []),
      addressBlock(order, 'Shipping to:'),
      viewOrder(input),
    ],
  };
}

function readyForPickup(input: OrderEmailInput): EmailContent {
  const { order, store } = input;
  return {
    subject: `${store.brand.name}: order ${order.orderReference} is ready for pickup`,
    preview: `Order ${order.id} is waiting for you at ${STORE_LOCATION.name}.`,
    heading: `Your order is ready for pickup, ${order.customerName}!`,
    blocks: [
      orderDetails(order),
      pickupPlace,
      pickupHours,
      {
        type: 'paragraph',
        text: `Please bring your order number (${order.id}) and a photo ID in the name of ${order.customerName}.`,
      },
      viewOrder(input),
    ],
  };
}

function delivered(input: OrderEmailInput): EmailContent {
  const { order, store } = input;
  return {
    subject: `${store.brand.name}: order ${order.orderReference} was delivered`,
    preview: `Order ${order.id} has arrived.`,
    heading: 'Your order was delivered',
    blocks: [
      { type: 'paragraph', text: `Order ${order.id} was delivered. We hope you enjoy it!` },
      orderDetails(order),
      addressBlock(order, 'Delivered to:'),
      {
        type: 'paragraph',
        text: 'If anything is missing or damaged, reply to this e-mail and we will make it right.',
      },
      viewOrder(input),
    ],
  };
}

function pickedUp(input: OrderEmailInput): EmailContent {
  const { order, store } = input;
  return {
    subject: `${store.brand.name}: order ${order.orderReference} was picked up`,
    preview: `Thank you for collecting order ${order.id}.`,
    heading: 'Thank you for picking up your order',
    blocks: [
      {
        type: 'paragraph',
        text: `Order ${order.id} was picked up at ${STORE_LOCATION.name}. We hope you enjoy it!`,
      },
      orderDetails(order),
      {
        type: 'paragraph',
        text: 'If anything is missing or damaged, reply to this e-mail and we will make it right.',
      },
      viewOrder(input),
    ],
  };
}

function cancelled(input: OrderEmailInput): EmailContent {
  const { order, store } = input;
  return {
    subject: `${store.brand.name}: order ${order.orderReference} was cancelled`,
    preview: `Order ${order.id} was cancelled.`,
    heading: 'Your order was cancelled',
    blocks: [
      { type: 'paragraph', text: `Order ${order.id} was cancelled, ${order.customerName}.` },
      orderDetails(order),
      itemsBlock(input.items),
      amountsBlock(input),
      {
        type: 'paragraph',
        text: 'If you paid for this order, you will receive an e-mail when your refund is issued. Questions? Reply to this e-mail.',
      },
      viewOrder(input),
    ],
  };
}

function refunded(input: OrderEmailInput): EmailContent {
  const { order, store } = input;
  const amounts = orderAmounts(order, store.registrations);
  const refund = formatWithCurrency(input.refundCents ?? amounts.total.cents, amounts.currency);
  return {
    subject: `${store.brand.name}: refund of ${refund} for order ${order.orderReference}`,
    preview: `We have refunded ${refund}.`,
    heading: 'Your refund is on its way',
    blocks: [
      {
        type: 'paragraph',
        text: `We have refunded ${refund} for order ${order.id} to your original payment method.`,
      },
      {
        type: 'details',
        rows: [
          ['Order number', String(order.id)],
          ['Reference', order.orderReference],
          ['Refund', refund],
          ['Order total', amounts.total.text],
        ],
      },
      {
        type: 'paragraph',
        text: 'Banks usually take 5 to 10 business days to show a refund on your statement.',
      },
      viewOrder(input),
    ],
  };
}

/** To the store: a paid order to prepare. */
function newOrderAlert(input: OrderEmailInput): EmailContent {
  const { order, store } = input;
  const amounts = orderAmounts(order, store.registrations);
  const rows: EmailRow[] = [
    ['Order number', String(order.id)],
    ['Reference', order.orderReference],
    ['Customer', order.customerName],
    ['E-mail', order.customerEmail],
  ];
  if (order.customerPhone) rows.push(['Phone', order.customerPhone]);
  rows.push(['Shipping method', methodLabel(order.shippingMethod)]);
  return {
    subject: `New order ${order.id} (${order.orderReference}): ${amounts.total.text}`,
    preview: `${order.customerName} paid ${amounts.total.text}.`,
    heading: `New order ${order.id}`,
    blocks: [
      { type: 'details', rows },
      itemsBlock(input.items),
      amountsBlock(input),
      ...(order.shippingMethod === 'pickup' ? [] : [addressBlock(order, 'Shipping to:')]),
      { type: 'button', label: 'Open the orders', href: `${store.brand.publicUrl}/admin/orders` },
    ],
  };
}

const BUILDERS: Record<OrderEmailKind, (input: OrderEmailInput) => EmailContent> = {
  'order-confirmation': confirmation,
  'order-shipped': shipped,
  'order-ready-for-pickup': readyForPickup,
  'order-delivered': delivered,
  'order-picked-up': pickedUp,
  'order-cancelled': cancelled,
  'order-refunded': refunded,
  'order-new-alert': newOrderAlert,
};

export function orderEmailContent(kind: OrderEmailKind, input: OrderEmailInput): EmailContent {
  return BUILDERS[kind](input);
}
