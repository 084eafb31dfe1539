// The order detail dialog: customer, address (object or JSON string, every alternative field name,
// the fallbacks), items, amounts, notes, confirmation e-mail, stock, history; and the administrator's
// controls: status (seven values), payment status (four, confirmed first: they move stock and send the
// e-mail), tracking number and estimated delivery.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useId, useLayoutEffect, useState } from 'react';
import {
  MAX_CONFIRMATION_EMAIL_ATTEMPTS,
  ORDER_STATUSES,
  type OrderStatus,
  PAYMENT_STATUSES,
  type PaymentStatus,
} from '~/shared/constants';
import { formatCents, formatMoney, toCents } from '~/shared/money';
import {
  itemDisplayName,
  orderStatusLabel,
  parseShippingAddress,
  paymentStatusLabel,
  shippingMethodLabel,
  stripGeneratedItemListing,
} from '~/shared/orders';
import type { AdminOrder, AdminOrderDetail, PaymentStatusAnswer } from '~/shared/schemas/admin-orders';
import { Button } from '~/client/components/ui/button';
import { StatusBadge } from '~/client/components/ui/status-badge';
import { toast } from '~/client/components/ui/toast-store';
import { ApiError } from '~/client/lib/api';
import { ConfirmDialog } from '~/client/components/ui/confirm-dialog';
import { Dialog } from '~/client/components/ui/dialog';
import { inputClasses } from '~/client/components/ui/form-fields';
import {
  adminOrderQueryOptions,
  refreshOrders,
  setOrderStatus,
  setPaymentStatus,
  updateOrderDetails,
} from './api';
import { formatDateTime, RefundFlag } from './order-bits';
import { CreditNoteLinks, RefundLinesButton } from './refund-lines-dialog';
import { canFulfil, FulfilDialog } from './fulfil-dialog';
import {
  CancelOrderDialog,
  canRefund,
  PackingSlipLink,
  RefundButton,
  StaffNotes,
  Timeline,
} from './order-dialog-parts';
import { OrderAmountsList } from '~/client/components/ui/order-amounts-list';
import { TRACKING_CARRIER_LABELS, TRACKING_CARRIERS, isTrackingCarrier } from '~/shared/tracking';

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid content-start gap-1 text-sm">
      <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</h3>
      {children}
    </section>
  );
}

const serverMessage = (error: unknown) => (error instanceof ApiError && error.serverMessage) || undefined;

/** What completing the payment does about the confirmation e-mail (decision 0046). */
function completionEmailMessage(order: AdminOrder): string {
  if (order.confirmationEmailSent) return '';
  if (order.confirmationEmailStatus === null) return ' The confirmation email is sent to the customer.';
  if (order.confirmationEmailAttempts >= MAX_CONFIRMATION_EMAIL_ATTEMPTS) {
    return ` The confirmation email is not sent: it failed ${order.confirmationEmailAttempts} times.`;
  }
  return ' The confirmation email, not delivered yet, will be retried.';
}

/** What a payment status change will do, said before it is done. */
export function paymentChangeMessage(order: AdminOrder, to: PaymentStatus): string {
  const head = `Mark the payment of order #${order.id} as ${paymentStatusLabel(to)}?`;
  if (to === 'completed') {
    // All or nothing (decision 0043): an item short of stock leaves every item in stock.
    return `${head} The items are taken from stock if there is enough of each; otherwise none is taken and the order is flagged.${completionEmailMessage(order)}`;
  }
  if (to === 'refunded' && order.paymentStatus === 'completed' && order.paymentReference) {
    // Through the provider: the money really goes back (docs/decisions/0230-refunds-through-the-provider.md).
    const left = Math.max(0, (toCents(order.total) ?? 0) - (toCents(order.refundedAmount) ?? 0));
    return `${head} ${formatCents(left)} is given back to the customer through the payment provider${order.inventoryReduced ? ' and the items are put back in stock' : ''}.`;
  }
  if (order.inventoryReduced) return `${head} The items are put back in stock.`;
  return head;
}

