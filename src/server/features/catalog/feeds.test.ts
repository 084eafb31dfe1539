// Product feeds over the real HTTP layer (docs/decisions/0570-product-feeds.md): Google Merchant
// Center's RSS and Meta's CSV parsed back and checked field by field against the formats' required
// attributes, only lots shoppers can see with a unit left, both languages, and off until turned on.
import { parse as parseCsv } from 'csv-parse/sync';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productImages } from '~/server/db/schema';
import { createCategory, createProduct, setWeekdayDiscounts } from '~/server/test/fixtures';
import { createTestApp, type TestApp, TestClient } from '~/server/test/test-app';
import { storeDayWindow } from './feeds';

type GoogleItem = Record<string, string | string[]>;

const xml = new XMLParser({
  ignoreAttributes: false,
  parseTagValue: false,
  isArray: (name) => name === 'item',
});

function googleItems(body: string): GoogleItem[] {
  const feed = xml.parse(body);
  expect(feed.rss['@_version']).toBe('2.0');
  expect(feed.rss['@_xmlns:g']).toBe('http://base.google.com/ns/1.0');
  expect(feed.rss.channel.title).toBe('Liquidation Depot');
  const items = (feed.rss.channel.item ?? []) as Record<string, string | string[]>[];
  // The g: prefix dropped for reading.
  return items.map((item) =>
    Object.fromEntries(Object.entries(item).map(([k, v]) => [k.replace(/^g:/, ''), v])),
  );
}

const PRICE = /^\d+\.\d{2} CAD$/;

