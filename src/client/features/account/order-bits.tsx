// Pieces shared by the order card and the order details dialog.
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import type { AccountOrder, AccountOrderItem } from '~/shared/schemas/account';
import { formatCents, formatMoney, toCents } from '~/shared/money';
import {
  type DeliveryEstimate,
  deliveryDaysOf,
  deliveryEstimate,
  itemDisplayName,
  localDateString,
  parseShippingAddress,
} from '~/shared/orders';
import { ProductImage } from '~/client/components/ui/product-image';
import { PickupPlace } from '~/client/components/ui/pickup-place';
import { isTrackingCarrier, trackingCarrierLabel, trackingUrl } from '~/shared/tracking';
import { shippingSettingsQueryOptions } from '~/client/features/cart';
import { useHydrated } from '~/client/lib/use-hydrated';
import { OrderAmountsList } from '~/client/components/ui/order-amounts-list';
import { useLocale, useT } from '~/client/lib/i18n';
import type { Locale } from '~/shared/i18n/locales';
import { formatCalendarDate as formatSharedCalendarDate, formatDateTime } from '~/shared/i18n/formats';
import { accountMessages } from './account.messages';

const DATE_OPTIONS: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric' };
const TIME_OPTIONS: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

/** A moment shown in the visitor's time zone once the page runs in the browser (UTC in the server HTML). */
export function LocalDate({ iso, withTime = false }: { iso: string; withTime?: boolean }) {
  const hydrated = useHydrated();
  const locale = useLocale();
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return <span>—</span>;
  const options = {
    ...DATE_OPTIONS,
    ...(withTime ? TIME_OPTIONS : {}),
    ...(hydrated ? {} : { timeZone: 'UTC' }),
  };
  return <time dateTime={iso}>{formatDateTime(date, locale, options)}</time>;
}

/** A calendar date (yyyy-mm-dd) such as the estimated delivery: the same in every time zone. */
export function formatCalendarDate(date: string, locale: Locale = 'en'): string {
  return formatSharedCalendarDate(date, locale);
}

/**
 * The order's delivery estimate: its date with a countdown, otherwise its method's range from the
 * shipping settings or the pickup sentence; nothing for a cancelled order
 * (docs/decisions/0132-delivery-estimates-are-settings.md).
 */
export function useDeliveryEstimate(
  order: {
    estimatedDeliveryDate: string | null;
    status: string | null;
    shippingMethod: string | null;
  } | null,
): DeliveryEstimate | null {
  const settings = useQuery(shippingSettingsQueryOptions());
  const locale = useLocale();
  if (!order) return null;
  return deliveryEstimate(
    order.estimatedDeliveryDate,
    localDateString(new Date()),
    order.status,
    order.shippingMethod,
    deliveryDaysOf(settings.data),
    locale,
  );
}

export function EstimatedDelivery({ estimate }: { estimate: DeliveryEstimate }) {
  const hydrated = useHydrated();
  const locale = useLocale();
  if (!estimate.known) return <span>{estimate.text}</span>;
  return (
    <span>
      {formatCalendarDate(estimate.date, locale)}
      {hydrated && estimate.remainingText && (
        <span className="text-slate-500"> ({estimate.remainingText})</span>
      )}
    </span>
  );
}

