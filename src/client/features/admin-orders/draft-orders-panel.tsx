// The Draft orders section of Order Management (docs/decisions/0625-draft-orders.md): orders taken by
// phone or message, with their state and when their holds end; Resend and Cancel on held ones; and
// the form that builds a new one (draft-order-form.tsx).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { DraftOrder, DraftOrderState } from '~/shared/schemas/draft-orders';
import { Button } from '~/client/components/ui/button';
import { toast } from '~/client/components/ui/toast-store';
import { ApiError, apiRequest } from '~/client/lib/api';
import { DraftOrderForm } from './draft-order-form';
import { formatDateTime } from './order-bits';

const DRAFTS_PATH = '/api/admin/draft-orders';
const STATE_LABELS: Record<DraftOrderState, string> = {
  held: 'Waiting for payment',
  paid: 'Paid',
  expired: 'Expired',
  cancelled: 'Cancelled',
  closed: 'Closed',
};

function DraftRow({ draft }: { draft: DraftOrder }) {
  const queryClient = useQueryClient();
  const act = useMutation({
    mutationFn: (action: 'resend' | 'cancel') => apiRequest('POST', `${DRAFTS_PATH}/${draft.id}/${action}`),
    onSuccess: (_data, action) => {
      toast({ title: action === 'resend' ? 'Pay link sent again.' : 'Draft order cancelled.' });
      void queryClient.invalidateQueries({ queryKey: [DRAFTS_PATH] });
    },
    onError: (e) =>
      toast({
        title: (e instanceof ApiError && e.serverMessage) || 'That did not work.',
        variant: 'destructive',
      }),
  });
  return (
    <tr>
      <td>{draft.orderReference}</td>
      <td>
        {draft.customerName}
        <br />
        {draft.customerEmail}
      </td>
      <td>${draft.total}</td>
      <td>{STATE_LABELS[draft.state]}</td>
      <td>{draft.heldUntil ? formatDateTime(draft.heldUntil) : ''}</td>
      <td className="flex gap-2">
        {draft.state === 'held' && (
          <>
            <Button size="sm" variant="outline" disabled={act.isPending} onClick={() => act.mutate('resend')}>
              Resend link
            </Button>
            <Button size="sm" variant="outline" disabled={act.isPending} onClick={() => act.mutate('cancel')}>
              Cancel
            </Button>
          </>
        )}
      </td>
    </tr>
  );
}

export function DraftOrdersPanel() {
  const queryClient = useQueryClient();
  const [building, setBuilding] = useState(false);
  const drafts = useQuery({
    queryKey: [DRAFTS_PATH],
    queryFn: () => apiRequest<{ draftOrders: DraftOrder[] }>('GET', DRAFTS_PATH),
  });
  return (
    <section className="grid gap-4" aria-labelledby="draft-orders-heading">
      <div className="flex items-center justify-between">
        <h2 id="draft-orders-heading" className="text-lg font-semibold">
          Draft orders
        </h2>
        <Button variant="outline" aria-expanded={building} onClick={() => setBuilding((v) => !v)}>
          {building ? 'Close the form' : 'New draft order'}
        </Button>
      </div>
      {building && (
        <DraftOrderForm
          onSent={() => {
            setBuilding(false);
            void queryClient.invalidateQueries({ queryKey: [DRAFTS_PATH] });
          }}
        />
      )}
      <table className="w-full text-left">
        <thead>
          <tr>
            <th>Reference</th>
            <th>Customer</th>
            <th>Total</th>
            <th>State</th>
            <th>Held until</th>
            <th>Actions</th>
          </tr>
        </thead>
        <tbody>
          {(drafts.data?.draftOrders ?? []).map((d) => (
            <DraftRow key={d.id} draft={d} />
          ))}
        </tbody>
      </table>
    </section>
  );
}
