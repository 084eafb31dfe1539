// An order as the shopper sees it: its details, address, shipping method and delivery, and the Order
// Summary. The confirmation page and the guest order look-up show it alike.
import { useQuery } from '@tanstack/react-query';
import { formatCents, formatMoney, toCents } from '~/shared/money';
import { formatCalendarDate } from '~/shared/i18n/formats';
import {
  deliveryDaysOf,
  deliveryEstimate,
  localDateString,
  orderDeliveryText,
  parseShippingAddress,
  paymentStatusLabel,
  shippingMethodLabel,
  shopperPaymentStatus,
  shopperStatusLabel,
} from '~/shared/orders';
import type { Order } from '~/shared/schemas/orders';
import { shippingSettingsQueryOptions } from '~/client/features/cart';
import { OrderAmountsList } from '~/client/components/ui/order-amounts-list';
import { OrderTimeline } from '~/client/components/ui/order-timeline';
import { PickupPlace } from '~/client/components/ui/pickup-place';
import { useLocale, useT } from '~/client/lib/i18n';
import { orderViewMessages } from './order-view.messages';
import { siteConfigQueryOptions } from '~/client/lib/site-config';
import { slotLabel } from './pickup-slot-label';

export function OrderView({ order }: { order: Order }) {
  const t = useT(orderViewMessages);
  const locale = useLocale();
  const address = parseShippingAddress(order.shippingAddress, locale);
  const placed = new Date(order.createdAt);
  // The ranges the store states today, as the account's orders do (docs/decisions/0132-delivery-estimates-are-settings.md).
  const settings = useQuery(shippingSettingsQueryOptions());
  const pickup = order.shippingMethod === 'pickup';
  const timeZone = useQuery(siteConfigQueryOptions()).data?.timeZone ?? 'America/Toronto';
  // The date the store set, when it set one; else the method's range or the pickup sentence.
  const estimate = deliveryEstimate(order.estimatedDeliveryDate, localDateString(new Date()), order.status);
  const delivery =
    estimate.known && order.paymentStatus !== 'failed'
      ? formatCalendarDate(estimate.date, locale)
      : orderDeliveryText(order, deliveryDaysOf(settings.data), locale);
  // English keeps the browser's own formats, as before; French pages read '2025-03-01' and '15 h 30'.
  const date = locale === 'fr' ? placed.toLocaleDateString('fr-CA') : placed.toLocaleDateString();
  const time =
    locale === 'fr'
      ? placed.toLocaleTimeString('fr-CA', { timeStyle: 'short' })
      : placed.toLocaleTimeString();
  return (
    <>
      <div className="mt-8 grid gap-6 rounded-lg border border-slate-200 p-6 sm:grid-cols-2">
        <dl className="space-y-2 text-sm">
          <Detail label={t('orderNumber')} value={`#${order.id}`} testId="order-number" />
          {order.orderReference && (
            <Detail label={t('reference')} value={order.orderReference} testId="order-reference" />
          )}
          <Detail label={t('customer')} value={order.customerName} />
          <Detail label={t('email')} value={order.customerEmail} />
          <Detail label={t('date')} value={date} />
          <Detail label={t('time')} value={time} />
          <Detail label={t('status')} value={shopperStatusLabel(order, locale)} testId="order-status" />
          <Detail
            label={t('paymentStatus')}
            value={paymentStatusLabel(shopperPaymentStatus(order), locale)}
            testId="payment-status"
          />
        </dl>
        <div className="space-y-4 text-sm">
          {pickup ? (
            <div>
              <h2 className="mb-1 font-semibold">{t('pickupPlace')}</h2>
              <PickupPlace settings={settings.data} />
              {order.pickupSlot && (
                <p className="mt-2" data-testid="pickup-slot">
                  <span className="font-semibold">{t('pickupTime')}: </span>
                  {slotLabel(order.pickupSlot, locale, timeZone)}
                </p>
              )}
              {order.pickupCode && (
                <p className="mt-1" data-testid="pickup-code">
                  <span className="font-semibold">{t('pickupCode')}: </span>
                  <span className="font-mono">{order.pickupCode}</span>
                </p>
              )}
            </div>
          ) : (
            <div>
              <h2 className="font-semibold">{t('shippingAddress')}</h2>
              <address className="mt-1 not-italic text-slate-700">
                {address.lines.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </address>
            </div>
          )}
          <div>
            <h2 className="font-semibold">{t('shippingMethod')}</h2>
            <p className="mt-1 text-slate-700" data-testid="shipping-method">
              {shippingMethodLabel(order.shippingMethod, locale)}
            </p>
          </div>
          {delivery && (
            <div>
              <h2 className="font-semibold">{pickup ? t('pickup') : t('estimatedDelivery')}</h2>
              <p className="mt-1 text-slate-700" data-testid="delivery-estimate">
                {delivery}
              </p>
            </div>
          )}
        </div>
      </div>

      {order.timeline && order.timeline.length > 0 && (
        <div className="mt-6 rounded-lg border border-slate-200 p-6">
          <OrderTimeline events={order.timeline} headingLevel={2} />
        </div>
      )}

      <div className="mt-6 rounded-lg border border-slate-200 p-6">
        <h2 className="mb-3 text-lg font-semibold">{t('orderSummary')}</h2>
        {(order.items.length > 0 || (order.giftCards?.length ?? 0) > 0) && (
          <ul className="mb-4 divide-y divide-slate-100 text-sm">
            {order.items.map((item) => (
              <li key={item.id} className="flex justify-between gap-4 py-2">
                <span>
                  {item.name} &times; {item.quantity}
                </span>
                <span>{formatCents((toCents(item.price) ?? 0) * item.quantity, locale)}</span>
              </li>
            ))}
            {/* The gift cards the order sold (0534): untaxed, e-mailed to each recipient once paid. */}
            {order.giftCards?.map((card) => (
              <li
                key={`card-${card.id}`}
                className="flex justify-between gap-4 py-2"
                data-testid="order-gift-card"
              >
                <span>
                  {t('giftCard', {
                    amount: formatMoney(card.amount, locale),
                    name: card.recipientName,
                    email: card.recipientEmail,
                  })}{' '}
                  &times; {card.quantity}
                </span>
                <span>{formatCents((toCents(card.amount) ?? 0) * card.quantity, locale)}</span>
              </li>
            ))}
          </ul>
        )}
        <OrderAmountsList order={order} testIdPrefix="confirmation" />
      </div>
    </>
  );
}

function Detail({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right font-medium" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
