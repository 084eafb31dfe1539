import { clsx } from 'clsx';
import { useT } from '~/client/lib/i18n';
import { uiMessages } from './ui.messages';

/** A page or panel that is loading: a large ring, announced to screen readers by its label. */
export function PageSpinner({ label, className }: { label?: string; className?: string }) {
  const t = useT(uiMessages);
  return (
    <div
      role="status"
      className={clsx('flex items-center justify-center gap-3 py-16 text-slate-600', className)}
    >
      <span
        aria-hidden="true"
        className="h-8 w-8 animate-spin rounded-full border-4 border-slate-200 border-t-brand-600"
      />
      <span className="sr-only">{label ?? t('loading')}</span>
    </div>
  );
}
