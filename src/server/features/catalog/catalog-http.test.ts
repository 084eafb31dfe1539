// HTTP behaviour of the catalogue: ETags and 304, the short-lived response cache, the sitemap and
// robots.txt (which must win over the page renderer).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RenderFn } from '~/server/render/page-renderer';
import { contentPages, products } from '~/server/db/schema';
import { createCategory, createProduct, createUser } from '~/server/test/fixtures';
import { createTestApp, type TestApp, TestClient } from '~/server/test/test-app';
import { etagMatches, TtlCache } from './catalogue-cache';
import { buildSitemap, buildSitemapPart } from './seo';

describe('ETags', () => {
  let t: TestApp;
  let client: TestClient;
  let product: Awaited<ReturnType<typeof createProduct>>;

  beforeAll(async () => {
    t = await createTestApp();
    client = new TestClient(t.app);
    const category = await createCategory(t.db, { slug: 'etag-category' });
    product = await createProduct(t.db, { slug: 'etag-product', categoryId: category.id });
  });
  afterAll(() => t.close());

  const urls = [
    '/api/categories',
    '/api/categories/etag-category',
    '/api/categories/etag-category/products',
    '/api/discounts/today',
    '/api/products',
    '/api/products/featured',
    '/api/products/new',
    '/api/products/search?q=product',
    '/api/products/etag-product',
    '/api/products/etag-product/images',
    '/api/products/related?categoryId=1',
    '/sitemap.xml',
    '/robots.txt',
  ];

  it.each(urls)('%s carries a weak ETag and answers 304 when it is unchanged', async (url) => {
    const first = await client.get(url);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const again = await client.get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // A list of tags, or the strong form of the same tag, matches too; another tag does not.
    expect((await client.get(url, { 'if-none-match': `W/"other", ${etag}` })).statusCode).toBe(304);
    expect((await client.get(url, { 'if-none-match': etag.slice(2) })).statusCode).toBe(304);
    expect((await client.get(url, { 'if-none-match': 'W/"other"' })).statusCode).toBe(200);
  });

  it('asks browsers to revalidate API answers every time', async () => {
    expect((await client.get('/api/products')).headers['cache-control']).toBe('no-cache');
  });

  it('changes the ETag when the data changes', async () => {
    const before = await client.get('/api/products/etag-product');
    await t.db.update(products).set({ price: '12.34' }).where(eq(products.id, product.id));
    const after = await client.get('/api/products/etag-product', {
      'if-none-match': before.headers.etag as string,
    });
    expect(after.statusCode).toBe(200);
    expect(after.json().price).toBe('12.34');
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('puts no ETag on errors', async () => {
    const missing = await client.get('/api/products/no-such-thing');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    expect((await client.get('/api/products?page=0')).headers.etag).toBeUndefined();
  });

  it('compares If-None-Match as RFC 9110 says', () => {
    expect(etagMatches('*', 'W/"a"')).toBe(true);
    expect(etagMatches('"a"', 'W/"a"')).toBe(true);
    expect(etagMatches(' W/"b" ,W/"a"', 'W/"a"')).toBe(true);
    expect(etagMatches('W/"ab"', 'W/"a"')).toBe(false);
    expect(etagMatches(undefined, 'W/"a"')).toBe(false);
  });
});

describe('response cache (production settings)', () => {
  let t: TestApp;
  let client: TestClient;

  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: 'production' } });
    client = new TestClient(t.app);
  });
  afterAll(() => t.close());

  it('serves a repeated request from memory, with the same ETag and headers', async () => {
    const p = await createProduct(t.db, { slug: 'cached-product', price: '10.00' });
    const first = await client.get('/api/products?limit=5');
    await t.db.update(products).set({ price: '99.00' }).where(eq(products.id, p.id));
    const second = await client.get('/api/products?limit=5');
    // Within the TTL the database is not asked again.
    expect(second.json()[0].price).toBe('10.00');
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['x-total-count']).toBe(first.headers['x-total-count']);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(
      (await client.get('/api/products?limit=5', { 'if-none-match': first.headers.etag as string }))
        .statusCode,
    ).toBe(304);
    t.app.ctx.catalogueCaches.clear();
    expect((await client.get('/api/products?limit=5')).json()[0].price).toBe('99.00');
  });

  it('keeps one copy per language: a French answer is never an English copy', async () => {
    const p = await createProduct(t.db, { slug: 'bilingual-product', price: '10.00' });
    const english = await client.get('/api/products/bilingual-product', { 'accept-language': 'en-CA' });
    expect(String(english.headers.vary)).toMatch(/accept-language/i);
    await t.db.update(products).set({ price: '30.00' }).where(eq(products.id, p.id));
    // The English copy is still served to English; French was never stored, so it is read afresh.
    expect(
      (await client.get('/api/products/bilingual-product', { 'accept-language': 'en-CA' })).json().price,
    ).toBe('10.00');
    const french = await client.get('/api/products/bilingual-product', { 'accept-language': 'fr-CA' });
    expect(french.json().price).toBe('30.00');
    expect(String(french.headers.vary)).toMatch(/accept-language/i);
  });

  it('is emptied by any successful write through the API, not by a refused one', async () => {
    const p = await createProduct(t.db, { slug: 'invalidated-product', price: '10.00' });
    expect((await client.get('/api/products/invalidated-product')).json().price).toBe('10.00');
    await t.db.update(products).set({ price: '20.00' }).where(eq(products.id, p.id));
    const refused = await client.post('/api/auth/login', { username: 'nobody', password: 'wrong-password' });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect((await client.get('/api/products/invalidated-product')).json().price).toBe('10.00');
    const user = await createUser(t.db);
    const login = await new TestClient(t.app).post('/api/auth/login', {
      username: user.username,
      password: user.plainPassword,
    });
    expect(login.statusCode).toBe(200);
    expect((await client.get('/api/products/invalidated-product')).json().price).toBe('20.00');
  });

  it('neither serves administrators from the cache nor caches what they see', async () => {
    const p = await createProduct(t.db, { slug: 'admin-view-product', active: true });
    expect((await client.get('/api/products/admin-view-product')).statusCode).toBe(200);
    await t.db.update(products).set({ active: false }).where(eq(products.id, p.id));
    const admin = await createUser(t.db, { isAdmin: true });
    const adminClient = new TestClient(t.app);
    const { signInAs } = await import('~/server/test/fixtures');
    await signInAs(t.db, adminClient, admin.id);
    const adminView = await adminClient.get('/api/products/admin-view-product');
    expect(adminView.json().active).toBe(false);
    t.app.ctx.catalogueCaches.clear();
    await adminClient.get('/api/products/admin-view-product');
    expect((await client.get('/api/products/admin-view-product')).statusCode).toBe(404);
  });

  it('evicts the least recently used entries past its size, and expired ones', async () => {
    const cache = new TtlCache<string>(60_000, 3);
    cache.set('a', 'A');
    cache.set('b', 'B');
    cache.set('c', 'C');
    cache.get('a');
    cache.set('d', 'D');
    expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.get('d')]).toEqual([
      'A',
      undefined,
      'C',
      'D',
    ]);
    const expired = new TtlCache<string>(1, 10);
    expired.set('x', 'X');
    await new Promise((r) => setTimeout(r, 5));
    expect(expired.get('x')).toBeUndefined();
    const off = new TtlCache<string>(0, 10);
    off.set('y', 'Y');
    expect(off.get('y')).toBeUndefined();
  });

  it('shows an expired entry only as stale, within the time asked; counts entries by the size given', async () => {
    const cache = new TtlCache<string>(1, 10);
    cache.set('page', 'P');
    await new Promise((r) => setTimeout(r, 5));
    expect(cache.get('page')).toBeUndefined();
    expect(cache.stale('page', 60_000)).toBe('P');
    expect(cache.stale('page', 1)).toBeUndefined();

    const sized = new TtlCache<string>(60_000, 10);
    sized.set('big', 'B', 6);
    sized.set('small', 'S', 3);
    // 6 + 3 + 4 > 10: the least recently used ('big') goes.
    sized.set('next', 'N', 4);
    expect([sized.get('big'), sized.get('small'), sized.get('next')]).toEqual([undefined, 'S', 'N']);
    // An entry larger than the whole cache is not kept.
    sized.set('huge', 'H', 11);
    expect(sized.get('huge')).toBeUndefined();
  });
});

