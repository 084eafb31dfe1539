// What happened to an order, oldest first, as the shopper's order page shows it (the guest look-up, the
// confirmation and the account's order card and dialog alike). One server function builds it from
// the order's history and its refunds (src/server/features/orders/timeline.ts;
// docs/decisions/0490-order-page-timeline-and-refunds.md).
import { z } from 'zod';
import { TAX_CODES } from '~/shared/constants';

export const ORDER_EVENT_KINDS = [
  'placed',
  'paid',
  'processing',
  'shipped',
  'delivered',
  'ready-for-pickup',
  'picked-up',
  'cancelled',
  'refunded',
  // A return's steps the shopper is told of (docs/decisions/0540-return-requests.md).
  'return-requested',
  'return-approved',
  'return-refused',
  'return-instructions',
  'return-received',
  'return-closed',
] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];

/** One tax given back: its code, rate in percent and amount (the order's tax lines' shape). */
const RefundTaxLineSchema = z.object({ code: z.enum(TAX_CODES), rate: z.string(), amount: z.string() });

export const OrderEventSchema = z.object({
  kind: z.enum(ORDER_EVENT_KINDS),
  /** When it happened (ISO 8601). */
  at: z.string(),
  /** shipped: one of TRACKING_CARRIERS (src/shared/tracking.ts), or null when no known carrier. */
  carrier: z.string().nullable(),
  /** shipped: the tracking number as the store has it now, or null. */
  trackingNumber: z.string().nullable(),
  /** shipped: the carrier's tracking page in the order's language, or null. */
  trackingUrl: z.string().nullable(),
  /** refunded: the amount given back ("25.00"), tax included; null for other events. */
  amount: z.string().nullable(),
  /** refunded: the tax given back, by component, adding up to the tax part of `amount`. */
  taxLines: z.array(RefundTaxLineSchema),
  /** return-*: the return's number ("RMA-000042"). */
  returnNumber: z.string().nullable().optional(),
  /** return-*: staff's message to the shopper with the step ('' when none). */
  message: z.string().nullable().optional(),
});
export type OrderEvent = z.infer<typeof OrderEventSchema>;

export const OrderTimelineSchema = z.array(OrderEventSchema);
