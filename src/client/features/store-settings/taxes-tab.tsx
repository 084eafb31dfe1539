// Canadian Tax Rates: a table with 'Refresh' and per-province editing. The total is GST plus PST/HST,
// each 0 to 20 with up to 3 decimals (Quebec's QST is 9.975).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { milliToRate, parseTaxRateInput, TAX_RATE_MAX } from '~/shared/schemas/store-settings-admin';
import type { TaxRate } from '~/shared/schemas/store-settings';
import { Button } from '~/client/components/ui/button';
import { Skeleton } from '~/client/components/ui/skeleton';
import { toast } from '~/client/components/ui/toast-store';
import { ApiError, apiRequest } from '~/client/lib/api';
import { adminTaxRatesQueryOptions } from './api';

type Draft = { gstRate: string; pstRate: string; active: boolean };

function rateError(label: string, value: string): string | null {
  const parsed = parseTaxRateInput(value);
  if (parsed.ok) return null;
  if (parsed.reason === 'decimals') return `${label} rate can have at most 3 decimal places`;
  if (parsed.reason === 'range') return `${label} rate must be between 0 and ${TAX_RATE_MAX}`;
  return `${label} rate must be a valid number`;
}

function EditRow({ rate, onDone }: { rate: TaxRate; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>({
    gstRate: rate.gstRate,
    pstRate: rate.pstRate,
    active: rate.active,
  });
  const gstError = rateError('GST', draft.gstRate);
  const pstError = rateError('PST/HST', draft.pstRate);
  const gst = parseTaxRateInput(draft.gstRate);
  const pst = parseTaxRateInput(draft.pstRate);
  const total = gst.ok && pst.ok ? milliToRate(gst.milli + pst.milli) : '—';

  const save = useMutation({
    mutationFn: () =>
      apiRequest<TaxRate>('PATCH', `/api/taxes/${rate.provinceCode}`, {
        provinceCode: rate.provinceCode,
        gstRate: draft.gstRate,
        pstRate: draft.pstRate,
        taxRate: total,
        active: draft.active,
      }),
    onSuccess: async () => {
      toast({ title: 'Success', description: `Tax rate for ${rate.provinceName} updated.` });
      await queryClient.invalidateQueries({
        predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith('/api/taxes'),
      });
      onDone();
    },
    onError: (error) =>
      toast({
        title: 'Update Failed',
        description: (error instanceof ApiError && error.serverMessage) || 'Failed to update tax rate',
        variant: 'destructive',
      }),
  });

  const input = (field: 'gstRate' | 'pstRate', label: string, error: string | null) => (
    <div>
      <label htmlFor={`${rate.provinceCode}-${field}`} className="sr-only">
        {label} for {rate.provinceName}
      </label>
      <input
        id={`${rate.provinceCode}-${field}`}
        type="number"
        inputMode="decimal"
        step="0.001"
        min={0}
        max={TAX_RATE_MAX}
        value={draft[field]}
        onChange={(e) => setDraft((d) => ({ ...d, [field]: e.target.value }))}
        aria-invalid={error ? true : undefined}
        className={`h-9 w-24 rounded-md border px-2 text-right text-sm ${error ? 'border-red-500' : 'border-slate-300'}`}
      />
      {error && <p className="mt-1 max-w-40 text-xs text-red-600">{error}</p>}
    </div>
  );

  return (
    <tr className="border-t border-slate-100 bg-brand-50/40" data-testid={`tax-row-${rate.provinceCode}`}>
      <td className="px-3 py-2">
        <div className="font-medium">{rate.provinceName}</div>
        <div className="text-xs text-slate-500">{rate.provinceCode}</div>
      </td>
      <td className="px-3 py-2">{input('gstRate', 'GST', gstError)}</td>
      <td className="px-3 py-2">{input('pstRate', 'PST/HST', pstError)}</td>
      <td className="px-3 py-2 font-semibold" aria-live="polite">
        {total}%
      </td>
      <td className="px-3 py-2">
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={draft.active}
            onChange={(e) => setDraft((d) => ({ ...d, active: e.target.checked }))}
          />
          Active
        </label>
      </td>
      <td className="px-3 py-2">
        <div className="flex justify-end gap-1">
          <Button
            size="sm"
            disabled={Boolean(gstError || pstError)}
            pending={save.isPending}
            onClick={() => save.mutate()}
          >
            Save
          </Button>
          <Button size="sm" variant="outline" onClick={onDone} disabled={save.isPending}>
            Cancel
          </Button>
        </div>
      </td>
    </tr>
  );
}

export default function TaxesTab() {
  const query = useQuery(adminTaxRatesQueryOptions());
  const [editing, setEditing] = useState<string | null>(null);

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold">Canadian Tax Rates</h2>
          <p className="text-sm text-slate-600">The total is GST plus PST/HST. Each rate is 0 to 20%.</p>
        </div>
        <Button variant="outline" onClick={() => query.refetch()} pending={query.isFetching}>
          Refresh
        </Button>
      </div>
      {query.isError ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          <p className="font-semibold">Error loading tax rates</p>
          <p className="mt-1">Failed to fetch tax rates</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => query.refetch()}>
            Retry
          </Button>
        </div>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full min-w-[680px] text-left text-sm">
            <thead className="bg-slate-50 text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Province
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  GST (%)
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  PST/HST (%)
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Total (%)
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Status
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody>
              {query.isPending &&
                Array.from({ length: 6 }, (_, i) => (
                  <tr key={i}>
                    <td colSpan={6} className="px-3 py-2">
                      <Skeleton className="h-8 w-full" />
                    </td>
                  </tr>
                ))}
              {query.data?.map((rate) =>
                editing === rate.provinceCode ? (
                  <EditRow key={rate.provinceCode} rate={rate} onDone={() => setEditing(null)} />
                ) : (
                  <tr
                    key={rate.provinceCode}
                    className="border-t border-slate-100"
                    data-testid={`tax-row-${rate.provinceCode}`}
                  >
                    <td className="px-3 py-2">
                      <div className="font-medium">{rate.provinceName}</div>
                      <div className="text-xs text-slate-500">{rate.provinceCode}</div>
                    </td>
                    <td className="px-3 py-2">{rate.gstRate}%</td>
                    <td className="px-3 py-2">{rate.pstRate}%</td>
                    <td className="px-3 py-2 font-semibold">{rate.taxRate}%</td>
                    <td className="px-3 py-2">
                      {rate.active ? 'Active' : <span className="text-slate-500">Inactive</span>}
                    </td>
                    <td className="px-3 py-2 text-right">
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Edit ${rate.provinceName}`}
                        onClick={() => setEditing(rate.provinceCode)}
                      >
                        Edit
                      </Button>
                    </td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
