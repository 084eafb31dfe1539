// The money lines of a placed order, for every place that shows them: the confirmation page, the
// account's order card and details, the printable receipt and the confirmation e-mail
// (docs/decisions/0138-order-amounts-presenter.md). Nothing is recomputed: every figure is one the
// order stored at purchase, and the lines add up (regular price - discount = subtotal; subtotal +
// shipping + each tax = total).
import type { TaxCode } from './constants';
import type { Locale } from './i18n/locales';
import { type Cents, formatCents, toCents } from './money';
import { receiptTaxCents } from './orders';
import { discountLabel } from './pricing';
import type { OrderTaxLine } from './schemas/account';
import type { TaxRegistrations } from './schemas/site-config';

export type OrderAmountsInput = {
  subtotal: string;
  discountAmount: string;
  discountPercentage: string;
  shippingCost: string;
  taxRate: string;
  taxAmount: string;
  taxLines?: readonly OrderTaxLine[] | null;
  total: string;
  currency?: string | null;
};

export type AmountRow = {
  kind: 'original' | 'discount' | 'subtotal' | 'shipping' | 'tax';
  label: string;
  /** Signed: the discount is negative. */
  cents: Cents;
  /** '$12.34', '-$5.00'. */
  text: string;
};

export type OrderAmounts = {
  rows: AmountRow[];
  total: { label: 'Total'; cents: Cents; text: string };
  currency: string;
  /** 'GST/HST registration number: 123456789 RT0001', for the taxes this order was charged. */
  registrations: string[];
};

export const TAX_LABELS: Record<TaxCode, string> = {
  GST: 'GST',
  HST: 'HST',
  PST: 'PST',
  QST: 'QST',
  RST: 'RST',
  TAX: 'Tax',
};

/** "25.00" -> "25", "14.975" -> "14.975", "12.50" -> "12.5". */
export function percentText(value: string | number): string {
  const text = String(value).trim();
  return text.includes('.') ? text.replace(/\.?0+$/, '') || '0' : text || '0';
}

const cents = (value: string | null | undefined) => toCents(value) ?? 0;

/**
 * An amount with its currency code, where a '$' alone could be read as another dollar: '$354.98 CAD',
 * '354,98 $ CAD' in French.
 */
export function formatWithCurrency(amountCents: Cents, currency: string, locale: Locale = 'en'): string {
  return `${formatCents(amountCents, locale)} ${currency}`;
}

export function orderAmounts(
  order: OrderAmountsInput,
  registrations: TaxRegistrations | null = null,
): OrderAmounts {
  const currency = order.currency || 'CAD';
  const subtotal = cents(order.subtotal);
  const discount = cents(order.discountAmount);
  const rows: AmountRow[] = [];
  if (discount > 0) {
    rows.push(
      {
        kind: 'original',
        label: 'Original Price',
        cents: subtotal + discount,
        text: formatCents(subtotal + discount),
      },
      {
        kind: 'discount',
        label: discountLabel(order.discountPercentage),
        cents: -discount,
        text: `-${formatCents(discount)}`,
      },
    );
  }
  rows.push(
    { kind: 'subtotal', label: 'Subtotal', cents: subtotal, text: formatCents(subtotal) },
    {
      kind: 'shipping',
      label: 'Shipping',
      cents: cents(order.shippingCost),
      text: formatCents(cents(order.shippingCost)),
    },
  );
  const lines = order.taxLines ?? [];
  if (lines.length > 0) {
    for (const line of lines) {
      const amount = cents(line.amount);
      rows.push({
        kind: 'tax',
        label: `${TAX_LABELS[line.code]} (${percentText(line.rate)}%)`,
        cents: amount,
        text: formatCents(amount),
      });
    }
  } else {
    // No stored lines: an order without tax (shipped to the US), or one stored without them. Its tax
    // is what the total holds beyond subtotal and shipping, never below 0, so the lines add up.
    const derived = receiptTaxCents(order);
    rows.push({
      kind: 'tax',
      label: `Tax (${percentText(derived > 0 ? order.taxRate : '0')}%)`,
      cents: derived,
      text: formatCents(derived),
    });
  }
  const total = cents(order.total);
  return {
    rows,
    total: { label: 'Total', cents: total, text: formatWithCurrency(total, currency) },
    currency,
    registrations: registrationLines(lines, rows, registrations),
  };
}

/** The registration numbers an order's taxes call for, among those the store has set. */
function registrationLines(
  lines: readonly OrderTaxLine[],
  rows: readonly AmountRow[],
  registrations: TaxRegistrations | null,
): string[] {
  const taxCents = rows.filter((r) => r.kind === 'tax').reduce((sum, r) => sum + r.cents, 0);
  if (!registrations || taxCents <= 0) return [];
  const codes = new Set(lines.map((l) => l.code));
  const out: string[] = [];
  // Every Canadian sale carries GST or HST; a combined line (an order stored before the split) too.
  if (
    registrations.gstHst &&
    (codes.size === 0 || codes.has('GST') || codes.has('HST') || codes.has('TAX'))
  ) {
    out.push(`GST/HST registration number: ${registrations.gstHst}`);
  }
  if (registrations.qst && codes.has('QST')) out.push(`QST registration number: ${registrations.qst}`);
  if (registrations.pst && (codes.has('PST') || codes.has('RST'))) {
    out.push(`PST registration number: ${registrations.pst}`);
  }
  return out;
}
