// The Fulfil step (docs/decisions/0463-fulfil-step-and-tracking-e-mails.md): carrier and tracking number,
// then Shipped, in one change, so the customer's one 'has shipped' e-mail carries what is known. Shipping
// without a number (local delivery, an untracked letter) is a choice staff make, not a field they forgot.
// Opened from the order dialog (its Fulfil button, or Shipped in the status selector) and from the list's
// 'Mark Shipped'.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import type { AdminOrder } from '~/shared/schemas/admin-orders';
import { TRACKING_CARRIER_LABELS, TRACKING_CARRIERS, isTrackingCarrier } from '~/shared/tracking';
import { Button } from '~/client/components/ui/button';
import { Dialog, DialogCancel } from '~/client/components/ui/dialog';
import { SelectField, TextField } from '~/client/components/ui/form-fields';
import { toast } from '~/client/components/ui/toast-store';
import { ApiError } from '~/client/lib/api';
import { adminOrderQueryOptions, refreshOrders, setOrderStatus } from './api';

export const NUMBER_OR_CHOICE = 'Enter the tracking number, or choose to ship without one.';

/** Statuses from which an order is shipped (not yet shipped, handed over or cancelled). */
export function canFulfil(order: AdminOrder): boolean {
  return (
    !order.unpaidCheckout &&
    order.paymentStatus === 'completed' &&
    order.shippingMethod !== 'pickup' &&
    (order.status === 'pending' || order.status === 'processing')
  );
}

export function FulfilDialog({
  order,
  open,
  onOpenChange,
}: {
  order: AdminOrder;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const withoutId = useId();
  const [carrier, setCarrier] = useState(order.trackingCarrier ?? '');
  const [tracking, setTracking] = useState(order.trackingNumber ?? '');
  const [without, setWithout] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const number = without ? '' : tracking.trim();

  const ship = useMutation({
    mutationFn: () =>
      setOrderStatus(order.id, {
        status: 'shipped',
        trackingNumber: number,
        trackingCarrier: number && isTrackingCarrier(carrier) ? carrier : '',
      }),
    onSuccess: async (detail) => {
      queryClient.setQueryData(adminOrderQueryOptions(order.id).queryKey, detail);
      onOpenChange(false);
      toast({
        title: 'Order shipped',
        description: number
          ? `Order #${order.id} is Shipped; the customer is e-mailed tracking number ${number}.`
          : `Order #${order.id} is Shipped; the customer is e-mailed that it is on its way, without tracking.`,
      });
      await refreshOrders(queryClient);
    },
    onError: (e) =>
      toast({
        title: 'Failed to update order status',
        description: (e instanceof ApiError && e.serverMessage) || undefined,
        variant: 'destructive',
      }),
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!without && !tracking.trim()) return setError(NUMBER_OR_CHOICE);
    setError(undefined);
    ship.mutate();
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !ship.isPending && onOpenChange(next)}
      title={`Ship order #${order.id}`}
      description="The customer is e-mailed once that the order has shipped, with the carrier, the tracking number and its link when given."
    >
      <form className="grid gap-4" onSubmit={onSubmit} noValidate>
        <SelectField
          label="Carrier"
          value={carrier}
          disabled={without}
          onChange={(e) => setCarrier(e.target.value)}
        >
          <option value="">Other (no tracking link)</option>
          {TRACKING_CARRIERS.map((c) => (
            <option key={c} value={c}>
              {TRACKING_CARRIER_LABELS[c]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Tracking Number"
          value={without ? '' : tracking}
          disabled={without}
          maxLength={100}
          autoComplete="off"
          error={error}
          onChange={(e) => setTracking(e.target.value)}
        />
        <div className="flex items-start gap-2">
          <input
            id={withoutId}
            type="checkbox"
            className="mt-0.5 size-5"
            checked={without}
            onChange={(e) => {
              setWithout(e.target.checked);
              setError(undefined);
            }}
          />
          <label htmlFor={withoutId} className="text-sm text-slate-800">
            Ship without a tracking number (local delivery or untracked). Tracking added later is e-mailed to
            the customer as new tracking details.
          </label>
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <DialogCancel disabled={ship.isPending} onCancel={() => onOpenChange(false)} />
          <Button type="submit" pending={ship.isPending} pendingLabel="Shipping...">
            {without ? 'Mark Shipped without tracking' : 'Mark Shipped and e-mail tracking'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
