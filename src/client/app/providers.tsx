import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SiteContext } from '~/client/lib/head';

export type SiteInfo = { origin: string; storeName: string };

export function Providers({
  queryClient,
  site,
  children,
}: {
  queryClient: QueryClient;
  site: SiteInfo;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <SiteContext.Provider value={site}>{children}</SiteContext.Provider>
    </QueryClientProvider>
  );
}