/** The toast after a payment change: a completion that found items short of stock says which. */
function paymentChangedToast(orderId: number, updated: PaymentStatusAnswer) {
  const shortages = updated.shortages ?? [];
  if (shortages.length === 0) {
    return {
      title: 'Payment status updated',
      description: `Payment of order #${orderId} is now ${paymentStatusLabel(updated.paymentStatus)}.`,
    };
  }
  const items = shortages.map((s) => `${s.name} (needs ${s.needed}, ${s.available} available)`).join(', ');
  return {
    title: 'Payment completed, stock not taken',
    description: `Order #${orderId} is paid, but these items lack stock: ${items}. No stock was taken for the order.`,
    variant: 'destructive' as const,
  };
}

function EmailStatus({ order }: { order: AdminOrder }) {
  if (order.confirmationEmailSent) {
    return (
      <p>
        Confirmation email: Sent{order.confirmationEmailStatus ? ` (${order.confirmationEmailStatus})` : ''}
      </p>
    );
  }
  if (order.confirmationEmailStatus === 'failed') {
    return (
      <p className="text-red-700">
        Confirmation email: Failed{order.confirmationEmailError ? ` — ${order.confirmationEmailError}` : ''}
      </p>
    );
  }
  return (
    <p>
      Confirmation email: Pending
      {order.confirmationEmailStatus ? ` (${order.confirmationEmailStatus})` : ''}
    </p>
  );
}

