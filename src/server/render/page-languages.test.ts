// The French store's pages through HTTP (docs/decisions/0341-french-addresses-and-head.md): the same
// route tree under /fr, `<html lang>` per language, the canonical in the page's language with hreflang
// alternates on every indexable page kind, noindex pages without them, one address for the French
// home, an English-only admin area, and CDN caching per address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentPages } from '~/server/db/schema';
import { createCategory, createProduct, setWeekdayDiscounts } from '~/server/test/fixtures';
import { answerLocale } from '~/server/lib/request-locale';
import { createTestApp, sourceRenderer, type TestApp, TestClient } from '~/server/test/test-app';
import type { RenderFn } from './page-renderer';

let t: TestApp;
let guest: TestClient;
const origin = () => t.app.ctx.config.publicUrl;

beforeAll(async () => {
  t = await createTestApp({ renderer: await sourceRenderer() });
  await setWeekdayDiscounts(t.db);
  const category = await createCategory(t.db, { slug: 'lighting', name: 'Lighting' });
  await createProduct(t.db, { slug: 'brass-lamp', name: 'Brass Lamp', categoryId: category.id });
  await t.db.insert(contentPages).values([
    { slug: 'shipping', title: 'Shipping', content: '<p>We ship.</p>' },
    { slug: 'our-story', title: 'Our Story', content: '<p>Since 2009.</p>' },
  ]);
  guest = new TestClient(t.app);
});
afterAll(() => t.close());

