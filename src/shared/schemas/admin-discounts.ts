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

/**
 * A scheduled discount's start or end: the store's wall clock ("2026-12-05T09:00"), read by the
 * server in STORE_TIMEZONE; null or blank clears it; absent leaves it as it is
 * (docs/decisions/0552-scheduled-discounts.md).
 */
export const windowField = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined) return undefined;
    if (v === null || v.trim() === '') return null;
    if (!/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}$/.test(v.trim())) {
      ctx.addIssue({ code: 'custom', message: 'Use a date and time like 2026-12-05T09:00 (store time)' });
      return z.NEVER;
    }
    return v.trim().replace(' ', 'T');
  });

const windowOrder = (v: { startsAt?: string | null; endsAt?: string | null }) =>
  !v.startsAt || !v.endsAt || v.startsAt < v.endsAt;
const WINDOW_ORDER = { message: 'The end must be after the start', path: ['endsAt'] };

const windowOut = {
  /** Wall-clock start in the store's zone, or null: always on. */
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
};

export const WeekdayDiscountSchema = z.object({
  day: z.number().int().min(0).max(6),
  percentage: z.number().int(),
  ...windowOut,
});
export type WeekdayDiscount = z.infer<typeof WeekdayDiscountSchema>;

export const CategoryDiscountSchema = z.object({
  categoryId: z.number().int(),
  categoryName: z.string(),
  percentage: z.number().int(),
  ...windowOut,
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
      .array(
        z
          .object({ day: dayField, percentage: percentField, startsAt: windowField, endsAt: windowField })
          .refine(windowOrder, WINDOW_ORDER),
        { error: 'discounts must be a list' },
      )
      .max(7, 'There are only 7 weekdays'),
  }),
);

/** PUT /api/discounts/category: `{ discounts: [{ categoryId, percentage }] }` (a bare list is accepted too). */
export const CategoryDiscountsUpdateSchema = z.preprocess(
  (body) => (Array.isArray(body) ? { discounts: body } : body),
  z.object({
    discounts: z
      .array(
        z
          .object({
            categoryId: z.coerce
              .number({ error: 'Unknown category' })
              .int('Unknown category')
              .positive('Unknown category')
              .max(MAX_DB_ID, 'Unknown category'),
            percentage: percentField,
            startsAt: windowField,
            endsAt: windowField,
          })
          .refine(windowOrder, WINDOW_ORDER),
        { error: 'discounts must be a list' },
      )
      .max(10_000),
  }),
);
