// Weekday and category discount percentages. The storefront reads them on every request
// (catalog/discounts.ts, product-repository.ts), so a change shows in prices and /api/discounts/today
// at once.
import { asc, eq, inArray } from 'drizzle-orm';
import type { CategoryDiscount, WeekdayDiscount } from '~/shared/schemas/admin-discounts';
import type { DbOrTx } from '~/server/db/client';
import { categories, categoryDiscounts, weekdayDiscounts } from '~/server/db/schema';
import { recordAudit } from '~/server/lib/audit';
import { badRequest } from '~/server/lib/http-error';
import { instantToStoreLocal, storeLocalToInstant } from '~/shared/store-time';
import type { AppContext } from '~/server/context';

const local = (at: Date | null, timeZone: string) => (at ? instantToStoreLocal(at, timeZone) : null);

/**
 * A window end as the row keeps it: undefined leaves the column as it is, null clears it, a wall-clock
 * time is read in the store's zone (docs/decisions/0552-scheduled-discounts.md).
 */
function instant(value: string | null | undefined, timeZone: string, field: string) {
  if (value === undefined || value === null) return value;
  const at = storeLocalToInstant(value, timeZone);
  if (!at)
    throw badRequest('Not a valid date and time.', { errors: { [field]: 'Not a valid date and time.' } });
  return at;
}

type Window = { startsAt?: string | null; endsAt?: string | null };

function windowValues(d: Window, timeZone: string) {
  const startsAt = instant(d.startsAt, timeZone, 'startsAt');
  const endsAt = instant(d.endsAt, timeZone, 'endsAt');
  return {
    ...(startsAt === undefined ? {} : { startsAt }),
    ...(endsAt === undefined ? {} : { endsAt }),
  };
}

/** All seven days, Sunday (0) first; a day without a row is 0, always on. */
export async function listWeekdayDiscounts(db: DbOrTx, timeZone: string): Promise<WeekdayDiscount[]> {
  const rows = await db.select().from(weekdayDiscounts);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return [0, 1, 2, 3, 4, 5, 6].map((day) => {
    const row = byDay.get(day);
    return {
      day,
      percentage: row?.percentage ?? 0,
      startsAt: local(row?.startsAt ?? null, timeZone),
      endsAt: local(row?.endsAt ?? null, timeZone),
    };
  });
}

/** Every category (active or not) with its percentage, 0 when none is set. */
export async function listCategoryDiscounts(db: DbOrTx, timeZone: string): Promise<CategoryDiscount[]> {
  const rows = await db
    .select({
      categoryId: categories.id,
      categoryName: categories.name,
      percentage: categoryDiscounts.percentage,
      startsAt: categoryDiscounts.startsAt,
      endsAt: categoryDiscounts.endsAt,
    })
    .from(categories)
    .leftJoin(categoryDiscounts, eq(categoryDiscounts.categoryId, categories.id))
    .orderBy(asc(categories.name), asc(categories.id));
  return rows.map((r) => ({
    ...r,
    percentage: r.percentage ?? 0,
    startsAt: local(r.startsAt, timeZone),
    endsAt: local(r.endsAt, timeZone),
  }));
}

export async function saveWeekdayDiscounts(
  ctx: AppContext,
  discounts: ({ day: number; percentage: number } & Window)[],
  userId: number,
): Promise<WeekdayDiscount[]> {
  const { db } = ctx;
  const tz = ctx.config.STORE_TIMEZONE;
  return db.transaction(async (tx) => {
    const before = await listWeekdayDiscounts(tx, tz);
    for (const d of discounts) {
      const window = windowValues(d, tz);
      await tx
        .insert(weekdayDiscounts)
        .values({ day: d.day, percentage: d.percentage, ...window })
        .onConflictDoUpdate({ target: weekdayDiscounts.day, set: { percentage: d.percentage, ...window } });
    }
    const after = await listWeekdayDiscounts(tx, tz);
    await recordAudit(tx, { userId, action: 'update', entity: 'weekday-discounts', before, after });
    return after;
  });
}

export async function saveCategoryDiscounts(
  ctx: AppContext,
  discounts: ({ categoryId: number; percentage: number } & Window)[],
  userId: number,
): Promise<CategoryDiscount[]> {
  const { db } = ctx;
  const tz = ctx.config.STORE_TIMEZONE;
  return db.transaction(async (tx) => {
    const ids = [...new Set(discounts.map((d) => d.categoryId))];
    if (ids.length > 0) {
      const known = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(inArray(categories.id, ids));
      const knownIds = new Set(known.map((k) => k.id));
      const unknown = ids.filter((id) => !knownIds.has(id));
      if (unknown.length > 0) throw badRequest(`Unknown category: ${unknown.join(', ')}.`);
    }
    const before = await listCategoryDiscounts(tx, tz);
    for (const d of discounts) {
      const window = windowValues(d, tz);
      await tx
        .insert(categoryDiscounts)
        .values({ categoryId: d.categoryId, percentage: d.percentage, ...window })
        .onConflictDoUpdate({
          target: categoryDiscounts.categoryId,
          set: { percentage: d.percentage, ...window },
        });
    }
    const after = await listCategoryDiscounts(tx, tz);
    await recordAudit(tx, { userId, action: 'update', entity: 'category-discounts', before, after });
    return after;
  });
}
