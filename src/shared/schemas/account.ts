// The customer account's contracts: profile, password, preferences, deletion and the order history.
import { z } from 'zod';
import { fixedErrorText } from '~/shared/i18n/error-text';
import { CURRENCIES, TAX_CODES } from '~/shared/constants';
import { LOCALES } from '~/shared/i18n/locales';
import { namesStore, PASSWORD_NAMES_STORE, PASSWORD_REPEATED, repeatsCharacters } from '~/shared/passwords';
import { OrderTimelineSchema } from './order-timeline';
import { emailField, PASSWORD_MAX, PASSWORD_MIN, usernameField } from './auth';

const emptyToNull = (v: string | null | undefined) => (v === undefined || v === null || v === '' ? null : v);

export const PHONE_MAX = 30;
export const ADDRESS_MAX = 500;

export const ProfileUpdateSchema = z.object({
  username: usernameField,
  email: emailField,
  phone: z
    .string()
    .trim()
    .max(PHONE_MAX, fixedErrorText('Phone must be at most {{max}} characters', { max: PHONE_MAX }))
    .regex(/^[0-9+().\-\s]*(?:\s*(?:x|ext\.?)\s*\d+)?$/i, 'Please enter a valid phone number.')
    .nullish()
    .transform(emptyToNull),
  address: z
    .string()
    .trim()
    .max(ADDRESS_MAX, fixedErrorText('Address must be at most {{max}} characters', { max: ADDRESS_MAX }))
    .nullish()
    .transform(emptyToNull),
});
export type ProfileUpdateInput = z.input<typeof ProfileUpdateSchema>;
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;

export const ChangePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: 'Current password is required' })
      .min(1, 'Current password is required')
      .max(PASSWORD_MAX, 'Current password is incorrect.'),
    newPassword: z
      .string({ error: 'New password must be at least 6 characters' })
      .min(PASSWORD_MIN, 'New password must be at least 6 characters')
      .max(
        PASSWORD_MAX,
        fixedErrorText('New password must be at most {{max}} characters', { max: PASSWORD_MAX }),
      )
      .refine((v) => !repeatsCharacters(v), PASSWORD_REPEATED)
      .refine((v) => !namesStore(v), PASSWORD_NAMES_STORE),
    confirmNewPassword: z
      .string({ error: 'Please confirm your new password' })
      .min(1, 'Please confirm your new password'),
  })
  .refine((v) => v.newPassword === v.confirmNewPassword, {
    message: "New passwords don't match",
    path: ['confirmNewPassword'],
  });
export type ChangePassword = z.infer<typeof ChangePasswordSchema>;

export const DeleteAccountSchema = z.object({
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX, 'Password is incorrect.'),
});
export type DeleteAccount = z.infer<typeof DeleteAccountSchema>;

export const PreferencesSchema = z.object({
  emailNotifications: z.boolean({ error: 'emailNotifications must be true or false' }),
});
export type Preferences = z.infer<typeof PreferencesSchema>;

/** One line of an order as the customer sees it (names and images as they were when ordered). */
export const AccountOrderItemSchema = z.object({
  id: z.number().int(),
  productId: z.number().int().nullable(),
  name: z.string(),
  productName: z.string(),
  sku: z.string().nullable(),
  imageUrl: z.string().nullable(),
  price: z.string(),
  quantity: z.number().int(),
});
export type AccountOrderItem = z.infer<typeof AccountOrderItemSchema>;

/** One tax of an order: its code, rate in percent ("9.975") and amount ("17.75"). */
export const OrderTaxLineSchema = z.object({
  code: z.enum(TAX_CODES),
  rate: z.string(),
  amount: z.string(),
});
export type OrderTaxLine = z.infer<typeof OrderTaxLineSchema>;

/**
 * A gift card line the order sold (docs/decisions/0534-gift-card-sales.md): `quantity` cards of `amount`
 * each for the recipient, untaxed; never a code (the recipient's e-mail carries it).
 */
export const OrderGiftCardLineSchema = z.object({
  id: z.number().int(),
  amount: z.string(),
  quantity: z.number().int(),
  recipientName: z.string(),
  recipientEmail: z.string(),
  /** Whether the cards were issued (and e-mailed): once the order is paid. */
  issued: z.boolean(),
});
export type OrderGiftCardLine = z.infer<typeof OrderGiftCardLineSchema>;

/** An order in the customer's history. Internal fields (payment links, e-mail delivery) stay out. */
export const AccountOrderSchema = z.object({
  id: z.number().int(),
  orderReference: z.string(),
  userId: z.number().int().nullable(),
  customerName: z.string(),
  customerEmail: z.string(),
  customerPhone: z.string().nullable(),
  shippingAddress: z.unknown(),
  shippingMethod: z.string(),
  shippingCost: z.string(),
  subtotal: z.string(),
  discountPercentage: z.string(),
  discountAmount: z.string(),
  /** The discount code the order used and its saving (docs/decisions/0551-discount-code-at-checkout.md). */
  discountCode: z.string().nullable().optional(),
  codeDiscountAmount: z.string().optional(),
  taxRate: z.string(),
  taxAmount: z.string(),
  /** The tax by component as stored at purchase, adding up to taxAmount (docs/decisions/0136-tax-lines.md). */
  taxLines: z.array(OrderTaxLineSchema),
  total: z.string(),
  /** The currency the order was charged in (docs/decisions/0135-store-currency.md). */
  currency: z.enum(CURRENCIES),
  status: z.string(),
  paymentStatus: z.string(),
  paymentMethod: z.string(),
  paymentReference: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  /** One of TRACKING_CARRIERS (src/shared/tracking.ts), or null. */
  trackingCarrier: z.string().nullable().optional(),
  estimatedDeliveryDate: z.string().nullable(),
  /** A pickup order's booked slot and the code staff scan (docs/decisions/0620-pickup-slots.md). */
  pickupSlot: z.optional(z.nullable(z.object({ startsAt: z.string(), endsAt: z.string() }))),
  pickupCode: z.optional(z.nullable(z.string())),
  notes: z.string().nullable(),
  /**
   * The language the order was placed in: its e-mails and receipt are in it
   * (docs/decisions/0360-orders-remember-their-language.md).
   */
  locale: z.enum(LOCALES).optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  items: z.array(AccountOrderItemSchema),
  /** The gift cards the order sold, on the shopper's answers (absent: none). */
  giftCards: z.array(OrderGiftCardLineSchema).optional(),
  /** What the store has given back so far, tax included ("0.00" when nothing). */
  refundedAmount: z.string(),
  /** What store credit paid of the total at checkout ("0.00" when nothing; 0531). */
  storeCreditAmount: z.string().optional(),
  /** What gift cards paid of the total at checkout ("0.00" when nothing; 0533). */
  giftCardAmount: z.string().optional(),
  /**
   * What happened to the order, oldest first: on every shopper answer (the look-up, the confirmation,
   * the account), not on the admin's lists (src/shared/schemas/order-timeline.ts).
   */
  timeline: OrderTimelineSchema.optional(),
});
export type AccountOrder = z.infer<typeof AccountOrderSchema>;
