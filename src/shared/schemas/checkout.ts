// Checkout contracts: the checkout form, the create-checkout request the page sends, and the answers.
// One set of field rules serves the form (the checkout page), the route (Fastify) and the types;
// messages are the specification's, word for word. Written with
// zod's mini build, whose functions the browser's bundle keeps only as used; Fastify's type provider
// takes these schemas as it takes the others (docs/decisions/0185-checkout-form-without-react-hook-form.md).
import { z } from 'zod/mini';
import { fixedErrorText } from '~/shared/i18n/error-text';
import {
  ADDRESS_LINE_MAX,
  CITY_MAX,
  EMAIL_MAX,
  MAX_CHECKOUT_LINES,
  MAX_LINE_QUANTITY,
  NAME_MAX,
  NOTES_MAX,
  PHONE_MAX,
  SHIPPING_METHOD_MESSAGE,
  STATE_MAX,
  ZIP_MAX,
} from '~/shared/checkout';
import {
  COUNTRIES,
  MAX_DB_ID,
  PASSWORD_MAX,
  PROVINCE_CODES,
  SHIPPING_METHODS,
  USERNAME_MAX,
} from '~/shared/constants';
import {
  GIFT_CARD_MAX_DOLLARS,
  GIFT_CARD_MAX_LINES,
  GIFT_CARD_MAX_QUANTITY,
  GIFT_CARD_MESSAGE_MAX,
  GIFT_CARD_MIN_DOLLARS,
} from '~/shared/gift-cards';

// The limits, codes and defaults live in src/shared/checkout.ts, which the checkout page reads
// without this module's zod code; they are part of this contract and re-exported with it.
export {
  ADDRESS_LINE_MAX,
  CHECKOUT_CLOSED,
  CITY_MAX,
  checkoutFormDefaults,
  EMAIL_MAX,
  IDEMPOTENCY_HEADER,
  isShippingMethod,
  MAX_CHECKOUT_LINES,
  MAX_LINE_QUANTITY,
  NAME_MAX,
  NOT_YOUR_ACCOUNT,
  NOTES_MAX,
  PHONE_MAX,
  SHIPPING_METHOD_MESSAGE,
  SHIPPING_METHOD_PLACEHOLDER,
  STATE_MAX,
  ZIP_MAX,
} from '~/shared/checkout';

export const IdempotencyKeySchema = z
  .string()
  .check(
    z.regex(/^[A-Za-z0-9_-]{16,100}$/, 'Idempotency-Key must be 16 to 100 letters, digits, "-" or "_".'),
  );

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const NO_CONTROL = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;
// Single-line fields: no line breaks either (they end up in e-mail headers and address labels).
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const ONE_LINE = /^[^\u0000-\u001f\u007f]*$/;

const line = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .check(z.trim(), z.minLength(min, message), z.maxLength(max, message), z.regex(ONE_LINE, message));

export const firstNameField = line(2, NAME_MAX, 'First name must be at least 2 characters.');
export const lastNameField = line(2, NAME_MAX, 'Last name must be at least 2 characters.');
export const checkoutEmailField = z.pipe(
  z
    .string({ error: 'Please enter a valid email address.' })
    .check(z.trim(), z.maxLength(EMAIL_MAX, 'Please enter a valid email address.')),
  z.email('Please enter a valid email address.'),
);
export const phoneField = z.string({ error: 'Please enter a valid phone number.' }).check(
  z.trim(),
  z.minLength(10, 'Please enter a valid phone number.'),
  z.maxLength(PHONE_MAX, 'Please enter a valid phone number.'),
  z.regex(/^[0-9+().\-\s]+(?:\s*(?:x|ext\.?)\s*\d+)?$/i, 'Please enter a valid phone number.'),
  // At least ten digits: "(((((((((()" is ten characters but no phone number.
  z.refine((v) => v.replace(/\D/g, '').length >= 10, 'Please enter a valid phone number.'),
);
export const addressLine1Field = line(5, ADDRESS_LINE_MAX, 'Address is required.');
export const addressLine2Field = z.optional(
  z
    .string()
    .check(
      z.trim(),
      z.maxLength(
        ADDRESS_LINE_MAX,
        fixedErrorText('Address line 2 must be at most {{max}} characters.', { max: ADDRESS_LINE_MAX }),
      ),
      z.regex(ONE_LINE, 'Address line 2 contains characters that are not allowed.'),
    ),
);
export const cityField = line(2, CITY_MAX, 'City is required.');
export const stateField = line(2, STATE_MAX, 'Province/State is required.');
export const zipCodeField = line(5, ZIP_MAX, 'Postal/ZIP code is required.');
export const countryField = z.enum(COUNTRIES, { error: 'Please select Canada or US.' });
export const shippingMethodField = z.enum(SHIPPING_METHODS, { error: SHIPPING_METHOD_MESSAGE });
export const notesField = z.optional(
  z
    .string()
    .check(
      z.maxLength(NOTES_MAX, fixedErrorText('Notes must be at most {{max}} characters.', { max: NOTES_MAX })),
      z.regex(NO_CONTROL, 'Notes contain characters that are not allowed.'),
    ),
);

