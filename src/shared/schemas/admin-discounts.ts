// Daily discount settings: weekday and category
// percentages, clamped to an integer 0..100 on both sides; anything that is not a number becomes 0.
import { z } from 'zod';
import { MAX_DB_ID } from './catalog';

/** 12.6 -> 13, '150' -> 100, -3 -> 0, 'abc' -> 0, '' -> 0. */
export function clampPercent(value: unknown): number {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value.trim())
        : Number.NaN;
  if (!Number.isFinite(n)) return 0;
  return Math.min(100, Math.max(0, Math.round(n)));
}

const percentField = z.unknown().transform(clampPercent);

export const WeekdayDiscountSchema = z.object({
  day: z.number().int().min(0).max(6),
  percentage: z.number().int(),
});
export type WeekdayDiscount = z.infer<typeof WeekdayDiscountSchema>;

export const CategoryDiscountSchema = z.object({
  categoryId: z.number().int(),
  categoryName: z.string(),
  percentage: z.number().int(),
});
export type CategoryDiscount = z.infer<typeof CategoryDiscountSchema>;

const dayField = z.coerce
  .number({ error: 'Day must be 0 (Sunday) to 6 (Saturday)' })
  .int('Day must be 0 (Sunday) to 6 (Saturday)')
  .min(0, 'Day must be 0 (Sunday) to 6 (Saturday)')
  .max(6, 'Day must be 0 (Sunday) to 6 (Saturday)');

/** PUT /api/discounts/weekday: `{ discounts: [{ day, percentage }] }` (a bare list is accepted too). */
export const WeekdayDiscountsUpdateSchema = z.preprocess(
  (body) => (Array.isArray(body) ? { discounts: body } : body),
  z.object({
    discounts: z
      .array(z.object({ day: dayField, percentage: percentField }), { error: 'discounts must be a list' })
      .max(7, 'There are only 7 weekdays'),
  }),
);

/** PUT /api/discounts/category: `{ discounts: [{ categoryId, percentage }] }` (a bare list is accepted too). */
export const CategoryDiscountsUpdateSchema = z.preprocess(
  (body) => (Array.isArray(body) ? { discounts: body } : body),
  z.object({
    discounts: z
      .array(
        z.object({
          categoryId: z.coerce
            .number({ error: 'Unknown category' })
            .int('Unknown category')
            .positive('Unknown category')
            .max(MAX_DB_ID, 'Unknown category'),
          percentage: percentField,
        }),
        { error: 'discounts must be a list' },
      )
      .max(10_000),
  }),
);
