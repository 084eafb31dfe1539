// The order confirmation e-mail (text and HTML) with the order's items and amounts.
import { SHIPPING_METHOD_LABELS, type ShippingMethod } from '~/shared/constants';
import { formatCents, formatMoney, toCents } from '~/shared/money';
import { orderAmounts } from '~/shared/order-amounts';
import { type DeliveryDays, orderDeliveryText, parseShippingAddress } from '~/shared/orders';
import type { TaxRegistrations } from '~/shared/schemas/site-config';
import type { OrderItemRow, OrderRow } from './repository';

const escapeHtml = (s: string) =>
  s
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

const methodLabel = (m: string) =>
  SHIPPING_METHOD_LABELS[m as ShippingMethod] ?? SHIPPING_METHOD_LABELS.standard;

export function orderConfirmationEmail(
  order: OrderRow,
  items: OrderItemRow[],
  store: {
    name: string;
    publicUrl: string;
    registrations?: TaxRegistrations | null;
    /** The shipping settings' ranges (docs/decisions/0132-delivery-estimates-are-settings.md). */
    deliveryDays?: DeliveryDays;
  },
): { subject: string; text: string; html: string } {
  const subject = `${store.name}: order ${order.orderReference} confirmed`;
  const lineTotal = (i: OrderItemRow) => formatCents((toCents(i.price) ?? 0) * i.quantity);
  // The same lines as the confirmation page, the account and the receipt (src/shared/order-amounts.ts).
  const amounts = orderAmounts(order, store.registrations ?? null);
  const rows: [string, string][] = [
    ...amounts.rows.map((r): [string, string] => [r.label, r.text]),
    [amounts.total.label, amounts.total.text],
  ];
  const address = parseShippingAddress(order.shippingAddress).lines;
  const pickup = order.shippingMethod === 'pickup';
  // Standard and express: the range; pickup: the sentence the account shows; cancelled: nothing.
  const delivery = orderDeliveryText(order, store.deliveryDays);
  const deliveryLine = delivery && !pickup ? `Estimated delivery: ${delivery}` : delivery;

  const text = [
    `Thank you for your order, ${order.customerName}!`,
    '',
    `Order number: ${order.id}`,
    `Reference: ${order.orderReference}`,
    '',
    'Items:',
    ...items.map((i) => `- ${i.quantity} x ${i.productName} @ ${formatMoney(i.price)} = ${lineTotal(i)}`),
    '',
    ...rows.map(([k, v]) => `${k}: ${v}`),
    ...amounts.registrations,
    '',
    `Shipping method: ${methodLabel(order.shippingMethod)}`,
    ...(deliveryLine ? [deliveryLine] : []),
    ...(pickup ? [] : ['Shipping to:']),
    ...(pickup ? [] : address.map((l) => `  ${l}`)),
    '',
    `Questions? Reply to this e-mail or visit ${store.publicUrl}/contact`,
    store.name,
  ].join('\n');

  const td = 'padding:4px 8px;border-bottom:1px solid #e5e7eb';
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#111827">
<h1 style="font-size:20px">Thank you for your order, ${escapeHtml(order.customerName)}!</h1>
<p>Order number <strong>${order.id}</strong> &middot; reference <strong>${escapeHtml(order.orderReference)}</strong></p>
<table style="border-collapse:collapse;width:100%;max-width:600px">
<thead><tr><th style="${td};text-align:left">Item</th><th style="${td}">Qty</th><th style="${td};text-align:right">Price</th><th style="${td};text-align:right">Total</th></tr></thead>
<tbody>${items
    .map(
      (i) =>
        `<tr><td style="${td}">${escapeHtml(i.productName)}</td><td style="${td};text-align:center">${i.quantity}</td><td style="${td};text-align:right">${formatMoney(i.price)}</td><td style="${td};text-align:right">${lineTotal(i)}</td></tr>`,
    )
    .join('')}</tbody>
</table>
<table style="margin-top:12px;border-collapse:collapse">${rows
    .map(
      ([k, v]) =>
        `<tr><td style="padding:2px 8px">${escapeHtml(k)}</td><td style="padding:2px 8px;text-align:right">${escapeHtml(v)}</td></tr>`,
    )
    .join('')}</table>
${amounts.registrations.map((r) => `<p style="margin:4px 0;color:#374151">${escapeHtml(r)}</p>`).join('')}
<p>Shipping method: ${escapeHtml(methodLabel(order.shippingMethod))}</p>
${deliveryLine ? `<p>${escapeHtml(deliveryLine)}</p>` : ''}
${pickup ? '' : `<p>Shipping to:<br>${address.map(escapeHtml).join('<br>')}</p>`}
<p style="color:#6b7280">${escapeHtml(store.name)}</p>
</body></html>`;
  return { subject, text, html };
}
