import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { LoadError } from './load-error';
import { Skeleton } from './skeleton';

/**
 * The paged table of a list (the administration's orders, users, products): a failed load shows LoadError with
 * 'Try Again' instead of the table; otherwise a bordered, horizontally scrolling table whose header
 * is `columns` (Actions right-aligned), with 5 skeleton rows while the first page loads, `emptyText`
 * in a full-width row when there is nothing to show, and `children` as the body rows.
 */
export function DataTable({
  columns,
  minWidthClassName,
  error,
  pending,
  empty,
  emptyText,
  skeletonClassName = 'h-6 w-full',
  children,
}: {
  columns: readonly string[];
  /** The table's min-width, e.g. 'min-w-[760px]', past which the wrapper scrolls sideways. */
  minWidthClassName: string;
  /** Set when the list failed to load. */
  error?: { title: string; message: string; onRetry: () => void } | null;
  pending: boolean;
  empty: boolean;
  emptyText: ReactNode;
  skeletonClassName?: string;
  children: ReactNode;
}) {
  if (error) {
    return (
      <LoadError title={error.title} message={error.message} onRetry={error.onRetry} retryLabel="Try Again" />
    );
  }
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className={clsx('w-full text-left text-sm', minWidthClassName)}>
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            {columns.map((c) => (
              <th
                key={c}
                scope="col"
                className={clsx('px-3 py-2 font-medium', c === 'Actions' && 'text-right')}
              >
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {pending &&
            Array.from({ length: 5 }, (_, i) => (
              <tr key={i} className="border-t border-slate-100">
                <td colSpan={columns.length} className="px-3 py-3">
                  <Skeleton className={skeletonClassName} />
                </td>
              </tr>
            ))}
          {!pending && empty && (
            <tr>
              <td colSpan={columns.length} className="px-3 py-10 text-center text-slate-600">
                {emptyText}
              </td>
            </tr>
          )}
          {children}
        </tbody>
      </table>
    </div>
  );
}
