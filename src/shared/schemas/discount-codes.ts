// Discount codes managed at /api/admin/discount-codes (docs/decisions/0550-discount-codes.md).
// Start and end are wall-clock times in the store's zone ("yyyy-mm-ddThh:mm"); the server converts
// them with STORE_TIMEZONE, and answers them back in the same form.
import { z } from 'zod';
import { PRODUCT_CONDITIONS } from '~/shared/constants';
import { MAX_DB_ID } from './catalog';
import { moneyMessage, parseMoneyInput } from './admin-products';
import { centsToString } from '~/shared/money';

export const DISCOUNT_CODE_KINDS = ['percent', 'fixed'] as const;

const CODE_MESSAGE = 'Code must be 3 to 32 letters, digits, hyphens or underscores';
const LOCAL_TIME_MESSAGE = 'Use a date and time like 2026-12-05T09:00 (store time)';

const codeField = z
  .string({ error: CODE_MESSAGE })
  .trim()
  .regex(/^[A-Za-z0-9_-]{3,32}$/, CODE_MESSAGE)
  .transform((s) => s.toUpperCase());

const localTimeField = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === null || v.trim() === '') return null;
    if (!/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}$/.test(v.trim())) {
      ctx.addIssue({ code: 'custom', message: LOCAL_TIME_MESSAGE });
      return z.NEVER;
    }
    return v.trim().replace(' ', 'T');
  });

const moneyField = (label: string) =>
  z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
        return '0.00';
      const parsed = parseMoneyInput(value);
      if (!parsed.ok) {
        ctx.addIssue({ code: 'custom', message: moneyMessage(label, parsed.reason) });
        return z.NEVER;
      }
      return centsToString(parsed.cents);
    });

const limitField = z
  .union([z.number(), z.null()])
  .optional()
  .transform((v) => v ?? null)
  .pipe(
    z
      .number()
      .int('A use limit must be a whole number')
      .min(1, 'A use limit must be at least 1')
      .max(1_000_000)
      .nullable(),
  );

const idList = z.array(z.number().int().positive().max(MAX_DB_ID)).max(1000).default([]);

export const DiscountCodeInputSchema = z
  .object({
    code: codeField,
    kind: z.enum(DISCOUNT_CODE_KINDS, { error: 'Kind must be percent or fixed' }),
    percentage: z.number().int('Percentage must be a whole number').min(0).max(100).default(0),
    amount: moneyField('Amount'),
    minSubtotal: moneyField('Minimum subtotal'),
    startsAt: localTimeField,
    endsAt: localTimeField,
    maxUses: limitField,
    perCustomerLimit: limitField,
    categoryIds: idList,
    conditions: z.array(z.enum(PRODUCT_CONDITIONS)).max(PRODUCT_CONDITIONS.length).default([]),
    productIds: idList,
    combinesWithDaily: z.boolean().default(false),
    combinesWithCategory: z.boolean().default(false),
    active: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'percent' && (v.percentage < 1 || v.percentage > 100)) {
      ctx.addIssue({ code: 'custom', path: ['percentage'], message: 'A percentage code needs 1 to 100%' });
    }
    if (v.kind === 'fixed' && v.amount === '0.00') {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'A fixed code needs an amount above $0.00' });
    }
    if (v.startsAt && v.endsAt && v.startsAt >= v.endsAt) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'The end must be after the start' });
    }
  });
export type DiscountCodeInput = z.infer<typeof DiscountCodeInputSchema>;

export const DiscountCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(DISCOUNT_CODE_KINDS),
  percentage: z.number().int(),
  amount: z.string(),
  minSubtotal: z.string(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  perCustomerLimit: z.number().int().nullable(),
  usedCount: z.number().int(),
  categoryIds: z.array(z.number().int()),
  conditions: z.array(z.enum(PRODUCT_CONDITIONS)),
  productIds: z.array(z.number().int()),
  combinesWithDaily: z.boolean(),
  combinesWithCategory: z.boolean(),
  active: z.boolean(),
  /** The combining rule in plain words, as staff read it beside the code. */
  combiningRule: z.string(),
});
export type DiscountCode = z.infer<typeof DiscountCodeSchema>;

export const DiscountCodeIdParamsSchema = z.object({
  id: z.coerce.number({ error: 'Unknown discount code' }).int().positive().max(MAX_DB_ID),
});

/**
 * The rule staff read beside a code. A code always applies on top of a markdown (the markdown is the
 * lot's price); the day's and the category discount apply with it only when the code says so,
 * otherwise the shopper gets whichever saves more: the code or those discounts.
 */
export function combiningRuleText(v: { combinesWithDaily: boolean; combinesWithCategory: boolean }): string {
  if (v.combinesWithDaily && v.combinesWithCategory) {
    return "Applies on top of the day's discount and the category discount.";
  }
  if (v.combinesWithDaily) {
    return "Applies on top of the day's discount; on a lot with a category discount, the shopper gets whichever saves more.";
  }
  if (v.combinesWithCategory) {
    return "Applies on top of the category discount; on a day with a day's discount, the shopper gets whichever saves more.";
  }
  return "Does not combine: when the day's or a category discount applies, the shopper gets whichever saves more.";
}