/** Canada takes one of the 13 province codes; a US state is free text (at least 2 characters). */
function checkProvince(
  value: { country: string; state: string },
  ctx: z.core.$RefinementCtx,
  path: PropertyKey[],
) {
  if (value.country !== 'Canada') return;
  if (!(PROVINCE_CODES as readonly string[]).includes(value.state.trim().toUpperCase())) {
    ctx.addIssue({ code: 'custom', message: 'Province/State is required.', path });
  }
}

const SHIPPING_FIELDS = {
  addressLine1: addressLine1Field,
  city: cityField,
  state: stateField,
  zipCode: zipCodeField,
} as const;

/** The address fields' own rules and the province, for an order that ships. */
function checkShippingFields(
  v: { addressLine1: string; city: string; state: string; zipCode: string; country: string },
  ctx: z.core.$RefinementCtx,
) {
  let valid = true;
  for (const [name, field] of Object.entries(SHIPPING_FIELDS)) {
    const result = field.safeParse(v[name as keyof typeof SHIPPING_FIELDS]);
    if (!result.success) {
      valid = false;
      ctx.addIssue({ code: 'custom', message: result.error.issues[0]!.message, path: [name] });
    }
  }
  if (valid) checkProvince(v, ctx, ['state']);
}

/** The checkout page's form. */
// Made once (not per check), so the French catalogue can find their key (src/shared/i18n/error-text.ts).
const USERNAME_TOO_LONG = fixedErrorText('Username must be at most {{max}} characters', {
  max: USERNAME_MAX,
});
const PASSWORD_TOO_LONG = fixedErrorText('Password must be at most {{max}} characters', {
  max: PASSWORD_MAX,
});

export const CheckoutFormSchema = z
  .object({
    firstName: firstNameField,
    lastName: lastNameField,
    email: checkoutEmailField,
    phone: phoneField,
    // The address fields are checked only when the order ships (checkShippingFields): a pickup order
    // asks for none (docs/decisions/0491-pickup-says-where-and-when.md).
    addressLine1: z._default(z.string(), ''),
    addressLine2: addressLine2Field,
    city: z._default(z.string(), ''),
    state: z._default(z.string(), ''),
    zipCode: z._default(z.string(), ''),
    country: z._default(countryField, 'Canada'),
    // A plain string so the placeholder 'method' can sit in the form until a method is chosen.
    shippingMethod: z
      .string()
      .check(z.refine((v) => (SHIPPING_METHODS as readonly string[]).includes(v), SHIPPING_METHOD_MESSAGE)),
    notes: notesField,
    createAccount: z._default(z.boolean(), false),
    username: z.optional(z.string()),
    password: z.optional(z.string()),
    confirmPassword: z.optional(z.string()),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.shippingMethod !== 'pickup') checkShippingFields(v, ctx);
      if (!v.createAccount) return;
      const username = (v.username ?? '').trim();
      if (username.length < 3) {
        ctx.addIssue({
          code: 'custom',
          message: 'Username must be at least 3 characters',
          path: ['username'],
        });
      } else if (username.length > USERNAME_MAX) {
        ctx.addIssue({
          code: 'custom',
          message: USERNAME_TOO_LONG,
          path: ['username'],
        });
      }
      const password = v.password ?? '';
      if (password.length < 6) {
        ctx.addIssue({
          code: 'custom',
          message: 'Password must be at least 6 characters',
          path: ['password'],
        });
      } else if (password.length > PASSWORD_MAX) {
        ctx.addIssue({
          code: 'custom',
          message: PASSWORD_TOO_LONG,
          path: ['password'],
        });
      }
      if ((v.confirmPassword ?? '') !== password) {
        ctx.addIssue({ code: 'custom', message: 'Passwords do not match', path: ['confirmPassword'] });
      }
    }),
  );
