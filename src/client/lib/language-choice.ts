// The shopper's remembered language: a `lang` cookie (a year, SameSite=Lax) written when they switch
// language or turn down the French suggestion. It is read only in the browser after hydration, so the
// HTML of an anonymous page stays the same for everybody and a CDN may keep it
// (docs/decisions/0342-language-switcher-and-suggestion.md).
import { isLocale, LANGUAGE_COOKIE, type Locale, localeFromAcceptLanguage } from '~/shared/i18n/locales';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export function rememberLanguage(locale: Locale) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: one small first-party cookie; the Cookie Store API is not in every browser the store supports.
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure}`;
}

export function rememberedLanguage(): Locale | undefined {
  const value = document.cookie
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === LANGUAGE_COOKIE)?.[1];
  return isLocale(value) ? value : undefined;
}

/** The store language the browser prefers (navigator.languages, in order), if it names one of ours. */
export function browserLanguage(): Locale | undefined {
  const languages = navigator.languages?.length ? navigator.languages : [navigator.language];
  return localeFromAcceptLanguage(languages.filter(Boolean).join(','));
}

/**
 * The language to suggest on a page in `pageLocale`: French to a browser that prefers it, arriving on
 * an English page with no remembered choice. Never English to anyone (the French store is where its
 * visitors chose or were sent to be).
 */
export function suggestedLanguage(pageLocale: Locale): Locale | undefined {
  if (pageLocale !== 'en' || rememberedLanguage()) return undefined;
  return browserLanguage() === 'fr' ? 'fr' : undefined;
}
