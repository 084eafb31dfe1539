// Reports (/admin/reports, administrators): sales over a chosen range of the store's days, by day, week
// or month, with a chart and the figures; sales by category and by product; and the tax report's CSV for
// filing (docs/decisions/0260-sales-and-tax-reports.md). The range is checked with the API's own schema
// before anything is asked.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formatMoney, toCents, formatCents } from '~/shared/money';
import {
  REPORT_GROUPINGS,
  type ReportGrouping,
  type SalesFigures,
  type SalesPeriod,
  SalesReportQuerySchema,
} from '~/shared/schemas/admin-reports';
import { BarChart } from '~/client/components/ui/bar-chart';
import { Button, buttonClasses } from '~/client/components/ui/button';
import { Card } from '~/client/components/ui/card';
import { SelectField, TextField } from '~/client/components/ui/form-fields';
import { PageSpinner } from '~/client/components/ui/page-spinner';
import { LoadError } from '~/client/components/ui/load-error';
import { DataTable } from '~/client/components/ui/table';
import { ApiError } from '~/client/lib/api';
import { siteConfigQueryOptions } from '~/client/lib/site-config';
import {
  categorySalesQueryOptions,
  productSalesQueryOptions,
  type ReportRange,
  salesReportQueryOptions,
  taxReportHref,
} from './api';
import { LiabilityCard } from './liability-card';
import { GiftCardsCard } from './gift-cards-card';
import { SalesByChannel } from './sales-by-channel';
import { TillSessionsCard } from './till-sessions-card';

const GROUPING_LABELS: Record<ReportGrouping, string> = { day: 'Day', week: 'Week', month: 'Month' };
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const monthStart = (date: string) => `${date.slice(0, 7)}-01`;

/** The quick ranges, each ending no later than today. */
function presets(today: string): { label: string; range: ReportRange; by: ReportGrouping }[] {
  const firstOfMonth = monthStart(today);
  const lastMonthEnd = addDays(firstOfMonth, -1);
  return [
    { label: 'Last 7 days', range: { from: addDays(today, -6), to: today }, by: 'day' },
    { label: 'Last 30 days', range: { from: addDays(today, -29), to: today }, by: 'day' },
    { label: 'This month', range: { from: firstOfMonth, to: today }, by: 'day' },
    { label: 'Last month', range: { from: monthStart(lastMonthEnd), to: lastMonthEnd }, by: 'day' },
    { label: 'This year', range: { from: `${today.slice(0, 4)}-01-01`, to: today }, by: 'month' },
  ];
}

/** How a period reads: '2026-01-05', 'Week of 2026-01-05', 'Jan 2026'. */
export function periodLabel(period: Pick<SalesPeriod, 'start' | 'end'>, by: ReportGrouping): string {
  if (by === 'day') return period.start;
  if (by === 'week') return `Week of ${period.start}`;
  return `${MONTHS[Number(period.start.slice(5, 7)) - 1]} ${period.start.slice(0, 4)}`;
}

const failure = (error: unknown, fallback: string) =>
  (error instanceof ApiError && error.serverMessage) || fallback;

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p className="mt-1 text-xl font-bold" data-testid={testId}>
        {value}
      </p>
    </div>
  );
}

function FiguresCells({ f }: { f: SalesFigures }) {
  return (
    <>
      <td className="px-3 py-2">{f.orders}</td>
      <td className="px-3 py-2">{formatMoney(f.sales)}</td>
      <td className="px-3 py-2">{formatMoney(f.codeDiscounts)}</td>
      <td className="px-3 py-2">{formatMoney(f.shipping)}</td>
      <td className="px-3 py-2">{formatMoney(f.tax)}</td>
      <td className="px-3 py-2">{formatMoney(f.total)}</td>
      <td className="px-3 py-2">{formatMoney(f.refunds)}</td>
      <td className="px-3 py-2 font-medium">{formatMoney(f.net)}</td>
    </>
  );
}

const ITEM_COLUMNS = ['Orders', 'Units', 'Sales', 'Refunds', 'Net sales'];

