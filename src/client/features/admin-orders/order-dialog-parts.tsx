// The order dialog's staff tools: private notes, the timeline (changes, notes, refunds and e-mails in
// time order), refunds through the payment provider, cancelling with refund and restock as two choices, and
// the packing slip (docs/decisions/0230-refunds-through-the-provider.md, 0231, 0232).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { centsToString, formatCents, formatMoney, toCents } from '~/shared/money';
import { orderStatusLabel } from '~/shared/orders';
import type { AdminOrder, AdminOrderDetail } from '~/shared/schemas/admin-orders';
import { RefundAmountCreateSchema, STAFF_NOTE_MAX } from '~/shared/schemas/admin-orders-dialog';
import { Button, buttonClasses } from '~/client/components/ui/button';
import { AlertDialogCancel, AlertDialogFrame } from '~/client/components/ui/confirm-dialog';
import { Dialog } from '~/client/components/ui/dialog';
import { TextAreaField, TextField } from '~/client/components/ui/form-fields';
import { Skeleton } from '~/client/components/ui/skeleton';
import { Switch } from '~/client/components/ui/switch';
import { toast } from '~/client/components/ui/toast-store';
import { ApiError } from '~/client/lib/api';
import {
  addOrderNote,
  adminOrderQueryOptions,
  packingSlipHref,
  refreshOrders,
  refundOrder,
  setOrderStatus,
} from './api';
import { formatDateTime, historyText, historyWho } from './order-bits';

const serverMessage = (error: unknown) => (error instanceof ApiError && error.serverMessage) || undefined;

/** Cents still refundable as far as the dialog knows (the server counts refunds in flight too). */
export function refundableCents(order: AdminOrder): number {
  return Math.max(0, (toCents(order.total) ?? 0) - (toCents(order.refundedAmount) ?? 0));
}

/** Whether staff can give money back on this order through the provider. */
export function canRefund(order: AdminOrder): boolean {
  return order.paymentStatus === 'completed' && !!order.paymentReference && refundableCents(order) > 0;
}

