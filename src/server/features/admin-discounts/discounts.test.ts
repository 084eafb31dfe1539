import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeWeekday } from '~/shared/pricing';
import { adminAuditLog, categoryDiscounts, weekdayDiscounts } from '~/server/db/schema';
import { createCategory, createProduct, setWeekdayDiscounts } from '~/server/test/fixtures';
import { createTestApp, type TestApp } from '~/server/test/test-app';
import { signedInClients } from '~/server/features/admin-products/test-support';

let t: TestApp;
let clients: Awaited<ReturnType<typeof signedInClients>>;
let toys: number;
let books: number;

beforeAll(async () => {
  t = await createTestApp();
  clients = await signedInClients(t);
  await setWeekdayDiscounts(t.db);
  toys = (await createCategory(t.db, { name: 'Toys & Games', slug: 'toys' })).id;
  books = (await createCategory(t.db, { name: 'Books', slug: 'books' })).id;
  await createProduct(t.db, {
    name: 'Puzzle',
    slug: 'puzzle',
    price: '20.00',
    categoryId: toys,
    featured: true,
  });
});
afterAll(() => t.close());

const today = () => storeWeekday(t.config.STORE_TIMEZONE);
const puzzlePrice = async () =>
  (await clients.guest.get('/api/products/featured'))
    .json()
    .find((p: { slug: string }) => p.slug === 'puzzle').discountedPrice as string;

describe('weekday discounts', () => {
  it('lists all seven days', async () => {
    const res = await clients.admin.get('/api/discounts/weekday');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(
      [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, percentage: 0, startsAt: null, endsAt: null })),
    );
  });

  it('clamps to an integer 0..100 (non-numbers become 0) and stores the result', async () => {
    const res = await clients.admin.put('/api/discounts/weekday', {
      discounts: [
        { day: 0, percentage: 150 },
        { day: 1, percentage: -5 },
        { day: 2, percentage: 'abc' },
        { day: 3, percentage: '12.6' },
        { day: 4, percentage: null },
        { day: 5, percentage: 33 },
        { day: 6, percentage: '' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const expected = [100, 0, 0, 13, 0, 33, 0];
    expect(res.json()).toEqual(
      expected.map((percentage, day) => ({ day, percentage, startsAt: null, endsAt: null })),
    );
    const rows = await t.db.select().from(weekdayDiscounts).orderBy(weekdayDiscounts.day);
    expect(rows.map((r) => r.percentage)).toEqual(expected);
  });

  it('moves storefront prices and /api/discounts/today at once, and audits the change', async () => {
    const day = today();
    await clients.admin.put('/api/discounts/weekday', { discounts: [{ day, percentage: 25 }] });
    expect((await clients.guest.get('/api/discounts/today')).json()).toBe(25);
    expect(await puzzlePrice()).toBe('15.00');
    await clients.admin.put('/api/discounts/weekday', [{ day, percentage: 0 }]);
    expect((await clients.guest.get('/api/discounts/today')).json()).toBe(0);
    expect(await puzzlePrice()).toBe('20.00');
    const audit = await t.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.entity, 'weekday-discounts'));
    const last = audit.at(-1)!;
    expect((last.before as { percentage: number }[])[day]!.percentage).toBe(25);
    expect((last.after as { percentage: number }[])[day]!.percentage).toBe(0);
    expect(last.userId).toBe(clients.adminUser.id);
  });

  it('refuses a day outside 0..6 and changes nothing', async () => {
    const before = await t.db.select().from(weekdayDiscounts);
    const res = await clients.admin.put('/api/discounts/weekday', {
      discounts: [{ day: 7, percentage: 10 }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Day must be 0 (Sunday) to 6 (Saturday)');
    expect(await t.db.select().from(weekdayDiscounts)).toEqual(before);
  });
});

/** A discount with no schedule: always on (docs/decisions/0552-scheduled-discounts.md). */
const always = { startsAt: null, endsAt: null };

describe('category discounts', () => {
  it('lists every category with its percentage, clamps, and prices follow', async () => {
    const list = await clients.admin.get('/api/discounts/category');
    expect(list.json()).toEqual([
      { categoryId: books, categoryName: 'Books', percentage: 0, ...always },
      { categoryId: toys, categoryName: 'Toys & Games', percentage: 0, ...always },
    ]);
    const res = await clients.admin.put('/api/discounts/category', {
      discounts: [
        { categoryId: toys, percentage: '40.4' },
        { categoryId: books, percentage: 'lots' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { categoryId: books, categoryName: 'Books', percentage: 0, ...always },
      { categoryId: toys, categoryName: 'Toys & Games', percentage: 40, ...always },
    ]);
    expect(await puzzlePrice()).toBe('12.00');
    await clients.admin.put('/api/discounts/category', {
      discounts: [{ categoryId: toys, percentage: 1000 }],
    });
    expect(
      (await t.db.select().from(categoryDiscounts).where(eq(categoryDiscounts.categoryId, toys)))[0]!
        .percentage,
    ).toBe(100);
    expect(
      await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.entity, 'category-discounts')),
    ).toHaveLength(2);
  });

  it('refuses an unknown category and changes nothing', async () => {
    const before = await t.db.select().from(categoryDiscounts);
    const res = await clients.admin.put('/api/discounts/category', {
      discounts: [
        { categoryId: toys, percentage: 5 },
        { categoryId: 99999, percentage: 5 },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Unknown category: 99999.');
    expect(await t.db.select().from(categoryDiscounts)).toEqual(before);
  });
});
