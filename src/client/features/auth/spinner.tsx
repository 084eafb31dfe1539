import { clsx } from 'clsx';

/** A spinning ring with a label for screen readers. */
export function Spinner({ label = 'Loading...', className }: { label?: string; className?: string }) {
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

/** A small spinner inside a button. */
export function ButtonSpinner() {
  return (
    <span
      aria-hidden="true"
      className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent"
    />
  );
}