export function StaffNotes({ order, detail }: { order: AdminOrder; detail: AdminOrderDetail | undefined }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const add = useMutation({
    mutationFn: () => addOrderNote(order.id, text.trim()),
    onSuccess: (updated) => {
      queryClient.setQueryData(adminOrderQueryOptions(order.id).queryKey, updated);
      setText('');
      toast({ title: 'Note added', description: `Your note on order #${order.id} was saved.` });
    },
    onError: (e) =>
      toast({ title: 'Failed to add note', description: serverMessage(e), variant: 'destructive' }),
  });
  const notes = (detail?.history ?? []).filter((h) => h.field === 'staffNote');

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) return setError('Write a note first');
    setError(undefined);
    add.mutate();
  }

  return (
    <div className="grid gap-3">
      {!detail ? (
        <Skeleton className="h-10 w-full" />
      ) : notes.length === 0 ? (
        <p className="text-sm text-slate-500">No staff notes yet.</p>
      ) : (
        <ul className="grid gap-2" data-testid="admin-order-staff-notes">
          {notes.map((note) => (
            <li key={note.id} className="rounded-md border border-amber-200 bg-amber-50 p-2 text-sm">
              <p className="whitespace-pre-line">{note.to}</p>
              <p className="mt-1 text-xs text-slate-600">
                {historyWho(note)} · <time dateTime={note.at}>{formatDateTime(note.at)}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
      <form className="grid gap-2" onSubmit={onSubmit}>
        <TextAreaField
          label="Add a staff note"
          hint="Only staff see notes; the customer never does."
          value={text}
          maxLength={STAFF_NOTE_MAX}
          error={error}
          onChange={(e) => setText(e.target.value)}
        />
        <div>
          <Button type="submit" variant="secondary" pending={add.isPending} pendingLabel="Saving...">
            Add Note
          </Button>
        </div>
      </form>
    </div>
  );
}

type TimelineItem = { key: string; at: string; text: string; who?: string; tone?: 'attention' | 'note' };

const EMAIL_STATUS: Record<string, string> = {
  sent: 'sent',
  pending: 'waiting to be sent',
  queued: 'waiting to be sent',
  failed: 'not delivered',
};

/** Every event of the order in time order: changes, staff notes, refunds, failed refunds, e-mails. */
export function timelineOf(detail: AdminOrderDetail): TimelineItem[] {
  const items: TimelineItem[] = detail.history.map((h) => ({
    key: `h${h.id}`,
    at: h.at,
    text: historyText(h),
    who: historyWho(h),
    tone: h.field === 'attention' ? 'attention' : h.field === 'staffNote' ? 'note' : undefined,
  }));
  for (const r of detail.refunds) {
    if (r.status === 'failed')
      items.push({
        key: `r${r.id}`,
        at: r.at,
        text: `Refund of ${formatMoney(r.amount)} failed: ${r.error ?? 'the payment provider refused it'}`,
        who: r.who ? `by ${r.who}` : undefined,
        tone: 'attention',
      });
    if (r.status === 'pending')
      items.push({ key: `r${r.id}`, at: r.at, text: `Refund of ${formatMoney(r.amount)} in progress` });
  }
  for (const e of detail.emails) {
    items.push({
      key: `e${e.id}`,
      at: e.at,
      text: `E-mail "${e.subject}" to ${e.to}: ${EMAIL_STATUS[e.status] ?? e.status}${e.error ? ` (${e.error})` : ''}`,
    });
  }
  // Stable: entries of the same instant keep the order they were recorded in.
  return items
    .map((item, i) => ({ item, i }))
    .sort((a, b) => Date.parse(a.item.at) - Date.parse(b.item.at) || a.i - b.i)
    .map(({ item }) => item);
}

export function Timeline({ detail }: { detail: AdminOrderDetail | undefined }) {
  if (!detail) return <Skeleton className="h-16 w-full" />;
  const items = timelineOf(detail);
  if (items.length === 0) return <p className="text-sm text-slate-500">No changes recorded.</p>;
  return (
    <ol className="grid gap-1 text-sm" data-testid="admin-order-history">
      {items.map((item) => (
        <li key={item.key} className="flex flex-wrap gap-x-2">
          <time dateTime={item.at} className="text-slate-500">
            {formatDateTime(item.at)}
          </time>
          <span
            className={
              item.tone === 'attention'
                ? 'font-medium text-red-700'
                : item.tone === 'note'
                  ? 'whitespace-pre-line text-amber-900'
                  : ''
            }
          >
            {item.text}
          </span>
          {item.who && <span className="text-slate-500">{item.who}</span>}
        </li>
      ))}
    </ol>
  );
}

/** 'Refund…': the amount (what is left, by default) and whether the items go back in stock. */
export function RefundButton({ order }: { order: AdminOrder }) {
  const queryClient = useQueryClient();
  const restockId = useId();
  const left = refundableCents(order);
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState(centsToString(left));
  const [restock, setRestock] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const refund = useMutation({
    mutationFn: (body: { amount: string; restock: boolean }) => refundOrder(order.id, body),
    onSuccess: async (updated, body) => {
      queryClient.setQueryData(adminOrderQueryOptions(order.id).queryKey, updated);
      setOpen(false);
      toast({
        title: 'Refund made',
        description: `${formatMoney(body.amount)} of order #${order.id} was refunded${body.restock ? ' and its items put back in stock' : ''}.`,
      });
      await refreshOrders(queryClient, { stock: body.restock });
    },
    onError: (e) => toast({ title: 'Refund failed', description: serverMessage(e), variant: 'destructive' }),
  });

  function onOpenChange(next: boolean) {
    if (refund.isPending) return;
    if (next) {
      setAmount(centsToString(left));
      setRestock(false);
      setError(undefined);
    }
    setOpen(next);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    // The same contract the server checks (one schema for the form and the handler).
    const parsed = RefundAmountCreateSchema.safeParse({ amount, restock });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    if (parsed.data.amount > left) return setError(`At most ${formatCents(left)} can still be refunded.`);
    setError(undefined);
    refund.mutate({ amount: centsToString(parsed.data.amount), restock });
  }

  return (
    <>
      <Button type="button" variant="outline" onClick={() => onOpenChange(true)}>
        Refund...
      </Button>
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        title={`Refund order #${order.id}`}
        description="The money goes back to the customer's card through the payment provider."
      >
        <form className="grid gap-4" onSubmit={onSubmit}>
          <TextField
            label="Amount"
            inputMode="decimal"
            value={amount}
            error={error}
            hint={`At most ${formatCents(left)} (total ${formatMoney(order.total)}, refunded so far ${formatMoney(order.refundedAmount)}).`}
            onChange={(e) => setAmount(e.target.value)}
          />
          <div className="flex items-start gap-3">
            <Switch id={restockId} checked={restock} onCheckedChange={setRestock} />
            <label htmlFor={restockId} className="text-sm">
              <span className="font-medium text-slate-800">Put the order's items back in stock</span>
              <span className="block text-slate-600">
                Every item of the order goes back. When only some come back, leave this off and adjust those
                products' stock instead.
              </span>
            </label>
          </div>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant="destructive"
              pending={refund.isPending}
              pendingLabel="Refunding..."
            >
              Refund
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}

/** Statuses in which the parcel has left the store: its items are not on the shelf to sell again. */
const GONE_STATUSES = new Set(['shipped', 'delivered', 'picked-up']);

/** What the cancel dialog's two choices did, said after it. */
function cancelledText(orderId: number, refunded: number | null, restocked: boolean): string {
  const parts = [
    ...(refunded !== null ? [`${formatCents(refunded)} was refunded`] : []),
    restocked ? 'its items were put back in stock' : null,
  ].filter(Boolean);
  return parts.length
    ? `Order #${orderId} is cancelled; ${parts.join(' and ')}.`
    : `Order #${orderId} is cancelled.`;
}

/**
 * Cancelling asks first, with refund and restock as two choices
 * (docs/decisions/0464-cancel-refund-and-restock.md): the refund (on by default) when the order was paid
 * through the provider and something is left to give back; the restock when its stock was taken, on by
 * default only while nothing has left the store (a shipped parcel's items are not on the shelf).
 */
export function CancelOrderDialog({
  order,
  open,
  onOpenChange,
}: {
  order: AdminOrder;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const refundId = useId();
  const restockId = useId();
  const left = refundableCents(order);
  const mayRefund = order.paymentStatus === 'completed' && !!order.paymentReference && left > 0;
  const mayRestock = order.inventoryReduced;
  const restockByDefault = !GONE_STATUSES.has(order.status);
  const [refund, setRefund] = useState(true);
  const [restock, setRestock] = useState(restockByDefault);
  const refunding = mayRefund && refund;
  const restocking = mayRestock && restock;
  const cancel = useMutation({
    mutationFn: () =>
      setOrderStatus(order.id, {
        status: 'cancelled',
        ...(mayRefund ? { refund: refunding } : {}),
        restock: restocking,
      }),
    onSuccess: async (detail) => {
      queryClient.setQueryData(adminOrderQueryOptions(order.id).queryKey, detail);
      onOpenChange(false);
      toast({
        title: 'Order cancelled',
        description: cancelledText(order.id, refunding ? left : null, restocking),
      });
      await refreshOrders(queryClient, { stock: restocking });
    },
    onError: (e) =>
      toast({ title: 'Failed to cancel order', description: serverMessage(e), variant: 'destructive' }),
  });
  const message = [
    order.paymentStatus === 'completed' ? 'This order is paid.' : null,
    GONE_STATUSES.has(order.status)
      ? `It is ${orderStatusLabel(order.status)}: its items have left the store.`
      : null,
    !mayRefund && !mayRestock ? 'Nothing is refunded and no stock is moved.' : null,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <AlertDialogFrame
      open={open}
      onOpenChange={(next) => {
        if (!cancel.isPending) {
          if (next) {
            setRefund(true);
            setRestock(restockByDefault);
          }
          onOpenChange(next);
        }
      }}
      title={`Cancel order #${order.id}?`}
      message={message || 'The customer is e-mailed that the order was cancelled.'}
    >
      {mayRefund && (
        <div className="mt-4 flex items-start gap-3">
          <Switch id={refundId} checked={refund} onCheckedChange={setRefund} />
          <label htmlFor={refundId} className="text-sm text-slate-800">
            Refund {formatCents(left)} to the customer through the payment provider
          </label>
        </div>
      )}
      {mayRestock && (
        <div className="mt-4 flex items-start gap-3">
          <Switch id={restockId} checked={restock} onCheckedChange={setRestock} />
          <label htmlFor={restockId} className="text-sm text-slate-800">
            Put the items back in stock{restockByDefault ? '' : ' (only if the parcel came back)'}
          </label>
        </div>
      )}
      <div className="mt-6 flex justify-end gap-2">
        <AlertDialogCancel>Keep Order</AlertDialogCancel>
        <Button
          variant="destructive"
          pending={cancel.isPending}
          pendingLabel="Cancelling..."
          onClick={() => cancel.mutate()}
        >
          Cancel Order
        </Button>
      </div>
    </AlertDialogFrame>
  );
}

/** The packing slip opens in a tab of its own, ready for the browser's Print. */
export function PackingSlipLink({ orderId }: { orderId: number }) {
  return (
    <a
      href={packingSlipHref(orderId)}
      target="_blank"
      rel="noopener"
      className={buttonClasses('outline')}
      data-testid="packing-slip-link"
    >
      Packing Slip
    </a>
  );
}
