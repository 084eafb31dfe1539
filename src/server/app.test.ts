import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct, setWeekdayDiscounts } from './test/fixtures';
import { createTestApp, sourceRenderer, type TestApp } from './test/test-app';

const GENERIC_500 = 'Something went wrong on our side. Please try again.';
const SECRET_DETAIL = 'connection to db-internal.example:5432 refused for user store_owner';

let t: TestApp;
/** What the app logged at level error and above, one JSON line each. */
const logged: string[] = [];
/** A built client folder as `npm run build` leaves it: the page template, hashed assets, a favicon. */
let clientDir: string;
beforeAll(async () => {
  clientDir = mkdtempSync(path.join(os.tmpdir(), 'store-client-'));
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html><head><!--app-head--></head><body>RAW TEMPLATE<div id="root"><!--app-html--></div><!--app-state--></body></html>',
  );
  writeFileSync(path.join(clientDir, 'assets', 'index-Ab12Cd34.js'), 'console.log("app")');
  writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({
    renderer: await sourceRenderer(),
    clientDir,
    logger: { level: 'error', stream: { write: (line: string) => logged.push(line) } },
    configure: (app) => {
      // Stands for any bug that throws: a failed query, a null dereference...
      app.get('/api/test-only/fails', { config: { access: 'public' } }, async () => {
        throw new Error(SECRET_DETAIL);
      });
    },
  });
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
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

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

  it('answers an unexpected failure with a generic 500, no stack trace, and logs it', async () => {
    logged.length = 0;
    const res = await t.app.inject('/api/test-only/fails');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: GENERIC_500 });
    expect(res.body).not.toContain('db-internal');
    expect(res.body).not.toMatch(/\bat .+:\d+:\d+/);
    const entry = logged.map((line) => JSON.parse(line)).find((e) => e.msg === 'request failed');
    expect(entry?.err?.message).toBe(SECRET_DETAIL);
    expect(entry?.err?.stack).toContain('app.test.ts');
  });

  it('answers a malformed JSON body with 400 and a clear message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "someone", "password":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('answers a body over 1 MB with 413 and a clear message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ message: 'x'.repeat(1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The request is too large.' });
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

describe('the built client folder', () => {
  it('serves hashed assets for a year and other files for an hour', async () => {
    const asset = await t.app.inject('/assets/index-Ab12Cd34.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const favicon = await t.app.inject('/favicon.svg');
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('never serves the page template itself: /index.html is a page like any other (404 screen)', async () => {
    const res = await t.app.inject('/index.html');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).not.toContain('RAW TEMPLATE');
    expect(res.body).toContain('404 Page Not Found');
  });

  it('answers a missing file with a bare 404', async () => {
    const res = await t.app.inject('/assets/missing-Zz99.js');
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe('Not found');
  });
});
