// Checkout contracts: the checkout form, the create-checkout
// request the page sends, and the answers. One set of field rules serves the form (react-hook-form),
// the route (Fastify) and the types; messages are the specification's, word for word.
import { z } from 'zod';
import { COUNTRIES, PROVINCE_CODES, SHIPPING_METHODS, type ShippingMethod } from '~/shared/constants';
import { PASSWORD_MAX, USERNAME_MAX } from './auth';
import { MAX_DB_ID } from './catalog';

export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const PHONE_MAX = 30;
export const ADDRESS_LINE_MAX = 200;
export const CITY_MAX = 100;
export const STATE_MAX = 100;
export const ZIP_MAX = 12;
export const NOTES_MAX = 2000;
export const MAX_CHECKOUT_LINES = 100;
export const MAX_LINE_QUANTITY = 1000;

/** The shipping method picker's placeholder value: rejected until a real method is chosen. */
export const SHIPPING_METHOD_PLACEHOLDER = 'method';
export const SHIPPING_METHOD_MESSAGE = 'Please select a shipping method';

/** The header that makes a create-checkout submission safe to repeat (docs/decisions/0041). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IdempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,100}$/, 'Idempotency-Key must be 16 to 100 letters, digits, "-" or "_".');

/**
 * Refusals the checkout page puts right by itself (docs/decisions/0090): the key's order was already
 * declined or paid (409), or the page sent a user id the session no longer has (403).
 */
export const CHECKOUT_CLOSED = 'checkout_closed';
export const NOT_YOUR_ACCOUNT = 'not_your_account';

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const NO_CONTROL = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;
// Single-line fields: no line breaks either (they end up in e-mail headers and address labels).
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const ONE_LINE = /^[^\u0000-\u001f\u007f]*$/;

const line = (min: number, max: number, message: string) =>
  z.string({ error: message }).trim().min(min, message).max(max, message).regex(ONE_LINE, message);

export const firstNameField = line(2, NAME_MAX, 'First name must be at least 2 characters.');
export const lastNameField = line(2, NAME_MAX, 'Last name must be at least 2 characters.');
export const checkoutEmailField = z
  .string({ error: 'Please enter a valid email address.' })
  .trim()
  .max(EMAIL_MAX, 'Please enter a valid email address.')
  .pipe(z.email('Please enter a valid email address.'));
export const phoneField = z
  .string({ error: 'Please enter a valid phone number.' })
  .trim()
  .min(10, 'Please enter a valid phone number.')
  .max(PHONE_MAX, 'Please enter a valid phone number.')
  .regex(/^[0-9+().\-\s]+(?:\s*(?:x|ext\.?)\s*\d+)?$/i, 'Please enter a valid phone number.')
  // At least ten digits: "(((((((((()" is ten characters but no phone number.
  .refine((v) => v.replace(/\D/g, '').length >= 10, 'Please enter a valid phone number.');
export const addressLine1Field = line(5, ADDRESS_LINE_MAX, 'Address is required.');
export const addressLine2Field = z
  .string()
  .trim()
  .max(ADDRESS_LINE_MAX, `Address line 2 must be at most ${ADDRESS_LINE_MAX} characters.`)
  .regex(ONE_LINE, 'Address line 2 contains characters that are not allowed.')
  .optional();
export const cityField = line(2, CITY_MAX, 'City is required.');
export const stateField = line(2, STATE_MAX, 'Province/State is required.');
export const zipCodeField = line(5, ZIP_MAX, 'Postal/ZIP code is required.');
export const countryField = z.enum(COUNTRIES, { error: 'Please select Canada or US.' });
export const shippingMethodField = z.enum(SHIPPING_METHODS, { error: SHIPPING_METHOD_MESSAGE });
export const notesField = z
  .string()
  .max(NOTES_MAX, `Notes must be at most ${NOTES_MAX} characters.`)
  .regex(NO_CONTROL, 'Notes contain characters that are not allowed.')
  .optional();

