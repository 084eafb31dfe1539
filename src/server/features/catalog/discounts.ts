import { and, eq, type SQL, sql } from 'drizzle-orm';
import { storeWeekday } from '~/shared/pricing';
import type { DbOrTx } from '~/server/db/client';
import { categoryDiscounts, products, weekdayDiscounts } from '~/server/db/schema';
import { clock } from '~/server/lib/clock';

/**
 * A scheduled discount's window holds `now`: from its start (inclusive) to its end (exclusive), a
 * missing end open (docs/decisions/0552-scheduled-discounts.md).
 */
export function inWindow(
  table: typeof weekdayDiscounts | typeof categoryDiscounts,
  now: Date = clock.now(),
): SQL {
  const at = now.toISOString();
  return sql`(${table.startsAt} is null or ${table.startsAt} <= ${at}::timestamptz) and (${table.endsAt} is null or ${table.endsAt} > ${at}::timestamptz)`;
}

/**
 * The join of a product's category discount while it is on: outside its window the row is not
 * joined, so every price (the cart's and the listings' SQL) reads no category discount.
 */
export function activeCategoryDiscountJoin(now: Date = clock.now()): SQL {
  return and(eq(categoryDiscounts.categoryId, products.categoryId), inWindow(categoryDiscounts, now))!;
}

/** Today's weekday percentage in the store's time zone, 0 when none or outside its window. */
export async function todaysWeekdayDiscount(
  db: DbOrTx,
  timeZone: string,
  now: Date = clock.now(),
): Promise<number> {
  const day = storeWeekday(timeZone, now);
  const [row] = await db
    .select({ percentage: weekdayDiscounts.percentage })
    .from(weekdayDiscounts)
    .where(and(eq(weekdayDiscounts.day, day), inWindow(weekdayDiscounts, now)));
  return row?.percentage ?? 0;
}
