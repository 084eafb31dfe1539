// The SQL price rule (price-sql.ts) against src/shared/pricing.ts over generated products, on the test
// database (PGlite, or PostgreSQL with TEST_DATABASE_URL): the listings' filters and sorts must see the
// price the shopper is charged (docs/decisions/0166-price-rule-parity.md).
import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsToString } from '~/shared/money';
import { effectiveDiscount, priceProduct } from '~/shared/pricing';
import type { Db } from '~/server/db/client';
import { categories, categoryDiscounts, products } from '~/server/db/schema';
import { createTestApp, type TestApp } from '~/server/test/test-app';
import { discountedTodaySql, discountPercentSql, todaysCentsSql } from './price-sql';

type Case = {
  priceCents: number;
  applyDailyDiscount: boolean;
  /** 'none': no category; 'no-row': a category without a discount row; else the category's percent. */
  category: 'none' | 'no-row' | number;
};

type SqlPrice = { cents: number; percent: number; discounted: boolean };

let t: TestApp;
let serial = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Inserts the products, reads the SQL's figures for each on a day of `weekdayPercent`, then removes them. */
async function sqlPrices(db: Db, cases: Case[], weekdayPercent: number): Promise<SqlPrice[]> {
  const ids: number[] = [];
  const categoryIds: number[] = [];
  for (const c of cases) {
    const n = ++serial;
    let categoryId: number | null = null;
    if (c.category !== 'none') {
      const [category] = await db
        .insert(categories)
        .values({ name: `Parity ${n}`, slug: `parity-${n}` })
        .returning({ id: categories.id });
      categoryId = category!.id;
      categoryIds.push(categoryId);
      if (typeof c.category === 'number')
        await db.insert(categoryDiscounts).values({ categoryId, percentage: c.category });
    }
    const [product] = await db
      .insert(products)
      .values({
        name: `Parity ${n}`,
        slug: `parity-${n}`,
        lotNumber: `PARITY-${n}`,
        price: centsToString(c.priceCents),
        applyDailyDiscount: c.applyDailyDiscount,
        categoryId,
      })
      .returning({ id: products.id });
    ids.push(product!.id);
  }
  const rows = await db
    .select({
      id: products.id,
      cents: todaysCentsSql(weekdayPercent),
      percent: discountPercentSql(weekdayPercent),
      discounted: discountedTodaySql(weekdayPercent),
    })
    .from(products)
    .leftJoin(categoryDiscounts, eq(categoryDiscounts.categoryId, products.categoryId))
    .where(inArray(products.id, ids));
  await db.delete(products).where(inArray(products.id, ids));
  if (categoryIds.length) await db.delete(categories).where(inArray(categories.id, categoryIds));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => {
    const row = byId.get(id)!;
    return { cents: Number(row.cents), percent: Number(row.percent), discounted: Boolean(row.discounted) };
  });
}

describe('the SQL price rule', () => {
  it('matches hand-worked prices', async () => {
    // 19.99 at 15%: 1999 * 85 = 169915, + 50 = 169965, / 100 -> 1699 (16.99).
    // 10.00 at 25% from the category (weekday 15%): 1000 * 75 / 100 = 750 (7.50).
    // 0.03 at 15%: 3 * 85 = 255, + 50 = 305, / 100 -> 3: no cent off, so no discount today.
    // 49.99 not taking the daily discount: 4999 at 0%.
    // 0.05 at 15%: 5 * 85 = 425, + 50 = 475, / 100 -> 4; at 10%: 450 + 50 = 500, / 100 = 5: no cent off.
    // 0.06 at 15%: 6 * 85 = 510, + 50 = 560, / 100 -> 5; at 10%: 540 + 50 = 590, / 100 -> 5.
    const cases: Case[] = [
      { priceCents: 1999, applyDailyDiscount: true, category: 'none' },
      { priceCents: 1000, applyDailyDiscount: true, category: 25 },
      { priceCents: 3, applyDailyDiscount: true, category: 10 },
      { priceCents: 4999, applyDailyDiscount: false, category: 40 },
      { priceCents: 5, applyDailyDiscount: true, category: 'no-row' },
      { priceCents: 6, applyDailyDiscount: true, category: 0 },
    ];
    const got = await sqlPrices(t.db, cases, 15);
    expect(got).toEqual([
      { cents: 1699, percent: 15, discounted: true },
      { cents: 750, percent: 25, discounted: true },
      { cents: 3, percent: 15, discounted: false },
      { cents: 4999, percent: 0, discounted: false },
      { cents: 4, percent: 15, discounted: true },
      { cents: 5, percent: 15, discounted: true },
    ]);
    const tenPercent = await sqlPrices(t.db, cases.slice(2, 6), 10);
    expect(tenPercent.map((p) => p.cents)).toEqual([3, 4999, 5, 5]);
    expect(tenPercent.map((p) => p.discounted)).toEqual([false, false, false, true]);
  });

  it('agrees with src/shared/pricing.ts on generated products', async () => {
    const percent = fc.oneof(fc.integer({ min: 0, max: 100 }), fc.constantFrom(0, 1, 5, 15, 25, 50, 99, 100));
    const priceCents = fc.oneof(
      fc.integer({ min: 0, max: 200 }),
      fc.integer({ min: 0, max: 1_000_000 }),
      // numeric(10, 2): up to 99,999,999.99.
      fc.integer({ min: 0, max: 9_999_999_999 }),
      fc.constantFrom(0, 1, 50, 99, 100, 199, 9_999_999_999),
    );
    const product = fc.record({
      priceCents,
      applyDailyDiscount: fc.boolean(),
      category: fc.oneof(fc.constantFrom<'none' | 'no-row'>('none', 'no-row'), percent),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(product, { minLength: 1, maxLength: 25 }),
        percent,
        async (cases, weekday) => {
          const got = await sqlPrices(t.db, cases, weekday);
          const expected = cases.map((c) => {
            const categoryPercent = typeof c.category === 'number' ? c.category : 0;
            const discount = effectiveDiscount(c, weekday, categoryPercent);
            const pricing = priceProduct({ price: centsToString(c.priceCents) }, discount);
            return { cents: pricing.unitCents, percent: discount, discounted: pricing.discountPercent > 0 };
          });
          expect(got).toEqual(expected);
        },
      ),
      { numRuns: 40 },
    );
  });
});