export function AddressLines({ value }: { value: unknown }) {
  const parsed = parseShippingAddress(value, useLocale());
  return (
    <address
      className={clsx('not-italic', parsed.kind === 'none' && 'text-slate-500')}
      data-testid="order-address"
    >
      {parsed.lines.map((line, i) => (
        <span key={i} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}

/** Where the order goes: the store's pickup place for a pickup order, else the shipping address. */
export function PickupOrAddress({
  order,
}: {
  order: Pick<AccountOrder, 'shippingMethod' | 'shippingAddress'>;
}) {
  const t = useT(accountMessages);
  const settings = useQuery(shippingSettingsQueryOptions());
  const pickup = order.shippingMethod === 'pickup';
  return (
    <div>
      <dt className="font-medium text-slate-700">{pickup ? t('pickupLocation') : t('shippingAddress')}</dt>
      <dd className="text-slate-600">
        {pickup ? (
          <PickupPlace settings={settings.data} compact />
        ) : (
          <AddressLines value={order.shippingAddress} />
        )}
      </dd>
    </div>
  );
}

/** The tracking number, linked to the carrier's page when the carrier has one; 'Not available yet'. */
export function TrackingNumber({
  order,
}: {
  order: Pick<AccountOrder, 'trackingNumber' | 'trackingCarrier' | 'locale'>;
}) {
  const t = useT(accountMessages);
  const locale = useLocale();
  if (!order.trackingNumber) return <>{t('notAvailableYet')}</>;
  const url = trackingUrl(order.trackingCarrier, order.trackingNumber, locale);
  const carrier = isTrackingCarrier(order.trackingCarrier)
    ? trackingCarrierLabel(order.trackingCarrier, locale)
    : null;
  return (
    <>
      {carrier && `${carrier} `}
      {url ? (
        <a href={url} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline">
          {order.trackingNumber} <span className="sr-only">{t('opensNewTab')}</span>
        </a>
      ) : (
        order.trackingNumber
      )}
    </>
  );
}

/** The order's money lines: the shared presenter, as on the confirmation page, receipt and e-mail. */
export function SummaryRows({ order }: { order: AccountOrder }) {
  return <OrderAmountsList order={order} />;
}

export function ItemsTable({ items, detailed = false }: { items: AccountOrderItem[]; detailed?: boolean }) {
  const t = useT(accountMessages);
  const locale = useLocale();
  if (items.length === 0) return <p className="text-sm text-slate-500">{t('noItems')}</p>;
  return (
    // On a phone the SKU column gives way (the SKU goes under the name) and pictures shrink so the Total
    // column fits a 390 px screen; the scroller stays, focusable, for the narrowest screens.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className="overflow-x-auto" tabIndex={0} aria-label={t('orderItems')}>
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
          <tr>
            <th scope="col" className="py-2 pr-3">
              {t('product')}
            </th>
            {detailed && (
              <th scope="col" className="hidden py-2 pr-3 sm:table-cell">
                {t('sku')}
              </th>
            )}
            <th scope="col" className="py-2 pr-3 text-right">
              {t('price')}
            </th>
            <th scope="col" className="py-2 pr-3 text-right">
              {t('quantity')}
            </th>
            {detailed && (
              <th scope="col" className="py-2 text-right">
                {t('total')}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => {
            const name = itemDisplayName(item, locale);
            return (
              <tr key={item.id} className="border-b border-slate-100 last:border-0" data-testid="order-item">
                <td className="py-2 pr-3">
                  <div className="flex items-center gap-3">
                    <div className="h-10 w-10 flex-none overflow-hidden rounded-md bg-slate-100 sm:h-12 sm:w-12">
                      <ProductImage
                        url={item.imageUrl}
                        alt={name}
                        sizes="48px"
                        className="h-10 w-10 object-cover sm:h-12 sm:w-12"
                      />
                    </div>
                    <span>
                      <span className="font-medium">{name}</span>
                      {detailed && item.sku && (
                        <span className="block text-xs text-slate-600 sm:hidden">
                          {t('sku')} {item.sku}
                        </span>
                      )}
                    </span>
                  </div>
                </td>
                {detailed && (
                  <td className="hidden py-2 pr-3 text-slate-600 sm:table-cell">{item.sku ?? '—'}</td>
                )}
                <td className="py-2 pr-3 text-right">{formatMoney(item.price, locale)}</td>
                <td className="py-2 pr-3 text-right">{item.quantity}</td>
                {detailed && (
                  <td className="py-2 text-right whitespace-nowrap">
                    {formatCents((toCents(item.price) ?? 0) * item.quantity, locale)}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
