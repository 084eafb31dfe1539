// Dates and numbers in the page's language. English keeps the formats the store always showed
// ('November 24, 2026', '1,234', the en-US conventions the specification's screens were written
// with); French is Canadian French ('24 novembre 2026', '1 234'). Money is src/shared/money.ts.
import type { Locale } from './locales';

const INTL: Record<Locale, string> = { en: 'en-US', fr: 'fr-CA' };

/** Creating an Intl formatter costs far more than using one: one per language and shape, kept. */
const dateFormatters = new Map<string, Intl.DateTimeFormat>();
function dateFormatter(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let found = dateFormatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(INTL[locale], options);
    dateFormatters.set(key, found);
  }
  return found;
}

type DateInput = Date | string | number;
const asDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

/** A date: 'November 24, 2026' / '24 novembre 2026' unless `options` say otherwise (a `timeZone` too). */
export function formatDate(
  value: DateInput,
  locale: Locale,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'long' },
): string {
  return dateFormatter(locale, options).format(asDate(value));
}

/** A date and time: 'November 24, 2026 at 3:05 PM' / '24 novembre 2026 à 15 h 05'. */
export function formatDateTime(
  value: DateInput,
  locale: Locale,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'long', timeStyle: 'short' },
): string {
  return dateFormatter(locale, options).format(asDate(value));
}

/** A whole count with the language's grouping: '1,234' / '1 234' (a no-break space). */
export function formatNumber(value: number, locale: Locale): string {
  return value.toLocaleString(INTL[locale]);
}
