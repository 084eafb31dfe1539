// Badges, struck prices and charged prices agree for every product of the demo catalogue on every
// weekday's discount, with the demo's category discounts
// (docs/decisions/0130-daily-discount-lowers-the-selling-price.md). Every expected figure is worked
// out here in integer cents from the catalogue's own data, not through src/shared/pricing.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '~/shared/schemas/catalog';
import { productJsonLd } from '~/client/features/catalog';
import { DEMO_CATEGORIES, DEMO_CATEGORY_DISCOUNTS, DEMO_WEEKDAY_DISCOUNTS } from '~/server/db/demo-catalogue';
import {
  createCategory,
  createProduct,
  setCategoryDiscount,
  setWeekdayDiscounts,
} from '~/server/test/fixtures';
import { createTestApp, type TestApp, TestClient } from '~/server/test/test-app';

let t: TestApp;
let client: TestClient;

type Expected = {
  name: string;
  /** Selling price and compare-at price in cents, as the catalogue has them. */
  price: number;
  compareAt: number | null;
  takesDaily: boolean;
  categoryPercent: number;
};
const demo: Expected[] = [];

/** "249.99" -> 24999, by string surgery rather than floating point. */
function cents(text: string): number {
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}
const dollars = (value: number) => `${Math.floor(value / 100)}.${String(value % 100).padStart(2, '0')}`;

beforeAll(async () => {
  t = await createTestApp();
  client = new TestClient(t.app);
  for (const category of DEMO_CATEGORIES) {
    const row = await createCategory(t.db, { name: category.name, slug: category.slug });
    const categoryPercent = DEMO_CATEGORY_DISCOUNTS[category.slug] ?? 0;
    if (categoryPercent > 0) await setCategoryDiscount(t.db, row.id, categoryPercent);
    for (const p of category.products) {
      await createProduct(t.db, {
        name: p.name,
        price: p.price,
        compareAtPrice: p.compareAtPrice ?? null,
        stock: p.stock,
        applyDailyDiscount: p.applyDailyDiscount ?? true,
        categoryId: row.id,
      });
      demo.push({
        name: p.name,
        price: cents(p.price),
        compareAt: p.compareAtPrice ? cents(p.compareAtPrice) : null,
        takesDaily: p.applyDailyDiscount ?? true,
        categoryPercent,
      });
    }
  }
});

afterAll(async () => {
  await t.close();
});

async function allProducts(query = ''): Promise<Product[]> {
  const res = await client.get(`/api/products?limit=100${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as Product[];
}

describe.each(DEMO_WEEKDAY_DISCOUNTS.map((percent, day) => [day, percent] as const))(
  'the demo catalogue on weekday %i (%i%% off)',
  (_day, weekdayPercent) => {
    let products: Product[];
    beforeAll(async () => {
      // Today is whatever day the test runs: every day gets this weekday's percent.
      await setWeekdayDiscounts(t.db, Array(7).fill(weekdayPercent));
      products = await allProducts();
    });

    it('has every demo product', () => {
      expect(products).toHaveLength(demo.length);
      expect(demo.length).toBe(64);
    });

    it('charges the selling price less the larger of the weekday and category percent, rounded half up', () => {
      for (const d of demo) {
        const p = products.find((x) => x.name === d.name)!;
        const percent = d.takesDaily ? Math.max(weekdayPercent, d.categoryPercent) : 0;
        // price x (100 - percent) / 100, half a cent rounds up
        const charged = percent > 0 ? Math.floor((d.price * (100 - percent) + 50) / 100) : d.price;
        expect(p.discountedPrice, d.name).toBe(dollars(charged));
        if (percent > 0) expect(charged, `${d.name} costs less on a discount day`).toBeLessThan(d.price);
      }
    });

    it("shows a badge only when the charged price is lower, and its number is the day's saving on the shop's own price", () => {
      for (const d of demo) {
        const p = products.find((x) => x.name === d.name)!;
        const charged = cents(p.discountedPrice);
        const percent = d.takesDaily ? Math.max(weekdayPercent, d.categoryPercent) : 0;
        expect(p.savingPercentage > 0, `${d.name} has a badge`).toBe(percent > 0);
        if (p.savingPercentage === 0) continue;
        // The badge is next to a struck price that is above what is charged, and below the product's
        // own everyday price.
        expect(p.originalPrice, d.name).not.toBeNull();
        const struck = cents(p.originalPrice!);
        expect(charged, d.name).toBeLessThan(struck);
        expect(charged, d.name).toBeLessThan(d.price);
        // The struck price is the compare-at price when above the price, otherwise the price.
        expect(struck, d.name).toBe(d.compareAt !== null && d.compareAt > d.price ? d.compareAt : d.price);
        // badge = the day's percentage off the shop's own price: an estimated retail (compare-at) price
        // never drives it by default (decision 0567)
        expect(p.savingPercentage, d.name).toBe(percent);
      }
    });

    it('without a badge shows no discount: the everyday price, the compare-at price struck through if any', () => {
      for (const d of demo) {
        const p = products.find((x) => x.name === d.name)!;
        if (p.savingPercentage > 0) continue;
        expect(p.discountedPrice, d.name).toBe(dollars(d.price));
        expect(p.originalPrice, d.name).toBe(
          d.compareAt !== null && d.compareAt > d.price ? dollars(d.compareAt) : null,
        );
      }
    });

    it('gives the structured data the charged price', () => {
      for (const p of products) {
        const offer = productJsonLd(p, { origin: 'http://store.test', images: [], today: '2026-11-23' })
          .offers as { price: string };
        expect(offer.price, p.name).toBe(p.discountedPrice);
      }
    });

    it('sorts and filters by the charged price', async () => {
      const low = await allProducts('&sort=price-low');
      const charged = low.map((p) => cents(p.discountedPrice));
      expect(charged).toEqual([...charged].sort((a, b) => a - b));
      const high = (await allProducts('&sort=price-high')).map((p) => cents(p.discountedPrice));
      expect(high).toEqual([...charged].sort((a, b) => b - a));
      // An inclusive window around a charged price: exactly the products charged within it.
      const middle = charged[Math.floor(charged.length / 2)]!;
      const window = await allProducts(`&minPrice=${dollars(middle)}&maxPrice=${dollars(middle + 1000)}`);
      const expected = products.filter((p) => {
        const c = cents(p.discountedPrice);
        return c >= middle && c <= middle + 1000;
      });
      expect(window.map((p) => p.name).sort()).toEqual(expected.map((p) => p.name).sort());
      // The daily filter lists exactly the products with a badge.
      const daily = await allProducts('&daily=true');
      expect(daily.map((p) => p.name).sort()).toEqual(
        products
          .filter((p) => p.savingPercentage > 0)
          .map((p) => p.name)
          .sort(),
      );
    });
  },
);
