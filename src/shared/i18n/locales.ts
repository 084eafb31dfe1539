// The store's two languages and where each lives: English at the root, French under /fr.
// Decision: docs/decisions/0340-french-store-and-i18next.md.

export const LOCALES = ['en', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** `<html lang>`, hreflang and the Intl formats (money as `12,34 $` in French). */
export const LOCALE_TAGS: Record<Locale, string> = { en: 'en-CA', fr: 'fr-CA' };

/** The path prefix of the French store; English has none. */
export const FRENCH_PREFIX = '/fr';

export function isLocale(value: unknown): value is Locale {
  return value === 'en' || value === 'fr';
}

/** The language of a page path: `/fr` and `/fr/...` are French, everything else English. */
export function localeOfPath(pathname: string): Locale {
  return pathname === FRENCH_PREFIX || pathname.startsWith(`${FRENCH_PREFIX}/`) ? 'fr' : 'en';
}

/**
 * The router's basename for a language (React Router prefixes every link with it). French is `/fr/`
 * with its slash: a link to `/` is then `/fr/`, the French home's one address (`/fr` redirects there),
 * and `/products` is `/fr/products`.
 */
export function basenameOf(locale: Locale): string {
  return locale === 'fr' ? `${FRENCH_PREFIX}/` : '/';
}

/** The other language (the switcher's target). */
export const otherLocale = (locale: Locale): Locale => (locale === 'fr' ? 'en' : 'fr');

/** The cookie that remembers the language a shopper chose with the switcher (or by dismissing the suggestion). */
export const LANGUAGE_COOKIE = 'lang';

/** The same page without its language prefix: `/fr/products?page=2` becomes `/products?page=2`. */
export function unlocalizedPath(path: string): string {
  if (localeOfPath(path.split(/[?#]/)[0] ?? path) !== 'fr') return path;
  const rest = path.slice(FRENCH_PREFIX.length);
  return rest === '' || rest.startsWith('?') || rest.startsWith('#') ? `/${rest}` : rest;
}

/** A path of the English store (`/products`) in the given language (`/fr/products`; home is `/fr/`). */
export function localizedPath(path: string, locale: Locale): string {
  const plain = unlocalizedPath(path);
  return locale === 'fr' ? `${FRENCH_PREFIX}${plain}` : plain;
}

/**
 * The language an `Accept-Language` header asks for, or undefined when it names neither: the first
 * of our languages in the client's order of preference (q-values respected).
 */
export function localeFromAcceptLanguage(header: string | undefined): Locale | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return {
        language: tag.trim().toLowerCase().split('-')[0],
        weight: Number.isFinite(weight) ? weight : 0,
        index,
      };
    })
    .filter((r) => r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked.map((r) => r.language).find(isLocale);
}
