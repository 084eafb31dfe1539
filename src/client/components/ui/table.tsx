import { clsx } from 'clsx';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { LoadError } from './load-error';
import { Skeleton } from './skeleton';

export type TableSort = {
  /** The columns (by their header text) that sort when their header is pressed. */
  sortable: readonly string[];
  /** The column the rows are sorted by now, and which way. */
  column: string;
  direction: 'asc' | 'desc';
  onSort: (column: string) => void;
};

/**
 * Names each body cell after its column (`data-label`, from the header row; a cell spanning every column,
 * like the empty row, gets none) and gives rows and cells their table roles back, which some browsers drop
 * once a row is displayed as a block. Run after every render and whenever rows change inside a row's own
 * component, so callers keep writing plain `<tr><td>`.
 */
function labelCells(table: HTMLTableElement, columns: readonly string[]) {
  const setRole = (element: Element, role: string) => {
    if (!element.hasAttribute('role')) element.setAttribute('role', role);
  };
  setRole(table, 'table');
  for (const group of [table.tHead, ...Array.from(table.tBodies)]) if (group) setRole(group, 'rowgroup');
  for (const row of Array.from(table.tHead?.rows ?? [])) {
    setRole(row, 'row');
    for (const cell of Array.from(row.cells)) setRole(cell, 'columnheader');
  }
  for (const row of Array.from(table.tBodies).flatMap((body) => Array.from(body.rows))) {
    setRole(row, 'row');
    let column = 0;
    for (const cell of Array.from(row.cells)) {
      setRole(cell, cell.tagName === 'TH' ? 'rowheader' : 'cell');
      const label = cell.colSpan >= columns.length ? '' : (columns[column] ?? '');
      if (label && label !== 'Actions') cell.setAttribute('data-label', label);
      else cell.removeAttribute('data-label');
      cell.toggleAttribute('data-actions', label === 'Actions');
      column += cell.colSpan;
    }
  }
}

/*
 * Below 768 px the table becomes a list of cards (docs/decisions/0252-admin-tables-on-a-phone.md): the
 * header row is only for screen readers, each row is a bordered card, each cell a line with the column's
 * name (from data-label) beside the value, the Actions cell a row of buttons at the card's foot. Nothing is wider
 * than the screen, so status and actions are seen without scrolling sideways.
 */
const phoneCards = clsx(
  'max-md:block max-md:min-w-0! max-md:[&>tbody]:grid max-md:[&>tbody]:gap-3 max-md:[&>tbody]:p-3',
  'max-md:[&>thead]:sr-only',
  'max-md:[&>tbody>tr]:block max-md:[&>tbody>tr]:rounded-lg max-md:[&>tbody>tr]:border max-md:[&>tbody>tr]:border-slate-200 max-md:[&>tbody>tr]:bg-white max-md:[&>tbody>tr]:px-3 max-md:[&>tbody>tr]:py-2',
  // Every cell a full-width line; a labelled one a grid: the label, then the value's pieces stacked.
  'max-md:[&>tbody>tr>*]:block max-md:[&>tbody>tr>*]:px-0! max-md:[&>tbody>tr>*]:py-1.5! max-md:[&>tbody>tr>*]:break-words',
  'max-md:[&>tbody>tr>[data-label]]:grid max-md:[&>tbody>tr>[data-label]]:grid-cols-[6.5rem_minmax(0,1fr)] max-md:[&>tbody>tr>[data-label]]:items-start max-md:[&>tbody>tr>[data-label]]:justify-items-start max-md:[&>tbody>tr>[data-label]]:gap-x-3',
  'max-md:[&>tbody>tr>[data-label]>*]:col-start-2',
  'max-md:[&>tbody>tr>[data-label]]:before:font-medium max-md:[&>tbody>tr>[data-label]]:before:text-slate-600 max-md:[&>tbody>tr>[data-label]]:before:content-[attr(data-label)]',
  // The Actions cell: the buttons at the card's foot, wrapping rather than widening the card.
  'max-md:[&>tbody>tr>[data-actions]]:mt-1 max-md:[&>tbody>tr>[data-actions]]:border-t max-md:[&>tbody>tr>[data-actions]]:border-slate-100 max-md:[&>tbody>tr>[data-actions]]:pt-2!',
  'max-md:[&>tbody>tr>[data-actions]>*]:flex-wrap max-md:[&>tbody>tr>[data-actions]>*]:justify-end',
);

