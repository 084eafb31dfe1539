// A weekend sale starts and stops by itself (docs/decisions/0552-scheduled-discounts.md): staff set a
// category discount and Saturday's discount with a start and an end in the store's wall clock; the
// cart's price (the quote) and the listings' SQL price follow a clock the test moves. The store is in
// America/Toronto (UTC-5 in December). PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '~/server/lib/clock';
import {
  createCategory,
  createProduct,
  createUser,
  seedStoreSettings,
  setWeekdayDiscounts,
  signInAs,
} from '~/server/test/fixtures';
import { createTestApp, TestClient, type TestApp } from '~/server/test/test-app';

let t: TestApp;
let admin: TestClient;
let productId: number;
let categoryId: number;
const realNow = clock.now;

beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  await seedStoreSettings(t.db);
  await setWeekdayDiscounts(t.db);
  const category = await createCategory(t.db, { slug: 'weekend-sale-furniture', name: 'Weekend Furniture' });
  categoryId = category.id;
  productId = (await createProduct(t.db, { name: 'Weekend Armchair', price: '100.00', stock: 5, categoryId }))
    .id;
  const user = await createUser(t.db, { isAdmin: true });
  admin = new TestClient(t.app);
  await signInAs(t.db, admin, user.id);
});
afterAll(async () => {
  clock.now = realNow;
  await t.close();
});

/** Moves the test's clock to a UTC instant. */
const at = (iso: string) => {
  clock.now = () => new Date(iso);
};

/** What the cart charges for one armchair now (the quote: src/shared/pricing.ts). */
async function cartPrice(): Promise<string> {
  const res = await new TestClient(t.app).post('/api/cart/quote', { items: [{ productId, quantity: 1 }] });
  expect(res.statusCode).toBe(200);
  return res.json().items[0].price;
}

/** Whether the listings' SQL price puts the armchair at or under a price. */
async function listedAtOrUnder(max: string): Promise<boolean> {
  const res = await new TestClient(t.app).get(`/api/products?maxPrice=${max}&limit=100`);
  expect(res.statusCode).toBe(200);
  return (res.json() as { id: number }[]).some((p) => p.id === productId);
}

describe('a scheduled weekend sale', () => {
  it('staff set the windows in store time and read them back the same way', async () => {
    const category = await admin.put('/api/discounts/category', {
      discounts: [{ categoryId, percentage: 20, startsAt: '2026-12-05T09:00', endsAt: '2026-12-07T00:00' }],
    });
    expect(category.statusCode).toBe(200);
    expect(category.json().find((c: { categoryId: number }) => c.categoryId === categoryId)).toMatchObject({
      percentage: 20,
      startsAt: '2026-12-05T09:00',
      endsAt: '2026-12-07T00:00',
    });
    // Saturday (day 6): 30% during the same weekend only.
    const weekday = await admin.put('/api/discounts/weekday', {
      discounts: [{ day: 6, percentage: 30, startsAt: '2026-12-05T09:00', endsAt: '2026-12-06T00:00' }],
    });
    expect(weekday.statusCode).toBe(200);
    expect(weekday.json()[6]).toEqual({
      day: 6,
      percentage: 30,
      startsAt: '2026-12-05T09:00',
      endsAt: '2026-12-06T00:00',
    });
  });

  it('refuses an end before the start with a clear 400 and keeps the schedule', async () => {
    const res = await admin.put('/api/discounts/category', {
      discounts: [{ categoryId, percentage: 50, startsAt: '2026-12-07T00:00', endsAt: '2026-12-05T09:00' }],
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('The end must be after the start');
    const list = await admin.get('/api/discounts/category');
    expect(list.json().find((c: { categoryId: number }) => c.categoryId === categoryId)).toMatchObject({
      percentage: 20,
    });
  });

  it('starts and stops at its times, in the cart and in the listings', async () => {
    // Friday Dec 4, noon in Toronto (17:00 UTC): no sale yet, Friday has no discount: 100.00.
    at('2026-12-04T17:00:00Z');
    expect(await cartPrice()).toBe('100.00');
    expect(await listedAtOrUnder('99.99')).toBe(false);

    // Saturday 08:59 (13:59 UTC): a minute before both windows open: still 100.00.
    at('2026-12-05T13:59:00Z');
    expect(await cartPrice()).toBe('100.00');

    // Saturday 09:00 (14:00 UTC), the start, inclusive: Saturday's 30% and the category's 20% are
    // both on; one lot takes the larger single discount (0551): 100.00 less 30% = 70.00.
    at('2026-12-05T14:00:00Z');
    expect(await cartPrice()).toBe('70.00');
    expect(await listedAtOrUnder('70.00')).toBe(true);

    // Sunday noon (17:00 UTC): Saturday's window has closed and Sunday has no discount; the category's
    // 20% is still on: 80.00.
    at('2026-12-06T17:00:00Z');
    expect(await cartPrice()).toBe('80.00');
    expect(await listedAtOrUnder('79.99')).toBe(false);
    expect(await listedAtOrUnder('80.00')).toBe(true);

    // Monday 00:00 in Toronto (05:00 UTC), the end, exclusive: the sale is over by itself: 100.00.
    at('2026-12-07T05:00:00Z');
    expect(await cartPrice()).toBe('100.00');
    expect(await listedAtOrUnder('99.99')).toBe(false);

    // A minute before the end it was still on.
    at('2026-12-07T04:59:00Z');
    expect(await cartPrice()).toBe('80.00');
  });
});
