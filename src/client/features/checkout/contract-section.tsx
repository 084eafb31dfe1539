// The checkout's contract block (Quebec's Consumer Protection Act, s. 54.4, and the other provinces'
// distance-contract rules): before payment, together, the merchant's legal name and address, each line
// with its condition and return policy, the total with taxes and fees, the delivery or pickup estimate,
// the legal warranty, and the acceptance box, unticked and apart from the marketing box. The server
// refuses an order without it (docs/decisions/0566-checkout-is-a-distance-contract.md).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { forwardRef, useId } from 'react';
import { CONDITION_LABEL_KEYS } from '~/shared/condition';
import { type ContractTerms, DEFAULT_RETURN_WINDOW_DAYS, lineReturnPolicy } from '~/shared/contract';
import { CONTRACT_MESSAGES } from '~/shared/contract.messages';
import { formatCents } from '~/shared/money';
import { formatWithCurrency } from '~/shared/order-amounts';
import { deliveryDaysOf, deliveryWindowText } from '~/shared/orders';
import { productLabelMessages } from '~/shared/product-labels.messages';
import { type CartItem, shippingSettingsQueryOptions, useOrderSummary } from '~/client/features/cart';
import { apiRequest } from '~/client/lib/api';
import { useLocale, useT } from '~/client/lib/i18n';
import { siteConfigQueryOptions } from '~/client/lib/site-config';
import type { Destination } from './use-checkout-figures';

const contractTermsQueryOptions = () =>
  queryOptions<ContractTerms>({
    queryKey: ['/api/contract-terms'],
    queryFn: ({ client }) => apiRequest<ContractTerms>('GET', '/api/contract-terms', undefined, { client }),
  });

type Props = {
  items: readonly CartItem[];
  destination: Destination;
  accepted: boolean;
  onAcceptedChange: (accepted: boolean) => void;
  /** Set when the shopper tried to pay without accepting. */
  showError: boolean;
};

export const ContractSection = forwardRef<HTMLInputElement, Props>(function ContractSection(
  { items, destination, accepted, onAcceptedChange, showError },
  ref,
) {
  const t = useT(CONTRACT_MESSAGES);
  const labels = useT(productLabelMessages);
  const locale = useLocale();
  const id = useId();
  const terms = useQuery(contractTermsQueryOptions()).data;
  const shipping = useQuery(shippingSettingsQueryOptions()).data;
  const site = useQuery(siteConfigQueryOptions()).data;
  const { totals } = useOrderSummary({
    mode: 'checkout',
    shippingMethod: destination.method,
    province: destination.country === 'Canada' ? destination.state : null,
    country: destination.country,
  });
  const delivery = deliveryWindowText(destination.method, deliveryDaysOf(shipping), null, locale);
  const windows = terms?.returnWindowDays ?? DEFAULT_RETURN_WINDOW_DAYS;
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-lg border border-slate-300 bg-white p-4"
      data-testid="contract-section"
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        {t('heading')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('intro')}</p>
      <dl className="mt-3 space-y-3 text-sm">
        <div>
          <dt className="font-medium">{t('seller')}</dt>
          <dd data-testid="contract-seller">
            {terms ? (
              <>
                <span className="block">{terms.legalName}</span>
                <span className="block">{terms.address}</span>
              </>
            ) : (
              (site?.storeName ?? '')
            )}
          </dd>
        </div>
        <div>
          <dt className="font-medium">{t('items')}</dt>
          <dd>
            <ul className="list-disc space-y-1 pl-5" data-testid="contract-lines">
              {items.map((item) => (
                <li key={item.productId}>
                  <span className="font-medium">{item.name}</span>
                  {item.condition && <> ({labels(CONDITION_LABEL_KEYS[item.condition])})</>}
                  {' × '}
                  {item.quantity}.{' '}
                  {t('linePolicy', {
                    policy: lineReturnPolicy(
                      { condition: item.condition, finalSale: item.finalSale },
                      windows,
                      t,
                    ),
                  })}
                </li>
              ))}
            </ul>
          </dd>
        </div>
        <div>
          <dt className="font-medium">{t('total')}</dt>
          <dd data-testid="contract-total">
            {site
              ? formatWithCurrency(totals.totalCents, site.currency, locale)
              : formatCents(totals.totalCents, locale)}
          </dd>
        </div>
        {delivery && (
          <div>
            <dt className="font-medium">{t('delivery')}</dt>
            <dd>{delivery}</dd>
          </div>
        )}
      </dl>
      <p className="mt-3 text-sm text-slate-700">{t('legalWarranty')}</p>
      <div className="mt-3 flex min-h-11 items-start gap-3">
        <input
          ref={ref}
          id={id}
          type="checkbox"
          checked={accepted}
          onChange={(e) => onAcceptedChange(e.target.checked)}
          aria-invalid={showError || undefined}
          aria-describedby={showError ? `${id}-error` : undefined}
          className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-400 accent-brand-600"
          data-testid="contract-acceptance"
        />
        <label htmlFor={id} className="text-sm font-medium">
          {t('accept')}
        </label>
      </div>
      {showError && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-medium text-red-700">
          {t('acceptRequired')}
        </p>
      )}
    </section>
  );
});