/**
 * The paged table of a list (the administration's orders, users, products): a failed load shows LoadError with
 * 'Try Again' instead of the table; otherwise a bordered table whose header is `columns` (Actions
 * right-aligned), with 5 skeleton rows while the first page loads, `emptyText` in a full-width row when
 * there is nothing to show, and `children` as the body rows. From 768 px it is a table that scrolls
 * sideways past `minWidthClassName`; below, each row is a card of 'column: value' lines (see phoneCards).
 * Optionally sortable headers (`sort`) and a header's own content (`headerCells`, e.g. a select-all checkbox).
 */
export function DataTable({
  columns,
  minWidthClassName,
  error,
  pending,
  empty,
  emptyText,
  skeletonClassName = 'h-6 w-full',
  sort,
  headerCells,
  children,
}: {
  columns: readonly string[];
  /** The table's min-width from 768 px, e.g. 'min-w-[760px]', past which the wrapper scrolls sideways. */
  minWidthClassName: string;
  /** Set when the list failed to load. */
  error?: { title: string; message: string; onRetry: () => void } | null;
  pending: boolean;
  empty: boolean;
  emptyText: ReactNode;
  skeletonClassName?: string;
  /** Sortable columns: their headers become buttons and say how the rows are sorted (aria-sort). */
  sort?: TableSort;
  /** A header's own content instead of its text (a select-all checkbox); the text stays its name. */
  headerCells?: Partial<Record<string, ReactNode>>;
  children: ReactNode;
}) {
  const tableRef = useRef<HTMLTableElement>(null);

  // Every render of the table relabels; a row that re-renders on its own is caught by the observer.
  useLayoutEffect(() => {
    if (tableRef.current) labelCells(tableRef.current, columns);
  });
  const columnKey = columns.join('\u0000');
  // biome-ignore lint/correctness/useExhaustiveDependencies: columnKey stands for columns' contents.
  useLayoutEffect(() => {
    const table = tableRef.current;
    if (!table || typeof MutationObserver === 'undefined') return;
    const observer = new MutationObserver(() => labelCells(table, columns));
    observer.observe(table, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [columnKey]);

  if (error) {
    return (
      <LoadError title={error.title} message={error.message} onRetry={error.onRetry} retryLabel="Try Again" />
    );
  }
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white max-md:overflow-x-visible max-md:bg-slate-50">
      <table ref={tableRef} className={clsx('w-full text-left text-sm', minWidthClassName, phoneCards)}>
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            {columns.map((c) => {
              const sortable = sort?.sortable.includes(c) ?? false;
              const sorted = sortable && sort?.column === c ? sort.direction : null;
              return (
                <th
                  key={c}
                  scope="col"
                  aria-sort={
                    sortable
                      ? sorted === 'asc'
                        ? 'ascending'
                        : sorted === 'desc'
                          ? 'descending'
                          : 'none'
                      : undefined
                  }
                  className={clsx('px-3 py-2 font-medium', c === 'Actions' && 'text-right')}
                >
                  {headerCells?.[c] ??
                    (sortable && sort ? (
                      <button
                        type="button"
                        onClick={() => sort.onSort(c)}
                        className="-mx-1 inline-flex min-h-11 items-center gap-1 rounded px-1 font-medium hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-slate-400 focus-visible:outline-none"
                      >
                        {c}
                        <span aria-hidden="true" className="text-xs">
                          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                        </span>
                      </button>
                    ) : (
                      c
                    ))}
                </th>
              );
            })}
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
