import { clsx } from 'clsx';
import { orderStatusLabel, paymentStatusLabel, type StatusTone, statusTone } from '~/shared/orders';
import { useLocale } from '~/client/lib/i18n';

const TONES: Record<StatusTone, string> = {
  neutral: 'bg-slate-100 text-slate-800 ring-slate-300',
  info: 'bg-blue-50 text-blue-800 ring-blue-200',
  warning: 'bg-amber-50 text-amber-800 ring-amber-200',
  success: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  danger: 'bg-red-50 text-red-800 ring-red-200',
};

/**
 * An order's or a payment's status as a coloured pill, in the words and tone of src/shared/orders.ts,
 * the same on the account page and in the administration, in the page's language ('Expédiée' under /fr;
 * the administration is English).
 */
export function StatusBadge({
  status,
  kind = 'order',
  'data-testid': testId,
}: {
  status: string | null | undefined;
  kind?: 'order' | 'payment';
  /** Defaults to 'order-status' or 'payment-status'. */
  'data-testid'?: string;
}) {
  const locale = useLocale();
  return (
    <span
      className={clsx(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        TONES[statusTone(status)],
      )}
      data-testid={testId ?? (kind === 'order' ? 'order-status' : 'payment-status')}
    >
      {kind === 'order' ? orderStatusLabel(status, locale) : paymentStatusLabel(status, locale)}
    </span>
  );
}
