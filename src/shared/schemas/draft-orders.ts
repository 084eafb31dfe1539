// Draft orders (docs/decisions/0625-draft-orders.md): an order staff take by phone or message. The
// request names lots and quantities, the customer and the delivery; it carries no price (the server
// prices it as a checkout). The list answers each draft with its state.
import { z } from 'zod';
import * as zm from 'zod/mini';
import { fixedErrorText } from '~/shared/i18n/error-text';
import { LOCALES } from '~/shared/i18n/locales';
import { MAX_DB_ID, SHIPPING_METHODS } from '~/shared/constants';
import { CartQuoteItemSchema } from './cart-quote';
import {
  checkoutEmailField,
  MAX_CHECKOUT_LINES,
  NAME_MAX,
  notesField,
  phoneField,
  SHIPPING_ADDRESS_REQUIRED,
  ShippingAddressSchema,
} from './checkout';

const DRAFT_NAME_MESSAGE = 'Please enter the customer’s name.';

export const CreateDraftOrderSchema = z
  .strictObject({
    items: z
      .array(CartQuoteItemSchema, { error: 'items must be a list.' })
      .min(1, 'Add at least one lot.')
      .max(
        MAX_CHECKOUT_LINES,
        fixedErrorText('At most {{max}} different products per order.', { max: MAX_CHECKOUT_LINES }),
      )
      .refine(
        (items) => new Set(items.map((i) => i.productId)).size === items.length,
        'Each product may appear only once.',
      ),
    customer: z.strictObject({
      name: z
        .string({ error: DRAFT_NAME_MESSAGE })
        .trim()
        .min(2, DRAFT_NAME_MESSAGE)
        .max(2 * NAME_MAX + 1),
      email: checkoutEmailField,
      phone: phoneField,
      /** The customer's account, when they have one: the order shows in it. */
      userId: z.number().int().positive().max(MAX_DB_ID).nullable().optional(),
      /** The language of the pay link and of every e-mail of the order. */
      locale: z.enum(LOCALES, { error: 'Please choose English or French.' }),
    }),
    shippingMethod: z.enum(SHIPPING_METHODS, { error: 'Please select a shipping method' }),
    shippingAddress: zm.optional(zm.nullable(ShippingAddressSchema)),
    notes: notesField,
  })
  .refine((v) => v.shippingMethod === 'pickup' || Boolean(v.shippingAddress), {
    message: SHIPPING_ADDRESS_REQUIRED,
    path: ['shippingAddress'],
  });
export type CreateDraftOrder = z.infer<typeof CreateDraftOrderSchema>;

export const DRAFT_ORDER_STATES = ['held', 'paid', 'expired', 'cancelled', 'closed'] as const;
export type DraftOrderState = (typeof DRAFT_ORDER_STATES)[number];

export const DraftOrderSchema = z.object({
  id: z.number(),
  orderReference: z.string(),
  customerName: z.string(),
  customerEmail: z.string().nullable(),
  shippingMethod: z.string(),
  total: z.string(),
  locale: z.enum(LOCALES),
  state: z.enum(DRAFT_ORDER_STATES),
  /** When the holds end (held), or ended. */
  heldUntil: z.string().nullable(),
  createdAt: z.string(),
});
export type DraftOrder = z.infer<typeof DraftOrderSchema>;

export const DraftOrderListSchema = z.object({ draftOrders: z.array(DraftOrderSchema) });
export const DraftOrderCreatedSchema = z.object({ draftOrder: DraftOrderSchema, payUrl: z.string() });
export const DraftOrderIdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(MAX_DB_ID),
});
