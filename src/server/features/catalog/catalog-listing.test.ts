// Listings: every filter and sort, paging with X-Total-Count, and bad parameters answered with a message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LIST_LIMIT } from '~/shared/constants';
import { orders, products, stockHolds } from '~/server/db/schema';
import {
  createCategory,
  createProduct,
  setCategoryDiscount,
  setWeekdayDiscounts,
} from '~/server/test/fixtures';
import { createTestApp, type TestApp, TestClient } from '~/server/test/test-app';

let t: TestApp;
let client: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  client = new TestClient(t.app);
  await setWeekdayDiscounts(t.db);
});
afterAll(() => t.close());

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
const names = (res: { json: () => unknown }) => (res.json() as { name: string }[]).map((p) => p.name);

describe('paging and X-Total-Count', () => {
  let slug: string;
  beforeAll(async () => {
    const cat = await createCategory(t.db);
    slug = cat.slug;
    await t.db.insert(products).values(
      Array.from({ length: 105 }, (_, i) => ({
        name: `Bulk ${String(i).padStart(3, '0')}`,
        slug: `bulk-${i}`,
        lotNumber: `BULK-${i}`,
        price: '5.00',
        stock: 3,
        categoryId: cat.id,
        createdAt: minutesAgo(200 - i),
      })),
    );
  });

  it('answers the default page size with the total', async () => {
    const res = await client.get(`/api/products?category=${slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(24);
    expect(res.headers['x-total-count']).toBe('105');
    expect(names(res)[0]).toBe('Bulk 104');
  });

  it('pages with page and limit, past the end as an empty page', async () => {
    const third = await client.get(`/api/products?category=${slug}&limit=50&page=3`);
    expect(names(third)).toEqual(['Bulk 004', 'Bulk 003', 'Bulk 002', 'Bulk 001', 'Bulk 000']);
    expect(third.headers['x-total-count']).toBe('105');
    const second = await client.get(`/api/categories/${slug}/products?limit=2&page=2`);
    expect(names(second)).toEqual(['Bulk 102', 'Bulk 101']);
    const beyond = await client.get(`/api/products?category=${slug}&limit=50&page=4`);
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe('105');
  });

  it('caps a large limit instead of refusing it', async () => {
    for (const limit of ['100000', '99999999999999999999999']) {
      const res = await client.get(`/api/products?category=${slug}&limit=${limit}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toHaveLength(MAX_LIST_LIMIT);
      expect(res.headers['x-total-count']).toBe('105');
    }
  });
});

