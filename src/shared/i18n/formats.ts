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

/**
 * French writes the first day of a month as an ordinal: '1er décembre 2026', never '1 décembre' (the
 * OQLF's rule; Intl does not apply it). Every other day, and English, is Intl's text as it is.
 */
function format(locale: Locale, options: Intl.DateTimeFormatOptions, value: DateInput): string {
  const formatter = dateFormatter(locale, options);
  const date = asDate(value);
  if (locale !== 'fr' || options.day === '2-digit') return formatter.format(date);
  return formatter
    .formatToParts(date)
    .map((part) => (part.type === 'day' && part.value === '1' ? '1er' : part.value))
    .join('');
}

/** A date: 'November 24, 2026' / '24 novembre 2026' unless `options` say otherwise (a `timeZone` too). */
export function formatDate(
  value: DateInput,
  locale: Locale,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'long' },
): string {
  return format(locale, options, value);
}

/** A date and time: 'November 24, 2026 at 3:05 PM' / '24 novembre 2026 à 15 h 05'. */
export function formatDateTime(
  value: DateInput,
  locale: Locale,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'long', timeStyle: 'short' },
): string {
  return format(locale, options, value);
}

/** A calendar date entered as yyyy-mm-dd (an estimated delivery): the same day in every time zone. */
export function formatCalendarDate(date: string, locale: Locale): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) return date;
  const utc = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return format(locale, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }, utc);
}

/** A whole count with the language's grouping: '1,234' / '1 234' (a no-break space). */
export function formatNumber(value: number, locale: Locale): string {
  return value.toLocaleString(INTL[locale]);
}
