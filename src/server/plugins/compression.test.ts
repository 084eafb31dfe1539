// Compression through the real HTTP pipeline (docs/decisions/0142-compression.md): each kind of answer
// asked for with brotli, gzip and no compression; the compressed bodies decompress to exactly the plain
// one; tiny answers and streamed import progress travel as they are; built files are sent precompressed.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script run by `npm run build`
import { compressAssets } from '../../../scripts/compress-assets.mjs';
import { products } from '~/server/db/schema';
import { createCategory, createUser, setWeekdayDiscounts, signInAs } from '~/server/test/fixtures';
import { createTestApp, sourceRenderer, type TestApp, TestClient } from '~/server/test/test-app';

let t: TestApp;
let clientDir: string;
/** A built script, large enough to be worth compressing (as every real chunk is). */
const SCRIPT = `export const names = [${Array.from({ length: 400 }, (_, i) => `"product-${i}"`).join(', ')}];\n`;

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(os.tmpdir(), 'store-client-'));
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(
    path.join(clientDir, 'index.html'),
    `<!doctype html><html><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state-->${'<!-- padding -->'.repeat(80)}</body></html>`,
  );
  writeFileSync(path.join(clientDir, 'assets', 'index-Ab12Cd34.js'), SCRIPT);
  writeFileSync(path.join(clientDir, 'assets', 'tiny-Ef56Gh78.css'), 'a{}');
  writeFileSync(path.join(clientDir, 'assets', 'photo-Ij90Kl12.png'), Buffer.alloc(4000, 7));
  await compressAssets(clientDir);
  t = await createTestApp({ renderer: await sourceRenderer(), clientDir });
  await setWeekdayDiscounts(t.db);
  const category = await createCategory(t.db, { slug: 'warehouse' });
  // 30 products: the listing's JSON and the sitemap are several kilobytes.
  await t.db.insert(products).values(
    Array.from({ length: 30 }, (_, i) => ({
      name: `Warehouse Shelf ${i}`,
      slug: `warehouse-shelf-${i}`,
      lotNumber: `SHELF-${i}`,
      description: 'A steel shelf from a closed warehouse, solid and plain.',
      price: '25.00',
      stock: 4,
      categoryId: category.id,
    })),
  );
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string, extra: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}), ...extra },
  });

function decoded(res: LightMyRequestResponse): Buffer {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload);
  if (encoding === 'gzip') return gunzipSync(res.rawPayload);
  if (encoding === undefined) return res.rawPayload;
  throw new Error(`unexpected encoding ${encoding}`);
}

/** A page's state says when its data was fetched, a new number on each render: left out of comparisons. */
const withoutFetchTimes = (body: string) =>
  body.replace(/"(dehydratedAt|dataUpdatedAt|errorUpdatedAt)":\d+/g, '"$1":0');

const varyNames = (res: LightMyRequestResponse) =>
  String(res.headers.vary ?? '')
    .toLowerCase()
    .split(',')
    .map((v) => v.trim());

