// Small building blocks of the admin screens: cards, labelled fields, a switch, dialogs, the paged
// tables and their pager.
import { clsx } from 'clsx';
import { AlertDialog, Dialog, Switch as RadixSwitch } from 'radix-ui';
import {
  type Dispatch,
  forwardRef,
  type InputHTMLAttributes,
  type ReactNode,
  type SetStateAction,
  useId,
} from 'react';
import { Button, buttonClasses } from '~/client/components/ui/button';
import { Skeleton } from '~/client/components/ui/skeleton';

const overlayClasses = 'fixed inset-0 z-50 bg-slate-900/50';

export const inputClasses = (invalid?: boolean) =>
  clsx(
    'h-10 w-full rounded-md border bg-white px-3 text-sm disabled:bg-slate-100',
    invalid ? 'border-red-500' : 'border-slate-300',
  );

export function Card({
  title,
  description,
  actions,
  children,
  className,
}: {
  title?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={clsx('rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6', className)}>
      {(title || actions) && (
        <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
          <div>
            {title && <h2 className="text-lg font-semibold">{title}</h2>}
            {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
          </div>
          {actions}
        </div>
      )}
      {children}
    </section>
  );
}

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; hint?: ReactNode };

/** A labelled input with its error and hint tied to it for screen readers. */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field(
  { label, error, hint, id, className, ...props },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className={clsx('grid gap-1', className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : hint ? `${inputId}-hint` : undefined}
        className={inputClasses(Boolean(error))}
        {...props}
      />
      {hint && !error && (
        <p id={`${inputId}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${inputId}-error`} className="text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </div>
  );
});

export function Switch({
  checked,
  onCheckedChange,
  label,
  disabled,
}: {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  label: string;
  disabled?: boolean;
}) {
  return (
    <RadixSwitch.Root
      checked={checked}
      onCheckedChange={onCheckedChange}
      disabled={disabled}
      aria-label={label}
      className="relative inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-slate-300 transition-colors disabled:opacity-50 data-[state=checked]:bg-emerald-600"
    >
      <RadixSwitch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
    </RadixSwitch.Root>
  );
}

/**
 * The frame every admin dialog shares (Radix Dialog: focus trap, Escape, labelled by its title): the
 * overlay, the title with a Close button, an optional description, then the content. Sizes and padding
 * are the caller's, in `className`.
 */
export function DialogFrame({
  open,
  onOpenChange,
  title,
  description,
  className,
  closeClassName,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  className: string;
  closeClassName?: string;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClasses} />
        <Dialog.Content className={className} {...(description ? {} : { 'aria-describedby': undefined })}>
          <div className="mb-4 flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className={clsx('rounded p-1 text-slate-500 hover:bg-slate-100', closeClassName)}
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="h-5 w-5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </Dialog.Close>
          </div>
          {description && (
            <Dialog.Description className="mb-4 text-sm text-slate-600">{description}</Dialog.Description>
          )}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export function ModalDialog({
  open,
  onOpenChange,
  title,
  children,
  wide,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      className={clsx(
        'fixed top-1/2 left-1/2 z-50 max-h-[94vh] w-[calc(100vw-1rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-4 shadow-xl sm:p-6',
        wide ? 'max-w-3xl' : 'max-w-lg',
      )}
    >
      {children}
    </DialogFrame>
  );
}

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel = 'Delete',
  busy,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  message: string;
  confirmLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClasses} />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-600">{message}</AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel className={buttonClasses('outline')}>Cancel</AlertDialog.Cancel>
            <Button
              variant="destructive"
              disabled={busy}
              onClick={(event) => {
                event.preventDefault();
                onConfirm();
              }}
            >
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/** A failed load: what went wrong and a way to try again. */
export function LoadError({
  title,
  message,
  onRetry,
  retryLabel = 'Retry',
}: {
  title: string;
  message: string;
  onRetry: () => void;
  retryLabel?: string;
}) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      <p className="font-semibold">{title}</p>
      <p className="mt-1">{message}</p>
      <Button variant="outline" size="sm" className="mt-3" onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}

export function Spinner({ className }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={clsx('h-4 w-4 animate-spin', className)}
      fill="none"
    >
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="4" className="opacity-25" />
      <path d="M4 12a8 8 0 0 1 8-8" stroke="currentColor" strokeWidth="4" className="opacity-75" />
    </svg>
  );
}

/**
 * The paged table of an admin list (orders, users, products): a failed load shows LoadError with
 * 'Try Again' instead of the table; otherwise a bordered, horizontally scrolling table whose header
 * is `columns` (Actions right-aligned), with 5 skeleton rows while the first page loads, `emptyText`
 * in a full-width row when there is nothing to show, and `children` as the body rows.
 */
export function AdminTable({
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