export type CheckoutFormInput = z.input<typeof CheckoutFormSchema>;
export type CheckoutForm = z.output<typeof CheckoutFormSchema>;

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
  .check(z.regex(/^\d{1,8}\.\d{2}$/, 'Amounts must be strings with 2 decimals, such as "12.34".'));
/** A discount code as typed (any case; the server reads it upper-case); blank means none. */
export const discountCodeField = z
  .string({ error: 'The discount code must be text.' })
  .check(z.maxLength(64, 'This discount code does not exist.'));

export const rateString = z
  .string({ error: 'The tax rate must be a percentage such as "13" or "14.975".' })
  .check(z.regex(/^\d{1,3}(?:\.\d{1,3})?$/, 'The tax rate must be a percentage such as "13" or "14.975".'));

export const SHIPPING_ADDRESS_REQUIRED =
  'A shipping address is required for Standard and Express shipping (Pickup at store needs none).';

export const ShippingAddressSchema = z
  .strictObject(
    {
      addressLine1: addressLine1Field,
      addressLine2: z.nullable(addressLine2Field),
      city: cityField,
      state: stateField,
      zipCode: zipCodeField,
      country: countryField,
    },
    { error: objectIssues('shippingAddress') },
  )
  .check(z.superRefine((v, ctx) => checkProvince(v, ctx, ['state'])));
export type ShippingAddress = z.infer<typeof ShippingAddressSchema>;

export const CheckoutItemSchema = z.strictObject(
  {
    productId: z.number({ error: 'productId must be a product id.' }).check(
      z.int('productId must be a product id.'),
      z.positive('productId must be a product id.'),
      // Beyond PostgreSQL's integer: names no product, and the database would refuse it as a 500.
      z.maximum(MAX_DB_ID, 'productId must be a product id.'),
    ),
    name: z.string().check(z.maxLength(500)),
    price: moneyString,
    compareAtPrice: z.nullable(moneyString),
    quantity: z
      .number({ error: 'Quantity must be a whole number of at least 1.' })
      .check(
        z.int('Quantity must be a whole number of at least 1.'),
        z.minimum(1, 'Quantity must be a whole number of at least 1.'),
        z.maximum(
          MAX_LINE_QUANTITY,
          fixedErrorText('Quantity must be at most {{max}}.', { max: MAX_LINE_QUANTITY }),
        ),
      ),
    discountApplied: z.boolean(),
    imageUrl: z.nullable(z.string().check(z.maxLength(2000))),
  },
  { error: objectIssues('Each item') },
);

/** The refusal of a checkout whose contract was not accepted (400, nothing written). */
export const CONTRACT_NOT_ACCEPTED = 'Please tick that you accept the contract before paying.';

