// Print Receipt: a plain printable page in a new window. Built as a string with every value escaped
// (product names and addresses come from people), and printed from here because the store's content
// security policy lets no inline script run in the new window.
import type { AccountOrder } from '~/shared/schemas/account';
import { formatCents, formatMoney, toCents } from '~/shared/money';
import { orderAmounts } from '~/shared/order-amounts';
import {
  itemDisplayName,
  parseShippingAddress,
  paymentStatusLabel,
  receiptStatus,
  shippingMethodLabel,
} from '~/shared/orders';
import type { TaxRegistrations } from '~/shared/schemas/site-config';
import { toast } from '~/client/components/ui/toast-store';

const escapeHtml = (value: unknown) =>
  String(value ?? '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

export function receiptHtml(
  order: AccountOrder,
  storeName: string,
  now: Date = new Date(),
  registrations: TaxRegistrations | null = null,
): string {
  const placed = new Date(order.createdAt);
  const date = Number.isNaN(placed.getTime())
    ? ''
    : placed.toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short' });
  const address = parseShippingAddress(order.shippingAddress).lines.map(escapeHtml).join('<br>');
  const rows = order.items
    .map((item) => {
      const line = (toCents(item.price) ?? 0) * item.quantity;
      return `<tr><td>${escapeHtml(itemDisplayName(item))}</td><td>${escapeHtml(item.sku ?? '')}</td><td class="num">${escapeHtml(formatMoney(item.price))}</td><td class="num">${item.quantity}</td><td class="num">${escapeHtml(formatCents(line))}</td></tr>`;
    })
    .join('');
  // The same lines as the confirmation page, the account and the e-mail (src/shared/order-amounts.ts).
  const amounts = orderAmounts(order, registrations);
  const totals = amounts.rows
    .map(
      (row) =>
        `<tr data-receipt="${row.kind}"><td>${escapeHtml(row.label)}</td><td class="num">${escapeHtml(row.text)}</td></tr>`,
    )
    .join('\n    ');
  const numbers = amounts.registrations.map((line) => `<div>${escapeHtml(line)}</div>`).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Receipt - Order #${order.id}</title>
<style>
  body { font-family: system-ui, -apple-system, Segoe UI, Roboto, sans-serif; color: #0f172a; margin: 32px; }
  h1 { font-size: 22px; margin: 0; }
  h2 { font-size: 15px; margin: 24px 0 8px; text-transform: uppercase; letter-spacing: .04em; color: #475569; }
  .muted { color: #64748b; }
  table { width: 100%; border-collapse: collapse; font-size: 14px; }
  th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid #e2e8f0; }
  .num { text-align: right; }
  .totals { width: 280px; margin-left: auto; margin-top: 16px; }
  .totals td { border: 0; padding: 3px 8px; }
  .grand td { font-weight: 700; border-top: 2px solid #0f172a; }
  .grid { display: flex; gap: 48px; flex-wrap: wrap; }
  @media print { body { margin: 12mm; } }
</style>
</head>
<body>
  <header>
    <h1>${escapeHtml(storeName)}</h1>
    <p class="muted">Receipt</p>
  </header>
  <div class="grid">
    <section>
      <h2>Order</h2>
      <div>Order #${order.id}</div>
      <div class="muted">Reference: ${escapeHtml(order.orderReference)}</div>
      <div>Date: ${escapeHtml(date)}</div>
      <div>Status: <strong data-receipt="status">${escapeHtml(receiptStatus(order.status))}</strong></div>
      <div>Payment: ${escapeHtml(paymentStatusLabel(order.paymentStatus))}</div>
      <div>Shipping method: ${escapeHtml(shippingMethodLabel(order.shippingMethod))}</div>
    </section>
    <section>
      <h2>Customer</h2>
      <div>${escapeHtml(order.customerName)}</div>
      <div>${escapeHtml(order.customerEmail)}</div>
      ${order.customerPhone ? `<div>${escapeHtml(order.customerPhone)}</div>` : ''}
    </section>
    <section>
      <h2>Ship to</h2>
      <div>${address}</div>
    </section>
  </div>
  <h2>Items</h2>
  <table>
    <thead><tr><th>Product</th><th>SKU</th><th class="num">Price</th><th class="num">Quantity</th><th class="num">Total</th></tr></thead>
    <tbody>${rows}</tbody>
  </table>
  <table class="totals">
    ${totals}
    <tr class="grand"><td>Total</td><td class="num" data-receipt="total">${escapeHtml(amounts.total.text)}</td></tr>
  </table>
  ${numbers ? `<section class="muted" data-receipt="registrations">${numbers}</section>` : ''}
  <p class="muted">Thank you for shopping with ${escapeHtml(storeName)}. Printed ${escapeHtml(now.toLocaleDateString('en-US', { dateStyle: 'long' }))}.</p>
</body>
</html>`;
}

/** Waits this long before the print dialog, so the receipt's images and layout are ready. */
export const PRINT_DELAY_MS = 500;

/** Opens the receipt in a new window and its print dialog; says so when pop-ups are blocked. */
export function printReceipt(
  order: AccountOrder | null | undefined,
  storeName: string,
  registrations: TaxRegistrations | null = null,
): void {
  if (!order) {
    toast({ title: 'No order selected for printing', variant: 'destructive' });
    return;
  }
  const win = window.open('', '_blank', 'width=820,height=900');
  if (!win) {
    toast({ title: 'Pop-up blocked. Please allow pop-ups to print receipts.', variant: 'destructive' });
    return;
  }
  toast({ title: 'Preparing receipt...', description: 'Opening print dialog shortly' });
  win.document.open();
  win.document.write(receiptHtml(order, storeName, new Date(), registrations));
  win.document.close();
  setTimeout(() => {
    if (win.closed) return;
    win.focus();
    win.print();
  }, PRINT_DELAY_MS);
}
