// Audit Log (/admin/audit, administrators): every administrator change, newest first, with filters by
// action, kind of record, user and days, a text search, paging, and each change shown field by field
// (docs/decisions/0261-audit-log-screen.md).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { AUDIT_LOG_PAGE_SIZE, AuditLogQuerySchema } from '~/shared/schemas/admin-reports-audit-log';
import { Button } from '~/client/components/ui/button';
import { inputClasses, SelectField, TextField } from '~/client/components/ui/form-fields';
import { Pager } from '~/client/components/ui/pager';
import { DataTable } from '~/client/components/ui/table';
import { ApiError } from '~/client/lib/api';
import { AuditChange } from './audit-change';
import { type AuditLogParams, auditLogFiltersQueryOptions, auditLogQueryOptions } from './api';

const COLUMNS = ['When', 'User', 'Action', 'Record', 'Change'];

type Filters = Omit<AuditLogParams, 'page' | 'limit' | 'q'>;
const NO_FILTERS: Filters = { action: '', entity: '', userId: '', from: '', to: '' };

function when(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? iso
    : d.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

export default function AuditLogTab() {
  const [searchText, setSearchText] = useState('');
  const [q, setQ] = useState('');
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);

  // Searching waits for a pause in typing, and starts again at page 1.
  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(searchText.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [searchText]);

  const setFilter = (key: keyof Filters, value: string) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPage(1);
  };

  const params: AuditLogParams = { page, limit: AUDIT_LOG_PAGE_SIZE, q, ...filters };
  // The API's own rules: a start after the end is named under the fields and nothing is asked.
  const check = AuditLogQuerySchema.safeParse(
    Object.fromEntries(Object.entries(params).filter(([, v]) => v !== '')),
  );
  const problem = check.success ? null : (check.error.issues[0]?.message ?? 'Check the filters.');

  const choices = useQuery(auditLogFiltersQueryOptions());
  const list = useQuery({
    ...auditLogQueryOptions(params),
    enabled: check.success,
    placeholderData: keepPreviousData,
  });
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const filtered = q !== '' || Object.values(filters).some((v) => v !== '');

  return (
    <div className="grid gap-4">
      <h2 className="text-xl font-semibold">Audit Log</h2>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <div className="grid content-start gap-1.5">
          <label htmlFor="audit-search" className="text-sm font-medium text-slate-800">
            Search the audit log
          </label>
          <input
            id="audit-search"
            type="search"
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            placeholder="Record number, user or any value..."
            className={inputClasses()}
          />
        </div>
        <SelectField
          label="Action"
          value={filters.action}
          onChange={(e) => setFilter('action', e.target.value)}
        >
          <option value="">All actions</option>
          {choices.data?.actions.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Record"
          value={filters.entity}
          onChange={(e) => setFilter('entity', e.target.value)}
        >
          <option value="">All records</option>
          {choices.data?.entities.map((e) => (
            <option key={e} value={e}>
              {e}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="User"
          value={filters.userId}
          onChange={(e) => setFilter('userId', e.target.value)}
        >
          <option value="">All users</option>
          {choices.data?.users.map((u) => (
            <option key={u.id} value={String(u.id)}>
              {u.username}
            </option>
          ))}
        </SelectField>
        <TextField
          label="From"
          type="date"
          value={filters.from}
          onChange={(e) => setFilter('from', e.target.value)}
        />
        <TextField
          label="To"
          type="date"
          value={filters.to}
          onChange={(e) => setFilter('to', e.target.value)}
          error={problem ?? undefined}
        />
      </div>
      {filtered && (
        <div>
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              setFilters(NO_FILTERS);
              setSearchText('');
              setQ('');
              setPage(1);
            }}
          >
            Clear filters
          </Button>
        </div>
      )}
      <DataTable
        columns={COLUMNS}
        minWidthClassName="min-w-[860px]"
        error={
          list.isError
            ? {
                title: 'Failed to load the audit log',
                message:
                  (list.error instanceof ApiError && list.error.serverMessage) ||
                  'The audit log could not be loaded.',
                onRetry: () => list.refetch(),
              }
            : null
        }
        pending={list.isPending && check.success}
        empty={items.length === 0}
        emptyText={filtered ? 'No changes match these filters.' : 'No changes have been recorded yet.'}
      >
        {items.map((entry) => (
          <tr key={entry.id} className="border-t border-slate-100 align-top" data-testid="audit-row">
            <td className="px-3 py-2 whitespace-nowrap">
              <time dateTime={entry.createdAt}>{when(entry.createdAt)}</time>
            </td>
            <td className="px-3 py-2">
              {entry.username ?? (
                <span className="text-slate-500">{entry.userId ? 'Deleted user' : 'System'}</span>
              )}
            </td>
            <td className="px-3 py-2">{entry.action}</td>
            <td className="px-3 py-2 whitespace-nowrap">
              {entry.entity}
              {entry.entityId && <span className="text-slate-600"> #{entry.entityId}</span>}
            </td>
            <td className="max-w-md px-3 py-2">
              <AuditChange before={entry.before} after={entry.after} />
            </td>
          </tr>
        ))}
      </DataTable>
      <Pager page={page} pageSize={AUDIT_LOG_PAGE_SIZE} total={total} onPageChange={setPage} noun="changes" />
    </div>
  );
}