/** Canada takes one of the 13 province codes; a US state is free text (at least 2 characters). */
function checkProvince(value: { country: string; state: string }, ctx: z.RefinementCtx, path: PropertyKey[]) {
  if (value.country !== 'Canada') return;
  if (!(PROVINCE_CODES as readonly string[]).includes(value.state.trim().toUpperCase())) {
    ctx.addIssue({ code: 'custom', message: 'Province/State is required.', path });
  }
}

/** The checkout page's form. */
export const CheckoutFormSchema = z
  .object({
    firstName: firstNameField,
    lastName: lastNameField,
    email: checkoutEmailField,
    phone: phoneField,
    addressLine1: addressLine1Field,
    addressLine2: addressLine2Field,
    city: cityField,
    state: stateField,
    zipCode: zipCodeField,
    country: countryField.default('Canada'),
    // A plain string so the placeholder 'method' can sit in the form until a method is chosen.
    shippingMethod: z
      .string()
      .refine((v) => (SHIPPING_METHODS as readonly string[]).includes(v), SHIPPING_METHOD_MESSAGE),
    notes: notesField,
    createAccount: z.boolean().default(false),
    username: z.string().optional(),
    password: z.string().optional(),
    confirmPassword: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    checkProvince(v, ctx, ['state']);
    if (!v.createAccount) return;
    const username = (v.username ?? '').trim();
    if (username.length < 3) {
      ctx.addIssue({ code: 'custom', message: 'Username must be at least 3 characters', path: ['username'] });
    } else if (username.length > USERNAME_MAX) {
      ctx.addIssue({
        code: 'custom',
        message: `Username must be at most ${USERNAME_MAX} characters`,
        path: ['username'],
      });
    }
    const password = v.password ?? '';
    if (password.length < 6) {
      ctx.addIssue({ code: 'custom', message: 'Password must be at least 6 characters', path: ['password'] });
    } else if (password.length > PASSWORD_MAX) {
      ctx.addIssue({
        code: 'custom',
        message: `Password must be at most ${PASSWORD_MAX} characters`,
        path: ['password'],
      });
    }
    if ((v.confirmPassword ?? '') !== password) {
      ctx.addIssue({ code: 'custom', message: 'Passwords do not match', path: ['confirmPassword'] });
    }
  });
export type CheckoutFormInput = z.input<typeof CheckoutFormSchema>;
export type CheckoutForm = z.output<typeof CheckoutFormSchema>;

export const checkoutFormDefaults: CheckoutFormInput = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  state: '',
  zipCode: '',
  country: 'Canada',
  shippingMethod: SHIPPING_METHOD_PLACEHOLDER,
  notes: '',
  createAccount: false,
  username: '',
  password: '',
  confirmPassword: '',
};

// ---------------------------------------------------------------------------------------------------
// The create-checkout request (section 7): orderData + items, nothing else.

/** The messages of an object's own refusals: a field it does not know, or not an object at all. */
const objectIssues = (what: string) => (iss: { code?: string; keys?: string[] }) =>
  iss.code === 'unrecognized_keys'
    ? `Unknown field: ${(iss.keys ?? []).join(', ')}`
    : `${what} must be an object.`;

/** An amount as the page sends it: a string with exactly two decimals. */
export const moneyString = z
  .string({ error: 'Amounts must be strings with 2 decimals, such as "12.34".' })
  .regex(/^\d{1,8}\.\d{2}$/, 'Amounts must be strings with 2 decimals, such as "12.34".');
export const rateString = z
  .string({ error: 'The tax rate must be a percentage such as "13" or "14.975".' })
  .regex(/^\d{1,3}(?:\.\d{1,3})?$/, 'The tax rate must be a percentage such as "13" or "14.975".');

export const ShippingAddressSchema = z
  .strictObject(
    {
      addressLine1: addressLine1Field,
      addressLine2: addressLine2Field.nullable(),
      city: cityField,
      state: stateField,
      zipCode: zipCodeField,
      country: countryField,
    },
    { error: objectIssues('shippingAddress') },
  )
  .superRefine((v, ctx) => checkProvince(v, ctx, ['state']));
export type ShippingAddress = z.infer<typeof ShippingAddressSchema>;