export const OrderDataSchema = z
  .strictObject(
    {
      customerName: line(2, NAME_MAX * 2 + 1, 'Please enter your first and last name.'),
      customerEmail: checkoutEmailField,
      customerPhone: phoneField,
      // Required to ship; a pickup order asks only for a contact, and an address sent with one is not
      // kept (docs/decisions/0491-pickup-says-where-and-when.md).
      shippingAddress: z.optional(z.nullable(ShippingAddressSchema)),
      shippingMethod: shippingMethodField,
      /**
       * The pickup slot chosen (GET /api/pickup-slots): required for a pickup order while the store
       * offers slots, ignored for a shipped one (docs/decisions/0620-pickup-slots.md).
       */
      pickupSlotId: z.optional(
        z.nullable(
          z
            .number({ error: 'pickupSlotId must be a slot id.' })
            .check(
              z.int('pickupSlotId must be a slot id.'),
              z.positive('pickupSlotId must be a slot id.'),
              z.maximum(MAX_DB_ID, 'pickupSlotId must be a slot id.'),
            ),
        ),
      ),
      subtotal: moneyString,
      discountAmount: moneyString,
      discountPercentage: moneyString,
      /** The discount code the shopper applied (docs/decisions/0551-discount-code-at-checkout.md). */
      discountCode: z.optional(z.nullable(discountCodeField)),
      /** Its saving as the quote gave it; absent means none. */
      codeDiscountAmount: z.optional(moneyString),
      taxRate: rateString,
      taxAmount: moneyString,
      shippingCost: moneyString,
      total: moneyString,
      // The page sends the new order's statuses; nothing else may be asked for.
      paymentStatus: z.optional(z.literal('pending', { error: 'A new order can only be pending.' })),
      status: z.optional(z.literal('pending', { error: 'A new order can only be pending.' })),
      notes: z.nullable(notesField),
      // Only the signed-in user (or null): the server takes the user from the session, never from here.
      userId: z.optional(z.nullable(z.number().check(z.int(), z.positive(), z.maximum(MAX_DB_ID)))),
      /** The shopper ticked that final-sale items cannot be returned; required when the cart has any. */
      finalSaleAcknowledged: z.optional(z.boolean({ error: 'finalSaleAcknowledged must be true or false.' })),
      /**
       * The shopper ticked the marketing box (unticked by default, apart from the terms): an express
       * consent is recorded with its wording; absent or false records none (docs/decisions/0560-consent-records.md).
       */
      marketingOptIn: z.optional(z.boolean({ error: 'marketingOptIn must be true or false.' })),
      /**
       * The shopper ticked that they accept the contract shown above the payment button: required, so no
       * order and no payment page exist without it (docs/decisions/0566-checkout-is-a-distance-contract.md).
       */
      contractAccepted: z.literal(true, { error: CONTRACT_NOT_ACCEPTED }),
    },
    { error: objectIssues('orderData') },
  )
  .check(
    z.superRefine((v, ctx) => {
      if (v.shippingMethod !== 'pickup' && !v.shippingAddress) {
        ctx.addIssue({ code: 'custom', message: SHIPPING_ADDRESS_REQUIRED, path: ['shippingAddress'] });
      }
    }),
  );

export const GIFT_CARD_AMOUNT_MESSAGE = fixedErrorText(
  'A gift card is worth a whole number of dollars, from {{min}} to {{max}}.',
  { min: GIFT_CARD_MIN_DOLLARS, max: GIFT_CARD_MAX_DOLLARS },
);

/**
 * A gift card bought at checkout: its own line kind, not a product (docs/decisions/0534-gift-card-sales.md).
 * `quantity` cards of `amount` each, e-mailed to the recipient when the order is paid.
 */
