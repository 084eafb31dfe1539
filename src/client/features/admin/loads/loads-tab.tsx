// Loads (/admin/loads): record a load, upload its manifest, map the columns (saved per supplier), read
// the rows that were refused, review the drafts and publish them; each load's recovery with a chart, and
// the same figures per supplier (docs/decisions/0310-loads-and-manifest-intake.md).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { z } from 'zod';
import { PRODUCT_CONDITION_LABELS } from '~/shared/condition';
import type { ProductCondition } from '~/shared/constants';
import {
  MANIFEST_FIELD_LABELS,
  MANIFEST_FIELDS,
  type ManifestField,
  REQUIRED_MANIFEST_FIELDS,
} from '~/shared/loads';
import { formatMoney, toCents } from '~/shared/money';
import type {
  LoadReportSchema,
  LoadSummarySchema,
  ManifestPreviewSchema,
  ManifestResultSchema,
  PublishResultSchema,
  RecoveryFiguresSchema,
  SupplierReportSchema,
} from '~/shared/schemas/loads';
import { BarChart } from '~/client/components/ui/bar-chart';
import { Button } from '~/client/components/ui/button';
import { Card } from '~/client/components/ui/card';
import { SelectField, TextField } from '~/client/components/ui/form-fields';
import { DataTable } from '~/client/components/ui/table';
import { ApiError, apiRequest } from '~/client/lib/api';

type LoadSummary = z.infer<typeof LoadSummarySchema>;
type LoadReport = z.infer<typeof LoadReportSchema>;
type Preview = z.infer<typeof ManifestPreviewSchema>;
type ManifestResult = z.infer<typeof ManifestResultSchema>;
type Figures = z.infer<typeof RecoveryFiguresSchema>;
type Mapping = Record<ManifestField, string>;

const failure = (error: unknown, fallback: string) =>
  (error instanceof ApiError && error.serverMessage) || fallback;
const recovery = (f: Figures) => (f.recoveryPercent === null ? '—' : `${f.recoveryPercent}%`);
const days = (f: Figures) => (f.medianDaysToSell === null ? '—' : String(f.medianDaysToSell));

/** The percentage of retail drafts are priced at (rounded down to .99). */
function SuggestedPriceSetting() {
  const queryClient = useQueryClient();
  const setting = useQuery<{ percent: number }>({ queryKey: ['/api/admin/settings/suggested-price'] });
  const [percent, setPercent] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => apiRequest('PUT', '/api/admin/settings/suggested-price', { percent: Number(percent) }),
    onSuccess: () => {
      setPercent(null);
      return queryClient.invalidateQueries({ queryKey: ['/api/admin/settings/suggested-price'] });
    },
  });
  if (!setting.data) return null;
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <TextField
        label="Suggested price (% of retail)"
        hint="Drafts are priced at this share of the manifest's retail price, rounded down to .99."
        inputMode="numeric"
        value={percent ?? String(setting.data.percent)}
        onChange={(e) => setPercent(e.target.value)}
        error={save.isError ? failure(save.error, 'The percentage could not be saved.') : undefined}
      />
      <Button
        type="submit"
        variant="outline"
        disabled={percent === null}
        pending={save.isPending}
        pendingLabel="Saving..."
      >
        Save percentage
      </Button>
    </form>
  );
}

function CreateLoadForm() {
  const queryClient = useQueryClient();
  const [values, setValues] = useState({ supplier: '', receivedOn: '', reference: '', totalCost: '' });
  const create = useMutation({
    mutationFn: () => apiRequest('POST', '/api/admin/loads', values),
    onSuccess: () => {
      setValues({ supplier: '', receivedOn: '', reference: '', totalCost: '' });
      return queryClient.invalidateQueries({ queryKey: ['/api/admin/loads'] });
    },
  });
  const field = (name: keyof typeof values) => ({
    value: values[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <Card>
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-5 sm:items-end">
        <TextField label="Supplier" required {...field('supplier')} />
        <TextField label="Received on" type="date" required {...field('receivedOn')} />
        <TextField label="Reference" required {...field('reference')} />
        <TextField label="Total cost" inputMode="decimal" required {...field('totalCost')} />
        <Button type="submit" pending={create.isPending} pendingLabel="Saving...">
          Add load
        </Button>
      </form>
      {create.isError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {failure(create.error, 'The load could not be saved.')}
        </p>
      )}
    </Card>
  );
}

/** The mapping of the manifest's columns to the intake's fields: one choice per field. */
export function MappingForm({
  preview,
  pending,
  onApply,
}: {
  preview: Preview;
  pending: boolean;
  onApply: (mapping: Mapping) => void;
}) {
  const [mapping, setMapping] = useState<Mapping>(
    () => Object.fromEntries(MANIFEST_FIELDS.map((f) => [f, preview.mapping[f] ?? ''])) as Mapping,
  );
  const missing = REQUIRED_MANIFEST_FIELDS.filter((f) => !mapping[f]);
  return (
    <form
      className="grid gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (missing.length === 0) onApply(mapping);
      }}
    >
      <p className="text-sm text-slate-600">
        {preview.saved
          ? "This supplier's saved mapping is filled in; change it if the file differs."
          : 'Choose the column of each field. The mapping is saved for this supplier.'}
      </p>
      <div className="grid gap-3 sm:grid-cols-3">
        {MANIFEST_FIELDS.map((f) => (
          <SelectField
            key={f}
            label={MANIFEST_FIELD_LABELS[f]}
            optional={!REQUIRED_MANIFEST_FIELDS.includes(f)}
            value={mapping[f]}
            error={missing.includes(f) ? `Choose the column for ${MANIFEST_FIELD_LABELS[f]}.` : undefined}
            onChange={(e) => setMapping((m) => ({ ...m, [f]: e.target.value }))}
          >
            <option value="">Not in this file</option>
            {preview.columns.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </SelectField>
        ))}
      </div>
      <div>
        <Button
          type="submit"
          pending={pending}
          pendingLabel="Creating drafts..."
          disabled={missing.length > 0}
        >
          Create drafts
        </Button>
      </div>
    </form>
  );
}

