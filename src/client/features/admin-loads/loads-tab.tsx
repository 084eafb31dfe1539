// Loads (/admin/loads): record a load, upload its manifest, map the columns (saved per supplier), read
// the rows that were refused, review the drafts and publish them; each load's recovery with a chart, and
// the same figures per supplier (docs/decisions/0310-loads-and-manifest-intake.md).
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { z } from 'zod';
import { PRODUCT_CONDITION_LABELS } from '~/shared/condition';
import { PRODUCT_CONDITIONS, type ProductCondition } from '~/shared/constants';
import { formatMoney, toCents } from '~/shared/money';
import type {
  LoadDraftSchema,
  LoadReportSchema,
  LoadSummarySchema,
  PublishResultSchema,
  RecoveryFiguresSchema,
  SupplierReportSchema,
} from '~/shared/schemas/admin-loads';
import { BarChart } from '~/client/components/ui/bar-chart';
import { Button } from '~/client/components/ui/button';
import { Card } from '~/client/components/ui/card';
import { inputClasses, TextField } from '~/client/components/ui/form-fields';
import { DataTable } from '~/client/components/ui/table';
import { ApiError, apiRequest } from '~/client/lib/api';
import { type Grades, type ManifestResult, type Mapping, type Preview, sendManifest } from './api';
import { MappingForm } from './manifest-mapping';

type LoadSummary = z.infer<typeof LoadSummarySchema>;
type LoadReport = z.infer<typeof LoadReportSchema>;
type Lot = z.infer<typeof LoadDraftSchema>;
type Figures = z.infer<typeof RecoveryFiguresSchema>;

const failure = (error: unknown, fallback: string) =>
  (error instanceof ApiError && error.serverMessage) || fallback;
/**
 * Every answer about loads: the list, each load's report (its lots), the suppliers' figures. Query keys
 * are the URLs, so `['/api/admin/loads']` alone would leave `/api/admin/loads/7` stale.
 */
const refreshLoads = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({
    predicate: (query) => String(query.queryKey[0]).startsWith('/api/admin/loads'),
  });
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
      return refreshLoads(queryClient);
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

