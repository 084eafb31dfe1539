import { eq } from 'drizzle-orm';
import { storeWeekday } from '~/shared/pricing';
import type { DbOrTx } from '~/server/db/client';
import { weekdayDiscounts } from '~/server/db/schema';

/** Today's weekday percentage in the store's time zone, 0 when none. */
export async function todaysWeekdayDiscount(db: DbOrTx, timeZone: string, now = new Date()): Promise<number> {
  const day = storeWeekday(timeZone, now);
  const [row] = await db
    .select({ percentage: weekdayDiscounts.percentage })
    .from(weekdayDiscounts)
    .where(eq(weekdayDiscounts.day, day));
  return row?.percentage ?? 0;
}
