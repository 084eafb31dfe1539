// Summary cards, the 'Demo Mode' notice (only while the store runs on its demo data) and the last
// 30 days of orders and revenue as plain SVG bars.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatCents, formatMoney, toCents } from '~/shared/money';
import type { Dashboard, DashboardDay } from '~/shared/schemas/admin-dashboard';
import { Button } from '~/client/components/ui/button';
import { toast } from '~/client/components/ui/toast-store';
import { apiRequest } from '~/client/lib/api';
import { dashboardQueryOptions } from './api';

function SummaryCard({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-bold" data-testid={testId}>
        {value.toLocaleString('en-US')}
      </p>
    </div>
  );
}

function shortDate(date: string) {
  const [, m, d] = date.split('-');
  return `${Number(m)}/${Number(d)}`;
}

function Bars({
  days,
  value,
  label,
  format,
  colour,
}: {
  days: DashboardDay[];
  value: (d: DashboardDay) => number;
  label: string;
  format: (n: number) => string;
  colour: string;
}) {
  const values = days.map(value);
  const max = Math.max(1, ...values);
  const width = 300;
  const height = 100;
  const slot = width / days.length;
  const total = values.reduce((a, b) => a + b, 0);
  return (
    <figure className="grid gap-2">
      <figcaption className="flex items-baseline justify-between text-sm">
        <span className="font-medium">{label}</span>
        <span className="text-slate-600">Total {format(total)}</span>
      </figcaption>
      <svg
        viewBox={`0 0 ${width} ${height + 14}`}
        className="h-36 w-full"
        role="img"
        aria-label={`${label}, last 30 days`}
      >
        <line x1="0" x2={width} y1={height} y2={height} stroke="#cbd5e1" strokeWidth="0.5" />
        {days.map((d, i) => {
          const h = (values[i]! / max) * (height - 4);
          return (
            <rect
              key={d.date}
              x={i * slot + slot * 0.15}
              y={height - h}
              width={slot * 0.7}
              height={h}
              fill={colour}
              rx="0.8"
            >
              <title>{`${d.date}: ${format(values[i]!)}`}</title>
            </rect>
          );
        })}
        {[0, Math.floor(days.length / 2), days.length - 1].map((i) =>
          days[i] ? (
            <text
              key={i}
              x={i * slot + slot / 2}
              y={height + 11}
              fontSize="8"
              textAnchor="middle"
              fill="#64748b"
            >
              {shortDate(days[i]!.date)}
            </text>
          ) : null,
        )}
      </svg>
    </figure>
  );
}

export function DashboardSummary({ dashboard }: { dashboard: Dashboard }) {
  const queryClient = useQueryClient();
  const dismiss = useMutation({
    mutationFn: () => apiRequest('POST', '/api/admin/demo-mode/dismiss'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardQueryOptions().queryKey }),
    onError: () =>
      toast({ title: 'Error', description: 'The notice could not be dismissed.', variant: 'destructive' }),
  });
  return (
    <div className="grid gap-4">
      {dashboard.demoMode && (
        <div
          role="note"
          className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4"
        >
          <div>
            <p className="font-semibold text-amber-900">Demo Mode</p>
            <p className="mt-1 text-sm text-amber-900">
              This is a demo admin panel. In a production environment, this would be protected with proper
              authentication.
            </p>
          </div>
          <Button variant="outline" size="sm" onClick={() => dismiss.mutate()} disabled={dismiss.isPending}>
            Dismiss
          </Button>
        </div>
      )}
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <SummaryCard label="Total Products" value={dashboard.totalProducts} testId="total-products" />
        <SummaryCard label="Total Orders" value={dashboard.totalOrders} testId="total-orders" />
        <SummaryCard label="Pending Orders" value={dashboard.pendingOrders} testId="pending-orders" />
        <SummaryCard label="Active Discounts" value={dashboard.activeDiscounts} testId="active-discounts" />
      </div>
      <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm md:grid-cols-2">
        <Bars
          days={dashboard.days}
          value={(d) => d.orders}
          label="Orders per day"
          format={(n) => n.toLocaleString('en-US')}
          colour="#2563eb"
        />
        <Bars
          days={dashboard.days}
          value={(d) => toCents(d.revenue) ?? 0}
          label="Revenue per day (paid)"
          format={(n) => formatCents(n)}
          colour="#059669"
        />
        <details className="text-sm md:col-span-2">
          <summary className="cursor-pointer text-slate-600">Show the figures</summary>
          <table className="mt-2 w-full text-left">
            <thead>
              <tr className="border-b">
                <th className="py-1">Date</th>
                <th className="py-1">Orders</th>
                <th className="py-1">Revenue</th>
              </tr>
            </thead>
            <tbody>
              {dashboard.days.map((d) => (
                <tr key={d.date} className="border-b border-slate-100">
                  <td className="py-1">{d.date}</td>
                  <td className="py-1">{d.orders}</td>
                  <td className="py-1">{formatMoney(d.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </div>
    </div>
  );
}
