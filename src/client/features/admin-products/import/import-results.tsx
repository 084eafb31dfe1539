import { clsx } from 'clsx';
import { Card } from '~/client/components/ui/card';
import type { ImportResults } from './use-import-jobs';

/** The bar under the uploads: 0 to 100, named for what runs. */
export function ProgressBar({ value, label }: { value: number; label: string }) {
  return (
    <div className="grid gap-1">
      <div className="flex justify-between text-xs text-slate-600">
        <span>{label}</span>
        <span>{Math.round(value)}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(value)}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}

/** The figures of the last import or pictures-only upload, then its messages (skipped rows, unmatched pictures). */
export function ImportResultsCard({ results }: { results: ImportResults }) {
  return (
    <Card title="Import Results">
      {results.kind === 'import' ? (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="import-results">
          <Stat label="Total rows" value={results.result.total} />
          <Stat label="Imported" value={results.result.success} />
          <Stat label="Errors" value={results.result.errors} bad={results.result.errors > 0} />
          <Stat label="Images matched" value={results.result.images.matched} />
        </dl>
      ) : (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="import-results">
          <Stat label="Images" value={results.result.total} />
          <Stat label="Matched" value={results.result.matched} />
          <Stat label="Unmatched" value={results.result.unmatched} bad={results.result.unmatched > 0} />
          <Stat label="Errors" value={results.result.errors} bad={results.result.errors > 0} />
        </dl>
      )}
      {results.result.messages.length > 0 && (
        <ul
          className="mt-4 max-h-72 list-disc overflow-y-auto rounded-md bg-slate-50 py-2 pr-2 pl-6 text-sm"
          aria-label="Import messages"
        >
          {results.result.messages.map((m, i) => (
            <li key={i}>{m}</li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function Stat({ label, value, bad }: { label: string; value: number; bad?: boolean }) {
  return (
    <div className="rounded-md border border-slate-200 p-3">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className={clsx('text-xl font-bold', bad && 'text-red-700')}>{value.toLocaleString('en-US')}</dd>
    </div>
  );
}
