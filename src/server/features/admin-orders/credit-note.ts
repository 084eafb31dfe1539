// The credit note of a refund by line as a printable HTML page, like the packing slip
// (docs/decisions/0510-refunds-by-line.md, 0232-packing-slip-page.md): in the order's language, with
// each line, the shipping, each tax given back with its rate, the total, and the store's tax
// registration numbers a credit note must carry.
import { translator } from '~/shared/i18n/catalogues';
import type { Locale } from '~/shared/i18n/locales';
import { formatCents, toCents } from '~/shared/money';
import { taxLineLabel } from '~/shared/order-amounts';
import type { TaxCode } from '~/shared/constants';
import type { CreditNote } from '~/shared/schemas/admin-orders-dialog';
import type { TaxRegistrations } from '~/shared/schemas/site-config';
import { CREDIT_NOTE } from './credit-note.messages';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
  body { font: 14px/1.4 system-ui, sans-serif; color: #111; margin: 2rem auto; max-width: 48rem; padding: 0 1rem; }
  h1 { font-size: 1.5rem; margin: 0; }
  header { display: flex; justify-content: space-between; gap: 1rem; border-bottom: 2px solid #111; padding-bottom: .75rem; }
  table { width: 100%; border-collapse: collapse; margin-top: 1rem; }
  th, td { text-align: left; padding: .4rem .5rem; border-bottom: 1px solid #ccc; vertical-align: top; }
  th { font-size: .75rem; text-transform: uppercase; color: #444; }
  .num { text-align: right; white-space: nowrap; }
  tfoot th { text-transform: none; font-size: inherit; color: inherit; text-align: right; }
  tfoot tr.total th, tfoot tr.total td { font-weight: 700; border-top: 2px solid #111; }
  .toolbar { background: #f1f5f9; border: 1px solid #cbd5e1; border-radius: .5rem; padding: .5rem .75rem; margin-bottom: 1.5rem; }
  footer { margin-top: 1.5rem; font-size: .85rem; }
  @media print { .toolbar { display: none; } body { margin: 0; max-width: none; } @page { margin: 1.5cm; } }
`;

export type CreditNotePage = {
  note: CreditNote;
  order: { id: number; customerName: string; customerEmail: string; locale: Locale };
  storeName: string;
  registrations: TaxRegistrations;
};

export function renderCreditNote({ note, order, storeName, registrations }: CreditNotePage): string {
  const locale = order.locale;
  const t = translator(locale, CREDIT_NOTE);
  const money = (text: string) => escapeHtml(formatCents(toCents(text) ?? 0, locale));
  const number = note.number ?? '';
  const rows = note.lines
    .map(
      (l) =>
        `<tr><td>${escapeHtml(l.name)}</td><td class="num">${l.quantity}</td><td class="num">${money(l.unitPrice)}</td><td class="num">${money(l.discount)}</td><td class="num">${money(l.amount)}</td></tr>`,
    )
    .join('\n');
  const foot = [
    [t('subtotal'), note.subtotal],
    ...(toCents(note.shipping) ? [[t('shipping'), note.shipping]] : []),
    ...note.taxLines.map((l) => [taxLineLabel(l.code as TaxCode, l.rate, locale), l.amount]),
  ]
    .map(
      ([label, amount]) =>
        `<tr><th colspan="4">${escapeHtml(label!)}</th><td class="num">${money(amount!)}</td></tr>`,
    )
    .join('\n');
  const numbers = [
    registrations.gstHst ? t('gstHst', { number: registrations.gstHst }) : '',
    registrations.qst ? t('qst', { number: registrations.qst }) : '',
    registrations.pst ? t('pst', { number: registrations.pst }) : '',
  ].filter(Boolean);
  const date = (note.at ?? '').slice(0, 10);
  return `<!doctype html>
<html lang="${locale === 'fr' ? 'fr-CA' : 'en-CA'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(t('title', { number }))}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="toolbar">${escapeHtml(t('printHint'))}</p>
<article aria-label="${escapeHtml(t('title', { number }))}">
<header>
  <div><h1>${escapeHtml(t('heading'))} ${escapeHtml(number)}</h1><p>${escapeHtml(storeName)}</p></div>
  <div><p><strong>${escapeHtml(t('order', { id: order.id }))}</strong><br>${escapeHtml(t('reference', { reference: note.orderReference }))}<br>${escapeHtml(t('issued', { date }))}</p></div>
</header>
<p><strong>${escapeHtml(t('customer'))}</strong><br>${escapeHtml(order.customerName)}<br>${escapeHtml(order.customerEmail)}</p>
<table>
  <thead><tr><th>${escapeHtml(t('item'))}</th><th class="num">${escapeHtml(t('quantity'))}</th><th class="num">${escapeHtml(t('unitPrice'))}</th><th class="num">${escapeHtml(t('discount'))}</th><th class="num">${escapeHtml(t('amount'))}</th></tr></thead>
  <tbody>
${rows}
  </tbody>
  <tfoot>
${foot}
<tr class="total"><th colspan="4">${escapeHtml(t('total'))}</th><td class="num">${money(note.total)}</td></tr>
  </tfoot>
</table>
<footer>
  <p>${escapeHtml(t('refundedTo'))}</p>
  ${note.reason ? `<p>${escapeHtml(t('reason', { reason: note.reason }))}</p>` : ''}
  ${numbers.map((n) => `<p>${escapeHtml(n)}</p>`).join('')}
</footer>
</article>
</main>
</body>
</html>`;
}
