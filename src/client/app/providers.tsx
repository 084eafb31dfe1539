import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Tooltip } from 'radix-ui';
import type { ReactNode } from 'react';
import { SiteContext } from '../lib/head';

export type SiteInfo = { origin: string; storeName: string };

/** Tooltip delays from the specification: 700 ms, skip delay 300 ms. */
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
      <SiteContext.Provider value={site}>
        <Tooltip.Provider delayDuration={700} skipDelayDuration={300}>
          {children}
        </Tooltip.Provider>
      </SiteContext.Provider>
    </QueryClientProvider>
  );
}