function ItemCells({
  r,
}: {
  r: { orders: number; units: number; sales: string; refunds: string; net: string };
}) {
  return (
    <>
      <td className="px-3 py-2">{r.orders}</td>
      <td className="px-3 py-2">{r.units}</td>
      <td className="px-3 py-2">{formatMoney(r.sales)}</td>
      <td className="px-3 py-2">{formatMoney(r.refunds)}</td>
      <td className="px-3 py-2 font-medium">{formatMoney(r.net)}</td>
    </>
  );
}

function SalesByCategory({ range }: { range: ReportRange }) {
  const report = useQuery({ ...categorySalesQueryOptions(range), placeholderData: keepPreviousData });
  const rows = report.data?.rows ?? [];
  return (
    <Card title="Sales by category" headingLevel={3} description="Each product counts in its category today.">
      <DataTable
        columns={['Category', ...ITEM_COLUMNS]}
        minWidthClassName="min-w-[640px]"
        error={
          report.isError
            ? {
                title: 'Failed to load sales by category',
                message: failure(report.error, 'The report could not be loaded.'),
                onRetry: () => report.refetch(),
              }
            : null
        }
        pending={report.isPending}
        empty={rows.length === 0}
        emptyText="No sales in this range."
      >
        {rows.map((r) => (
          <tr key={r.categoryId ?? 'none'} className="border-t border-slate-100" data-testid="category-row">
            <td className="px-3 py-2 font-medium">{r.name}</td>
            <ItemCells r={r} />
          </tr>
        ))}
        {rows.length > 0 && report.data && (
          <tr className="border-t border-slate-300 font-semibold">
            <td className="px-3 py-2">All categories</td>
            <ItemCells r={report.data.totals} />
          </tr>
        )}
      </DataTable>
    </Card>
  );
}

function SalesByProduct({ range }: { range: ReportRange }) {
  const report = useQuery({ ...productSalesQueryOptions(range), placeholderData: keepPreviousData });
  const rows = report.data?.rows ?? [];
  const count = report.data?.productCount ?? 0;
  return (
    <Card
      title="Sales by product"
      headingLevel={3}
      description={
        count > rows.length
          ? `The ${rows.length} best sellers by net sales, of ${count.toLocaleString('en-US')} products sold.`
          : 'Best sellers first, by net sales.'
      }
    >
      <DataTable
        columns={['Product', 'Lot', ...ITEM_COLUMNS]}
        minWidthClassName="min-w-[760px]"
        error={
          report.isError
            ? {
                title: 'Failed to load sales by product',
                message: failure(report.error, 'The report could not be loaded.'),
                onRetry: () => report.refetch(),
              }
            : null
        }
        pending={report.isPending}
        empty={rows.length === 0}
        emptyText="No sales in this range."
      >
        {rows.map((r) => (
          <tr key={r.productId ?? 'gone'} className="border-t border-slate-100" data-testid="product-row">
            <td className="px-3 py-2 font-medium">{r.name}</td>
            <td className="px-3 py-2">{r.lotNumber ?? <span className="text-slate-400">—</span>}</td>
            <ItemCells r={r} />
          </tr>
        ))}
      </DataTable>
    </Card>
  );
}

/** The tab starts from the store's today (the site configuration's), so it waits for it. */
export default function ReportsTab() {
  const site = useQuery(siteConfigQueryOptions());
  if (site.isPending) return <PageSpinner />;
  // Without the site configuration, the browser's UTC date is a fair starting point the fields can change.
  return <Reports today={site.data?.today ?? new Date().toISOString().slice(0, 10)} />;
}