function Items({ order }: { order: AdminOrder }) {
  if (order.items.length === 0)
    return <p className="text-sm text-slate-500">No items recorded for this order.</p>;
  return (
    // Fits a 390 px phone without scrolling sideways: the SKU goes under the product's name there, long
    // names wrap, and the amounts stay in view (no scroll region to reach them).
    <table className="w-full text-left text-sm" aria-label="Items">
      <thead className="border-b border-slate-200 text-xs tracking-wide text-slate-500 uppercase">
        <tr>
          <th scope="col" className="py-2 pr-3">
            Product
          </th>
          <th scope="col" className="hidden py-2 pr-3 sm:table-cell">
            SKU
          </th>
          <th scope="col" className="py-2 pr-3 text-right">
            Price
          </th>
          <th scope="col" className="py-2 pr-3 text-right">
            <abbr title="Quantity" className="no-underline sm:hidden">
              Qty
            </abbr>
            <span className="hidden sm:inline">Quantity</span>
          </th>
          <th scope="col" className="py-2 text-right">
            Total
          </th>
        </tr>
      </thead>
      <tbody>
        {order.items.map((item) => (
          <tr
            key={item.id}
            className="border-b border-slate-100 last:border-0"
            data-testid="admin-order-item"
          >
            <td className="py-2 pr-3 font-medium [overflow-wrap:anywhere]">
              {itemDisplayName(item)}
              <span className="block font-normal text-slate-600 sm:hidden">SKU {item.sku ?? '—'}</span>
            </td>
            <td className="hidden py-2 pr-3 text-slate-600 sm:table-cell">{item.sku ?? '—'}</td>
            <td className="py-2 pr-3 text-right whitespace-nowrap">{formatMoney(item.price)}</td>
            <td className="py-2 pr-3 text-right">{item.quantity}</td>
            <td className="py-2 text-right whitespace-nowrap" data-testid="admin-order-item-total">
              {formatCents((toCents(item.price) ?? 0) * item.quantity)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function TrackingForm({
  order,
  onDirtyChange,
}: {
  order: AdminOrder;
  /** Whether the tracking details differ from the order's: the dialog asks before discarding them. */
  onDirtyChange: (dirty: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const trackingId = useId();
  const carrierId = useId();
  const dateId = useId();
  const [tracking, setTracking] = useState(order.trackingNumber ?? '');
  const [carrier, setCarrier] = useState(order.trackingCarrier ?? '');
  const [date, setDate] = useState(order.estimatedDeliveryDate ?? '');
  // A change made elsewhere (the status quick action with a number, another administrator) shows here.
  useEffect(() => setTracking(order.trackingNumber ?? ''), [order.trackingNumber]);
  useEffect(() => setCarrier(order.trackingCarrier ?? ''), [order.trackingCarrier]);
  useEffect(() => setDate(order.estimatedDeliveryDate ?? ''), [order.estimatedDeliveryDate]);

  const save = useMutation({
    mutationFn: () =>
      updateOrderDetails(order.id, {
        trackingNumber: tracking,
        trackingCarrier: isTrackingCarrier(carrier) ? carrier : '',
        estimatedDeliveryDate: date,
      }),
    onSuccess: async (detail) => {
      queryClient.setQueryData(adminOrderQueryOptions(order.id).queryKey, detail);
      toast({
        title: 'Order updated',
        description:
          detail.status === 'shipped' &&
          detail.trackingNumber &&
          (detail.trackingNumber !== order.trackingNumber || detail.trackingCarrier !== order.trackingCarrier)
            ? `Tracking details of order #${order.id} saved and e-mailed to the customer.`
            : `Tracking details of order #${order.id} saved.`,
      });
      await refreshOrders(queryClient);
    },
    onError: (error) =>
      toast({ title: 'Failed to update order', description: serverMessage(error), variant: 'destructive' }),
  });
  const unchanged =
    tracking.trim() === (order.trackingNumber ?? '') &&
    carrier === (order.trackingCarrier ?? '') &&
    date === (order.estimatedDeliveryDate ?? '');
  useLayoutEffect(() => onDirtyChange(!unchanged), [unchanged, onDirtyChange]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    save.mutate();
  }

  return (
    <form className="grid gap-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end" onSubmit={onSubmit}>
      <div className="grid gap-1">
        <label htmlFor={trackingId} className="text-sm font-medium text-slate-800">
          Tracking Number
        </label>
        <input
          id={trackingId}
          value={tracking}
          maxLength={100}
          onChange={(e) => setTracking(e.target.value)}
          className={inputClasses()}
        />
      </div>
      <div className="grid gap-1">
        <label htmlFor={carrierId} className="text-sm font-medium text-slate-800">
          Carrier
        </label>
        {/* The shipped e-mail links to the carrier's tracking page (docs/decisions/0271-tracking-carriers.md). */}
        <select
          id={carrierId}
          value={carrier}
          onChange={(e) => setCarrier(e.target.value)}
          className={inputClasses()}
        >
          <option value="">Other (no tracking link)</option>
          {TRACKING_CARRIERS.map((c) => (
            <option key={c} value={c}>
              {TRACKING_CARRIER_LABELS[c]}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1">
        <label htmlFor={dateId} className="text-sm font-medium text-slate-800">
          Estimated Delivery
        </label>
        <input
          id={dateId}
          type="date"
          value={date}
          onChange={(e) => setDate(e.target.value)}
          className={inputClasses()}
        />
      </div>
      <Button type="submit" disabled={unchanged} pending={save.isPending} pendingLabel="Saving...">
        Save Tracking
      </Button>
      {order.status === 'shipped' && (
        <p className="text-sm text-slate-600 sm:col-span-4">
          This order has shipped: a new tracking number or carrier is e-mailed to the customer.
        </p>
      )}
    </form>
  );
}

function Controls({
  order,
  detail,
  onDirtyChange,
}: {
  order: AdminOrder;
  detail: AdminOrderDetail | undefined;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const statusId = useId();
  const paymentId = useId();
  const [pendingPayment, setPendingPayment] = useState<PaymentStatus | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [fulfilling, setFulfilling] = useState(false);

  const status = useMutation({
    mutationFn: (to: OrderStatus) => setOrderStatus(order.id, { status: to }),
    onSuccess: async (detail) => {
      queryClient.setQueryData(adminOrderQueryOptions(order.id).queryKey, detail);
      toast({
        title: 'Order status updated',
        description: `Order #${order.id} is now ${orderStatusLabel(detail.status)}.`,
      });
      await refreshOrders(queryClient);
    },
    onError: (error) =>
      toast({
        title: 'Failed to update order status',
        description: serverMessage(error),
        variant: 'destructive',
      }),
  });

  const payment = useMutation({
    mutationFn: (to: PaymentStatus) => setPaymentStatus(order.id, to),
    onSuccess: async (updated) => {
      setPendingPayment(null);
      toast(paymentChangedToast(order.id, updated));
      await refreshOrders(queryClient, { stock: true });
    },
    onError: (error) => {
      setPendingPayment(null);
      toast({
        title: 'Failed to update payment status',
        description: serverMessage(error),
        variant: 'destructive',
      });
    },
  });

  return (
    <div className="grid gap-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1">
          <label htmlFor={statusId} className="text-sm font-medium text-slate-800">
            Order Status
          </label>
          <select
            id={statusId}
            value={order.status}
            disabled={status.isPending}
            onChange={(e) => {
              const to = e.target.value as OrderStatus;
              // Shipped goes through the Fulfil step, so its one e-mail carries the tracking; Cancelled
              // asks about refund and restock (docs/decisions/0463, 0464).
              if (to === 'cancelled') setCancelling(true);
              else if (to === 'shipped' && order.status !== 'shipped') setFulfilling(true);
              else status.mutate(to);
            }}
            className={inputClasses()}
          >
            {!ORDER_STATUSES.includes(order.status as OrderStatus) && (
              <option value={order.status}>{orderStatusLabel(order.status)}</option>
            )}
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {orderStatusLabel(s)}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          <label htmlFor={paymentId} className="text-sm font-medium text-slate-800">
            Payment Status
          </label>
          <select
            id={paymentId}
            value={order.paymentStatus}
            disabled={payment.isPending}
            onChange={(e) => setPendingPayment(e.target.value as PaymentStatus)}
            className={inputClasses()}
          >
            {!PAYMENT_STATUSES.includes(order.paymentStatus as PaymentStatus) && (
              <option value={order.paymentStatus}>{paymentStatusLabel(order.paymentStatus)}</option>
            )}
            {PAYMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {paymentStatusLabel(s)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <TrackingForm order={order} onDirtyChange={onDirtyChange} />
      <div className="flex flex-wrap gap-2">
        {canFulfil(order) && <Button onClick={() => setFulfilling(true)}>Fulfil</Button>}
        {canRefund(order) && detail && <RefundLinesButton order={detail} />}
        {canRefund(order) && <RefundButton order={order} />}
        <PackingSlipLink orderId={order.id} />
      </div>
      {detail && <CreditNoteLinks detail={detail} />}
      {cancelling && <CancelOrderDialog order={order} open onOpenChange={setCancelling} />}
      {fulfilling && <FulfilDialog order={order} open onOpenChange={setFulfilling} />}
      <ConfirmDialog
        open={pendingPayment !== null}
        onOpenChange={(open) => {
          if (!open && !payment.isPending) setPendingPayment(null);
        }}
        title="Change payment status?"
        message={pendingPayment ? paymentChangeMessage(order, pendingPayment) : ''}
        confirmLabel={`Mark ${pendingPayment ? paymentStatusLabel(pendingPayment) : ''}`}
        pending={payment.isPending}
        pendingLabel="Updating..."
        onConfirm={() => pendingPayment && payment.mutate(pendingPayment)}
      />
    </div>
  );
}

export function OrderDetailDialog({ order: row, onClose }: { order: AdminOrder; onClose: () => void }) {
  const detail = useQuery({ ...adminOrderQueryOptions(row.id), retry: false });
  const order: AdminOrder = detail.data ?? row;
  const address = parseShippingAddress(order.shippingAddress);
  const notes = stripGeneratedItemListing(order.notes);
  const [trackingDirty, setTrackingDirty] = useState(false);

  return (
    <Dialog
      open
      size="xl"
      dirty={trackingDirty}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={`Order #${order.id}`}
    >
      <div className="grid gap-6" data-testid="admin-order-detail">
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <span>Placed {formatDateTime(order.createdAt)}</span>
          <span aria-hidden="true">·</span>
          <span>Reference {order.orderReference}</span>
          <StatusBadge status={order.status} kind="order" data-testid="admin-order-status" />
          <StatusBadge status={order.paymentStatus} kind="payment" data-testid="admin-payment-status" />
        </div>
        {detail.isError && (
          <p role="alert" className="text-sm text-red-700">
            The latest details could not be loaded; showing the list's copy.
          </p>
        )}

        <div className="grid gap-5 sm:grid-cols-2">
          <Block title="Customer">
            <p className="font-medium">{order.customerName}</p>
            <p className="break-all">{order.customerEmail}</p>
            {order.customerPhone && <p>{order.customerPhone}</p>}
            <p className="text-slate-600">
              {order.user
                ? `Account: ${order.user.username} (${order.user.email})`
                : 'Guest order (no account linked)'}
            </p>
          </Block>
          <Block title="Shipping Address">
            <address
              className={`not-italic ${address.kind === 'none' ? 'text-slate-500' : ''}`}
              data-testid="admin-order-address"
            >
              {address.lines.map((line, i) => (
                <span key={i} className="block">
                  {line}
                </span>
              ))}
            </address>
          </Block>
          <Block title="Shipping">
            <p>{shippingMethodLabel(order.shippingMethod)}</p>
            <p className="text-slate-600">Tracking Number: {order.trackingNumber || 'Not set'}</p>
            {isTrackingCarrier(order.trackingCarrier) && (
              <p className="text-slate-600">Carrier: {TRACKING_CARRIER_LABELS[order.trackingCarrier]}</p>
            )}
            <p className="text-slate-600">Estimated Delivery: {order.estimatedDeliveryDate || 'Not set'}</p>
          </Block>
          <Block title="Payment">
            <p>
              {paymentStatusLabel(order.paymentStatus)} · {order.paymentMethod}
            </p>
            {order.paymentReference && (
              <p className="break-all text-slate-600">Reference: {order.paymentReference}</p>
            )}
            <p className="text-slate-600">
              {order.inventoryReduced ? 'Stock taken for this order' : 'Stock not taken'}
            </p>
            {(toCents(order.refundedAmount) ?? 0) > 0 && (
              <p className="text-slate-600" data-testid="admin-order-refunded">
                Refunded {formatMoney(order.refundedAmount)} of {formatMoney(order.total)}
              </p>
            )}
            {order.refundStatus && (
              <p className={order.refundStatus === 'needed' ? 'text-red-700' : 'text-slate-600'}>
                <RefundFlag status={order.refundStatus} />{' '}
                {order.refundStatus === 'needed'
                  ? `Payment ${order.refundPaymentReference} arrived after this order had closed and must be refunded; the store keeps trying automatically.`
                  : `Payment ${order.refundPaymentReference} arrived after this order had closed and was refunded (${order.refundReference}).`}
              </p>
            )}
            <EmailStatus order={order} />
          </Block>
        </div>

        <Block title="Items">
          <Items order={order} />
        </Block>
        <div className="grid gap-5 sm:grid-cols-2">
          <Block title="Notes">
            {notes ? (
              <p className="whitespace-pre-line">{notes}</p>
            ) : (
              <p className="text-slate-500">No notes.</p>
            )}
          </Block>
          <Block title="Summary">
            {/* The same lines as the confirmation page, the account, the receipt and the e-mail
                (docs/decisions/0138-order-amounts-presenter.md). */}
            <OrderAmountsList order={order} testIdPrefix="admin-amount" />
          </Block>
        </div>

        <section
          className="grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4"
          aria-label="Manage order"
        >
          <h3 className="text-sm font-semibold">Manage Order</h3>
          <Controls order={order} detail={detail.data} onDirtyChange={setTrackingDirty} />
        </section>

        <Block title="Staff Notes">
          <StaffNotes order={order} detail={detail.data} />
        </Block>

        <Block title="Timeline">
          <Timeline detail={detail.data} />
        </Block>
      </div>
    </Dialog>
  );
}
