// One audit row's change, readable: for an edit, the fields that changed with their value before and
// after; for something created (nothing before) or deleted (nothing after), its fields; anything else
// (a list, a plain value) as Before / After.
import type { ReactNode } from 'react';

type Fields = Record<string, unknown>;
const isFields = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);
const SHOWN = 4;

/** A value as one line of text: strings as they are, nothing as '—', the rest as compact JSON. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export type ChangeLine = { field: string; before?: string; after?: string };

/** The lines of a change, changed fields only when both sides are records. */
export function changeLines(before: unknown, after: unknown): ChangeLine[] {
  const hasBefore = before !== null && before !== undefined;
  const hasAfter = after !== null && after !== undefined;
  if (isFields(before) && isFields(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys
      .filter((k) => !same(before[k], after[k]))
      .map((k) => ({ field: k, before: valueText(before[k]), after: valueText(after[k]) }));
  }
  if (!hasBefore && isFields(after))
    return Object.entries(after).map(([k, v]) => ({ field: k, after: valueText(v) }));
  if (!hasAfter && isFields(before))
    return Object.entries(before).map(([k, v]) => ({ field: k, before: valueText(v) }));
  const lines: ChangeLine[] = [];
  if (hasBefore || hasAfter)
    lines.push({
      field: 'value',
      ...(hasBefore ? { before: valueText(before) } : {}),
      ...(hasAfter ? { after: valueText(after) } : {}),
    });
  return lines;
}

function Line({ line }: { line: ChangeLine }) {
  let value: ReactNode;
  if (line.before !== undefined && line.after !== undefined) {
    value = (
      <>
        <del className="text-red-700">{line.before}</del>
        <span aria-hidden="true"> → </span>
        <span className="sr-only"> changed to </span>
        <ins className="text-emerald-800 no-underline">{line.after}</ins>
      </>
    );
  } else value = line.after ?? line.before;
  return (
    <div className="grid grid-cols-[minmax(5rem,auto)_1fr] gap-2">
      <dt className="font-medium text-slate-600">{line.field}</dt>
      <dd className="break-all">{value}</dd>
    </div>
  );
}

export function AuditChange({ before, after }: { before: unknown; after: unknown }) {
  const lines = changeLines(before, after);
  if (lines.length === 0) return <span className="text-slate-400">No change recorded</span>;
  const rest = lines.slice(SHOWN);
  return (
    <div className="grid gap-1 text-xs">
      <dl className="grid gap-1">
        {lines.slice(0, SHOWN).map((l) => (
          <Line key={l.field} line={l} />
        ))}
      </dl>
      {rest.length > 0 && (
        <details>
          <summary className="cursor-pointer text-slate-600">
            {rest.length} more field{rest.length === 1 ? '' : 's'}
          </summary>
          <dl className="mt-1 grid gap-1">
            {rest.map((l) => (
              <Line key={l.field} line={l} />
            ))}
          </dl>
        </details>
      )}
    </div>
  );
}