function Reports({ today }: { today: string }) {
  const [draft, setDraft] = useState<ReportRange>(() => ({ from: addDays(today, -29), to: today }));
  const [by, setBy] = useState<ReportGrouping>('day');
  const [applied, setApplied] = useState<{ range: ReportRange; by: ReportGrouping }>({ range: draft, by });

  // The API's own rules (real dates, start before end, at most a year by day); a bad range is named
  // under the fields and the figures of the last good one stay.
  const check = SalesReportQuerySchema.safeParse({ ...draft, by });
  const problem = check.success ? null : (check.error.issues[0]?.message ?? 'Choose a valid range.');
  useEffect(() => {
    if (check.success) setApplied({ range: { from: check.data.from, to: check.data.to }, by: check.data.by });
  }, [check.success, check.data?.from, check.data?.to, check.data?.by]);

  const sales = useQuery({
    ...salesReportQueryOptions(applied.range, applied.by),
    placeholderData: keepPreviousData,
  });
  const report = sales.data;

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">Reports</h2>
        <a href={taxReportHref(applied.range)} download className={buttonClasses('outline')}>
          Download tax report (CSV)
        </a>
      </div>
      <Card
        title="Range"
        headingLevel={3}
        description="Days in the store's time zone, both included. Sales are orders whose payment was taken; refunds are subtracted on the order's day."
      >
        <div className="grid gap-3 sm:grid-cols-3">
          <TextField
            label="From"
            type="date"
            value={draft.from}
            max={today}
            onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))}
            error={problem && !check.error?.issues.some((i) => i.path[0] === 'to') ? problem : undefined}
          />
          <TextField
            label="To"
            type="date"
            value={draft.to}
            onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
            error={problem && check.error?.issues.some((i) => i.path[0] === 'to') ? problem : undefined}
          />
          <SelectField label="Group by" value={by} onChange={(e) => setBy(e.target.value as ReportGrouping)}>
            {REPORT_GROUPINGS.map((g) => (
              <option key={g} value={g}>
                {GROUPING_LABELS[g]}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="mt-3 flex flex-wrap gap-2">
          {presets(today).map((p) => (
            <Button
              key={p.label}
              variant="outline"
              size="sm"
              onClick={() => {
                setDraft(p.range);
                setBy(p.by);
              }}
            >
              {p.label}
            </Button>
          ))}
        </div>
      </Card>

      {sales.isError ? (
        <LoadError
          title="Failed to load the sales report"
          message={failure(sales.error, 'The report could not be loaded.')}
          onRetry={() => sales.refetch()}
          retryLabel="Try Again"
        />
      ) : (
        <>
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-live="polite">
            <Figure
              label="Paid orders"
              value={report ? String(report.totals.orders) : '…'}
              testId="report-orders"
            />
            <Figure
              label="Sales (goods)"
              value={report ? formatMoney(report.totals.sales) : '…'}
              testId="report-sales"
            />
            <Figure
              label="Refunds"
              value={report ? formatMoney(report.totals.refunds) : '…'}
              testId="report-refunds"
            />
            <Figure
              label="Net (charged − refunds)"
              value={report ? formatMoney(report.totals.net) : '…'}
              testId="report-net"
            />
          </div>
          <Card
            title={report ? `Sales by ${report.by}` : 'Sales'}
            headingLevel={3}
            description={report ? `${report.from} to ${report.to}` : undefined}
          >
            {report && (
              <BarChart
                caption={`Net per ${report.by}`}
                summary={`Net per ${report.by}, ${report.from} to ${report.to}`}
                points={report.periods.map((p) => ({
                  key: p.start,
                  label: periodLabel(p, report.by),
                  value: toCents(p.net) ?? 0,
                }))}
                format={formatCents}
              />
            )}
            <div className="mt-4">
              <DataTable
                columns={[
                  'Period',
                  'Orders',
                  'Sales',
                  'Discount codes',
                  'Shipping',
                  'Tax',
                  'Total',
                  'Refunds',
                  'Net',
                ]}
                minWidthClassName="min-w-[760px]"
                pending={sales.isPending}
                empty={false}
                emptyText=""
              >
                {report?.periods.map((p) => (
                  <tr key={p.start} className="border-t border-slate-100" data-testid="period-row">
                    <td className="px-3 py-2 whitespace-nowrap">{periodLabel(p, report.by)}</td>
                    <FiguresCells f={p} />
                  </tr>
                ))}
                {report && (
                  <tr className="border-t border-slate-300 font-semibold">
                    <td className="px-3 py-2">Total</td>
                    <FiguresCells f={report.totals} />
                  </tr>
                )}
              </DataTable>
            </div>
          </Card>
          {report && <SalesByChannel report={report} />}
        </>
      )}
      <SalesByCategory range={applied.range} />
      <SalesByProduct range={applied.range} />
      <TillSessionsCard range={applied.range} />
      <LiabilityCard today={today} />
      <GiftCardsCard />
    </div>
  );
}
