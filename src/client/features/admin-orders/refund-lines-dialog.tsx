// 'Refund items...': staff choose the units of each line to give back, whether each line goes back in
// stock, the shipping and a reason; the server works out the lines' discount and every tax line and
// shows the refund before staff confirm it (docs/decisions/0510-refunds-by-line.md). The money goes back
// to the original payment (the card first, then the gift cards, then store credit: 0535) or, for a
// customer with an account, all of it to store credit (0530).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { formatMoney, toCents } from '~/shared/money';
import { taxLineLabel } from '~/shared/order-amounts';
import type { TaxCode } from '~/shared/constants';
import type { AdminOrderDetail } from '~/shared/schemas/admin-orders';
import {
  type CreditNote,
  RefundLinesCreateSchema,
  type RefundLinesCreateInput,
} from '~/shared/schemas/admin-orders-dialog';
import { Button } from '~/client/components/ui/button';
import { Dialog } from '~/client/components/ui/dialog';
import { SelectField, TextAreaField, TextField } from '~/client/components/ui/form-fields';
import { Switch } from '~/client/components/ui/switch';
import { toast } from '~/client/components/ui/toast-store';
import { ApiError } from '~/client/lib/api';
import { adminOrderQueryOptions, creditNoteHref, previewRefund, refreshOrders, refundOrder } from './api';

const serverMessage = (error: unknown) => (error instanceof ApiError && error.serverMessage) || undefined;

type LineState = { quantity: string; restock: boolean };

/** Units of each line not yet given back (or being given back), and the shipping left. */
function leftOf(order: AdminOrderDetail) {
  const taken = new Map(order.refundedUnits.map((u) => [u.orderItemId, u.quantity]));
  return {
    units: new Map(order.items.map((i) => [i.id, i.quantity - (taken.get(i.id) ?? 0)])),
    shippingCents: (toCents(order.shippingCost) ?? 0) - (toCents(order.refundedShipping) ?? 0),
  };
}

