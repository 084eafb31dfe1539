// The administrator's dashboard: summary cards, the demo notice, the last 30 days, and the tabs
// (kept in the URL). Each tab is its own chunk, loaded when opened.
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { Link } from 'react-router';
import type { CurrentUser } from '~/client/features/auth';
import { dashboardQueryOptions } from './api';
import { DashboardSummary } from './dashboard/dashboard-summary';
import { AdminLoading } from './admin-loading';
import { ADMIN_TAB_LABELS, ADMIN_TABS, type AdminTab } from './tabs';
import { LoadError } from '~/client/components/ui/load-error';
import { Spinner } from '~/client/components/ui/spinner';

const TAB_COMPONENTS: Record<AdminTab, LazyExoticComponent<ComponentType>> = {
  products: lazy(() => import('./products/products-tab')),
  discounts: lazy(() => import('./discounts/discounts-tab')),
  shipping: lazy(() => import('./shipping/shipping-tab')),
  taxes: lazy(() => import('./taxes/taxes-tab')),
  content: lazy(() => import('./content/content-tab')),
  import: lazy(() => import('./import/import-tab')),
  orders: lazy(() => import('./orders/orders-tab')),
  users: lazy(() => import('./users/users-tab')),
};

function TabLoading() {
  return (
    <div className="flex items-center gap-2 py-12 text-sm text-slate-600" role="status">
      <Spinner /> Loading...
    </div>
  );
}

export function AdminShell({ tab, user }: { tab: AdminTab; user: CurrentUser }) {
  const dashboard = useQuery(dashboardQueryOptions());
  if (dashboard.isPending) return <AdminLoading />;
  const TabComponent = TAB_COMPONENTS[tab];
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-6 sm:py-8">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">Admin Dashboard</h1>
          <p className="text-sm text-slate-600">Signed in as {user.username}</p>
        </div>
      </div>
      {dashboard.isError ? (
        <LoadError
          title="Failed to load the dashboard"
          message="The summary could not be loaded."
          onRetry={() => dashboard.refetch()}
        />
      ) : (
        <DashboardSummary dashboard={dashboard.data} />
      )}
      <nav aria-label="Admin sections" className="-mx-4 overflow-x-auto px-4">
        <ul className="flex min-w-max gap-1 rounded-lg bg-slate-100 p-1">
          {ADMIN_TABS.map((t) => (
            <li key={t}>
              <Link
                to={`/admin/${t}`}
                aria-current={t === tab ? 'page' : undefined}
                className={clsx(
                  'block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap',
                  t === tab ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
                )}
              >
                {ADMIN_TAB_LABELS[t]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-label={ADMIN_TAB_LABELS[tab]}>
        <Suspense fallback={<TabLoading />}>
          <TabComponent />
        </Suspense>
      </section>
    </div>
  );
}
