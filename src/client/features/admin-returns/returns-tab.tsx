// The admin's Returns tab: the queue by state (counts on each), filtered by reason and a search (return
// number, order reference, name, e-mail); a row opens the return's detail with its photos and steps.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { RETURN_REASONS, RETURN_STATUSES, type ReturnListQuery } from '~/shared/schemas/returns';
import { Button } from '~/client/components/ui/button';
import { SelectField, TextField } from '~/client/components/ui/form-fields';
import { LoadError } from '~/client/components/ui/load-error';
import { listReturns } from './api';
import { REASON_LABELS, STATUS_LABELS } from './labels';
import { ReturnDetail } from './return-detail';

export default function ReturnsTab() {
  const [query, setQuery] = useState<ReturnListQuery>({ status: 'requested' });
  const [search, setSearch] = useState('');
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useQuery({ queryKey: ['admin-returns', query], queryFn: () => listReturns(query) });
  if (openId !== null)
    return <ReturnDetail id={openId} onBack={() => setOpenId(null)} onChanged={() => void list.refetch()} />;
  return (
    <div className="grid gap-4">
      <h2 className="text-xl font-semibold">Returns</h2>
      <nav aria-label="Return states" className="flex flex-wrap gap-2">
        {RETURN_STATUSES.map((s) => (
          <Button
            key={s}
            size="sm"
            variant={query.status === s ? 'primary' : 'outline'}
            aria-pressed={query.status === s}
            onClick={() => setQuery({ ...query, status: s })}
          >
            {STATUS_LABELS[s]} ({list.data?.counts[s] ?? 0})
          </Button>
        ))}
        <Button
          size="sm"
          variant={query.status === undefined ? 'primary' : 'outline'}
          aria-pressed={query.status === undefined}
          onClick={() => setQuery({ ...query, status: undefined })}
        >
          All
        </Button>
      </nav>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery({ ...query, q: search.trim() || undefined });
        }}
      >
        <SelectField
          label="Reason"
          value={query.reason ?? ''}
          onChange={(e) =>
            setQuery({ ...query, reason: (e.target.value || undefined) as ReturnListQuery['reason'] })
          }
        >
          <option value="">Any reason</option>
          {RETURN_REASONS.map((r) => (
            <option key={r} value={r}>
              {REASON_LABELS[r]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Search"
          placeholder="RMA-000012, ORD-…, name or e-mail"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Button type="submit" variant="outline">
          Search
        </Button>
      </form>
      {list.isError && (
        <LoadError
          title="The returns could not be loaded"
          message="Please try again."
          onRetry={() => void list.refetch()}
        />
      )}
      {list.data && list.data.returns.length === 0 && <p className="text-slate-600">No returns here.</p>}
      {list.data && list.data.returns.length > 0 && (
        <table className="w-full text-left text-sm" data-testid="returns-table">
          <thead>
            <tr className="border-b border-slate-200">
              <th scope="col" className="py-2">
                Return
              </th>
              <th scope="col">Order</th>
              <th scope="col">Customer</th>
              <th scope="col">Reason</th>
              <th scope="col">Units</th>
              <th scope="col">Photos</th>
              <th scope="col">State</th>
              <th scope="col">Asked</th>
            </tr>
          </thead>
          <tbody>
            {list.data.returns.map((r) => (
              <tr key={r.id} className="border-b border-slate-100">
                <td className="py-2">
                  <Button size="sm" variant="ghost" onClick={() => setOpenId(r.id)}>
                    {r.number}
                  </Button>
                </td>
                <td>{r.orderReference}</td>
                <td>{r.customerName}</td>
                <td>
                  {REASON_LABELS[r.reason]}
                  {r.defectClaim && <span className="ml-1 font-semibold">(warranty claim)</span>}
                </td>
                <td>{r.units}</td>
                <td>{r.photos}</td>
                <td>{STATUS_LABELS[r.status]}</td>
                <td>{r.createdAt.slice(0, 10)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
