// /admin and /admin/{tab}. This module is in the main bundle, so it stays tiny: the server and the
// first browser render show 'Loading admin dashboard...', and only after mount does the browser fetch
// the admin chunk (admin-area.tsx). Shoppers never download it.
import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { type RouteObject, useParams } from 'react-router';
import { NotFoundPage } from '~/client/app/not-found-page';
import { Seo } from '~/client/lib/head';
import { useHydrated } from '~/client/lib/use-hydrated';
import { AdminLoading } from './admin-loading';
import { ADMIN_TABS, type AdminTab, DEFAULT_ADMIN_TAB } from './tabs';

const AdminArea = lazy(() => import('./admin-area'));

function AdminRoute() {
  const { tab = DEFAULT_ADMIN_TAB } = useParams();
  const mounted = useHydrated();
  if (!(ADMIN_TABS as readonly string[]).includes(tab)) return <NotFoundPage />;
  return (
    <>
      <Seo title="Admin" noIndex />
      {mounted ? (
        <Suspense fallback={<AdminLoading />}>
          <AdminArea tab={tab as AdminTab} />
        </Suspense>
      ) : (
        <AdminLoading />
      )}
    </>
  );
}

export function adminRoutes(_queryClient: QueryClient): RouteObject[] {
  return [
    { path: 'admin', element: <AdminRoute /> },
    { path: 'admin/:tab', element: <AdminRoute /> },
  ];
}
