// The money lines of a placed order, for every place that shows them: the confirmation page, the
// account's order card and details, the printable receipt and the confirmation e-mail
// (docs/decisions/0138-order-amounts-presenter.md). Nothing is recomputed: every figure is one the
// order stored at purchase, and the lines add up (regular price - discount = subtotal; subtotal - code +
// shipping + each tax = total). Every label and amount reads in the language asked for, English
// unless told: 'TPS (5 %)', '12,34 $' in French (docs/decisions/0360-orders-remember-their-language.md).
import type { TaxCode } from './constants';
import { DEFAULT_LOCALE, type Locale } from './i18n/locales';
import { type Cents, formatCents, toCents } from './money';
import { orderLabelsT, receiptTaxCents } from './orders';
import { discountLabel } from './pricing';
import type { OrderTaxLine } from './schemas/account';
import type { TaxRegistrations } from './schemas/site-config';

export type OrderAmountsInput = {
  subtotal: string;
  discountAmount: string;
  discountPercentage: string;
  /** The discount code and its saving, when the order used one (docs/decisions/0551-discount-code-at-checkout.md). */
  discountCode?: string | null;
  codeDiscountAmount?: string | null;
  shippingCost: string;
  taxRate: string;
  taxAmount: string;
  taxLines?: readonly OrderTaxLine[] | null;
  total: string;
  currency?: string | null;
  /** What the store has given back so far (tax included); refunds show below the total when above 0. */
  refundedAmount?: string | null;
  /** What store credit paid of the total at checkout; when above 0 the tenders show below the total. */
  storeCreditAmount?: string | null;
  /** What gift cards paid of the total at checkout (docs/decisions/0533-gift-cards.md). */
  giftCardAmount?: string | null;
};

export type AmountRow = {
  kind: 'original' | 'discount' | 'subtotal' | 'code' | 'shipping' | 'tax';
  label: string;
  /** Signed: the discount is negative. */
  cents: Cents;
  /** '$12.34', '-$5.00'; '12,34 $', '-5,00 $' in French. */
  text: string;
};

export type OrderAmounts = {
  rows: AmountRow[];
  /** 'Total' in both languages. */
  total: { label: string; cents: Cents; text: string };
  currency: string;
  /** 'GST/HST registration number: 123456789 RT0001', for the taxes this order was charged. */
  registrations: string[];
  /**
   * What was given back, subtracted from the total ('Refunded -$25.00', 'Total after refunds
   * $94.77 CAD'), or null when nothing was (docs/decisions/0490-order-page-timeline-and-refunds.md).
   */
  refund: { refunded: AmountLine; net: AmountLine } | null;
  /**
   * How the total was paid when store credit paid part or all of it ('Store credit -$12.34', 'Paid by
   * card $17.03'); empty when the card paid it all (docs/decisions/0531-paying-with-credit-and-gift-cards.md).
   */
  tenders: AmountLine[];
};

export type AmountLine = { label: string; cents: Cents; text: string };

/**
 * A tax's short name: GST, HST, PST, QST, RST, Tax; in French TPS, TVH, TVP, TVQ, and TVD for
 * Manitoba's retail sales tax (the name Manitoba's French bulletins give it), Taxes.
 */
export function taxLabel(code: TaxCode, locale: Locale = DEFAULT_LOCALE): string {
  const t = orderLabelsT(locale);
  switch (code) {
    case 'GST':
      return t('taxGST');
    case 'HST':
      return t('taxHST');
    case 'PST':
      return t('taxPST');
    case 'QST':
      return t('taxQST');
    case 'RST':
      return t('taxRST');
    default:
      return t('taxTAX');
  }
}

/** "25.00" -> "25", "14.975" -> "14.975", "12.50" -> "12.5"; in French a decimal comma: "9,975". */
export function percentText(value: string | number, locale: Locale = DEFAULT_LOCALE): string {
  const text = String(value).trim();
  const plain = text.includes('.') ? text.replace(/\.?0+$/, '') || '0' : text || '0';
  return locale === 'fr' ? plain.replace('.', ',') : plain;
}

/** A tax line's label: 'GST (5%)', 'QST (9.975%)'; 'TPS (5 %)', 'TVQ (9,975 %)' in French. */
export function taxLineLabel(code: TaxCode, rate: string | number, locale: Locale = DEFAULT_LOCALE): string {
  return orderLabelsT(locale)('taxLine', { label: taxLabel(code, locale), rate: percentText(rate, locale) });
}

const cents = (value: string | null | undefined) => toCents(value) ?? 0;

/**
 * An amount with its currency code, where a '$' alone could be read as another dollar: '$354.98 CAD',
 * '354,98 $ CAD' in French.
 */