export const CheckoutItemSchema = z.strictObject(
  {
    productId: z
      .number({ error: 'productId must be a product id.' })
      .int('productId must be a product id.')
      .positive('productId must be a product id.')
      // Beyond PostgreSQL's integer: names no product, and the database would refuse it as a 500.
      .max(MAX_DB_ID, 'productId must be a product id.'),
    name: z.string().max(500),
    price: moneyString,
    compareAtPrice: moneyString.nullable(),
    quantity: z
      .number({ error: 'Quantity must be a whole number of at least 1.' })
      .int('Quantity must be a whole number of at least 1.')
      .min(1, 'Quantity must be a whole number of at least 1.')
      .max(MAX_LINE_QUANTITY, `Quantity must be at most ${MAX_LINE_QUANTITY}.`),
    discountApplied: z.boolean(),
    imageUrl: z.string().max(2000).nullable(),
  },
  { error: objectIssues('Each item') },
);
export type CheckoutItem = z.infer<typeof CheckoutItemSchema>;

export const OrderDataSchema = z.strictObject(
  {
    customerName: line(2, NAME_MAX * 2 + 1, 'Please enter your first and last name.'),
    customerEmail: checkoutEmailField,
    customerPhone: phoneField,
    shippingAddress: ShippingAddressSchema,
    shippingMethod: shippingMethodField,
    subtotal: moneyString,
    discountAmount: moneyString,
    discountPercentage: moneyString,
    taxRate: rateString,
    taxAmount: moneyString,
    shippingCost: moneyString,
    total: moneyString,
    // The page sends the new order's statuses; nothing else may be asked for.
    paymentStatus: z.literal('pending', { error: 'A new order can only be pending.' }).optional(),
    status: z.literal('pending', { error: 'A new order can only be pending.' }).optional(),
    notes: notesField.nullable(),
    // Only the signed-in user (or null): the server takes the user from the session, never from here.
    userId: z.number().int().positive().max(MAX_DB_ID).nullable().optional(),
  },
  { error: objectIssues('orderData') },
);
export type OrderData = z.infer<typeof OrderDataSchema>;

export const CreateCheckoutSchema = z.strictObject(
  {
    orderData: OrderDataSchema,
    items: z
      .array(CheckoutItemSchema, { error: 'items must be a list.' })
      .min(1, 'Your cart is empty')
      .max(MAX_CHECKOUT_LINES, `At most ${MAX_CHECKOUT_LINES} different products per order.`)
      .refine(
        (items) => new Set(items.map((i) => i.productId)).size === items.length,
        'Each product may appear only once.',
      ),
  },
  { error: objectIssues('The request body') },
);
export type CreateCheckout = z.infer<typeof CreateCheckoutSchema>;

export const CreateCheckoutResponseSchema = z.object({
  success: z.literal(true),
  checkoutUrl: z.string(),
  /** The order's public reference: what the confirmation page reads the order by. */
  orderId: z.string(),
});
export type CreateCheckoutResponse = z.infer<typeof CreateCheckoutResponseSchema>;

/** The server's figures, sent with a 409 when the page's amounts are not today's. */
export const CurrentFiguresSchema = z.object({
  subtotal: z.string(),
  discountAmount: z.string(),
  discountPercentage: z.string(),
  shippingCost: z.string(),
  taxRate: z.string(),
  taxAmount: z.string(),
  total: z.string(),
  items: z.array(
    z.object({
      productId: z.number().int(),
      name: z.string(),
      /** Today's unit price. */
      price: z.string(),
      /** The selling price before today's discount. */
      regularPrice: z.string(),
      /** The struck-through price, or null. */
      compareAtPrice: z.string().nullable(),
      discountApplied: z.boolean(),
      /** Today's discount percent on this item, 0 when none. */
      discountPercentage: z.number().int(),
      quantity: z.number().int(),
      /** Units that can be bought now: stock less the units held by checkouts in progress. */
      available: z.number().int(),
    }),
  ),
});
export type CurrentFigures = z.infer<typeof CurrentFiguresSchema>;

export const isShippingMethod = (v: string): v is ShippingMethod =>
  (SHIPPING_METHODS as readonly string[]).includes(v);
