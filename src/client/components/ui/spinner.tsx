import { clsx } from 'clsx';

/** A small spinning ring beside a label (inside a button, before 'Loading...'); decorative. */
export function Spinner({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={clsx(
        'inline-block h-4 w-4 flex-none animate-spin rounded-full border-2 border-current border-t-transparent',
        className,
      )}
    />
  );
}

/** A page or panel that is loading: a large ring, announced to screen readers by its label. */
export function PageSpinner({ label = 'Loading...', className }: { label?: string; className?: string }) {
  return (
    <div
      role="status"
      className={clsx('flex items-center justify-center gap-3 py-16 text-slate-600', className)}
    >
      <span
        aria-hidden="true"
        className="h-8 w-8 animate-spin rounded-full border-4 border-slate-200 border-t-brand-600"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}
