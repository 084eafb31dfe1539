import type { AccountOrder } from '~/shared/schemas/account';
import { orderAmounts } from '~/shared/order-amounts';
import { shippingMethodLabel, shopperPaymentStatus } from '~/shared/orders';
import { Button } from '~/client/components/ui/button';
import { StatusBadge } from '~/client/components/ui/status-badge';
import {
  EstimatedDelivery,
  PickupOrAddress,
  TrackingNumber,
  useDeliveryEstimate,
  ItemsTable,
  LocalDate,
  SummaryRows,
} from './order-bits';
import { OrderGiftCards } from './order-gift-cards';
import { OrderTracker } from '~/client/components/ui/order-tracker';
import { useLocale, useT } from '~/client/lib/i18n';
import { accountMessages } from './account.messages';

export function OrderCard({
  order,
  onViewDetails,
  onReorder,
  reordering,
}: {
  order: AccountOrder;
  onViewDetails: () => void;
  onReorder: () => void;
  reordering: boolean;
}) {
  const headingId = `order-${order.id}-heading`;
  const delivery = useDeliveryEstimate(order)!;
  const t = useT(accountMessages);
  const locale = useLocale();
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white shadow-sm"
      data-testid="order-card"
      data-order-id={order.id}
    >
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 p-4">
        <div>
          <h3 id={headingId} className="text-base font-semibold">
            {t('orderNumber', { id: order.id })}
          </h3>
          <p className="text-sm text-slate-600">
            {t('placed')} <LocalDate iso={order.createdAt} />
          </p>
        </div>
        <div className="flex flex-col items-end gap-1 text-right">
          <p className="text-lg font-bold" data-testid="order-total">
            {orderAmounts(order, null, locale).total.text}
          </p>
          <div className="flex flex-wrap justify-end gap-2 text-xs">
            <StatusBadge status={order.status} />
            <span className="inline-flex items-center gap-1 text-slate-600">
              {t('paymentColon')} <StatusBadge status={shopperPaymentStatus(order)} kind="payment" />
            </span>
          </div>
        </div>
      </header>

      <div className="grid gap-6 p-4 md:grid-cols-2">
        <div className="grid content-start gap-4">
          <OrderTracker status={order.status} />
          <dl className="grid gap-2 text-sm">
            <PickupOrAddress order={order} />
            <div className="flex flex-wrap gap-x-2">
              <dt className="font-medium text-slate-700">{t('shippingMethodColon')}</dt>
              <dd data-testid="order-shipping-method">{shippingMethodLabel(order.shippingMethod, locale)}</dd>
            </div>
            <div className="flex flex-wrap gap-x-2">
              <dt className="font-medium text-slate-700">{t('trackingNumberColon')}</dt>
              <dd data-testid="order-tracking">
                <TrackingNumber order={order} />
              </dd>
            </div>
            {(delivery.known || delivery.text) && (
              <div className="flex flex-wrap gap-x-2">
                <dt className="font-medium text-slate-700">{t('estimatedDeliveryColon')}</dt>
                <dd data-testid="order-estimated-delivery">
                  <EstimatedDelivery estimate={delivery} />
                </dd>
              </div>
            )}
          </dl>
        </div>
        <div className="grid content-start gap-4">
          {(order.items.length > 0 || !order.giftCards?.length) && <ItemsTable items={order.items} />}
          <OrderGiftCards lines={order.giftCards} />
          <SummaryRows order={order} />
        </div>
      </div>

      <footer className="flex flex-wrap justify-end gap-2 border-t border-slate-100 p-4">
        <Button variant="outline" size="sm" onClick={onViewDetails}>
          {t('viewDetails')}
        </Button>
        <Button size="sm" onClick={onReorder} pending={reordering}>
          {t('reorder')}
        </Button>
      </footer>
    </article>
  );
}
