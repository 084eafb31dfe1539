// The mapping step of a manifest upload (docs/decisions/0461-manifest-intake-a-shop-can-trust.md): one
// column per field, the file's first rows, the supplier's grade words, and the first lines as drafts,
// previewed again after every change before anything is created.
import { useState } from 'react';
import { PRODUCT_CONDITION_LABELS } from '~/shared/condition';
import { PRODUCT_CONDITIONS, type ProductCondition } from '~/shared/constants';
import { MANIFEST_FIELD_LABELS, MANIFEST_FIELDS, REQUIRED_MANIFEST_FIELDS } from '~/shared/loads';
import { formatMoney } from '~/shared/money';
import { Button } from '~/client/components/ui/button';
import { SelectField } from '~/client/components/ui/form-fields';
import type { Grades, Mapping, Preview } from './api';

const conditionLabel = (c: string | null) =>
  c ? (PRODUCT_CONDITION_LABELS[c as ProductCondition] ?? c) : 'Not a condition of the store';

/** The file's first rows, each under its column. */
function SampleRows({ preview }: { preview: Preview }) {
  return (
    <section className="overflow-x-auto" aria-label="First rows of the file">
      <table className="min-w-full text-left text-xs">
        <caption className="sr-only">First rows of the file</caption>
        <thead>
          <tr>
            {preview.columns.map((c) => (
              <th key={c} scope="col" className="border-b px-2 py-1 font-semibold">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {preview.rows.map((row, i) => (
            <tr key={i}>
              {preview.columns.map((c, j) => (
                <td key={c} className="border-b px-2 py-1">
                  {row[j] ?? ''}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The first lines as they would be drafted with the mapping shown, or why each would not be. */
function DraftPreview({ preview }: { preview: Preview }) {
  return (
    <section className="overflow-x-auto" aria-label="First drafts">
      <table className="min-w-full text-left text-xs">
        <caption className="mb-1 text-left text-sm font-semibold">
          First drafts ({preview.total} lines in the file)
        </caption>
        <thead>
          <tr>
            {['Row', 'Title', 'UPC/SKU', 'Brand', 'Quantity', 'Unit retail', 'Condition'].map((h) => (
              <th key={h} scope="col" className="border-b px-2 py-1 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {preview.drafts.map((d) => (
            <tr key={d.row}>
              <td className="border-b px-2 py-1">{d.row}</td>
              {d.problem ? (
                <td colSpan={6} className="border-b px-2 py-1 text-red-700">
                  Not drafted: {d.problem}
                </td>
              ) : (
                <>
                  <td className="border-b px-2 py-1">{d.title}</td>
                  <td className="border-b px-2 py-1">{d.upc ?? ''}</td>
                  <td className="border-b px-2 py-1">{d.brand ?? ''}</td>
                  <td className="border-b px-2 py-1">{d.quantity}</td>
                  <td className="border-b px-2 py-1">{formatMoney(d.unitRetail)}</td>
                  <td className="border-b px-2 py-1">{conditionLabel(d.condition)}</td>
                </>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The mapping of the manifest's columns to the intake's fields, and of its grade words to conditions. */
export function MappingForm({
  preview,
  pending,
  previewing = false,
  onApply,
  onPreview,
}: {
  preview: Preview;
  pending: boolean;
  previewing?: boolean;
  onApply: (mapping: Mapping, options: { grades: Grades; remap: boolean }) => void;
  onPreview?: (mapping: Mapping, grades: Grades) => void;
}) {
  const [mapping, setMapping] = useState<Mapping>(
    () => Object.fromEntries(MANIFEST_FIELDS.map((f) => [f, preview.mapping[f] ?? ''])) as Mapping,
  );
  const [grades, setGrades] = useState<Grades>({});
  const [remap, setRemap] = useState(false);
  const missing = REQUIRED_MANIFEST_FIELDS.filter((f) => !mapping[f]);
  const changeMapping = (next: Mapping) => {
    setMapping(next);
    onPreview?.(next, grades);
  };
  return (
    <form
      className="grid gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (missing.length === 0) onApply(mapping, { grades, remap });
      }}
    >
      <p className="text-sm text-slate-600">
        {preview.saved
          ? "This supplier's saved mapping is filled in; change it if the file differs."
          : 'Choose the column of each field. The mapping is saved for this supplier.'}
      </p>
      <SampleRows preview={preview} />
      <div className="grid gap-3 sm:grid-cols-3">
        {MANIFEST_FIELDS.map((f) => (
          <SelectField
            key={f}
            label={MANIFEST_FIELD_LABELS[f]}
            optional={!REQUIRED_MANIFEST_FIELDS.includes(f)}
            value={mapping[f]}
            error={missing.includes(f) ? `Choose the column for ${MANIFEST_FIELD_LABELS[f]}.` : undefined}
            onChange={(e) => changeMapping({ ...mapping, [f]: e.target.value })}
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
      {preview.grades.length > 0 && (
        <fieldset className="grid gap-3 sm:grid-cols-3">
          <legend className="mb-1 text-sm font-semibold">Grades in this file</legend>
          {preview.grades.map((g) => (
            <SelectField
              key={g.word}
              label={`"${g.word}" (${g.lines} lines)`}
              value={grades[g.word] ?? g.condition ?? ''}
              error={!grades[g.word] && !g.condition ? 'Choose the condition for this grade.' : undefined}
              onChange={(e) => {
                const next = { ...grades, [g.word]: e.target.value };
                setGrades(next);
                onPreview?.(mapping, next);
              }}
            >
              <option value="" disabled>
                Choose a condition
              </option>
              {PRODUCT_CONDITIONS.map((c) => (
                <option key={c} value={c}>
                  {PRODUCT_CONDITION_LABELS[c]}
                </option>
              ))}
            </SelectField>
          ))}
        </fieldset>
      )}
      <DraftPreview preview={preview} />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={remap} onChange={(e) => setRemap(e.target.checked)} />
        Make this load's unpublished drafts again with this mapping
      </label>
      <div>
        <Button
          type="submit"
          pending={pending}
          pendingLabel="Creating drafts..."
          disabled={missing.length > 0 || previewing}
        >
          Create drafts
        </Button>
      </div>
    </form>
  );
}
