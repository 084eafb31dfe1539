// The administrator's order contracts: the paged
// list, the detail with its history, status, tracking, payment status and linking to a user.
import { z } from 'zod';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '~/shared/constants';
import { OrderSchema } from './orders';

export const ADMIN_ORDERS_PAGE_SIZE = 20;
export const TRACKING_NUMBER_MAX = 100;

const STATUS_MESSAGE = `status must be one of ${ORDER_STATUSES.join(', ')}.`;
const PAYMENT_STATUS_MESSAGE = `paymentStatus must be one of ${PAYMENT_STATUSES.join(', ')}.`;

export const AdminOrdersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(ADMIN_ORDERS_PAGE_SIZE),
  /** One of the seven statuses; absent (or 'all') for every order. */
  status: z
    .union([z.literal('all'), z.enum(ORDER_STATUSES)], { error: STATUS_MESSAGE })
    .optional()
    .transform((v) => (v === 'all' ? undefined : v)),
  paymentStatus: z
    .union([z.literal('all'), z.enum(PAYMENT_STATUSES)], { error: PAYMENT_STATUS_MESSAGE })
    .optional()
    .transform((v) => (v === 'all' ? undefined : v)),
  /** An order number or reference, or part of the customer's name or e-mail, any case. */
  search: z.string().trim().max(200).optional(),
});
export type AdminOrdersQuery = z.infer<typeof AdminOrdersQuerySchema>;

export const LinkedUserSchema = z.object({ id: z.number().int(), username: z.string(), email: z.string() });

/** An order as the administrator sees it: the customer's view plus delivery of the e-mail, stock and the linked user. */
export const AdminOrderSchema = OrderSchema.extend({
  confirmationEmailSent: z.boolean(),
  confirmationEmailStatus: z.string().nullable(),
  confirmationEmailError: z.string().nullable(),
  /** Sends tried so far; the maintenance job stops retrying at MAX_CONFIRMATION_EMAIL_ATTEMPTS. */
  confirmationEmailAttempts: z.number().int(),
  inventoryReduced: z.boolean(),
  /**
   * A payment that arrived after the order had closed (failed, expired, or paid once its stock was
   * sold): 'needed' until the provider gave it back, then 'refunded'; null when there was none
   * (docs/decisions/0121-payments-on-dead-orders.md).
   */
  refundStatus: z.enum(['needed', 'refunded']).nullable(),
  /** The provider's payment to give back, and its refund once given. */
  refundPaymentReference: z.string().nullable(),
  refundReference: z.string().nullable(),
  user: LinkedUserSchema.nullable(),
});
export type AdminOrder = z.infer<typeof AdminOrderSchema>;

/** An item a paid order lacks stock for: with any, no stock is taken for the order (decision 0043). */
export const PaymentShortageSchema = z.object({
  productId: z.number().int(),
  name: z.string(),
  needed: z.number().int(),
  available: z.number().int(),
});

/**
 * The answer of PATCH /api/orders/{id}/payment-status: the order, and after an administrator's
 * completion the items that lacked stock (an empty list when every item was taken).
 */
export const PaymentStatusAnswerSchema = OrderSchema.extend({
  shortages: z.array(PaymentShortageSchema).optional(),
});
export type PaymentStatusAnswer = z.infer<typeof PaymentStatusAnswerSchema>;

/** One change of an order: which field, from what, to what, by whom (actor kind and user), when. */
export const OrderHistoryEntrySchema = z.object({
  id: z.number().int(),
  field: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** admin, return-page, webhook, payment-page, system, checkout... */
  actor: z.string(),
  actorUserId: z.number().int().nullable(),
  /** The acting user's username, when there was one and it still exists. */
  who: z.string().nullable(),
  at: z.string(),
});
export type OrderHistoryEntry = z.infer<typeof OrderHistoryEntrySchema>;

export const AdminOrderDetailSchema = AdminOrderSchema.extend({ history: z.array(OrderHistoryEntrySchema) });
export type AdminOrderDetail = z.infer<typeof AdminOrderDetailSchema>;

export const AdminOrderIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'Order not found.' }).int().positive().max(2_147_483_647),
});

const emptyToNull = (v: string | null | undefined) =>
  v === undefined ? undefined : v === null || v === '' ? null : v;

export const trackingNumberField = z
  .string({ error: 'Tracking number must be text' })
  .trim()
  .max(TRACKING_NUMBER_MAX, `Tracking number must be at most ${TRACKING_NUMBER_MAX} characters`)
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  .regex(/^[^\u0000-\u001f\u007f]*$/, 'Tracking number contains characters that are not allowed')
  .nullable()
  .optional()
  .transform(emptyToNull);

/** A calendar date yyyy-mm-dd that exists (2025-02-30 does not). */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return (
    d.getUTCFullYear() === Number(m[1]) &&
    d.getUTCMonth() === Number(m[2]) - 1 &&
    d.getUTCDate() === Number(m[3])
  );
}

export const estimatedDeliveryDateField = z
  .string({ error: 'Estimated delivery must be a date' })
  .trim()
  .refine(
    (v) => v === '' || (isCalendarDate(v) && v >= '2000-01-01' && v <= '2999-12-31'),
    'Estimated delivery must be a date',
  )
  .nullable()
  .optional()
  .transform(emptyToNull);

/** PATCH /api/orders/{id}/status: the new status, and optionally the tracking details in the same change. */
export const OrderStatusUpdateSchema = z.strictObject({
  status: z.enum(ORDER_STATUSES, { error: STATUS_MESSAGE }),
  trackingNumber: trackingNumberField,
  estimatedDeliveryDate: estimatedDeliveryDateField,
});
export type OrderStatusUpdateInput = z.input<typeof OrderStatusUpdateSchema>;
export type OrderStatusUpdate = z.infer<typeof OrderStatusUpdateSchema>;

/** PATCH /api/orders/{id}: tracking number and estimated delivery date (blank clears them). */
export const OrderDetailsUpdateSchema = z.strictObject({
  trackingNumber: trackingNumberField,
  estimatedDeliveryDate: estimatedDeliveryDateField,
});
export type OrderDetailsUpdateInput = z.input<typeof OrderDetailsUpdateSchema>;
export type OrderDetailsUpdate = z.infer<typeof OrderDetailsUpdateSchema>;

/** POST /api/orders/{id}/associate. */
export const AssociateOrderSchema = z.strictObject({
  userId: z
    .number({ error: 'userId must be a user id' })
    .int('userId must be a user id')
    .positive('userId must be a user id'),
});

/** Quick actions (spec section 4): only pending and processing orders have one. */
export function quickActionFor(status: string): { to: 'processing' | 'shipped'; label: string } | null {
  if (status === 'pending') return { to: 'processing', label: 'Mark Processing' };
  if (status === 'processing') return { to: 'shipped', label: 'Mark Shipped' };
  return null;
}