function ManifestUpload({ loadId }: { loadId: number }) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [result, setResult] = useState<ManifestResult | null>(null);
  const send = (mapping?: Mapping) => {
    const form = new FormData();
    form.append('file', file!);
    if (mapping)
      form.append(
        'mapping',
        JSON.stringify(Object.fromEntries(Object.entries(mapping).map(([k, v]) => [k, v || null]))),
      );
    return apiRequest<Preview | ManifestResult>('POST', `/api/admin/loads/${loadId}/manifest`, form);
  };
  const read = useMutation({
    mutationFn: () => send() as Promise<Preview>,
    onSuccess: (p) => {
      setResult(null);
      setPreview(p);
    },
  });
  const apply = useMutation({
    mutationFn: (mapping: Mapping) => send(mapping) as Promise<ManifestResult>,
    onSuccess: (r) => {
      setResult(r);
      setPreview(null);
      return queryClient.invalidateQueries({ queryKey: ['/api/admin/loads'] });
    },
  });
  const error = read.error ?? apply.error;
  return (
    <Card>
      <h3 className="mb-2 font-semibold">Manifest</h3>
      <div className="flex flex-wrap items-end gap-3">
        <label className="grid gap-1 text-sm font-medium">
          Manifest CSV
          <input
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setPreview(null);
            }}
          />
        </label>
        <Button
          disabled={!file}
          pending={read.isPending}
          pendingLabel="Reading..."
          onClick={() => read.mutate()}
        >
          Read columns
        </Button>
      </div>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {failure(error, 'The manifest could not be read.')}
        </p>
      )}
      {preview && (
        <div className="mt-4 grid gap-3">
          <MappingForm
            key={preview.columns.join('\u0000')}
            preview={preview}
            pending={apply.isPending}
            onApply={(m) => apply.mutate(m)}
          />
        </div>
      )}
      {result && (
        <div className="mt-4 text-sm" role="status">
          <p>
            {result.created} drafts created, {result.alreadyCreated} already created, {result.errors} rows not
            imported.
          </p>
          {result.messages.length > 0 && (
            <ul className="mt-2 list-disc pl-5 text-red-700">
              {result.messages.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Card>
  );
}

function LoadDetail({ loadId }: { loadId: number }) {
  const queryClient = useQueryClient();
  const report = useQuery<LoadReport>({ queryKey: [`/api/admin/loads/${loadId}`] });
  const [selected, setSelected] = useState<number[]>([]);
  const publish = useMutation({
    mutationFn: () =>
      apiRequest<z.infer<typeof PublishResultSchema>>('POST', `/api/admin/loads/${loadId}/publish`, {
        productIds: selected,
      }),
    onSuccess: () => {
      setSelected([]);
      return queryClient.invalidateQueries({ queryKey: ['/api/admin/loads'] });
    },
  });
  const r = report.data;
  const drafts = r?.lots ?? [];
  return (
    <div className="grid gap-4">
      <ManifestUpload loadId={loadId} />
      {r && (
        <BarChart
          caption="Revenue per day"
          summary={`Revenue per day of load ${r.reference}`}
          points={r.days.map((d) => ({ key: d.date, label: d.date, value: (toCents(d.revenue) ?? 0) / 100 }))}
          format={(n) => formatMoney(n)}
        />
      )}
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-semibold">Lots</h3>
        <Button
          disabled={selected.length === 0}
          pending={publish.isPending}
          pendingLabel="Publishing..."
          onClick={() => publish.mutate()}
        >
          Publish selected
        </Button>
      </div>
      {publish.data && publish.data.messages.length > 0 && (
        <ul role="status" className="list-disc pl-5 text-sm text-red-700">
          {publish.data.messages.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
      <DataTable
        columns={[
          'Select',
          'Photo',
          'Lot',
          'Title',
          'Condition',
          'Price',
          'Retail',
          'Unit cost',
          'Stock',
          'Status',
        ]}
        minWidthClassName="min-w-[900px]"
        pending={report.isPending}
        empty={drafts.length === 0}
        emptyText="No lots yet: upload the manifest."
      >
        {drafts.map((d) => (
          <tr key={d.id} className="border-t border-slate-100">
            <td className="px-3 py-2">
              <input
                type="checkbox"
                aria-label={`Select ${d.lotNumber}`}
                disabled={d.active}
                checked={selected.includes(d.id)}
                onChange={(e) =>
                  setSelected((s) => (e.target.checked ? [...s, d.id] : s.filter((id) => id !== d.id)))
                }
              />
            </td>
            <td className="px-3 py-2">
              {d.imageUrl ? <img src={d.imageUrl} alt="" className="h-10 w-10 object-cover" /> : 'No photo'}
            </td>
            <td className="px-3 py-2">{d.lotNumber}</td>
            <td className="px-3 py-2">{d.name}</td>
            <td className="px-3 py-2">
              {PRODUCT_CONDITION_LABELS[d.condition as ProductCondition] ?? d.condition}
            </td>
            <td className="px-3 py-2">{formatMoney(d.price)}</td>
            <td className="px-3 py-2">{d.compareAtPrice ? formatMoney(d.compareAtPrice) : '—'}</td>
            <td className="px-3 py-2">{d.unitCost ? formatMoney(d.unitCost) : '—'}</td>
            <td className="px-3 py-2">{d.stock}</td>
            <td className="px-3 py-2">{d.active ? 'Published' : 'Draft'}</td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}

function FigureCells({ f }: { f: Figures }) {
  return (
    <>
      <td className="px-3 py-2">{formatMoney(f.cost)}</td>
      <td className="px-3 py-2">{f.unitsListed}</td>
      <td className="px-3 py-2">{f.unitsSold}</td>
      <td className="px-3 py-2">{formatMoney(f.revenue)}</td>
      <td className="px-3 py-2">{recovery(f)}</td>
      <td className="px-3 py-2">{days(f)}</td>
    </>
  );
}
const FIGURE_COLUMNS = ['Cost', 'Units listed', 'Units sold', 'Revenue', 'Recovery', 'Days to sell (median)'];

export default function LoadsTab() {
  const list = useQuery<LoadSummary[]>({ queryKey: ['/api/admin/loads'] });
  const suppliers = useQuery<z.infer<typeof SupplierReportSchema>>({
    queryKey: ['/api/admin/loads/report-by-supplier'],
  });
  const [open, setOpen] = useState<number | null>(null);
  const loads = list.data ?? [];
  return (
    <div className="grid gap-6">
      <CreateLoadForm />
      <SuggestedPriceSetting />
      <DataTable
        columns={['Reference', 'Supplier', 'Received', ...FIGURE_COLUMNS, 'Actions']}
        minWidthClassName="min-w-[960px]"
        pending={list.isPending}
        error={
          list.isError
            ? {
                title: 'Failed to load loads',
                message: 'The loads could not be loaded.',
                onRetry: () => list.refetch(),
              }
            : null
        }
        empty={loads.length === 0}
        emptyText="No loads yet."
      >
        {loads.map((l) => (
          <tr key={l.id} className="border-t border-slate-100">
            <td className="px-3 py-2">{l.reference}</td>
            <td className="px-3 py-2">{l.supplier}</td>
            <td className="px-3 py-2">{l.receivedOn}</td>
            <FigureCells f={l.figures} />
            <td className="px-3 py-2 text-right">
              <Button variant="outline" size="sm" onClick={() => setOpen(open === l.id ? null : l.id)}>
                {open === l.id ? 'Close' : 'Open'}
              </Button>
            </td>
          </tr>
        ))}
      </DataTable>
      {open !== null && <LoadDetail loadId={open} />}
      <h2 className="text-lg font-semibold">By supplier</h2>
      <DataTable
        columns={['Supplier', 'Loads', ...FIGURE_COLUMNS]}
        minWidthClassName="min-w-[760px]"
        pending={suppliers.isPending}
        empty={(suppliers.data ?? []).length === 0}
        emptyText="No loads yet."
      >
        {(suppliers.data ?? []).map((s) => (
          <tr key={s.supplier} className="border-t border-slate-100">
            <td className="px-3 py-2">{s.supplier}</td>
            <td className="px-3 py-2">{s.loads}</td>
            <FigureCells f={s.figures} />
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
