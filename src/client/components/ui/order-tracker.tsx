import { clsx } from 'clsx';
import { TRACKER_STEPS, trackerState } from '~/shared/orders';
import { useT } from '~/client/lib/i18n';
import { orderTrackerMessages } from './order-tracker.messages';

/** Each step's words in the page's language. */
const STEP_KEYS = {
  Processing: 'stepProcessing',
  Shipped: 'stepShipped',
  Delivered: 'stepDelivered',
} as const satisfies Record<(typeof TRACKER_STEPS)[number], string>;

/** Processing / Shipped / Delivered, lit as section 4 of the account specification says. */
export function OrderTracker({ status }: { status: string | null | undefined }) {
  const state = trackerState(status);
  const lit = [state.processing, state.shipped, state.delivered];
  const t = useT(orderTrackerMessages);
  return (
    <ol className="flex items-start" aria-label={t('progress')} data-testid="order-tracker">
      {TRACKER_STEPS.map((step, i) => (
        <li
          key={step}
          className="relative flex flex-1 flex-col items-center text-center"
          data-step={step}
          data-lit={lit[i] ? 'true' : 'false'}
          aria-current={lit[i] && !lit[i + 1] ? 'step' : undefined}
        >
          {i > 0 && (
            <span
              aria-hidden="true"
              className={clsx(
                'absolute top-3.5 right-1/2 h-1 w-full -translate-y-1/2',
                lit[i] ? 'bg-brand-600' : 'bg-slate-200',
              )}
            />
          )}
          <span
            aria-hidden="true"
            className={clsx(
              'relative z-10 flex h-7 w-7 items-center justify-center rounded-full text-xs font-bold',
              lit[i] ? 'bg-brand-600 text-white' : 'bg-slate-200 text-slate-500',
            )}
          >
            {lit[i] ? '✓' : i + 1}
          </span>
          <span className={clsx('mt-1 text-xs font-medium', lit[i] ? 'text-brand-700' : 'text-slate-500')}>
            {t(STEP_KEYS[step])}
            <span className="sr-only"> {lit[i] ? t('done') : t('notYet')}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}
