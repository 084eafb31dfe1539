import type { Dispatch, SetStateAction } from 'react';
import { Button } from './button';

/**
 * Below a paged table: what is shown (in a polite live region, empty when there is nothing) and
 * Previous / 'Page {page} of {pages}' / Next. The summary reads 'Showing {from}–{to} of {total} {noun}'
 * unless `summary` says otherwise.
 */
export function Pager({
  page,
  pageSize,
  total,
  onPageChange,
  noun,
  summary,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: Dispatch<SetStateAction<number>>;
} & ({ noun: string; summary?: undefined } | { noun?: undefined; summary: string })) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
      <p aria-live="polite">
        {total > 0 ? (summary ?? `Showing ${from}–${to} of ${total.toLocaleString('en-US')} ${noun}`) : ''}
      </p>
      <div className="flex items-center gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={page <= 1}
          onClick={() => onPageChange((p) => Math.max(1, p - 1))}
        >
          Previous
        </Button>
        <span>
          Page {page} of {pages}
        </span>
        <Button
          variant="outline"
          size="sm"
          disabled={page >= pages}
          onClick={() => onPageChange((p) => Math.min(pages, p + 1))}
        >
          Next
        </Button>
      </div>
    </div>
  );
}