export const CheckoutGiftCardSchema = z.strictObject(
  {
    amount: moneyString.check(
      z.refine((v) => {
        const [dollars, cents] = v.split('.');
        const n = Number(dollars);
        return cents === '00' && n >= GIFT_CARD_MIN_DOLLARS && n <= GIFT_CARD_MAX_DOLLARS;
      }, GIFT_CARD_AMOUNT_MESSAGE),
    ),
    quantity: z
      .number({ error: 'Quantity must be a whole number of at least 1.' })
      .check(
        z.int('Quantity must be a whole number of at least 1.'),
        z.minimum(1, 'Quantity must be a whole number of at least 1.'),
        z.maximum(
          GIFT_CARD_MAX_QUANTITY,
          fixedErrorText('Quantity must be at most {{max}}.', { max: GIFT_CARD_MAX_QUANTITY }),
        ),
      ),
    recipientName: line(2, NAME_MAX * 2 + 1, 'Please enter the name of the person receiving the card.'),
    recipientEmail: checkoutEmailField,
    message: z.optional(
      z.nullable(
        z.string().check(
          z.trim(),
          z.maxLength(
            GIFT_CARD_MESSAGE_MAX,
            fixedErrorText('The message must be at most {{max}} characters.', {
              max: GIFT_CARD_MESSAGE_MAX,
            }),
          ),
        ),
      ),
    ),
  },
  { error: objectIssues('Each gift card') },
);
export type CheckoutGiftCard = z.infer<typeof CheckoutGiftCardSchema>;

export const CreateCheckoutSchema = z
  .strictObject(
    {
      orderData: OrderDataSchema,
      items: z.array(CheckoutItemSchema, { error: 'items must be a list.' }).check(
        z.maxLength(
          MAX_CHECKOUT_LINES,
          fixedErrorText('At most {{max}} different products per order.', { max: MAX_CHECKOUT_LINES }),
        ),
        z.refine(
          (items) => new Set(items.map((i) => i.productId)).size === items.length,
          'Each product may appear only once.',
        ),
      ),
      /**
       * Pay first with the signed-in customer's store credit (as much of the total as it covers); the
       * payment page takes the rest. A guest checkout cannot ask for it (400).
       */
      useStoreCredit: z.optional(z.boolean({ error: 'useStoreCredit must be true or false.' })),
      /**
       * Gift card codes to pay with, after store credit, in the order given (each as much as it holds
       * and is still owed). An unknown or used-up code is a 400 and nothing is written.
       */
      giftCardCodes: z.optional(
        z
          .array(
            z
              .string()
              .check(z.maxLength(40, 'This gift card code is not valid. Please check it and try again.')),
            {
              error: 'giftCardCodes must be a list of codes.',
            },
          )
          .check(z.maxLength(5, 'At most 5 gift cards per order.')),
      ),
      /** Gift cards bought with this order (0534): untaxed lines, no stock, no shipping of their own. */
      giftCards: z.optional(
        z
          .array(CheckoutGiftCardSchema, { error: 'giftCards must be a list.' })
          .check(
            z.maxLength(
              GIFT_CARD_MAX_LINES,
              fixedErrorText('At most {{max}} gift card lines per order.', { max: GIFT_CARD_MAX_LINES }),
            ),
          ),
      ),
    },
    { error: objectIssues('The request body') },
  )
  .check(
    z.superRefine((v, ctx) => {
      if (v.items.length === 0 && (v.giftCards?.length ?? 0) === 0) {
        ctx.addIssue({ code: 'custom', message: 'Your cart is empty', path: ['items'] });
      }
    }),
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
  /** The discount code applied (upper-case), or null; absent in older answers: none. */
  discountCode: z.optional(z.nullable(z.string())),
  /** What the code took off the discounted subtotal, before shipping and tax; absent: none. */
  codeDiscountAmount: z.optional(z.string()),
  shippingCost: z.string(),
  taxRate: z.string(),
  taxAmount: z.string(),
  total: z.string(),
  items: z.array(
    z.object({
      productId: z.int(),
      name: z.string(),
      /** Today's unit price. */
      price: z.string(),
      /** The selling price before today's discount. */
      regularPrice: z.string(),
      /** The struck-through price, or null. */
      compareAtPrice: z.nullable(z.string()),
      discountApplied: z.boolean(),
      /** Today's discount percent on this item, 0 when none. */
      discountPercentage: z.int(),
      quantity: z.int(),
      /** Units that can be bought now: stock less the units held by checkouts in progress. */
      available: z.int(),
      /** Sold as final sale: the shopper confirms it cannot be returned before paying. */
      finalSale: z.boolean(),
    }),
  ),
});
export type CurrentFigures = z.infer<typeof CurrentFiguresSchema>;
