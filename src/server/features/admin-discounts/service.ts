// Weekday and category discount percentages. The storefront reads them on every request
// (catalog/discounts.ts, product-repository.ts), so a change shows in prices and /api/discounts/today
// at once.
import { asc, eq, inArray } from 'drizzle-orm';
import type { CategoryDiscount, WeekdayDiscount } from '~/shared/schemas/admin-discounts';
import type { DbOrTx } from '~/server/db/client';
import { categories, categoryDiscounts, weekdayDiscounts } from '~/server/db/schema';
import { recordAudit } from '~/server/lib/audit';
import { badRequest } from '~/server/lib/http-error';
import type { AppContext } from '~/server/context';

/** All seven days, Sunday (0) first; a day without a row is 0. */
export async function listWeekdayDiscounts(db: DbOrTx): Promise<WeekdayDiscount[]> {
  const rows = await db
    .select({ day: weekdayDiscounts.day, percentage: weekdayDiscounts.percentage })
    .from(weekdayDiscounts);
  const byDay = new Map(rows.map((r) => [r.day, r.percentage]));
  return [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, percentage: byDay.get(day) ?? 0 }));
}

/** Every category (active or not) with its percentage, 0 when none is set. */
export async function listCategoryDiscounts(db: DbOrTx): Promise<CategoryDiscount[]> {
  const rows = await db
    .select({
      categoryId: categories.id,
      categoryName: categories.name,
      percentage: categoryDiscounts.percentage,
    })
    .from(categories)
    .leftJoin(categoryDiscounts, eq(categoryDiscounts.categoryId, categories.id))
    .orderBy(asc(categories.name), asc(categories.id));
  return rows.map((r) => ({ ...r, percentage: r.percentage ?? 0 }));
}

export async function saveWeekdayDiscounts(
  ctx: AppContext,
  discounts: { day: number; percentage: number }[],
  userId: number,
): Promise<WeekdayDiscount[]> {
  const { db } = ctx;
  return db.transaction(async (tx) => {
    const before = await listWeekdayDiscounts(tx);
    for (const d of discounts) {
      await tx
        .insert(weekdayDiscounts)
        .values(d)
        .onConflictDoUpdate({ target: weekdayDiscounts.day, set: { percentage: d.percentage } });
    }
    const after = await listWeekdayDiscounts(tx);
    await recordAudit(tx, { userId, action: 'update', entity: 'weekday-discounts', before, after });
    return after;
  });
}

export async function saveCategoryDiscounts(
  ctx: AppContext,
  discounts: { categoryId: number; percentage: number }[],
  userId: number,
): Promise<CategoryDiscount[]> {
  const { db } = ctx;
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
    const before = await listCategoryDiscounts(tx);
    for (const d of discounts) {
      await tx
        .insert(categoryDiscounts)
        .values(d)
        .onConflictDoUpdate({ target: categoryDiscounts.categoryId, set: { percentage: d.percentage } });
    }
    const after = await listCategoryDiscounts(tx);
    await recordAudit(tx, { userId, action: 'update', entity: 'category-discounts', before, after });
    return after;
  });
}