describe('sorts and filters', () => {
  let cat: Awaited<ReturnType<typeof createCategory>>;
  // In a category with 50% off today: effective prices differ from the normal prices' order.
  beforeAll(async () => {
    cat = await createCategory(t.db, { slug: 'half-off' });
    await setCategoryDiscount(t.db, cat.id, 50);
    const base = { categoryId: cat.id, stock: 5 };
    await createProduct(t.db, { ...base, name: 'Forty', price: '40.00', createdAt: minutesAgo(50) }); // today 20.00
    await createProduct(t.db, {
      ...base,
      name: 'Thirty',
      price: '30.00',
      applyDailyDiscount: false,
      featured: true,
      createdAt: minutesAgo(40),
    }); // 30.00
    await createProduct(t.db, {
      ...base,
      name: 'TwentyFive',
      price: '25.00',
      new: true,
      createdAt: minutesAgo(30),
    }); // 12.50
    await createProduct(t.db, {
      ...base,
      name: 'SoldOut',
      price: '8.00',
      stock: 0,
      featured: true,
      createdAt: minutesAgo(20),
    }); // 4.00
    const held = await createProduct(t.db, {
      ...base,
      name: 'AllHeld',
      price: '60.00',
      stock: 2,
      new: true,
      createdAt: minutesAgo(10),
    }); // 30.00
    const [order] = await t.db
      .insert(orders)
      .values({
        orderReference: 'hold-ref',
        customerEmail: 'h@example.com',
        customerName: 'H',
        shippingAddress: {},
        subtotal: '1',
        total: '1',
      })
      .returning();
    await t.db.insert(stockHolds).values({
      orderId: order!.id,
      productId: held.id,
      quantity: 2,
      expiresAt: new Date(Date.now() + 600_000),
    });
  });

  const list = (query: string) => client.get(`/api/products?category=half-off&${query}`);

  it('sorts newest first by default', async () => {
    const expected = ['AllHeld', 'SoldOut', 'TwentyFive', 'Thirty', 'Forty'];
    expect(names(await list(''))).toEqual(expected);
    expect(names(await list('sort=newest'))).toEqual(expected);
  });

  it("sorts by today's price, low to high and high to low", async () => {
    expect(names(await list('sort=price-low'))).toEqual([
      'SoldOut',
      'TwentyFive',
      'Forty',
      'AllHeld',
      'Thirty',
    ]);
    // Equal prices (30.00) keep the newest first.
    expect(names(await list('sort=price-high'))).toEqual([
      'AllHeld',
      'Thirty',
      'Forty',
      'TwentyFive',
      'SoldOut',
    ]);
  });

  it('sorts featured first, then newest', async () => {
    expect(names(await list('sort=featured'))).toEqual([
      'SoldOut',
      'Thirty',
      'AllHeld',
      'TwentyFive',
      'Forty',
    ]);
  });

  it("filters by today's price, both bounds inclusive", async () => {
    expect(names(await list('minPrice=20&maxPrice=20'))).toEqual(['Forty']);
    expect(names(await list('maxPrice=12.5'))).toEqual(['SoldOut', 'TwentyFive']);
    expect(names(await list('minPrice=30&sort=price-low'))).toEqual(['AllHeld', 'Thirty']);
    expect(names(await list('minPrice=0&maxPrice=1000'))).toHaveLength(5);
    const res = await list('minPrice=13&maxPrice=29.99');
    expect(names(res)).toEqual(['Forty']);
    expect(res.headers['x-total-count']).toBe('1');
    expect((await list('minPrice=50&maxPrice=10')).json()).toEqual([]);
  });

  it("filters on exactly the price every product shows (the database's arithmetic matches pricing.ts)", async () => {
    const odd = await createCategory(t.db, { slug: 'odd-prices' });
    await setCategoryDiscount(t.db, odd.id, 15);
    const cases = [
      { price: '0.01' },
      { price: '0.05' },
      { price: '0.10' },
      { price: '0.30' },
      { price: '9.99' },
      { price: '10.05' },
      { price: '19.99', compareAtPrice: '24.99' },
      { price: '33.33', compareAtPrice: '0.00' },
      { price: '100.00', compareAtPrice: '300.00' },
      { price: '49.95', applyDailyDiscount: false },
      { price: '49.95', compareAtPrice: '59.95', applyDailyDiscount: false },
      { price: '1234.57', compareAtPrice: '1299.99' },
    ];
    for (const [i, values] of cases.entries())
      await createProduct(t.db, { ...values, name: `Odd ${i}`, categoryId: odd.id });
    const all = (await client.get('/api/products?category=odd-prices&limit=100')).json() as {
      name: string;
      discountedPrice: string;
    }[];
    expect(all).toHaveLength(cases.length);
    for (const p of all) {
      const exact = await client.get(
        `/api/products?category=odd-prices&minPrice=${p.discountedPrice}&maxPrice=${p.discountedPrice}`,
      );
      expect(names(exact), `${p.name} at ${p.discountedPrice}`).toContain(p.name);
      expect(
        (exact.json() as { discountedPrice: string }[]).every((x) => x.discountedPrice === p.discountedPrice),
      ).toBe(true);
    }
    const sorted = names(await client.get('/api/products?category=odd-prices&sort=price-low&limit=100'));
    const byPrice = [...all]
      .sort((a, b) => Number(a.discountedPrice) - Number(b.discountedPrice))
      .map((p) => p.discountedPrice);
    const shown = sorted.map((n) => all.find((p) => p.name === n)!.discountedPrice);
    expect(shown).toEqual(byPrice);
  });

  it('hides what cannot be bought with inStock=true (stock 0, or all of it held)', async () => {
    const res = await list('inStock=true');
    expect(names(res)).toEqual(['TwentyFive', 'Thirty', 'Forty']);
    expect(res.headers['x-total-count']).toBe('3');
    expect(names(await list('inStock=false'))).toHaveLength(5);
  });

  it("filters new arrivals and today's deals", async () => {
    expect(names(await list('new=true'))).toEqual(['AllHeld', 'TwentyFive']);
    expect(names(await list('daily=true'))).toEqual(['AllHeld', 'SoldOut', 'TwentyFive', 'Forty']);
    expect(names(await list('daily=true&new=true&inStock=true'))).toEqual(['TwentyFive']);
  });

  it('counts daily deals from the weekday discount too', async () => {
    const plain = await createCategory(t.db, { slug: 'no-category-discount' });
    await createProduct(t.db, { categoryId: plain.id, name: 'Plain' });
    expect((await client.get('/api/products?category=no-category-discount&daily=true')).json()).toEqual([]);
    await setWeekdayDiscounts(t.db, [5, 5, 5, 5, 5, 5, 5]);
    expect(names(await client.get('/api/products?category=no-category-discount&daily=true'))).toEqual([
      'Plain',
    ]);
    await setWeekdayDiscounts(t.db);
  });

  it('takes the category as a slug or an id, in the query or the path', async () => {
    const bySlug = await list('sort=price-low');
    expect((await client.get(`/api/products?category=${cat.id}&sort=price-low`)).json()).toEqual(
      bySlug.json(),
    );
    expect((await client.get(`/api/categories/${cat.id}/products?sort=price-low`)).json()).toEqual(
      bySlug.json(),
    );
    expect((await client.get('/api/categories/half-off/products?sort=price-low')).json()).toEqual(
      bySlug.json(),
    );
  });

  it('combines search with the other filters', async () => {
    expect(names(await list('search=twentyfive'))).toEqual(['TwentyFive']);
    expect(names(await list('search=forty&minPrice=25'))).toEqual([]);
  });
});

