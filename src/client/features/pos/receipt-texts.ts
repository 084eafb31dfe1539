// The printed till receipt's texts in both languages, kept together here (not a `*.messages.ts`): the
// receipt reads in the customer's language, which need not be the page's, and the browser build loads
// only the page's language of a messages module (docs/decisions/0612-till-receipt.md). French follows
// Revenu Québec's receipts ('Nº de TPS/TVH', 'TVQ').
import type { TaxCode } from '~/shared/constants';
import type { Locale } from '~/shared/i18n/locales';

const EN = {
  receipt: 'Sales receipt',
  reference: 'Receipt code',
  date: 'Date',
  subtotal: 'Subtotal',
  discount: 'Discount',
  total: 'Total',
  cash: 'Cash',
  card: 'Card',
  gift_card: 'Gift card',
  store_credit: 'Store credit',
  rounding: 'Cash rounding',
  change: 'Change',
  thanks: 'Thank you for shopping with us. Keep this receipt for returns.',
  registrationGstHst: 'GST/HST registration number',
  registrationQst: 'QST registration number',
  registrationPst: 'PST registration number',
  GST: 'GST',
  HST: 'HST',
  PST: 'PST',
  QST: 'QST',
  RST: 'PST',
  TAX: 'Tax',
};
type Key = keyof typeof EN;
const FR: Record<Key, string> = {
  receipt: 'Reçu de vente',
  reference: 'Code du reçu',
  date: 'Date',
  subtotal: 'Sous-total',
  discount: 'Rabais',
  total: 'Total',
  cash: 'Comptant',
  card: 'Carte',
  gift_card: 'Carte-cadeau',
  store_credit: 'Crédit en magasin',
  rounding: 'Arrondi au comptant',
  change: 'Monnaie rendue',
  thanks: "Merci d'avoir magasiné chez nous. Gardez ce reçu pour les retours.",
  registrationGstHst: 'Nº de TPS/TVH',
  registrationQst: 'Nº de TVQ',
  registrationPst: 'Nº de TVP',
  GST: 'TPS',
  HST: 'TVH',
  PST: 'TVP',
  QST: 'TVQ',
  RST: 'TVD',
  TAX: 'Taxe',
};

export const receiptText = (locale: Locale) => (key: Key) => (locale === 'fr' ? FR : EN)[key];

/** 'GST (5%)', 'TVQ (9,975 %)': the rate is a percentage, as orders store it. */
export function receiptTaxLabel(code: TaxCode, rate: string, locale: Locale): string {
  const percent = Number(rate);
  const text = new Intl.NumberFormat(locale === 'fr' ? 'fr-CA' : 'en-CA', {
    maximumFractionDigits: 3,
  }).format(percent);
  return `${receiptText(locale)(code)} (${text}${locale === 'fr' ? '\u00a0%' : '%'})`;
}
