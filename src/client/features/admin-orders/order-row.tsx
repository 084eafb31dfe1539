// One row of the orders list: select box, number and reference, date, customer, total, status, payment
// (with the refund and unpaid-checkout flags), linked user, and the actions (the quick action for pending
// and processing orders, View, Link User).
import { formatMoney } from '~/shared/money';
import { type AdminOrder, quickActionFor } from '~/shared/schemas/admin-orders';
import { Button } from '~/client/components/ui/button';
import { StatusBadge } from '~/client/components/ui/status-badge';
import { formatDateTime, RefundFlag } from './order-bits';

export function OrderRow({
  order: o,
  selected,
  onSelect,
  quickBusy,
  onQuick,
  onView,
  onLink,
}: {
  order: AdminOrder;
  selected: boolean;
  onSelect: (on: boolean) => void;
  quickBusy: boolean;
  onQuick: (to: NonNullable<ReturnType<typeof quickActionFor>>['to']) => void;
  onView: () => void;
  onLink: () => void;
}) {
  const action = o.unpaidCheckout ? null : quickActionFor(o.status);
  return (
    <tr className="border-t border-slate-100 align-top" data-testid="admin-order-row">
      <td className="px-3 py-2">
        <input
          type="checkbox"
          aria-label={`Select order #${o.id}`}
          className="size-5"
          checked={selected}
          onChange={(e) => onSelect(e.target.checked)}
        />
      </td>
      <td className="px-3 py-2">
        <div className="font-medium">#{o.id}</div>
        <div className="text-xs text-slate-500">{o.orderReference}</div>
      </td>
      <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(o.createdAt)}</td>
      <td className="px-3 py-2">
        <div className="font-medium">{o.customerName}</div>
        <div className="text-xs break-all text-slate-500">{o.customerEmail}</div>
      </td>
      <td className="px-3 py-2 whitespace-nowrap">{formatMoney(o.total)}</td>
      <td className="px-3 py-2">
        <StatusBadge status={o.status} kind="order" data-testid="admin-order-status" />
      </td>
      <td className="px-3 py-2">
        <StatusBadge status={o.paymentStatus} kind="payment" data-testid="admin-payment-status" />{' '}
        <RefundFlag status={o.refundStatus} />
        {o.unpaidCheckout && (
          <div className="mt-1 text-xs text-slate-600" data-testid="unpaid-checkout-flag">
            Unpaid checkout
          </div>
        )}
      </td>
      <td className="px-3 py-2">
        {o.user ? (
          <div>
            <div className="font-medium">{o.user.username}</div>
            <div className="text-xs break-all text-slate-500">{o.user.email}</div>
          </div>
        ) : (
          <span className="text-slate-500">Guest</span>
        )}
      </td>
      <td className="px-3 py-2">
        <div className="flex flex-wrap justify-end gap-1">
          {action && (
            <Button
              size="sm"
              pending={quickBusy}
              pendingLabel="Updating..."
              aria-label={`${action.label}: order #${o.id}`}
              onClick={() => onQuick(action.to)}
            >
              {action.label}
            </Button>
          )}
          <Button variant="outline" size="sm" aria-label={`View order #${o.id}`} onClick={onView}>
            View
          </Button>
          <Button variant="ghost" size="sm" aria-label={`Link user to order #${o.id}`} onClick={onLink}>
            Link User
          </Button>
        </div>
      </td>
    </tr>
  );
}