describe('bad parameters', () => {
  const badRequests: [string, string][] = [
    ['/api/products?page=0', 'Page must be a whole number of 1 or more.'],
    ['/api/products?page=abc', 'Page must be a whole number of 1 or more.'],
    ['/api/products?page=-1', 'Page must be a whole number of 1 or more.'],
    ['/api/products?page=1.5', 'Page must be a whole number of 1 or more.'],
    ['/api/products?page=99999999999999999999', 'Page must be a whole number of 1 or more.'],
    ['/api/products?page=100001', 'Page must be 100000 or less.'],
    ['/api/products?page=1&page=2', 'Page must be a whole number of 1 or more.'],
    ['/api/products?limit=-1', 'Limit must be a whole number of 1 or more.'],
    ['/api/products?limit=0', 'Limit must be a whole number of 1 or more.'],
    ['/api/products?limit=ten', 'Limit must be a whole number of 1 or more.'],
    ['/api/products?sort=cheapest', 'Sort must be one of: featured, price-low, price-high, newest.'],
    ['/api/products?minPrice=abc', 'Minimum price must be a number of 0 or more.'],
    ['/api/products?minPrice=-5', 'Minimum price must be a number of 0 or more.'],
    ['/api/products?maxPrice=1e9', 'Maximum price must be a number of 0 or more.'],
    ['/api/products?inStock=maybe', 'inStock must be true or false.'],
    ['/api/products?new=yes', 'new must be true or false.'],
    ['/api/products?daily=2', 'daily must be true or false.'],
    [`/api/products?search=${'a'.repeat(201)}`, 'Search terms must be 200 characters or fewer.'],
    ['/api/categories/electronics/products?page=0', 'Page must be a whole number of 1 or more.'],
    ['/api/products/search?q=lamp&limit=-1', 'Limit must be a whole number of 1 or more.'],
    ['/api/products/related?categoryId=abc', 'categoryId must be a category id.'],
    ['/api/products/related?categoryId=99999999999', 'categoryId must be a category id.'],
    ['/api/products/related?productId=0', 'productId must be a product id.'],
    ['/api/products/related?exclude=x', 'exclude must be a product id.'],
  ];

  it.each(badRequests)('%s answers 400 with a message', async (url, message) => {
    const res = await client.get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  const notFoundRequests: [string, string][] = [
    ['/api/products/99999999999999999999', 'Product not found.'],
    ['/api/products/2147483648', 'Product not found.'],
    ['/api/products/0', 'Product not found.'],
    ['/api/products/no-such-product', 'Product not found.'],
    ['/api/products/99999999999999999999/images', 'Product not found.'],
    ['/api/products/no-such-product/images', 'Product not found.'],
    [`/api/products/${'x'.repeat(100)}`, 'Product not found.'],
    ['/api/products/%E2%9C%93', 'Product not found.'],
    ['/api/categories/99999999999999999999', 'Category not found.'],
    ['/api/categories/no-such-category', 'Category not found.'],
    ['/api/categories/no-such-category/products', 'Category not found.'],
    ['/api/products?category=no-such-category', 'Category not found.'],
    ['/api/products?category=99999999999999999999', 'Category not found.'],
    [`/api/products?category=${'c'.repeat(300)}`, 'Category not found.'],
  ];

  it.each(notFoundRequests)('%s answers 404 with a message', async (url, message) => {
    const res = await client.get(url);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message });
  });

  it('treats blank parameters as left out', async () => {
    const res = await client.get(
      '/api/products?page=&limit=&sort=&minPrice=&maxPrice=&inStock=&category=&new=&daily=&search=%20',
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe((await client.get('/api/products')).headers['x-total-count']);
  });

  it('never answers 500 to odd input', async () => {
    const odd = [
      "/api/products?search='; drop table products; --",
      '/api/products?search=%25%25%5F%5C',
      '/api/products/search?q=%00',
      '/api/products/search?q=!!!',
      '/api/products/search?q=a%20%26%20b%20%7C%20!c%3A*',
      '/api/products/search?q=%22unclosed',
      '/api/products?category=%27',
      '/api/products/%27%20or%201%3D1',
      '/api/products?minPrice=99999999&maxPrice=99999999',
      '/api/products?page=100000&limit=100',
      '/api/categories/%20',
      '/api/categories/%00/products',
      '/api/products?category=%00',
      `/api/products/${'x'.repeat(300)}`,
    ];
    for (const url of odd) {
      const res = await client.get(url);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(typeof res.json(), url).toBe('object');
    }
  });
});
