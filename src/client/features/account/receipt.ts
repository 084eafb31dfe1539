// Print Receipt: a plain printable page in a new window. Built as a string with every value escaped
// (product names and addresses come from people), and printed from here because the store's content
// security policy lets no inline script run in the new window. It reads in the page's language
// (receipt.messages.ts), its amounts and tax lines through the one order-amounts presenter.
import type { AccountOrder } from '~/shared/schemas/account';
import { translator } from '~/shared/i18n/catalogues';
import { formatDate, formatDateTime } from '~/shared/i18n/formats';
import { DEFAULT_LOCALE, LOCALE_TAGS, type Locale, localeOfPath } from '~/shared/i18n/locales';
import { formatCents, formatMoney, toCents } from '~/shared/money';
import { orderAmounts, taxLineLabel } from '~/shared/order-amounts';
import {
  itemDisplayName,
  parseShippingAddress,
  paymentStatusLabel,
  receiptStatus,
  shippingMethodLabel,
  shopperPaymentStatus,
} from '~/shared/orders';
import type { TaxRegistrations } from '~/shared/schemas/site-config';
import { toast } from '~/client/components/ui/toast-store';
import { RECEIPT } from './receipt.messages';

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
  locale: Locale = DEFAULT_LOCALE,
): string {
  const t = translator(locale, RECEIPT);
  // English keeps its US-style dates; French reads '20 novembre 2026 à 10 h 00' ('1er' on the first).
  const placed = new Date(order.createdAt);
  const date = Number.isNaN(placed.getTime()) ? '' : formatDateTime(placed, locale);
  const address = parseShippingAddress(order.shippingAddress, locale).lines.map(escapeHtml).join('<br>');
  const rows = order.items
    .map((item) => {
      const line = (toCents(item.price) ?? 0) * item.quantity;
      return `<tr><td>${escapeHtml(itemDisplayName(item, locale))}</td><td>${escapeHtml(item.sku ?? '')}</td><td class="num">${escapeHtml(formatMoney(item.price, locale))}</td><td class="num">${item.quantity}</td><td class="num">${escapeHtml(formatCents(line, locale))}</td></tr>`;
    })
    .join('');
  // The same lines as the confirmation page, the account and the e-mail (src/shared/order-amounts.ts).
  const amounts = orderAmounts(order, registrations, locale);
  const totals = amounts.rows
    .map(
      (row) =>
        `<tr data-receipt="${row.kind}"><td>${escapeHtml(row.label)}</td><td class="num">${escapeHtml(row.text)}</td></tr>`,
    )
    .join('\n    ');
  // What was given back: subtracted below the total, and each refund with the tax it gave back.
  // How the total was paid, when store credit paid part of it (0531).
  const tenderRows = amounts.tenders
    .map(
      (line) =>
        `<tr data-receipt="tender"><td>${escapeHtml(line.label)}</td><td class="num">${escapeHtml(line.text)}</td></tr>`,
    )
    .join('\n    ');
  const refundRows = amounts.refund
    ? [amounts.refund.refunded, amounts.refund.net]
        .map(
          (line, i) =>
            `<tr data-receipt="${i === 0 ? 'refunded' : 'net'}"${i === 1 ? ' class="grand"' : ''}><td>${escapeHtml(line.label)}</td><td class="num">${escapeHtml(line.text)}</td></tr>`,
        )
        .join('\n    ')
    : '';
  const refunds = (order.timeline ?? [])
    .filter((e) => e.kind === 'refunded')
    .map((e) => {
      const tax = e.taxLines
        .map((l) => `${taxLineLabel(l.code, l.rate, locale)} ${formatMoney(l.amount, locale)}`)
        .join(', ');
      const line = t('refundLine', {
        date: formatDate(new Date(e.at), locale),
        amount: formatMoney(e.amount ?? '0', locale),
      });
      return `<li>${escapeHtml(line)}${tax ? ` (${escapeHtml(t('refundTax', { tax }))})` : ''}</li>`;
    })
    .join('');
  const numbers = amounts.registrations.map((line) => `<div>${escapeHtml(line)}</div>`).join('');
  return `<!doctype html>
<html lang="${LOCALE_TAGS[locale]}">
<head>
<meta charset="utf-8">
<title>${escapeHtml(t('title', { id: order.id }))}</title>
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
    <p class="muted">${escapeHtml(t('receipt'))}</p>
  </header>
  <div class="grid">
    <section>
      <h2>${escapeHtml(t('order'))}</h2>
      <div>${escapeHtml(t('orderNumber', { id: order.id }))}</div>
      <div class="muted">${escapeHtml(t('reference', { reference: order.orderReference }))}</div>
      <div>${escapeHtml(t('date', { date }))}</div>
      <div>${escapeHtml(t('status'))} <strong data-receipt="status">${escapeHtml(receiptStatus(order.status, locale))}</strong></div>
      <div data-receipt="payment">${escapeHtml(t('payment', { status: paymentStatusLabel(shopperPaymentStatus(order), locale) }))}</div>
      <div>${escapeHtml(t('shippingMethod', { method: shippingMethodLabel(order.shippingMethod, locale) }))}</div>
    </section>
    <section>
      <h2>${escapeHtml(t('customer'))}</h2>
      <div>${escapeHtml(order.customerName)}</div>
      <div>${escapeHtml(order.customerEmail)}</div>
      ${order.customerPhone ? `<div>${escapeHtml(order.customerPhone)}</div>` : ''}
    </section>
    ${
      // A pickup order has no address to ship to: its method says where.
      order.shippingMethod === 'pickup'
        ? ''
        : `<section>
      <h2>${escapeHtml(t('shipTo'))}</h2>
      <div>${address}</div>
    </section>`
    }
  </div>
  <h2>${escapeHtml(t('items'))}</h2>
  <table>
    <thead><tr><th>${escapeHtml(t('product'))}</th><th>${escapeHtml(t('sku'))}</th><th class="num">${escapeHtml(t('price'))}</th><th class="num">${escapeHtml(t('quantity'))}</th><th class="num">${escapeHtml(t('total'))}</th></tr></thead>
    <tbody>${rows}</tbody>
  </table>
  <table class="totals">
    ${totals}
    <tr class="grand"><td>${escapeHtml(amounts.total.label)}</td><td class="num" data-receipt="total">${escapeHtml(amounts.total.text)}</td></tr>
    ${tenderRows}
    ${refundRows}
  </table>
  ${refunds ? `<h2>${escapeHtml(t('refunds'))}</h2><ul data-receipt="refunds">${refunds}</ul>` : ''}
  ${numbers ? `<section class="muted" data-receipt="registrations">${numbers}</section>` : ''}
  <p class="muted">${escapeHtml(t('thanks', { store: storeName, date: formatDate(now, locale) }))}</p>
</body>
</html>`;
}

/** Waits this long before the print dialog, so the receipt's images and layout are ready. */
export const PRINT_DELAY_MS = 500;

/**
 * Opens the receipt in a new window and its print dialog; says so when pop-ups are blocked. The
 * receipt is in the order's language; the notices in the page's (French under /fr) unless told.
 */
export function printReceipt(
  order: AccountOrder | null | undefined,
  storeName: string,
  registrations: TaxRegistrations | null = null,
  locale: Locale = localeOfPath(window.location.pathname),
): void {
  const t = translator(locale, RECEIPT);
  if (!order) {
    toast({ title: t('noOrder'), variant: 'destructive' });
    return;
  }
  const win = window.open('', '_blank', 'width=820,height=900');
  if (!win) {
    toast({ title: t('popupBlocked'), variant: 'destructive' });
    return;
  }
  toast({ title: t('preparing'), description: t('opening') });
  win.document.open();
  // The receipt is in the language the order was placed in; the notices above follow the page.
  win.document.write(receiptHtml(order, storeName, new Date(), registrations, order.locale ?? locale));
  win.document.close();
  setTimeout(() => {
    if (win.closed) return;
    win.focus();
    win.print();
  }, PRINT_DELAY_MS);
}
