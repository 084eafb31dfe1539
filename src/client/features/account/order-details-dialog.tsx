import type { AccountOrder } from '~/shared/schemas/account';
import { shippingMethodLabel, shopperPaymentStatus, stripGeneratedItemListing } from '~/shared/orders';
import { OrderTimeline } from '~/client/components/ui/order-timeline';
import { ReturnRequest } from '~/client/features/returns';
import { Button } from '~/client/components/ui/button';
import {
  DialogClose,
  DialogCloseIcon,
  DialogContent,
  DialogDescription,
  DialogRoot,
  DialogTitle,
} from '~/client/components/ui/dialog';
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
import { useLocale, useT } from '~/client/lib/i18n';
import { accountMessages } from './account.messages';

/** The message key of each payment method's name; an unknown method shows as stored. */
const PAYMENT_METHOD_KEYS: Record<string, string> = {
  square: 'paymentSquare',
  local: 'paymentCard',
  credit_card: 'paymentCard',
  cod: 'paymentCod',
};

function Block({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="grid content-start gap-1 text-sm">
      <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{title}</h3>
      {children}
    </section>
  );
}

export function OrderDetailsDialog({
  order,
  onOpenChange,
  onPrint,
  onReorder,
  reordering,
}: {
  order: AccountOrder | null;
  onOpenChange: (open: boolean) => void;
  onPrint: () => void;
  onReorder: () => void;
  reordering: boolean;
}) {
  const notes = order ? stripGeneratedItemListing(order.notes) : null;
  const delivery = useDeliveryEstimate(order);
  const t = useT(accountMessages);
  const locale = useLocale();
  const methodKey = order ? PAYMENT_METHOD_KEYS[order.paymentMethod] : undefined;
  return (
    <DialogRoot open={order !== null} onOpenChange={onOpenChange}>
      <DialogContent
        className="fixed top-1/2 left-1/2 z-50 grid max-h-[90vh] w-[calc(100vw-2rem)] max-w-3xl -translate-x-1/2 -translate-y-1/2 gap-5 overflow-y-auto rounded-xl bg-white p-6 shadow-xl"
        data-testid="order-details"
      >
        {order && (
          <>
            <div className="flex flex-wrap items-start justify-between gap-3 pr-8">
              <div>
                <DialogTitle className="text-xl font-bold">
                  {t('orderDetailsTitle', { id: order.id })}
                </DialogTitle>
                <DialogDescription className="text-sm text-slate-600">
                  {t('placed')} <LocalDate iso={order.createdAt} withTime /> · {t('reference')}{' '}
                  {order.orderReference}
                </DialogDescription>
              </div>
              <StatusBadge status={order.status} />
            </div>

            <div className="grid gap-5 sm:grid-cols-2">
              <Block title={t('customer')}>
                <p className="font-medium">{order.customerName}</p>
                <p>{order.customerEmail}</p>
                {order.customerPhone && <p>{order.customerPhone}</p>}
              </Block>
              <Block title={t('shippingMethod')}>
                <p>{shippingMethodLabel(order.shippingMethod, locale)}</p>
                <p className="text-slate-600">
                  {t('trackingNumberColon')} <TrackingNumber order={order} />
                </p>
                {delivery && (delivery.known || delivery.text) && (
                  <p className="text-slate-600">
                    {t('estimatedDeliveryColon')} <EstimatedDelivery estimate={delivery} />
                  </p>
                )}
              </Block>
              <Block title={t('paymentDetails')}>
                <p>{methodKey ? t(methodKey) : order.paymentMethod}</p>
                <p className="flex items-center gap-2">
                  {t('statusColon')} <StatusBadge status={shopperPaymentStatus(order)} kind="payment" />
                </p>
                {order.paymentReference && (
                  <p className="break-all text-slate-600">
                    {t('referenceColon')} {order.paymentReference}
                  </p>
                )}
              </Block>
              <dl className="grid content-start gap-1 text-sm">
                <PickupOrAddress order={order} />
              </dl>
            </div>

            {order.timeline && <OrderTimeline events={order.timeline} />}

            <section className="grid gap-2">
              <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{t('items')}</h3>
              {(order.items.length > 0 || !order.giftCards?.length) && (
                <ItemsTable items={order.items} detailed />
              )}
              <OrderGiftCards lines={order.giftCards} />
            </section>

            <ReturnRequest order={order} />

            {notes && (
              <section className="grid gap-1">
                <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{t('notes')}</h3>
                <p className="whitespace-pre-line text-sm text-slate-700" data-testid="order-notes">
                  {notes}
                </p>
              </section>
            )}

            <section className="grid gap-2 sm:ml-auto sm:w-72">
              <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{t('summary')}</h3>
              <SummaryRows order={order} />
            </section>

            <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-4">
              <Button variant="outline" onClick={onPrint}>
                {t('printReceipt')}
              </Button>
              <DialogClose asChild>
                <Button variant="secondary">{t('close')}</Button>
              </DialogClose>
              <Button onClick={onReorder} pending={reordering}>
                {t('reorderItems')}
              </Button>
            </div>
            <DialogCloseIcon label={t('closeDetails')} className="absolute top-2 right-2" />
          </>
        )}
      </DialogContent>
    </DialogRoot>
  );
}
