// The outlet till's sessions over the report's range (docs/decisions/0600-till.md): who opened each,
// its paid sales and, once closed, the cash expected, counted and the variance (short or over), the
// variances added up.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatMoney, toCents } from '~/shared/money';
import type { TillSessionsReport } from '~/shared/schemas/admin-reports';
import { ApiError } from '~/client/lib/api';
import { Card } from '~/client/components/ui/card';
import { DataTable } from '~/client/components/ui/table';
import { type ReportRange, tillSessionsQueryOptions } from './api';

/** "$0.25 short", "$0.05 over", "Even"; '—' while the session is open. */
export function varianceText(variance: string | null): string {
  if (variance === null) return '—';
  const cents = toCents(variance) ?? 0;
  if (cents === 0) return 'Even';
  return `${formatMoney(String(Math.abs(cents) / 100))} ${cents < 0 ? 'short' : 'over'}`;
}

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-CA', { dateStyle: 'medium', timeStyle: 'short' });

function SessionRow({ s }: { s: TillSessionsReport['sessions'][number] }) {
  return (
    <tr className="border-t border-slate-100" data-testid="till-session-row">
      <td className="px-3 py-2 font-medium">{s.registerName}</td>
      <td className="px-3 py-2 whitespace-nowrap">{when(s.openedAt)}</td>
      <td className="px-3 py-2 whitespace-nowrap">{s.closedAt ? when(s.closedAt) : 'Open'}</td>
      <td className="px-3 py-2">{s.openedBy}</td>
      <td className="px-3 py-2 tabular-nums">{s.salesCount}</td>
      <td className="px-3 py-2 tabular-nums">{formatMoney(s.sales)}</td>
      <td className="px-3 py-2 tabular-nums">{s.expectedCash ? formatMoney(s.expectedCash) : '—'}</td>
      <td className="px-3 py-2 tabular-nums">{s.countedCash ? formatMoney(s.countedCash) : '—'}</td>
      <td className="px-3 py-2 tabular-nums">{varianceText(s.variance)}</td>
    </tr>
  );
}

export function TillSessionsCard({ range }: { range: ReportRange }) {
  const report = useQuery({ ...tillSessionsQueryOptions(range), placeholderData: keepPreviousData });
  const sessions = report.data?.sessions ?? [];
  return (
    <Card
      title="Till sessions"
      headingLevel={3}
      description="The outlet's till sessions opened in this range, with the cash counted at each close."
    >
      <DataTable
        columns={[
          'Register',
          'Opened',
          'Closed',
          'By',
          'Sales',
          'Paid',
          'Expected cash',
          'Counted',
          'Variance',
        ]}
        minWidthClassName="min-w-[860px]"
        error={
          report.isError
            ? {
                title: 'Failed to load the till sessions',
                message:
                  (report.error instanceof ApiError && report.error.serverMessage) ||
                  'The report could not be loaded.',
                onRetry: () => report.refetch(),
              }
            : null
        }
        pending={report.isPending}
        empty={sessions.length === 0}
        emptyText="No till sessions in this range."
      >
        {sessions.map((s) => (
          <SessionRow key={s.id} s={s} />
        ))}
        {sessions.length > 0 && report.data && (
          <tr className="border-t border-slate-300 font-semibold">
            <td className="px-3 py-2" colSpan={8}>
              All closed sessions
            </td>
            <td className="px-3 py-2 tabular-nums" data-testid="till-total-variance">
              {varianceText(report.data.totalVariance)}
            </td>
          </tr>
        )}
      </DataTable>
    </Card>
  );
}