export function formatWithCurrency(
  amountCents: Cents,
  currency: string,
  locale: Locale = DEFAULT_LOCALE,
): string {
  return `${formatCents(amountCents, locale)} ${currency}`;
}

/** The order's money lines in `locale` (English unless told), with the registration numbers its taxes call for. */
export function orderAmounts(
  order: OrderAmountsInput,
  registrations: TaxRegistrations | null = null,
  locale: Locale = DEFAULT_LOCALE,
): OrderAmounts {
  const t = orderLabelsT(locale);
  const money = (amount: Cents) => formatCents(amount, locale);
  const currency = order.currency || 'CAD';
  const subtotal = cents(order.subtotal);
  const discount = cents(order.discountAmount);
  const rows: AmountRow[] = [];
  if (discount > 0) {
    rows.push(
      {
        kind: 'original',
        label: t('originalPrice'),
        cents: subtotal + discount,
        text: money(subtotal + discount),
      },
      {
        kind: 'discount',
        label: discountLabel(order.discountPercentage, locale),
        cents: -discount,
        text: `-${money(discount)}`,
      },
    );
  }
  rows.push({ kind: 'subtotal', label: t('subtotal'), cents: subtotal, text: money(subtotal) });
  const code = cents(order.codeDiscountAmount);
  if (code > 0) {
    rows.push({
      kind: 'code',
      label: t('discountCodeRow', { code: order.discountCode ?? '' }),
      cents: -code,
      text: `-${money(code)}`,
    });
  }
  rows.push({
    kind: 'shipping',
    label: t('shipping'),
    cents: cents(order.shippingCost),
    text: money(cents(order.shippingCost)),
  });
  const lines = order.taxLines ?? [];
  if (lines.length > 0) {
    for (const line of lines) {
      const amount = cents(line.amount);
      rows.push({
        kind: 'tax',
        label: taxLineLabel(line.code, line.rate, locale),
        cents: amount,
        text: money(amount),
      });
    }
  } else {
    // No stored lines: an order without tax (shipped to the US), or one stored without them. Its tax
    // is what the total holds beyond subtotal and shipping, never below 0, so the lines add up.
    const derived = receiptTaxCents(order);
    rows.push({
      kind: 'tax',
      label: taxLineLabel('TAX', derived > 0 ? order.taxRate : '0', locale),
      cents: derived,
      text: money(derived),
    });
  }
  const total = cents(order.total);
  const refunded = Math.min(cents(order.refundedAmount), total);
  const credit = Math.min(cents(order.storeCreditAmount), total);
  const cards = Math.min(cents(order.giftCardAmount), total - credit);
  const tenders: AmountLine[] = [];
  if (credit > 0) tenders.push({ label: t('storeCreditRow'), cents: -credit, text: `-${money(credit)}` });
  if (cards > 0) tenders.push({ label: t('giftCardsRow'), cents: -cards, text: `-${money(cards)}` });
  if (tenders.length > 0) {
    const card = total - credit - cards;
    tenders.push({ label: t('paidByCardRow'), cents: card, text: money(card) });
  }
  return {
    tenders,
    rows,
    total: { label: t('total'), cents: total, text: formatWithCurrency(total, currency, locale) },
    currency,
    registrations: registrationLines(lines, rows, registrations, locale),
    refund:
      refunded > 0
        ? {
            refunded: { label: t('refundedRow'), cents: -refunded, text: `-${money(refunded)}` },
            net: {
              label: t('netTotal'),
              cents: total - refunded,
              text: formatWithCurrency(total - refunded, currency, locale),
            },
          }
        : null,
  };
}

/** The registration numbers an order's taxes call for, among those the store has set. */
function registrationLines(
  lines: readonly OrderTaxLine[],
  rows: readonly AmountRow[],
  registrations: TaxRegistrations | null,
  locale: Locale,
): string[] {
  const t = orderLabelsT(locale);
  const taxCents = rows.filter((r) => r.kind === 'tax').reduce((sum, r) => sum + r.cents, 0);
  if (!registrations || taxCents <= 0) return [];
  const codes = new Set(lines.map((l) => l.code));
  const out: string[] = [];
  // Every Canadian sale carries GST or HST; a combined line (an order stored before the split) too.
  if (
    registrations.gstHst &&
    (codes.size === 0 || codes.has('GST') || codes.has('HST') || codes.has('TAX'))
  ) {
    out.push(t('registrationGstHst', { number: registrations.gstHst }));
  }
  if (registrations.qst && codes.has('QST')) out.push(t('registrationQst', { number: registrations.qst }));
  if (registrations.pst && (codes.has('PST') || codes.has('RST'))) {
    // English names both 'PST'; French names Manitoba's tax TVD.
    const key = codes.has('PST') ? 'registrationPst' : 'registrationRst';
    out.push(t(key, { number: registrations.pst }));
  }
  return out;
}
