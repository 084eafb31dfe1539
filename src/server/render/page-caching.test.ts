// Who may keep a copy of a page or an answer (docs/decisions/0141-cdn-caching-and-private-answers.md):
// a guest's catalogue pages are public for a CDN for a minute, with an ETag and 304s, and carry nothing
// about anyone; a signed-in person's pages and answers are private; pages about one visit (cart,
// checkout, account, sign-in, admin) are never kept by a shared cache.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCategory,
  createProduct,
  createUser,
  setWeekdayDiscounts,
  signInAs,
} from '~/server/test/fixtures';
import { createTestApp, sourceRenderer, type TestApp, TestClient } from '~/server/test/test-app';

const PUBLIC = 'public, max-age=0, s-maxage=60, stale-while-revalidate=30';

let t: TestApp;
let guest: TestClient;
let member: TestClient;
let admin: TestClient;

beforeAll(async () => {
  t = await createTestApp({ renderer: await sourceRenderer() });
  await setWeekdayDiscounts(t.db);
  const category = await createCategory(t.db, { slug: 'lighting', name: 'Lighting' });
  await createProduct(t.db, { slug: 'brass-lamp', name: 'Brass Lamp', categoryId: category.id });
  guest = new TestClient(t.app);
  member = new TestClient(t.app);
  admin = new TestClient(t.app);
  const user = await createUser(t.db, { username: 'margot_k', email: 'margot.k@example.test' });
  await signInAs(t.db, member, user.id);
  await signInAs(t.db, admin, (await createUser(t.db, { isAdmin: true })).id);
});
afterAll(() => t.close());

const CATALOGUE_PAGES = [
  '/',
  '/products',
  '/categories',
  '/categories/lighting',
  '/products/brass-lamp',
  '/faq',
];

describe("a guest's catalogue pages", () => {
  it.each(CATALOGUE_PAGES)('%s may be kept by a CDN for a minute, with an ETag', async (url) => {
    const res = await guest.get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(PUBLIC);
    expect(res.headers.etag).toMatch(/^W\/"/);
    const vary = String(res.headers.vary).toLowerCase();
    expect(vary).toContain('cookie');
    expect(vary).toContain('accept-encoding');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('answers an If-None-Match naming the ETag with an empty 304, for GET and HEAD', async () => {
    const first = await guest.get('/products/brass-lamp');
    const etag = String(first.headers.etag);
    const again = await guest.get('/products/brass-lamp', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe(PUBLIC);
    const head = await guest.request({
      method: 'HEAD',
      url: '/products/brass-lamp',
      headers: { 'if-none-match': etag },
    });
    expect(head.statusCode).toBe(304);
    const other = await guest.get('/products/brass-lamp', { 'if-none-match': 'W/"something-else"' });
    expect(other.statusCode).toBe(200);
  });

  it('gets a new ETag when the page changes', async () => {
    const before = await guest.get('/products');
    await createProduct(t.db, { slug: 'desk-lamp', name: 'Desk Lamp' });
    const after = await guest.get('/products', { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('Desk Lamp');
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('carries nothing about anyone: no user, no session, whoever else is signed in', async () => {
    // Someone is signed in at the same time; the guest's page must not know them.
    await member.get('/products');
    const res = await guest.get('/products');
    expect(res.body).not.toContain('margot_k');
    expect(res.body).not.toContain('margot.k@example.test');
    const state = JSON.parse(
      res.body.match(/<script id="__STATE__" type="application\/json">(.*?)<\/script>/s)![1]!,
    );
    const me = state.dehydrated.queries.find(
      (q: { queryKey: unknown[] }) => q.queryKey[0] === '/api/auth/me',
    );
    expect(me.state.data).toBeNull();
    expect(JSON.stringify(state)).not.toMatch(/"sid"|sessionId|csrf/i);
  });
});

describe("a signed-in person's pages and answers", () => {
  it('are private and not stored: the same catalogue page shows their name', async () => {
    const res = await member.get('/products');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('margot_k');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['cache-control']).not.toContain('s-maxage');
    expect(res.headers.etag).toBeUndefined();
  });

  it('are private for the API too: the catalogue revalidated by the browser only, the rest not stored', async () => {
    const listing = await member.get('/api/products');
    expect(listing.headers['cache-control']).toBe('private, no-cache');
    const me = await member.get('/api/auth/me');
    expect(me.json()).toMatchObject({ username: 'margot_k' });
    expect(me.headers['cache-control']).toBe('private, no-store');
    const sitemap = await member.get('/sitemap.xml');
    expect(sitemap.headers['cache-control']).toBe('private, max-age=3600');
    const adminListing = await admin.get('/api/products');
    expect(adminListing.headers['cache-control']).toBe('private, no-cache');
  });

  it('leave the guest answers of the API as they were', async () => {
    expect((await guest.get('/api/products')).headers['cache-control']).toBe('no-cache');
    expect((await guest.get('/sitemap.xml')).headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('pages about one visit', () => {
  const PRIVATE_PAGES = ['/cart', '/checkout', '/checkout/confirmation', '/account', '/auth', '/admin'];

  it.each(PRIVATE_PAGES)(
    '%s is never kept by a shared cache, for a guest or a signed-in person',
    async (url) => {
      for (const client of [guest, member]) {
        const res = await client.get(url);
        const cacheControl = String(res.headers['cache-control']);
        expect(cacheControl).toContain('no-store');
        expect(cacheControl).not.toContain('public');
        expect(cacheControl).not.toContain('s-maxage');
      }
    },
  );

  it('cart, checkout and account pages stay noindex', async () => {
    for (const url of ['/cart', '/checkout']) expect((await guest.get(url)).body).toContain('noindex');
    expect((await member.get('/account')).body).toContain('noindex');
  });

  it('the not-found page and a search (noindex) are not kept either', async () => {
    const missing = await guest.get('/products/no-such-product');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    const search = await guest.get('/products?search=lamp');
    expect(search.statusCode).toBe(200);
    expect(search.headers['cache-control']).toBe('no-store');
  });
});
