// One order as the confirmation page, the customer and the admin read it, and the payment-status
// update the confirmation page sends.
import { z } from 'zod';
import { PAYMENT_STATUSES } from '~/shared/constants';
import { AccountOrderItemSchema, AccountOrderSchema } from './account';
import { MAX_DB_ID } from './catalog';

export const OrderItemSchema = AccountOrderItemSchema.extend({
  /** The struck-through original unit price when the order was placed, or null. */
  compareAtPrice: z.string().nullable(),
  /** Discount per unit (original unit price less the price charged). */
  discount: z.string(),
  /** Whether the lot was sold as final sale: the return form says so (docs/decisions/0540). */
  finalSale: z.boolean().optional(),
});
export type OrderItem = z.infer<typeof OrderItemSchema>;

export const OrderSchema = AccountOrderSchema.extend({
  items: z.array(OrderItemSchema),
});
export type Order = z.infer<typeof OrderSchema>;

/**
 * An order opened by its reference without proof that the requester placed it: its status and total
 * only. Name, e-mail, phone, address and lines need the shopper's own session, the confirmation
 * page's signed token, or the e-mail it was placed with (docs/decisions/0453-order-details-need-proof.md).
 */
export const OrderSummarySchema = z.object({
  orderReference: z.string(),
  status: z.string(),
  paymentStatus: z.string(),
  total: z.string(),
  currency: OrderSchema.shape.currency,
  detailsHidden: z.literal(true),
});
export type OrderSummary = z.infer<typeof OrderSummarySchema>;

/** What GET /api/orders/{id} answers: the whole order, or its summary when no proof came with it. */
export const OrderAnswerSchema = z.union([OrderSchema, OrderSummarySchema]);
export type OrderAnswer = z.infer<typeof OrderAnswerSchema>;

/**
 * `?token=` of /api/orders/{reference}: the signed token of the confirmation page's address. A token
 * that is not the order's is no proof (never an error: the answer is then the summary).
 */
export const OrderProofQuerySchema = z.object({
  token: z.string().max(128).optional(),
});

/** `{id}` of /api/orders/{id}: a numeric id (owner or admin) or the public reference (anyone holding it). */
export const OrderIdParamsSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9-]+$/, 'Order not found.'),
});

export const PaymentStatusUpdateSchema = z.strictObject({
  paymentStatus: z.enum(PAYMENT_STATUSES, {
    error: 'paymentStatus must be pending, completed, failed or refunded.',
  }),
  userId: z.number().int().positive().max(MAX_DB_ID).nullable().optional(),
});

/** The same refusal for a wrong reference, a wrong e-mail, or both: it tells nothing about either. */
export const ORDER_LOOKUP_NOT_FOUND =
  'We could not find an order with that reference and email address. Please check both and try again.';

/** POST /api/orders/lookup and the /orders/lookup form: the order reference and the e-mail it was placed with. */
export const OrderLookupSchema = z.object({
  reference: z
    .string({ error: 'Please enter your order reference.' })
    .trim()
    .min(1, 'Please enter your order reference.')
    .max(64, ORDER_LOOKUP_NOT_FOUND),
  email: z
    .string({ error: 'Please enter a valid email address.' })
    .trim()
    .max(254, 'Please enter a valid email address.')
    .pipe(z.email('Please enter a valid email address.')),
});
export type OrderLookup = z.infer<typeof OrderLookupSchema>;
