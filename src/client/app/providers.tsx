import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SiteContext } from '~/client/lib/head';
import { LocaleProvider } from '~/client/lib/i18n';
import { DEFAULT_LOCALE, type Locale } from '~/shared/i18n/locales';

export type SiteInfo = { origin: string; storeName: string };

export function Providers({
  queryClient,
  site,
  locale = DEFAULT_LOCALE,
  children,
}: {
  queryClient: QueryClient;
  site: SiteInfo;
  locale?: Locale;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <SiteContext.Provider value={site}>
        <LocaleProvider locale={locale}>{children}</LocaleProvider>
      </SiteContext.Provider>
    </QueryClientProvider>
  );
}
