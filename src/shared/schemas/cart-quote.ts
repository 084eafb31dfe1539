// POST /api/cart/quote (docs/decisions/0131-cart-quote.md): the cart and checkout pages ask the server
// for today's figures of the cart, the same ones create-checkout would compute, before the shopper pays.
import { z } from 'zod';
import { fixedErrorText } from '~/shared/i18n/error-text';
import { COUNTRIES, PROVINCE_CODES, SHIPPING_METHODS } from '~/shared/constants';
import {
  CurrentFiguresSchema,
  discountCodeField,
  MAX_CHECKOUT_LINES,
  MAX_LINE_QUANTITY,
  STATE_MAX,
} from './checkout';

const objectIssues = (what: string) => (iss: { code?: string; keys?: string[] }) =>
  iss.code === 'unrecognized_keys'
    ? `Unknown field: ${(iss.keys ?? []).join(', ')}`
    : `${what} must be an object.`;

export const CartQuoteItemSchema = z.strictObject(
  {
    productId: z
      .number({ error: 'productId must be a product id.' })
      .int('productId must be a product id.')
      .positive('productId must be a product id.')
      .max(2_147_483_647, 'productId must be a product id.'),
    quantity: z
      .number({ error: 'Quantity must be a whole number of at least 1.' })
      .int('Quantity must be a whole number of at least 1.')
      .min(1, 'Quantity must be a whole number of at least 1.')
      .max(
        MAX_LINE_QUANTITY,
        fixedErrorText('Quantity must be at most {{max}}.', { max: MAX_LINE_QUANTITY }),
      ),
  },
  { error: objectIssues('Each item') },
);

export const CartQuoteRequestSchema = z
  .strictObject(
    {
      items: z
        .array(CartQuoteItemSchema, { error: 'items must be a list.' })
        .min(1, 'Your cart is empty')
        .max(
          MAX_CHECKOUT_LINES,
          fixedErrorText('At most {{max}} different products per order.', { max: MAX_CHECKOUT_LINES }),
        )
        .refine(
          (items) => new Set(items.map((i) => i.productId)).size === items.length,
          'Each product may appear only once.',
        ),
      /** Left out on the cart page: no shipping is counted, unless it shows the shipping line. */
      shippingMethod: z.enum(SHIPPING_METHODS, { error: 'Please select a shipping method' }).optional(),
      /** Default Canada. */
      country: z.enum(COUNTRIES, { error: 'Please select Canada or US.' }).optional(),
      /** A Canadian province code, or a US state; left out, the store's own province. */
      province: z
        .string({ error: 'Province/State is required.' })
        .trim()
        .min(2, 'Province/State is required.')
        .max(STATE_MAX, 'Province/State is required.')
        .optional(),
      /** A discount code to apply (docs/decisions/0551-discount-code-at-checkout.md); refused with a 400. */
      discountCode: z.nullable(discountCodeField).optional(),
    },
    { error: objectIssues('The request body') },
  )
  .superRefine((v, ctx) => {
    if ((v.country ?? 'Canada') !== 'Canada' || v.province === undefined) return;
    if (!(PROVINCE_CODES as readonly string[]).includes(v.province.toUpperCase())) {
      ctx.addIssue({ code: 'custom', message: 'Province/State is required.', path: ['province'] });
    }
  });
export type CartQuoteRequest = z.infer<typeof CartQuoteRequestSchema>;

/**
 * Today's figures: the amounts (as create-checkout computes them; shipping 0 when no method was
 * given), each item's current price and available quantity, and the products no longer for sale.
 */
export const CartQuoteSchema = z.object({
  ...CurrentFiguresSchema.shape,
  /** Requested products that do not exist or are not for sale any more; not counted in the figures. */
  unavailable: z.array(z.number().int()),
});
export type CartQuote = z.infer<typeof CartQuoteSchema>;
