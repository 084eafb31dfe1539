// /pos. This module is in the main bundle, so it stays tiny: the server and the first browser render
// show 'Loading the till...', and only after mount does the browser fetch the till's chunk (pos-page.tsx).
// Shoppers never download it; the page is never indexed.
import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { Seo } from '~/client/lib/head';
import { useHydrated } from '~/client/lib/use-hydrated';

const PosPage = lazy(() => import('./pos-page'));

function PosLoading() {
  return (
    <div className="flex items-center justify-center py-24" role="status">
      <p className="text-slate-600">Loading the till...</p>
    </div>
  );
}

function PosRoute() {
  const mounted = useHydrated();
  return (
    <div className="mx-auto w-full max-w-6xl px-3 py-4">
      <Seo title="Till" noIndex />
      {mounted ? (
        <Suspense fallback={<PosLoading />}>
          <PosPage />
        </Suspense>
      ) : (
        <PosLoading />
      )}
    </div>
  );
}

export function posRoutes(_queryClient: QueryClient): RouteObject[] {
  return [{ path: 'pos', element: <PosRoute /> }];
}
