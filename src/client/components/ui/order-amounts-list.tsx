// A placed order's money lines from the shared presenter (src/shared/order-amounts.ts): the same lines
// as the receipt and the confirmation e-mail, with the registration numbers its taxes call for, in the
// page's language ('TPS (5 %)', '12,34 $' under /fr).
import { useQuery } from '@tanstack/react-query';
import { type OrderAmountsInput, orderAmounts } from '~/shared/order-amounts';
import { useLocale } from '~/client/lib/i18n';
import { siteConfigQueryOptions } from '~/client/lib/site-config';

export function OrderAmountsList({
  order,
  className,
  testIdPrefix = 'amount',
}: {
  order: OrderAmountsInput;
  className?: string;
  /** Each amount is marked `{prefix}-{kind}` (original, discount, subtotal, shipping, tax, total). */
  testIdPrefix?: string;
}) {
  const registrations = useQuery(siteConfigQueryOptions()).data?.taxRegistrations ?? null;
  const amounts = orderAmounts(order, registrations, useLocale());
  return (
    <div className={className}>
      <dl className="grid gap-1 text-sm" data-testid="order-amounts">
        {amounts.rows.map((row) => (
          <div key={row.label} className="flex justify-between gap-4">
            <dt className="text-slate-600">{row.label}</dt>
            <dd data-testid={`${testIdPrefix}-${row.kind}`}>{row.text}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-1 font-semibold">
          <dt>{amounts.total.label}</dt>
          <dd data-testid={`${testIdPrefix}-total`}>{amounts.total.text}</dd>
        </div>
        {amounts.tenders.map((line) => (
          <div key={line.label} className="flex justify-between gap-4">
            <dt className="text-slate-600">{line.label}</dt>
            <dd data-testid={`${testIdPrefix}-tender`}>{line.text}</dd>
          </div>
        ))}
        {amounts.refund && (
          <>
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">{amounts.refund.refunded.label}</dt>
              <dd data-testid={`${testIdPrefix}-refunded`}>{amounts.refund.refunded.text}</dd>
            </div>
            <div className="flex justify-between gap-4 font-semibold">
              <dt>{amounts.refund.net.label}</dt>
              <dd data-testid={`${testIdPrefix}-net`}>{amounts.refund.net.text}</dd>
            </div>
          </>
        )}
      </dl>
      {amounts.registrations.length > 0 && (
        <ul className="mt-2 text-xs text-slate-500" data-testid="tax-registrations">
          {amounts.registrations.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
