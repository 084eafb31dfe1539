// The page's language for components: `useLocale()` and `useT(namespace)` over the shared catalogues
// (src/shared/i18n/catalogues.ts). A page never changes language in place (the switcher loads the other
// address), so this is a plain context rather than react-i18next's subscriptions, which would add
// about 6 KB gzipped to every browse page (docs/decisions/0340-french-store-and-i18next.md).
import type { TFunction } from 'i18next';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { DEFAULT_LOCALE, type Locale } from '~/shared/i18n/locales';
import { translator } from '~/shared/i18n/catalogues';

const LocaleContext = createContext<Locale>(DEFAULT_LOCALE);

export function LocaleProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  return <LocaleContext.Provider value={locale}>{children}</LocaleContext.Provider>;
}

export function useLocale(): Locale {
  return useContext(LocaleContext);
}

/** The translate function of one namespace in the page's language. */
export function useT(namespace: string): TFunction {
  const locale = useLocale();
  return useMemo(() => translator(locale, namespace), [locale, namespace]);
}