function ManifestUpload({ loadId }: { loadId: number }) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [result, setResult] = useState<ManifestResult | null>(null);
  const read = useMutation({
    mutationFn: () => sendManifest(loadId, file!) as Promise<Preview>,
    onSuccess: (p) => {
      setResult(null);
      setPreview(p);
    },
  });
  // Every change of the mapping or a grade shows the first drafts again; nothing is written.
  const again = useMutation({
    mutationFn: ({ mapping, grades }: { mapping: Mapping; grades: Grades }) =>
      sendManifest(loadId, file!, { mapping, grades, preview: true }) as Promise<Preview>,
    onSuccess: (p) => setPreview(p),
  });
  const apply = useMutation({
    mutationFn: ({ mapping, grades, remap }: { mapping: Mapping; grades: Grades; remap: boolean }) =>
      sendManifest(loadId, file!, { mapping, grades, remap }) as Promise<ManifestResult>,
    onSuccess: (r) => {
      setResult(r);
      setPreview(null);
      return refreshLoads(queryClient);
    },
  });
  const error = read.error ?? again.error ?? apply.error;
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
            previewing={again.isPending}
            onApply={(mapping, options) => apply.mutate({ mapping, ...options })}
            onPreview={(mapping, grades) => again.mutate({ mapping, grades })}
          />
        </div>
      )}
      {result && (
        <div className="mt-4 text-sm" role="status">
          <p>
            {result.created} drafts created, {result.alreadyCreated} already created
            {result.remapped > 0 ? `, ${result.remapped} made again` : ''}, {result.errors} rows not imported.
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

/**
 * One lot of the load. A draft is reviewed in place: Edit turns its title, description, UPC, condition,
 * price and stock into fields, saved on the version the table showed (only what changed is sent); a
 * lot on sale is changed in the Products tab.
 */
function LotRow({
  loadId,
  lot,
  selected,
  onSelect,
}: {
  loadId: number;
  lot: Lot;
  selected: boolean;
  onSelect: (checked: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [condition, setCondition] = useState(lot.condition);
  const [price, setPrice] = useState(lot.price);
  const [stock, setStock] = useState(String(lot.stock));
  const [text, setText] = useState(() => lotText(lot));
  const save = useMutation({
    mutationFn: () => {
      const before = lotText(lot);
      const changed = Object.fromEntries(
        (Object.keys(text) as (keyof LotText)[])
          .filter((k) => text[k] !== before[k])
          .map((k) => [k, text[k]]),
      );
      return apiRequest<Lot>('PATCH', `/api/admin/loads/${loadId}/lots/${lot.id}`, {
        version: lot.version,
        condition,
        price,
        stock: stock.trim() === '' ? 0 : Number(stock),
        ...changed,
      });
    },
    onSuccess: () => {
      setEditing(false);
      return refreshLoads(queryClient);
    },
    // A lot changed meanwhile: the fields and the table show it as it now is, the message says why.
    onError: (error) => {
      const current = error instanceof ApiError && error.status === 409 ? error.body?.lot : undefined;
      if (current && typeof current === 'object') {
        const now = current as Lot;
        setCondition(now.condition);
        setPrice(now.price);
        setStock(String(now.stock));
        setText(lotText(now));
      }
      return refreshLoads(queryClient);
    },
  });
  const startEditing = () => {
    setCondition(lot.condition);
    setPrice(lot.price);
    setStock(String(lot.stock));
    setText(lotText(lot));
    save.reset();
    setEditing(true);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const name = lot.lotNumber ?? lot.name;
  const formId = `lot-${lot.id}-edit`;
  return (
    <tr className="border-t border-slate-100 align-top">
      <td className="px-3 py-2">
        <input
          type="checkbox"
          aria-label={`Select ${lot.lotNumber}`}
          disabled={lot.active}
          checked={selected}
          onChange={(e) => onSelect(e.target.checked)}
        />
      </td>
      <td className="px-3 py-2">
        {lot.imageUrl ? <img src={lot.imageUrl} alt="" className="h-10 w-10 object-cover" /> : 'No photo'}
      </td>
      <td className="px-3 py-2">{lot.lotNumber}</td>
      <td className="px-3 py-2">
        {editing ? <LotTextFields name={name} formId={formId} text={text} onChange={setText} /> : lot.name}
      </td>
      {editing ? (
        <>
          <td className="px-3 py-2">
            <select
              form={formId}
              aria-label={`Condition of ${name}`}
              className={inputClasses()}
              value={condition}
              onChange={(e) => setCondition(e.target.value)}
            >
              {PRODUCT_CONDITIONS.map((c) => (
                <option key={c} value={c}>
                  {PRODUCT_CONDITION_LABELS[c]}
                </option>
              ))}
            </select>
          </td>
          <td className="px-3 py-2">
            <input
              form={formId}
              aria-label={`Price of ${name}`}
              inputMode="decimal"
              className={`${inputClasses()} w-24`}
              value={price}
              onChange={(e) => setPrice(e.target.value)}
            />
          </td>
        </>
      ) : (
        <>
          <td className="px-3 py-2">
            {PRODUCT_CONDITION_LABELS[lot.condition as ProductCondition] ?? lot.condition}
          </td>
          <td className="px-3 py-2">{formatMoney(lot.price)}</td>
        </>
      )}
      <td className="px-3 py-2">{lot.compareAtPrice ? formatMoney(lot.compareAtPrice) : '—'}</td>
      <td className="px-3 py-2">{lot.unitCost ? formatMoney(lot.unitCost) : '—'}</td>
      <td className="px-3 py-2">
        {editing ? (
          <input
            form={formId}
            aria-label={`Stock of ${name}`}
            inputMode="numeric"
            className={`${inputClasses()} w-20`}
            value={stock}
            onChange={(e) => setStock(e.target.value)}
          />
        ) : (
          lot.stock
        )}
      </td>
      <td className="px-3 py-2">{lot.active ? 'Published' : 'Draft'}</td>
      <td className="px-3 py-2 text-right">
        {editing ? (
          <form id={formId} className="flex flex-wrap justify-end gap-2" onSubmit={onSubmit}>
            <Button type="submit" size="sm" pending={save.isPending} pendingLabel="Saving...">
              Save
            </Button>
            <Button variant="outline" size="sm" onClick={() => setEditing(false)}>
              Cancel
            </Button>
            {save.isError && (
              <p role="alert" className="w-full text-left text-sm text-red-700">
                {failure(save.error, 'The lot could not be saved. Please try again.')}
              </p>
            )}
          </form>
        ) : (
          !lot.active && (
            <Button variant="outline" size="sm" aria-label={`Edit ${name}`} onClick={startEditing}>
              Edit
            </Button>
          )
        )}
      </td>
    </tr>
  );
}

type LotText = { name: string; description: string; upc: string; brand: string };
const lotText = (lot: Lot): LotText => ({
  name: lot.name,
  description: lot.description ?? '',
  upc: lot.upc ?? '',
  brand: lot.brand ?? '',
});

/** A draft's title, description, UPC and brand as fields (a manifest's wrong column is corrected here). */
function LotTextFields({
  name,
  formId,
  text,
  onChange,
}: {
  name: string;
  formId: string;
  text: LotText;
  onChange: (text: LotText) => void;
}) {
  return (
    <div className="grid min-w-56 gap-1">
      <input
        form={formId}
        aria-label={`Title of ${name}`}
        className={inputClasses()}
        value={text.name}
        onChange={(e) => onChange({ ...text, name: e.target.value })}
      />
      <textarea
        form={formId}
        aria-label={`Description of ${name}`}
        rows={2}
        className={inputClasses()}
        value={text.description}
        onChange={(e) => onChange({ ...text, description: e.target.value })}
      />
      <input
        form={formId}
        aria-label={`UPC of ${name}`}
        inputMode="numeric"
        placeholder="UPC"
        className={inputClasses()}
        value={text.upc}
        onChange={(e) => onChange({ ...text, upc: e.target.value })}
      />
      <input
        form={formId}
        aria-label={`Brand of ${name}`}
        placeholder="Brand"
        className={inputClasses()}
        value={text.brand}
        onChange={(e) => onChange({ ...text, brand: e.target.value })}
      />
    </div>
  );
}

/** The header's select-all box: every draft of the load (a lot on sale is not published again). */
function SelectAllDrafts({
  drafts,
  selected,
  onChange,
}: {
  drafts: number[];
  selected: number[];
  onChange: (ids: number[]) => void;
}) {
  const all = drafts.length > 0 && drafts.every((id) => selected.includes(id));
  return (
    <input
      type="checkbox"
      aria-label="Select all drafts"
      className="size-5 align-middle"
      checked={all}
      disabled={drafts.length === 0}
      onChange={(e) => onChange(e.target.checked ? drafts : [])}
    />
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
      return refreshLoads(queryClient);
    },
  });
  const r = report.data;
  const drafts = r?.lots ?? [];
  const draftIds = drafts.filter((d) => !d.active).map((d) => d.id);
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
          'Actions',
        ]}
        minWidthClassName="min-w-[1000px]"
        headerCells={{
          Select: <SelectAllDrafts drafts={draftIds} selected={selected} onChange={setSelected} />,
        }}
        pending={report.isPending}
        empty={drafts.length === 0}
        emptyText="No lots yet: upload the manifest."
      >
        {drafts.map((d) => (
          <LotRow
            key={d.id}
            loadId={loadId}
            lot={d}
            selected={selected.includes(d.id)}
            onSelect={(checked) =>
              setSelected((s) => (checked ? [...s, d.id] : s.filter((id) => id !== d.id)))
            }
          />
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
