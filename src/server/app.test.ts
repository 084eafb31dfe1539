import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct, setWeekdayDiscounts } from './test/fixtures';
import { createTestApp, sourceRenderer, type TestApp } from './test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ renderer: await sourceRenderer() });
  await setWeekdayDiscounts(t.db, [20, 20, 20, 20, 20, 20, 20]);
  const electronics = await createCategory(t.db, { name: 'Electronics', slug: 'electronics' });
  await createCategory(t.db, { name: 'Hidden', slug: 'hidden', active: false });
  await createProduct(t.db, {
    name: 'Refurbished Tablet',
    slug: 'refurbished-tablet',
    featured: true,
    categoryId: electronics.id,
    price: '100.00',
  });
  await createProduct(t.db, {
    name: 'Inactive Thing',
    slug: 'inactive-thing',
    featured: true,
    active: false,
  });
  await createProduct(t.db, {
    name: 'Fresh Lot Speaker',
    slug: 'fresh-lot-speaker',
    new: true,
    applyDailyDiscount: false,
    price: '40.00',
    compareAtPrice: '60.00',
  });
});
afterAll(() => t.close());

describe('health and errors', () => {
  it('reports the database it checked', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: t.app.ctx.dbKind });
  });

  it('answers JSON 404 for an unknown API path', async () => {
    const res = await t.app.inject('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toContain('/api/nope');
  });

  it('serves the OpenAPI description', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/products/featured');
  });

  it('refuses a state-changing request from another origin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/anything',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Cross-origin request refused.');
  });
});

describe('home page data', () => {
  it('lists only active categories', async () => {
    const res = await t.app.inject('/api/categories');
    expect(res.json().map((c: { slug: string }) => c.slug)).toEqual(['electronics']);
  });

  it("answers today's weekday discount", async () => {
    expect((await t.app.inject('/api/discounts/today')).json()).toBe(20);
  });

  it('prices featured products with the daily discount and hides inactive ones', async () => {
    const products = (await t.app.inject('/api/products/featured')).json();
    expect(products.map((p: { slug: string }) => p.slug)).toEqual(['refurbished-tablet']);
    // 100.00 less 20% = 80.00, the original struck through.
    expect(products[0]).toMatchObject({
      price: '100.00',
      discountPercentage: 20,
      discountedPrice: '80.00',
      originalPrice: '100.00',
      categorySlug: 'electronics',
    });
  });

  it('shows a compare-at price struck through when the product takes no daily discount', async () => {
    const products = (await t.app.inject('/api/products/new')).json();
    expect(products[0]).toMatchObject({
      slug: 'fresh-lot-speaker',
      discountPercentage: 0,
      discountedPrice: '40.00',
      originalPrice: '60.00',
    });
  });
});

describe('server rendering', () => {
  it('sends the home page with its data already in the HTML', async () => {
    const res = await t.app.inject('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Shop by Category');
    expect(res.body).toContain('Electronics');
    expect(res.body).toContain('Refurbished Tablet');
    expect(res.body).toContain('Fresh Lot Speaker');
    expect(res.body).toContain('id="__STATE__"');
    expect(res.body).toMatch(/<title>[^<]+<\/title>/);
  });

  it('answers an unknown page with the 404 screen and status 404', async () => {
    const res = await t.app.inject('/no/such/page');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('404 Page Not Found');
  });
});