describe.each([
  ['JSON (a listing)', '/api/products?limit=30', 'application/json'],
  ['HTML (a server-rendered page)', '/products', 'text/html'],
  ['XML (the sitemap)', '/sitemap.xml', 'application/xml'],
])('dynamic answers: %s', (_kind, url, type) => {
  let plain: LightMyRequestResponse;
  beforeAll(async () => {
    plain = await get(url);
  });

  it('travels as it is to a client that accepts no compression', () => {
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toContain(type);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
  });

  it('is brotli when the client accepts it (preferred to gzip), and decompresses to the same bytes', async () => {
    const res = await get(url, 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(varyNames(res)).toContain('accept-encoding');
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(withoutFetchTimes(decoded(res).toString())).toBe(withoutFetchTimes(plain.body));
  });

  it('is gzip for a client that accepts only gzip', async () => {
    const res = await get(url, 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(varyNames(res)).toContain('accept-encoding');
    expect(withoutFetchTimes(decoded(res).toString())).toBe(withoutFetchTimes(plain.body));
  });

  it('keeps one ETag for every encoding, and answers its If-None-Match with an empty 304', async () => {
    const br = await get(url, 'br');
    expect(br.headers.etag).toBeDefined();
    expect(br.headers.etag).toBe(plain.headers.etag);
    const again = await get(url, 'br', { 'if-none-match': String(br.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers['content-encoding']).toBeUndefined();
    expect(varyNames(again)).toContain('accept-encoding');
  });
});

describe('HEAD', () => {
  it.each(['/api/products?limit=30', '/products'])(
    '%s answers headers only, whatever the client accepts',
    async (url) => {
      for (const encoding of ['br', 'gzip', undefined]) {
        const res = await t.app.inject({
          method: 'HEAD',
          url,
          headers: encoding ? { 'accept-encoding': encoding } : {},
        });
        expect(res.statusCode).toBe(200);
        expect(res.rawPayload.length).toBe(0);
        expect(res.headers.etag).toBeDefined();
      }
    },
  );
});

describe('answers that travel as they are', () => {
  it('does not compress an answer under 1 KB', async () => {
    const res = await get('/api/discounts/today', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toBe(0);
    const robots = await get('/robots.txt', 'br, gzip');
    expect(robots.rawPayload.length).toBeLessThan(1024);
    expect(robots.headers['content-encoding']).toBeUndefined();
    expect(robots.body).toContain('Sitemap:');
  });

  it('streams CSV import progress uncompressed, so each line arrives as it is written', async () => {
    const admin = await createUser(t.db, { isAdmin: true });
    const client = new TestClient(t.app);
    await signInAs(t.db, client, admin.id);
    const boundary = 'xxBOUNDARYxx';
    const csv = 'lotNumber,name,price\r\nLAMP-1,Imported Lamp,12.50\r\n';
    const res = await client.request({
      method: 'POST',
      url: '/api/products/import',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'accept-encoding': 'br, gzip',
        accept: 'application/x-ndjson',
      },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    expect(res.headers['content-encoding']).toBeUndefined();
    const lines = res.body.trim().split('\n');
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ result: { success: 1 } });
  });
});

describe('built files, compressed once at build time', () => {
  const script = '/assets/index-Ab12Cd34.js';
  const original = () => readFileSync(path.join(clientDir, 'assets', 'index-Ab12Cd34.js'));

  it('sends the brotli copy written by the build, with the lifetime of a hashed file', async () => {
    const res = await get(script, 'gzip, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(varyNames(res)).toContain('accept-encoding');
    expect(res.rawPayload.equals(readFileSync(path.join(clientDir, 'assets', 'index-Ab12Cd34.js.br')))).toBe(
      true,
    );
    expect(decoded(res).equals(original())).toBe(true);
  });

  it('sends the gzip copy to a client without brotli, and the file itself to one without either', async () => {
    const gz = await get(script, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decoded(gz).equals(original())).toBe(true);
    const plain = await get(script);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(original())).toBe(true);
    expect(varyNames(plain)).toContain('accept-encoding');
  });

  it('writes no copy that would be larger, none of the page template or of pictures', async () => {
    const written = (name: string) => {
      try {
        readFileSync(path.join(clientDir, name));
        return true;
      } catch {
        return false;
      }
    };
    expect(written('assets/index-Ab12Cd34.js.br')).toBe(true);
    expect(written('assets/index-Ab12Cd34.js.gz')).toBe(true);
    expect(written('assets/tiny-Ef56Gh78.css.br')).toBe(false); // 'a{}' cannot get smaller
    expect(written('index.html.br')).toBe(false);
    expect(written('assets/photo-Ij90Kl12.png.br')).toBe(false);
    const css = await get('/assets/tiny-Ef56Gh78.css', 'br');
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-encoding']).toBeUndefined();
    expect(css.body).toBe('a{}');
  });

  it('does not serve the compressed copies as files of their own', async () => {
    const res = await get('/assets/index-Ab12Cd34.js.br');
    expect(res.statusCode).toBe(404);
  });
});