const htmlLang = (html: string) => /<html[^>]*\blang="([^"]+)"/.exec(html)?.[1];
const canonical = (html: string) => /<link rel="canonical" href="([^"]+)">/.exec(html)?.[1];
const alternates = (html: string) =>
  [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map(
    (m) => `${m[1]} ${m[2]}`,
  );

const INDEXABLE = [
  ['home', '/'],
  ['listing', '/products'],
  ['categories', '/categories'],
  ['category', '/categories/lighting'],
  ['product', '/products/brass-lamp'],
  ['fixed content page', '/shipping'],
  ['content page', '/pages/our-story'],
  ['FAQ', '/faq'],
  ['contact', '/contact'],
] as const;

const french = (path: string) => (path === '/' ? '/fr/' : `/fr${path}`);

describe('the language of a page', () => {
  it('is English (en-CA) at the root and French (fr-CA) under /fr', async () => {
    const en = await guest.get('/');
    const fr = await guest.get('/fr/');
    expect(en.statusCode).toBe(200);
    expect(fr.statusCode).toBe(200);
    expect(htmlLang(en.body)).toBe('en-CA');
    expect(htmlLang(fr.body)).toBe('fr-CA');
    // The browser is told the page's language too, and hydrates the same route tree under /fr/.
    expect(fr.body).toContain('"locale":"fr"');
    expect(en.body).toContain('"locale":"en"');
  });

  it('keeps a French page French: its links stay under /fr', async () => {
    const fr = await guest.get('/fr/products/brass-lamp');
    expect(fr.statusCode).toBe(200);
    expect(fr.body).toContain('href="/fr/cart"');
    expect(fr.body).not.toContain('href="/cart"');
  });

  it('answers an unknown French address with the 404 page in French', async () => {
    const res = await guest.get('/fr/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(htmlLang(res.body)).toBe('fr-CA');
    expect(res.body).toContain('Page introuvable');
  });
});

describe('canonical and hreflang', () => {
  it.each(INDEXABLE)(
    'the %s page names its canonical in its language and both alternates',
    async (_kind, path) => {
      const o = origin();
      for (const [address, own] of [
        [path, `${o}${path}`],
        [french(path), `${o}${french(path)}`],
      ] as const) {
        const res = await guest.get(address);
        expect(res.statusCode, address).toBe(200);
        expect(canonical(res.body), address).toBe(own);
        expect(alternates(res.body), address).toEqual([
          `en-CA ${o}${path}`,
          `fr-CA ${o}${french(path)}`,
          `x-default ${o}${path}`,
        ]);
      }
    },
  );

  it.each(['/cart', '/fr/cart', '/fr/checkout', '/fr/auth/forgot'])(
    '%s stays noindex and names no alternates',
    async (path) => {
      const res = await guest.get(path);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<meta name="robots" content="noindex">');
      expect(alternates(res.body)).toEqual([]);
    },
  );
});

describe('French addresses', () => {
  it('serves the French home at /fr/ only: /fr moves there, with its query', async () => {
    const res = await guest.get('/fr');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/fr/');
    expect((await guest.get('/fr?utm_source=x')).headers.location).toBe('/fr/?utm_source=x');
  });

  it('sends /fr/admin to the English admin area', async () => {
    for (const [from, to] of [
      ['/fr/admin', '/admin'],
      ['/fr/admin/orders?status=paid', '/admin/orders?status=paid'],
    ]) {
      const res = await guest.get(from!);
      expect(res.statusCode, from).toBe(301);
      expect(res.headers.location, from).toBe(to);
    }
    // Not a path that merely starts with the letters.
    expect((await guest.get('/fr/administration')).statusCode).toBe(404);
  });

  it("keeps a redirect made by a French page in French (a guest's account page goes to sign-in)", async () => {
    const res = await guest.get('/fr/account');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/fr/auth');
  });

  it('lets a CDN keep a French page under its own address, with an ETag of its own', async () => {
    const en = await guest.get('/products/brass-lamp');
    const fr = await guest.get('/fr/products/brass-lamp');
    expect(fr.headers['cache-control']).toBe(en.headers['cache-control']);
    expect(String(fr.headers['cache-control'])).toContain('s-maxage');
    expect(fr.headers.etag).toMatch(/^W\//);
    expect(fr.headers.etag).not.toBe(en.headers.etag);
    const again = await guest.get('/fr/products/brass-lamp', { 'if-none-match': String(fr.headers.etag) });
    expect(again.statusCode).toBe(304);
    // A French visit to a page about one visit is not shared either.
    expect((await guest.get('/fr/cart')).headers['cache-control']).toBe('no-store');
  });
});

describe("the API's language while a page renders", () => {
  let app: TestApp;
  beforeAll(async () => {
    // A renderer that shows what the API saw when the page asked it something.
    const render: RenderFn = async ({ fetch }) => {
      const seen = (await (await fetch('/api/test-only/language')).json()) as {
        header: string;
        locale: string;
      };
      return {
        kind: 'page',
        status: 200,
        head: '',
        html: `${seen.header}|${seen.locale}`,
        state: '',
        modules: [],
        locale: 'en',
        lang: 'en-CA',
      };
    };
    app = await createTestApp({
      renderer: {
        template: async () => '<!--app-head--><!--app-html--><!--app-state-->',
        render: async () => render,
      },
      configure: (fastify) => {
        fastify.get('/api/test-only/language', { config: { access: 'public' } }, async (req, reply) => ({
          header: req.headers['accept-language'],
          locale: answerLocale(req, reply),
        }));
      },
    });
  });
  afterAll(() => app.close());

  it("is the page's language, whatever the visitor's browser prefers", async () => {
    const client = new TestClient(app.app);
    expect((await client.get('/fr/', { 'accept-language': 'en-US' })).body).toMatch(/fr-CA\|fr$/);
    expect((await client.get('/products', { 'accept-language': 'fr-CA' })).body).toMatch(/en-CA\|en$/);
  });

  it('marks an answer that depends on it Vary: Accept-Language, keeping the other names', async () => {
    const client = new TestClient(app.app);
    const res = await client.get('/api/test-only/language', { 'accept-language': 'fr-CA,en;q=0.5' });
    expect(res.json()).toEqual({ header: 'fr-CA,en;q=0.5', locale: 'fr' });
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-language');
  });
});
