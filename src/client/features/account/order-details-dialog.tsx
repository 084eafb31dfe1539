import type { AccountOrder } from '~/shared/schemas/account';
import { shippingMethodLabel, stripGeneratedItemListing } from '~/shared/orders';
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
  AddressLines,
  EstimatedDelivery,
  useDeliveryEstimate,
  ItemsTable,
  LocalDate,
  SummaryRows,
} from './order-bits';

const PAYMENT_METHOD_LABELS: Record<string, string> = {
  square: 'Credit card (Square)',
  local: 'Credit card',
  credit_card: 'Credit card',
  cod: 'Cash on delivery',
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
                <DialogTitle className="text-xl font-bold">{`Order #${order.id} Details`}</DialogTitle>
                <DialogDescription className="text-sm text-slate-600">
                  Placed <LocalDate iso={order.createdAt} withTime /> · Reference {order.orderReference}
                </DialogDescription>
              </div>
              <StatusBadge status={order.status} />
            </div>

            <div className="grid gap-5 sm:grid-cols-2">
              <Block title="Customer">
                <p className="font-medium">{order.customerName}</p>
                <p>{order.customerEmail}</p>
                {order.customerPhone && <p>{order.customerPhone}</p>}
              </Block>
              <Block title="Shipping Method">
                <p>{shippingMethodLabel(order.shippingMethod)}</p>
                <p className="text-slate-600">
                  Tracking Number: {order.trackingNumber || 'Not available yet'}
                </p>
                {delivery && (delivery.known || delivery.text) && (
                  <p className="text-slate-600">
                    Estimated Delivery: <EstimatedDelivery estimate={delivery} />
                  </p>
                )}
              </Block>
              <Block title="Payment Details">
                <p>{PAYMENT_METHOD_LABELS[order.paymentMethod] ?? order.paymentMethod}</p>
                <p className="flex items-center gap-2">
                  Status: <StatusBadge status={order.paymentStatus} kind="payment" />
                </p>
                {order.paymentReference && (
                  <p className="break-all text-slate-600">Reference: {order.paymentReference}</p>
                )}
              </Block>
              <Block title="Shipping Address">
                <AddressLines value={order.shippingAddress} />
              </Block>
            </div>

            <section className="grid gap-2">
              <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Items</h3>
              <ItemsTable items={order.items} detailed />
            </section>

            {notes && (
              <section className="grid gap-1">
                <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Notes</h3>
                <p className="whitespace-pre-line text-sm text-slate-700" data-testid="order-notes">
                  {notes}
                </p>
              </section>
            )}

            <section className="grid gap-2 sm:ml-auto sm:w-72">
              <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Summary</h3>
              <SummaryRows order={order} />
            </section>

            <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-4">
              <Button variant="outline" onClick={onPrint}>
                Print Receipt
              </Button>
              <DialogClose asChild>
                <Button variant="secondary">Close</Button>
              </DialogClose>
              <Button onClick={onReorder} pending={reordering}>
                Re-order Items
              </Button>
            </div>
            <DialogCloseIcon label="Close details" className="absolute top-2 right-2" />
          </>
        )}
      </DialogContent>
    </DialogRoot>
  );
}
