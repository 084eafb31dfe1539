// Small pieces of the orders screens: dates, the refund flag, and how a history entry reads.
import { formatMoney } from '~/shared/money';
import { orderStatusLabel, paymentStatusLabel } from '~/shared/orders';
import type { OrderHistoryEntry } from '~/shared/schemas/admin-orders';
import { isTrackingCarrier, TRACKING_CARRIER_LABELS } from '~/shared/tracking';

/** Admin screens render only in the browser, so local time is safe here. */
export function formatDateTime(iso: string, withTime = true): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  return d.toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    ...(withTime ? { hour: 'numeric', minute: '2-digit' } : {}),
  });
}

const FIELD_LABELS: Record<string, string> = {
  status: 'Status',
  paymentStatus: 'Payment',
  inventoryReduced: 'Stock',
  trackingNumber: 'Tracking number',
  trackingCarrier: 'Carrier',
  estimatedDeliveryDate: 'Estimated delivery',
  userId: 'Linked user',
  attention: 'Attention',
  refundStatus: 'Late payment',
  refundReference: 'Refund',
  note: 'Note',
  staffNote: 'Staff note',
  refund: 'Refund',
};

const ACTOR_LABELS: Record<string, string> = {
  admin: 'administrator',
  checkout: 'checkout',
  'return-page': 'confirmation page',
  webhook: 'payment provider',
  'payment-page': 'payment page',
  system: 'system',
};

function valueText(field: string, value: string | null): string {
  if (value === null || value === '') return '—';
  if (field === 'status') return orderStatusLabel(value);
  if (field === 'paymentStatus') return paymentStatusLabel(value);
  if (field === 'inventoryReduced') return value === 'true' ? 'taken from stock' : 'not taken';
  if (field === 'userId') return `user #${value}`;
  if (field === 'trackingCarrier') return isTrackingCarrier(value) ? TRACKING_CARRIER_LABELS[value] : value;
  if (field === 'refundStatus') return value === 'needed' ? 'needs a refund' : 'refunded';
  if (field === 'refund') {
    // Written as '12.50 (provider refund id)' (src/server/features/orders/refunds.ts).
    const m = /^(\d+\.\d{2}) \((.*)\)$/.exec(value);
    return m ? `${formatMoney(m[1])} given back (${m[2]})` : value;
  }
  return value;
}

/**
 * The flag for a payment that arrived after the order had closed: it must be given back
 * (docs/decisions/0121-payments-on-dead-orders.md). Nothing when there was none.
 */
export function RefundFlag({ status }: { status: 'needed' | 'refunded' | null }) {
  if (status === null) return null;
  const needed = status === 'needed';
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ${needed ? 'bg-red-100 text-red-800' : 'bg-slate-100 text-slate-700'}`}
      data-testid="refund-flag"
    >
      {needed ? 'Needs refund' : 'Late payment refunded'}
    </span>
  );
}

/** 'Status: Pending → Processing', 'Stock: taken from stock', 'Attention: …'. */
export function historyText(entry: OrderHistoryEntry): string {
  const label = FIELD_LABELS[entry.field] ?? entry.field;
  if (entry.field === 'attention' || entry.field === 'inventoryReduced' || entry.from === null) {
    if (entry.field === 'inventoryReduced' && entry.to === 'false') return `${label}: returned to stock`;
    return `${label}: ${valueText(entry.field, entry.to)}`;
  }
  return `${label}: ${valueText(entry.field, entry.from)} → ${valueText(entry.field, entry.to)}`;
}

/** 'by admin_jane', 'by checkout', 'by payment provider'. */
export function historyWho(entry: OrderHistoryEntry): string {
  if (entry.who) return `by ${entry.who}`;
  return `by ${ACTOR_LABELS[entry.actor] ?? entry.actor}`;
}
