import { queryOptions, useQuery } from '@tanstack/react-query';
import { WEEKDAYS } from '~/shared/constants';
import type { Locale } from '~/shared/i18n/locales';
import type { SiteConfig } from '~/shared/schemas/site-config';

/**
 * Store-wide facts (name, contact address, pickup province, newsletter variant, the store's date), used
 * across features. The root route loads it, so server-rendered pages carry it to the browser.
 */
export const siteConfigQueryOptions = () => queryOptions<SiteConfig>({ queryKey: ['/api/site-config'] });

/**
 * The store's date (yyyy-mm-dd, in its time zone) as the server gave it with the page; undefined until the
 * site configuration has loaded. Pages use it, never the browser's clock, so the HTML and the hydrated page
 * agree (docs/decisions/0093-store-date-in-the-site-configuration.md).
 */
export function useStoreToday(): string | undefined {
  return useQuery(siteConfigQueryOptions()).data?.today;
}

const FRENCH_WEEKDAYS = ['Dimanche', 'Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi'] as const;

/**
 * The weekday's name ('Thursday', 'Jeudi') of a yyyy-mm-dd date. French names are capitalised: they
 * begin the discount badge ('Jeudi : 20 % de rabais').
 */
export function weekdayName(date: string, locale: Locale = 'en'): string {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return (locale === 'fr' ? FRENCH_WEEKDAYS[day] : WEEKDAYS[day]) ?? '';
}