export function RefundLinesButton({ order }: { order: AdminOrderDetail }) {
  const queryClient = useQueryClient();
  const left = leftOf(order);
  const [open, setOpen] = useState(false);
  const [lines, setLines] = useState<Record<number, LineState>>({});
  const [shipping, setShipping] = useState('0.00');
  const [reason, setReason] = useState('');
  const [destination, setDestination] = useState<'original' | 'store_credit'>('original');
  const [error, setError] = useState<string | undefined>();
  const [preview, setPreview] = useState<CreditNote | null>(null);

  const lineOf = (id: number): LineState => lines[id] ?? { quantity: '0', restock: true };
  const change = (id: number, next: Partial<LineState>) => {
    setLines((all) => ({ ...all, [id]: { ...lineOf(id), ...next } }));
    setPreview(null);
  };

  function body(): RefundLinesCreateInput | null {
    const chosen = order.items
      .map((item) => ({ item, state: lineOf(item.id) }))
      .filter(({ state }) => state.quantity.trim() !== '' && state.quantity.trim() !== '0');
    for (const { item, state } of chosen) {
      const quantity = Number(state.quantity);
      const most = left.units.get(item.id) ?? 0;
      if (!Number.isInteger(quantity) || quantity < 0 || quantity > most) {
        setError(`${item.name}: choose a whole number of units from 0 to ${most}.`);
        return null;
      }
    }
    const candidate = {
      lines: chosen.map(({ item, state }) => ({
        orderItemId: item.id,
        quantity: Number(state.quantity),
        restock: state.restock,
      })),
      shipping,
      destination,
      reason,
    };
    // The same contract the server checks.
    const parsed = RefundLinesCreateSchema.safeParse(candidate);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return null;
    }
    setError(undefined);
    return candidate;
  }

  const review = useMutation({
    mutationFn: (input: RefundLinesCreateInput) => previewRefund(order.id, input),
    onSuccess: setPreview,
    onError: (e) => setError(serverMessage(e) ?? 'The refund could not be worked out. Please try again.'),
  });
  const refund = useMutation({
    mutationFn: (input: RefundLinesCreateInput) => refundOrder(order.id, input),
    onSuccess: async (updated) => {
      queryClient.setQueryData(adminOrderQueryOptions(order.id).queryKey, updated);
      setOpen(false);
      toast({
        title: 'Refund made',
        description: `${formatMoney(updated.refund?.total ?? '0')} of order #${order.id} was refunded (credit note ${updated.refund?.number ?? ''}).`,
      });
      await refreshOrders(queryClient, { stock: true });
    },
    onError: (e) => {
      setPreview(null);
      setError(serverMessage(e) ?? 'The refund failed. Please try again.');
    },
  });

  function onOpenChange(next: boolean) {
    if (refund.isPending) return;
    if (next) {
      setLines({});
      setShipping('0.00');
      setReason('');
      setDestination('original');
      setError(undefined);
      setPreview(null);
    }
    setOpen(next);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const input = body();
    if (!input) return;
    if (preview) refund.mutate(input);
    else review.mutate(input);
  }

  return (
    <>
      <Button type="button" variant="outline" onClick={() => onOpenChange(true)}>
        Refund items...
      </Button>
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        size="lg"
        title={`Refund items of order #${order.id}`}
        description="Choose the units that come back. The store works out each line's discount and tax."
      >
        <form className="grid gap-4" onSubmit={onSubmit} noValidate>
          <ul className="grid gap-3">
            {order.items.map((item) => {
              const most = left.units.get(item.id) ?? 0;
              const state = lineOf(item.id);
              return (
                <li
                  key={item.id}
                  className="grid gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-[1fr_8rem]"
                >
                  <div>
                    <p className="font-medium text-slate-900">{item.name}</p>
                    <p className="text-sm text-slate-600">
                      {item.quantity} × {formatMoney(item.price)}; {most} can be refunded
                    </p>
                    <div className="mt-2">
                      <Switch
                        label={`Put back in stock: ${item.name}`}
                        checked={state.restock}
                        disabled={most === 0}
                        onCheckedChange={(restock) => change(item.id, { restock })}
                      />
                    </div>
                  </div>
                  <TextField
                    label={`Units of ${item.name}`}
                    inputMode="numeric"
                    value={state.quantity}
                    disabled={most === 0}
                    onChange={(e) => change(item.id, { quantity: e.target.value })}
                  />
                </li>
              );
            })}
          </ul>
          <TextField
            label="Shipping to refund"
            inputMode="decimal"
            value={shipping}
            hint={`Up to ${formatMoney(String(left.shippingCents / 100))} of ${formatMoney(order.shippingCost)}.`}
            onChange={(e) => {
              setShipping(e.target.value);
              setPreview(null);
            }}
          />
          {/* Store credit belongs to an account: a guest's order goes back to its payment. */}
          {order.userId ? (
            <SelectField
              label="Refund to"
              value={destination}
              onChange={(e) => {
                setDestination(e.target.value as 'original' | 'store_credit');
                setPreview(null);
              }}
            >
              <option value="original">
                The original payment (card, then gift cards, then store credit)
              </option>
              <option value="store_credit">Store credit</option>
            </SelectField>
          ) : null}
          <TextAreaField
            label="Reason"
            optional
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setPreview(null);
            }}
          />
          {error && (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
          {preview && <RefundSummary note={preview} />}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            {preview ? (
              <Button
                type="submit"
                variant="destructive"
                pending={refund.isPending}
                pendingLabel="Refunding..."
              >
                {`Refund ${formatMoney(preview.total)}`}
              </Button>
            ) : (
              <Button type="submit" pending={review.isPending} pendingLabel="Working out...">
                Review refund
              </Button>
            )}
          </div>
        </form>
      </Dialog>
    </>
  );
}

/** The refund as the server worked it out: goods, shipping, each tax line, the total. */
function RefundSummary({ note }: { note: CreditNote }) {
  const rows: [string, string][] = [
    ['Items', note.subtotal],
    ...(toCents(note.discount) ? ([['Discount included', note.discount]] as [string, string][]) : []),
    ['Shipping', note.shipping],
    ...note.taxLines.map((l): [string, string] => [taxLineLabel(l.code as TaxCode, l.rate), l.amount]),
  ];
  return (
    <section aria-label="Refund summary" className="rounded-md bg-slate-50 p-3 text-sm">
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
        {rows.map(([label, amount]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="text-right">{formatMoney(amount)}</dd>
          </div>
        ))}
        <dt className="font-semibold text-slate-900">Total to refund</dt>
        <dd className="text-right font-semibold text-slate-900">{formatMoney(note.total)}</dd>
      </dl>
    </section>
  );
}

/** The printable credit note of each completed refund by line. */
export function CreditNoteLinks({ detail }: { detail: AdminOrderDetail }) {
  const notes = detail.refunds.filter((r) => r.kind === 'lines' && r.creditNoteNumber);
  if (notes.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Credit notes">
      {notes.map((r) => (
        <li key={r.id}>
          <a
            className="text-blue-700 underline"
            href={creditNoteHref(detail.id, r.id)}
            target="_blank"
            rel="noopener"
          >
            {`Credit note ${r.creditNoteNumber} (${formatMoney(r.amount)})`}
          </a>
        </li>
      ))}
    </ul>
  );
}
