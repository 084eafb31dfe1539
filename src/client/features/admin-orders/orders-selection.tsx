// Several orders at once: the selection (what the page shows; another page or filter starts with
// nothing selected), one status for all of them, and their packing slips in one printable page
// (docs/decisions/0465-bulk-packing-slips.md).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ORDER_STATUSES, type OrderStatus } from '~/shared/constants';
import { orderStatusLabel } from '~/shared/orders';
import type { BulkOrderStatusAnswer } from '~/shared/schemas/admin-orders';
import { Button, buttonClasses } from '~/client/components/ui/button';
import { inputClasses } from '~/client/components/ui/form-fields';
import { toast } from '~/client/components/ui/toast-store';
import { ApiError } from '~/client/lib/api';
import { bulkSetOrderStatus, packingSlipsHref, refreshOrders } from './api';

/** '#12: Order not found.; #40: ...' for the orders a bulk change left as they were. */
function failuresText(answer: BulkOrderStatusAnswer): string {
  return answer.results
    .filter((r) => !r.ok)
    .map((r) => `#${r.id}: ${'message' in r ? r.message : ''}`)
    .join(' ');
}

export type OrderSelection = {
  selected: ReadonlySet<number>;
  set: (next: ReadonlySet<number> | ((s: ReadonlySet<number>) => ReadonlySet<number>)) => void;
  toggle: (id: number, on: boolean) => void;
  /** Every order of the page on, or off. */
  togglePage: (on: boolean) => void;
  allOnPage: boolean;
};

/** The selected orders; a new `listKey` (another page, filter or sort) starts with none. */
export function useOrderSelection(onPage: number[], listKey: string): OrderSelection {
  const [selected, set] = useState<ReadonlySet<number>>(new Set());
  const [selectionKey, setSelectionKey] = useState(listKey);
  if (selectionKey !== listKey) {
    setSelectionKey(listKey);
    set(new Set());
  }
  const change = (ids: number[], on: boolean) =>
    set((s) => {
      const next = new Set(s);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  return {
    selected,
    set,
    toggle: (id, on) => change([id], on),
    togglePage: (on) => change(onPage, on),
    allOnPage: onPage.length > 0 && onPage.every((id) => selected.has(id)),
  };
}

export function SelectionBar({ selection }: { selection: OrderSelection }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<OrderStatus>('shipped');
  const { selected } = selection;
  const ids = [...selected];

  const bulk = useMutation({
    mutationFn: (p: { ids: number[]; status: OrderStatus }) => bulkSetOrderStatus(p),
    onSuccess: async (answer) => {
      const done = answer.results.filter((r) => r.ok).map((r) => r.id);
      // Orders that did not change stay selected, to look at or try again.
      selection.set((s) => new Set([...s].filter((id) => !done.includes(id))));
      const changed = `${answer.updated} ${answer.updated === 1 ? 'order is' : 'orders are'} now ${orderStatusLabel(answer.status)}.`;
      // One toast at a time (the kit's limit): a partial success says both what changed and what did not.
      if (answer.failed === 0) {
        toast({ title: 'Order statuses updated', description: changed });
      } else {
        toast({
          title: `${answer.failed} ${answer.failed === 1 ? 'order was' : 'orders were'} not changed`,
          description: `${answer.updated > 0 ? `${changed} ` : ''}${failuresText(answer)}`,
          variant: 'destructive',
        });
      }
      await refreshOrders(queryClient);
    },
    onError: (error) =>
      toast({
        title: 'Failed to update order status',
        description: (error instanceof ApiError && error.serverMessage) || undefined,
        variant: 'destructive',
      }),
  });

  if (selected.size === 0) return null;
  return (
    <section
      aria-label="Selected orders"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm"
    >
      <span data-testid="admin-orders-selected">
        {selected.size} {selected.size === 1 ? 'order' : 'orders'} selected
      </span>
      <label htmlFor="admin-orders-bulk-status" className="sr-only">
        New status for the selected orders
      </label>
      <select
        id="admin-orders-bulk-status"
        value={status}
        onChange={(e) => setStatus(e.target.value as OrderStatus)}
        className={inputClasses()}
      >
        {ORDER_STATUSES.map((s) => (
          <option key={s} value={s}>
            {orderStatusLabel(s)}
          </option>
        ))}
      </select>
      <Button
        size="sm"
        pending={bulk.isPending}
        pendingLabel="Updating..."
        onClick={() => bulk.mutate({ ids, status })}
      >
        Set status
      </Button>
      {status === 'shipped' && (
        <span className="text-slate-600">
          Shipped this way e-mails no tracking: to send each order's number, use Ship from CSV.
        </span>
      )}
      <a
        href={packingSlipsHref(ids)}
        target="_blank"
        rel="noopener"
        className={buttonClasses('outline', 'sm')}
        data-testid="packing-slips-link"
      >
        Print packing slips
      </a>
      <Button size="sm" variant="ghost" onClick={() => selection.set(new Set())}>
        Clear selection
      </Button>
    </section>
  );
}