describe('sitemap and robots.txt', () => {
  let t: TestApp;
  let client: TestClient;
  const origin = 'http://store.test';

  beforeAll(async () => {
    // A page renderer that answers every page: the crawler files must still come from their routes.
    const render: RenderFn = async () => ({
      kind: 'page',
      status: 200,
      head: '',
      html: 'A PAGE',
      state: '',
      modules: [],
      locale: 'en',
      lang: 'en-CA',
    });
    t = await createTestApp({
      renderer: {
        template: async () => '<!--app-head--><!--app-html--><!--app-state-->',
        render: async () => render,
      },
    });
    client = new TestClient(t.app);
    const shown = await createCategory(t.db, { slug: 'sitemap-shown' });
    const hidden = await createCategory(t.db, { slug: 'sitemap-hidden', active: false });
    await createProduct(t.db, {
      slug: 'sm-visible',
      categoryId: shown.id,
      updatedAt: new Date('2025-03-04T12:00:00Z'),
    });
    await createProduct(t.db, { slug: 'sm-uncategorised', categoryId: null });
    await createProduct(t.db, { slug: 'sm-sold-out', stock: 0, categoryId: shown.id });
    await createProduct(t.db, { slug: 'sm-inactive', active: false });
    await createProduct(t.db, { slug: 'sm-archived', archivedAt: new Date() });
    await createProduct(t.db, { slug: 'sm-hidden-category', categoryId: hidden.id });
    await t.db.insert(contentPages).values([
      {
        slug: 'shipping',
        title: 'Shipping',
        content: '<p>x</p>',
        updatedAt: new Date('2025-01-02T00:00:00Z'),
      },
      { slug: 'terms', title: 'Terms', content: '<p>x</p>' },
      { slug: 'about-us', title: 'About', content: '<p>x</p>' },
    ]);
  });
  afterAll(() => t.close());

  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

  it('lists the public pages, active categories, visible products and existing content pages', async () => {
    const res = await client.get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toContain(
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    );
    const urls = locs(res.body);
    expect(urls).toEqual(
      expect.arrayContaining(
        [
          '/',
          '/categories',
          '/products',
          '/faq',
          '/contact',
          '/gift-cards',
          '/categories/sitemap-shown',
          '/shipping',
          '/terms',
        ].map((p) => origin + p),
      ),
    );
    expect(urls).toEqual(
      expect.arrayContaining(
        ['sm-visible', 'sm-uncategorised', 'sm-sold-out'].map((s) => `${origin}/products/${s}`),
      ),
    );
    for (const absent of ['sm-inactive', 'sm-archived', 'sm-hidden-category']) {
      expect(urls).not.toContain(`${origin}/products/${absent}`);
    }
    expect(urls).not.toContain(`${origin}/categories/sitemap-hidden`);
    expect(urls).not.toContain(`${origin}/about-us`);
    expect(urls).not.toContain(`${origin}/returns`);
    expect(urls.every((u) => u?.startsWith('http://store.test/'))).toBe(true);
    const alternates = (path: string) =>
      `<xhtml:link rel="alternate" hreflang="en-CA" href="${origin}${path}"/>` +
      `<xhtml:link rel="alternate" hreflang="fr-CA" href="${origin}/fr${path}"/>` +
      `<xhtml:link rel="alternate" hreflang="x-default" href="${origin}${path}"/>`;
    expect(res.body).toContain(
      `<url><loc>${origin}/products/sm-visible</loc><lastmod>2025-03-04</lastmod>${alternates('/products/sm-visible')}</url>`,
    );
    expect(res.body).toContain(
      `<url><loc>${origin}/shipping</loc><lastmod>2025-01-02</lastmod>${alternates('/shipping')}</url>`,
    );
  });

  it('lists every page in French too, under /fr with the French home at /fr/', async () => {
    const urls = locs((await client.get('/sitemap.xml')).body);
    const english = urls.filter((u) => !u?.startsWith(`${origin}/fr/`));
    const french = urls.filter((u) => u?.startsWith(`${origin}/fr/`));
    expect(french.length).toBe(english.length);
    expect(french).toEqual(english.map((u) => u!.replace(origin, `${origin}/fr`)));
    expect(french).toEqual(
      expect.arrayContaining(
        ['/fr/', '/fr/faq', '/fr/products/sm-visible', '/fr/shipping'].map((p) => origin + p),
      ),
    );
    expect((await client.get('/sitemap.xml')).body).toContain(
      `<url><loc>${origin}/fr/</loc><xhtml:link rel="alternate" hreflang="en-CA" href="${origin}/"/><xhtml:link rel="alternate" hreflang="fr-CA" href="${origin}/fr/"/><xhtml:link rel="alternate" hreflang="x-default" href="${origin}/"/></url>`,
    );
  });

  it('splits a large catalogue into a sitemap index, each product counted once per language', async () => {
    // Four URLs a file: two products, each in English and French.
    const index = await buildSitemap(t.db, origin, 4);
    expect(index).toContain('<sitemapindex');
    expect(locs(index)).toEqual([
      `${origin}/sitemaps/pages.xml`,
      `${origin}/sitemaps/products-1.xml`,
      `${origin}/sitemaps/products-2.xml`,
    ]);
    const part1 = await buildSitemapPart(t.db, origin, 'products-1.xml', 4);
    const part2 = await buildSitemapPart(t.db, origin, 'products-2.xml', 4);
    expect([...locs(part1!), ...locs(part2!)]).toEqual(
      ['sm-visible', 'sm-uncategorised', 'sm-sold-out'].flatMap((s) => [
        `${origin}/products/${s}`,
        `${origin}/fr/products/${s}`,
      ]),
    );
    expect(locs(part1!)).toHaveLength(4);
    expect(await buildSitemapPart(t.db, origin, 'products-3.xml', 4)).toBeNull();
    expect(locs((await buildSitemapPart(t.db, origin, 'pages.xml', 4))!)).toContain(
      `${origin}/categories/sitemap-shown`,
    );
    expect((await client.get('/sitemaps/pages.xml')).statusCode).toBe(200);
    expect((await client.get('/sitemaps/products-1.xml')).statusCode).toBe(200);
    expect((await client.get('/sitemaps/products-2.xml')).statusCode).toBe(404);
    expect((await client.get('/sitemaps/secrets.txt')).statusCode).toBe(404);
  });

  it('points robots.txt to the sitemap and keeps crawlers out of private areas', async () => {
    const res = await client.get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of [
      '/cart',
      '/checkout',
      '/account',
      '/admin',
      '/auth',
      '/api/',
      '/fr/cart',
      '/fr/checkout',
      '/fr/account',
      '/fr/auth',
    ]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain(`Sitemap: ${origin}/sitemap.xml`);
    expect(lines).not.toContain('Disallow: /');
  });

  it('leaves other pages to the renderer', async () => {
    // The head carries the tap capture script (src/server/render/tap-capture.ts); the page is the renderer's.
    expect((await client.get('/products/sm-visible')).body).toMatch(/<\/script>A PAGE$/);
  });
});
