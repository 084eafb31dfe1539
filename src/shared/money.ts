import type { Locale } from './i18n/locales';

// Money is integer cents in code, `numeric(10,2)` in the database and "12.34" strings in JSON.

export type Cents = number;

/**
 * Parses a decimal amount ("12.34", "12.345", 12.3, " 7 ") into integer cents, rounding half up at
 * the third decimal. Strings are parsed as decimals, never through floating point. Returns null for
 * anything that is not a finite decimal.
 */
export function toCents(value: string | number | null | undefined): Cents | null {
  if (value === null || value === undefined) return null;
  const text =
    typeof value === 'number' ? (Number.isFinite(value) ? numberToPlainString(value) : '') : value.trim();
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return null;
  const sign = match[1] === '-' ? -1 : 1;
  const whole = match[2] === '' ? 0 : Number.parseInt(match[2]!, 10);
  const fraction = (match[3] ?? '').padEnd(3, '0');
  let cents = whole * 100 + Number.parseInt(fraction.slice(0, 2), 10);
  if (Number.parseInt(fraction[2]!, 10) >= 5) cents += 1;
  if (!Number.isSafeInteger(cents)) return null;
  return cents === 0 ? 0 : sign * cents; // never -0 ("-0.001" is 0 cents, not minus zero)
}

function numberToPlainString(n: number): string {
  // Avoid exponent notation for tiny or huge numbers.
  return Math.abs(n) < 1e-6
    ? '0'
    : n.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 10 });
}

/** Integer cents to the API's two-decimal string: 1234 -> "12.34", -5 -> "-0.05". */
export function centsToString(cents: Cents): string {
  const rounded = Math.round(cents);
  const sign = rounded < 0 ? '-' : '';
  const abs = Math.abs(rounded);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Display: '$12.34' (English) or '12,34 $' (French). A missing or unparseable value shows zero. */
export function formatMoney(value: string | number | null | undefined, locale: Locale = 'en'): string {
  return formatCents(toCents(value) ?? 0, locale);
}

/**
 * Display integer cents with thousands separators: 123456 -> '$1,234.56' in English, '1 234,56 $' in
 * Canadian French (Office québécois de la langue française: comma decimals, a space between thousands
 * and before the sign; the spaces are no-break so an amount never wraps).
 */
export function formatCents(cents: Cents, locale: Locale = 'en'): string {
  const rounded = Math.round(cents);
  const sign = rounded < 0 ? '-' : '';
  const abs = Math.abs(rounded);
  const centsText = String(abs % 100).padStart(2, '0');
  if (locale === 'fr') {
    const dollars = Math.floor(abs / 100)
      .toString()
      .replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
    return `${sign}${dollars},${centsText}\u00a0$`;
  }
  const dollars = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}$${dollars}.${centsText}`;
}