/** Google's required attributes for every item, and its rules on identifiers and lengths. */
function expectGoogleItem(item: GoogleItem) {
  for (const name of [
    'id',
    'title',
    'description',
    'link',
    'image_link',
    'availability',
    'price',
    'condition',
  ])
    expect(item[name], name).toBeTruthy();
  expect(['in_stock', 'out_of_stock', 'preorder', 'backorder']).toContain(item.availability);
  expect(['new', 'refurbished', 'used']).toContain(item.condition);
  expect(item.price).toMatch(PRICE);
  if (item.sale_price) expect(item.sale_price).toMatch(PRICE);
  expect((item.title as string).length).toBeLessThanOrEqual(150);
  expect((item.description as string).length).toBeLessThanOrEqual(5000);
  expect(item.link).toMatch(/^http:\/\/store\.test\//);
  expect(item.image_link).toMatch(/^http:\/\/store\.test\//);
  // Without a GTIN the item must say it has no identifiers.
  if (!item.gtin) expect(item.identifier_exists).toBe('no');
}

describe('product feeds', () => {
  let t: TestApp;
  let client: TestClient;

  beforeAll(async () => {
    t = await createTestApp({
      env: { PRODUCT_FEEDS: 'true', STORE_TIMEZONE: 'America/Toronto', STORE_CURRENCY: 'CAD' },
    });
    client = new TestClient(t.app);
    // 20% every day of the week, so the test does not depend on today's weekday.
    await setWeekdayDiscounts(t.db, [20, 20, 20, 20, 20, 20, 20]);
    const vacuums = await createCategory(t.db, {
      name: 'Vacuums',
      nameFr: 'Aspirateurs',
      slug: 'feed-vacuums',
    });
    const dyson = await createProduct(t.db, {
      lotNumber: 'FEED-1',
      name: 'Dyson V8 Cordless Vacuum',
      nameFr: 'Aspirateur sans fil Dyson V8',
      slug: 'dyson-v8-feed',
      description: '<p>Tested, <strong>works</strong> &amp; charges.</p>',
      price: '199.99',
      stock: 1,
      condition: 'used-good',
      conditionNotes: 'Scuff on the wand',
      upc: '036000291452',
      brand: 'Dyson',
      categoryId: vacuums.id,
      imageUrl: '/uploads/products/dyson-640.webp',
    });
    await t.db.insert(productImages).values([
      { productId: dyson.id, imageUrl: '/uploads/products/dyson-side-640.webp', sortOrder: 1 },
      { productId: dyson.id, imageUrl: '/uploads/products/dyson-back-640.webp', sortOrder: 2 },
    ]);
    await createProduct(t.db, {
      lotNumber: 'FEED-2',
      name: 'Mystery Box',
      slug: 'mystery-box-feed',
      price: '25.00',
      stock: 3,
      condition: 'new',
      upc: 'B07XJ8C8F5', // an ASIN in the UPC column: not a GTIN
      applyDailyDiscount: false,
      imageUrl: '/uploads/products/box-640.webp',
    });
    await createProduct(t.db, { lotNumber: 'FEED-3', slug: 'hidden-feed', active: false, brand: 'Hidden' });
    await createProduct(t.db, { lotNumber: 'FEED-4', slug: 'sold-feed', stock: 0, brand: 'Sold' });
    await createProduct(t.db, {
      lotNumber: 'FEED-5',
      name: `Very Long Title ${'x'.repeat(180)}`,
      slug: 'long-feed',
      brand: 'Acme',
      imageUrl: '/uploads/products/long-640.webp',
    });
  });
  afterAll(() => t.close());

  const byId = (items: GoogleItem[]) => new Map(items.map((i) => [i.id as string, i]));

  it('lists in Google RSS only the lots shoppers can see with a unit left, with every required attribute', async () => {
    const res = await client.get('/feeds/google.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const items = byId(googleItems(res.body));
    expect(items.has('FEED-3')).toBe(false); // not active
    expect(items.has('FEED-4')).toBe(false); // sold
    for (const item of items.values()) expectGoogleItem(item);

    const dyson = items.get('FEED-1')!;
    expect(dyson).toMatchObject({
      title: 'Dyson V8 Cordless Vacuum',
      description: 'Used - good - Scuff on the wand - Tested, works & charges.',
      link: 'http://store.test/products/dyson-v8-feed',
      image_link: 'http://store.test/uploads/products/dyson-1024.webp',
      additional_image_link: [
        'http://store.test/uploads/products/dyson-side-1024.webp',
        'http://store.test/uploads/products/dyson-back-1024.webp',
      ],
      availability: 'in_stock',
      condition: 'used',
      price: '199.99 CAD',
      // 20% off 199.99: 19,999 x 80 / 100 = 15,999.2 cents, rounded to 15,999.
      sale_price: '159.99 CAD',
      gtin: '036000291452',
      brand: 'Dyson',
      product_type: 'Vacuums',
    });
    expect(dyson.identifier_exists).toBeUndefined();
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date());
    expect(dyson.sale_price_effective_date).toMatch(
      new RegExp(`^${today}T00:00-0[45]:00/${today}T23:59-0[45]:00$`),
    );

    const box = items.get('FEED-2')!;
    expect(box).toMatchObject({ condition: 'new', price: '25.00 CAD', identifier_exists: 'no' });
    // No daily discount on this lot, no GTIN in an ASIN, no brand known.
    expect(box.sale_price).toBeUndefined();
    expect(box.sale_price_effective_date).toBeUndefined();
    expect(box.gtin).toBeUndefined();
    expect(box.brand).toBeUndefined();

    const long = items.get('FEED-5')!;
    expect(long.title).toHaveLength(150);
    expect(long.title).toMatch(/…$/);
  });

  it('gives the French feed its French names, condition words and addresses', async () => {
    const res = await client.get('/fr/feeds/google.xml');
    expect(res.statusCode).toBe(200);
    const dyson = byId(googleItems(res.body)).get('FEED-1')!;
    expect(dyson).toMatchObject({
      title: 'Aspirateur sans fil Dyson V8',
      link: 'http://store.test/fr/products/dyson-v8-feed',
      product_type: 'Aspirateurs',
      price: '199.99 CAD',
    });
    expect(dyson.description).toMatch(/^Usagé - bon état - /);
  });

  it("lists in Meta's CSV the lots with a brand or a GTIN, in Meta's words", async () => {
    const res = await client.get('/feeds/meta.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = parseCsv(res.body, { columns: true }) as Record<string, string>[];
    const required = [
      'id',
      'title',
      'description',
      'availability',
      'condition',
      'price',
      'link',
      'image_link',
    ];
    for (const row of rows) {
      for (const name of required) expect(row[name], name).toBeTruthy();
      expect(['in stock', 'out of stock']).toContain(row.availability);
      expect(['new', 'refurbished', 'used']).toContain(row.condition);
      expect(row.price).toMatch(PRICE);
      expect(row.brand || row.gtin).toBeTruthy();
    }
    const ids = rows.map((r) => r.id);
    expect(ids).toContain('FEED-1');
    expect(ids).toContain('FEED-5');
    // No brand and no GTIN: Meta would refuse the row.
    expect(ids).not.toContain('FEED-2');
    expect(ids).not.toContain('FEED-3');
    expect(ids).not.toContain('FEED-4');
    expect(rows.find((r) => r.id === 'FEED-1')).toMatchObject({
      availability: 'in stock',
      condition: 'used',
      price: '199.99 CAD',
      sale_price: '159.99 CAD',
      brand: 'Dyson',
      gtin: '036000291452',
      additional_image_link:
        'http://store.test/uploads/products/dyson-side-1024.webp,http://store.test/uploads/products/dyson-back-1024.webp',
    });
  });

  it("says a lot's sale holds for the store's day, each end with its own offset", () => {
    expect(storeDayWindow('America/Toronto', new Date('2026-11-28T15:00:00Z'))).toBe(
      '2026-11-28T00:00-05:00/2026-11-28T23:59-05:00',
    );
    // 8 March 2026: Toronto moves to daylight time at 2 a.m., so the day ends at -04:00.
    expect(storeDayWindow('America/Toronto', new Date('2026-03-08T12:00:00Z'))).toBe(
      '2026-03-08T00:00-05:00/2026-03-08T23:59-04:00',
    );
    // 03:00 UTC on 29 November is still 21:00 on the 28th in Regina (UTC-6 all year).
    expect(storeDayWindow('America/Regina', new Date('2026-11-29T03:00:00Z'))).toBe(
      '2026-11-28T00:00-06:00/2026-11-28T23:59-06:00',
    );
  });
});

describe('product feeds turned off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 404 at every feed address until PRODUCT_FEEDS=true', async () => {
    const client = new TestClient(t.app);
    for (const url of ['/feeds/google.xml', '/feeds/meta.csv', '/fr/feeds/google.xml', '/fr/feeds/meta.csv'])
      expect((await client.get(url)).statusCode, url).toBe(404);
  });
});
