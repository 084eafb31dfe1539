// The Overview tab (/admin, /admin/overview): the summary cards, the 'Demo Mode' notice, the last 30 days
// and the products low on stock, linking to the products tab's 'Low stock' filter.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { LowStock } from '~/shared/schemas/admin-dashboard';
import { LoadError } from '~/client/components/ui/load-error';
import { PageSpinner } from '~/client/components/ui/page-spinner';
import { dashboardQueryOptions } from './api';
import { DashboardSummary } from './dashboard-summary';

/** The products tab filtered to low stock (products-tab.tsx reads `stock=low`). */
const LOW_STOCK_LINK = '/admin/products?stock=low';

function LowStockCard({ lowStock }: { lowStock: LowStock }) {
  const { threshold, count, products } = lowStock;
  return (
    <section
      aria-labelledby="low-stock-heading"
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="low-stock-heading" className="text-lg font-semibold">
          Low stock
        </h2>
        <p className="text-sm text-slate-600">
          {threshold === 0
            ? 'The low-stock threshold is 0: no product is listed.'
            : `Active products with 1 to ${threshold} ${threshold === 1 ? 'unit' : 'units'} left`}
        </p>
      </div>
      <p className="mt-2 text-2xl font-bold" data-testid="low-stock-count">
        {count.toLocaleString('en-US')}
      </p>
      {products.length > 0 && (
        <ul className="mt-2 divide-y divide-slate-100 text-sm">
          {products.map((p) => (
            <li key={p.id} className="flex justify-between gap-3 py-1.5">
              <span className="min-w-0">
                <span className="font-medium">{p.name}</span>{' '}
                {p.lotNumber && <span className="text-xs text-slate-500">Lot {p.lotNumber}</span>}
              </span>
              <span className="whitespace-nowrap">{p.stock} left</span>
            </li>
          ))}
        </ul>
      )}
      {count > 0 && (
        <Link
          to={LOW_STOCK_LINK}
          className="mt-3 inline-flex min-h-11 items-center text-sm font-medium text-brand-700 underline"
        >
          {count > products.length ? `See all ${count} products low on stock` : 'See them in Products'}
        </Link>
      )}
    </section>
  );
}

export default function OverviewTab() {
  const dashboard = useQuery(dashboardQueryOptions());
  if (dashboard.isPending) return <PageSpinner label="Loading the overview..." />;
  if (dashboard.isError) {
    return (
      <LoadError
        title="Failed to load the dashboard"
        message="The summary could not be loaded."
        onRetry={() => dashboard.refetch()}
      />
    );
  }
  return (
    <div className="grid gap-4">
      <h2 className="sr-only">Overview</h2>
      <DashboardSummary dashboard={dashboard.data} />
      <LowStockCard lowStock={dashboard.data.lowStock} />
    </div>
  );
}
