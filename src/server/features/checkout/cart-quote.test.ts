// POST /api/cart/quote: today's figures of a cart, the same as create-checkout computes
// (docs/decisions/0131-cart-quote.md). Figures worked out by hand; PGlite and PostgreSQL.
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, stockHolds } from '~/server/db/schema';
import { createProduct, seedStoreSettings, setWeekdayDiscounts } from '~/server/test/fixtures';
import { createTestApp, TestClient, type TestApp } from '~/server/test/test-app';
import { QUOTE_RATE_LIMIT } from './routes';
import { checkoutBody, postCheckout, randomIp, withFigures } from './test-support';

let t: TestApp;
let client: TestClient;
let daily: number;
let headphones: number;
let compareOnly: number;
let retired: number;

beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  client = new TestClient(t.app);
  await seedStoreSettings(t.db);
  await setWeekdayDiscounts(t.db, [10, 10, 10, 10, 10, 10, 10]);
  daily = (await createProduct(t.db, { name: 'Quote Kettle', price: '20.00', stock: 5 })).id;
  headphones = (
    await createProduct(t.db, {
      name: 'Quote Headphones',
      price: '89.99',
      compareAtPrice: '199.99',
      stock: 12,
    })
  ).id;
  compareOnly = (
    await createProduct(t.db, {
      name: 'Quote Lamp',
      price: '30.00',
      compareAtPrice: '45.00',
      applyDailyDiscount: false,
      stock: 4,
    })
  ).id;
  retired = (await createProduct(t.db, { name: 'Quote Retired', price: '5.00', active: false })).id;
});
afterAll(() => t.close());

const quote = (body: unknown, ip = randomIp()) =>
  client.post('/api/cart/quote', body, { 'x-forwarded-for': ip });

const lines = () => [
  { productId: daily, quantity: 2 },
  { productId: headphones, quantity: 1 },
  { productId: compareOnly, quantity: 1 },
];

describe('POST /api/cart/quote', () => {
  it('checkout to Quebec by express: the figures, each item today, and create-checkout accepts them', async () => {
    const res = await quote({ items: lines(), shippingMethod: 'express', country: 'Canada', province: 'QC' });
    expect(res.statusCode).toBe(200);
    // Kettle 20.00 less 10% = 18.00, x 2 = 36.00 (selling 40.00)
    // Headphones 89.99 less 10% = 80.991 -> 80.99, struck 199.99 (selling 89.99)
    // Lamp 30.00, no daily discount, 45.00 struck (selling 30.00)
    // subtotal 36.00 + 80.99 + 30.00 = 146.99; at selling prices 40.00 + 89.99 + 30.00 = 159.99
    // discount 159.99 - 146.99 = 13.00, today's 10%
    // tax (146.99 + 14.99) x 14.975% = 161.98 x 0.14975 = 24.256505 -> 24.26
    // total 146.99 + 14.99 + 24.26 = 186.24
    const body = res.json();
    expect(body).toEqual({
      subtotal: '146.99',
      discountAmount: '13.00',
      discountPercentage: '10.00',
      discountCode: null,
      codeDiscountAmount: '0.00',
      shippingCost: '14.99',
      taxRate: '14.975',
      taxAmount: '24.26',
      total: '186.24',
      unavailable: [],
      items: [
        {
          productId: daily,
          name: 'Quote Kettle',
          price: '18.00',
          regularPrice: '20.00',
          compareAtPrice: '20.00',
          discountApplied: true,
          discountPercentage: 10,
          quantity: 2,
          available: 5,
          finalSale: false,
        },
        {
          productId: headphones,
          name: 'Quote Headphones',
          price: '80.99',
          regularPrice: '89.99',
          compareAtPrice: '199.99',
          discountApplied: true,
          discountPercentage: 10,
          quantity: 1,
          available: 12,
          finalSale: false,
        },
        {
          productId: compareOnly,
          name: 'Quote Lamp',
          price: '30.00',
          regularPrice: '30.00',
          compareAtPrice: '45.00',
          discountApplied: false,
          discountPercentage: 0,
          quantity: 1,
          available: 4,
          finalSale: false,
        },
      ],
    });
    const { unavailable: _, ...figures } = body;
    const placed = await postCheckout(
      client,
      withFigures(checkoutBody(lines(), { shippingMethod: 'express', state: 'QC' }), figures),
    );
    expect(placed.statusCode).toBe(200);
  });

  it('answers the available quantity less what checkouts in progress hold (the order above holds 2 kettles)', async () => {
    const res = await quote({ items: [{ productId: daily, quantity: 4 }] });
    expect(res.statusCode).toBe(200);
    // stock 5 less 2 held = 3; the requested 4 is answered as asked, the page shows the shortfall
    expect(res.json().items[0]).toMatchObject({ productId: daily, quantity: 4, available: 3 });
  });

  it("the cart page (no method, no province): no shipping, the store's province tax", async () => {
    const res = await quote({ items: lines() });
    expect(res.statusCode).toBe(200);
    // tax 146.99 x 13% = 19.1087 -> 19.11; total 146.99 + 0 + 19.11 = 166.10
    expect(res.json()).toMatchObject({
      subtotal: '146.99',
      shippingCost: '0.00',
      taxRate: '13',
      taxAmount: '19.11',
      total: '166.10',
    });
  });

  it('standard to the US: zero-rated; pickup: free and taxed in the store province whatever the address', async () => {
    const us = await quote({ items: lines(), shippingMethod: 'standard', country: 'US', province: 'NY' });
    // 146.99 + 5.99 = 152.98, no tax
    expect(us.json()).toMatchObject({
      shippingCost: '5.99',
      taxRate: '0',
      taxAmount: '0.00',
      total: '152.98',
    });
    const pickup = await quote({ items: lines(), shippingMethod: 'pickup', province: 'AB' });
    // 146.99 x 13% = 19.1087 -> 19.11; total 166.10
    expect(pickup.json()).toMatchObject({
      shippingCost: '0.00',
      taxRate: '13',
      taxAmount: '19.11',
      total: '166.10',
    });
  });

  it('lists products no longer for sale and leaves them out of the figures', async () => {
    const res = await quote({
      items: [
        { productId: retired, quantity: 1 },
        { productId: daily, quantity: 1 },
        { productId: 2_000_000_000, quantity: 1 },
      ],
      province: 'AB',
    });
    expect(res.statusCode).toBe(200);
    // only the kettle: 18.00; tax 18.00 x 5% = 0.90; total 18.90
    expect(res.json()).toMatchObject({
      unavailable: [retired, 2_000_000_000],
      subtotal: '18.00',
      taxAmount: '0.90',
      total: '18.90',
    });
    expect(res.json().items.map((i: { productId: number }) => i.productId)).toEqual([daily]);
  });

  it.each([
    ['no body', undefined, 'must be an object'],
    ['an empty cart', { items: [] }, 'Your cart is empty'],
    ['items not a list', { items: 'kettle' }, 'items must be a list.'],
    [
      'a quantity of 0',
      { items: [{ productId: 1, quantity: 0 }] },
      'Quantity must be a whole number of at least 1.',
    ],
    [
      'a fractional quantity',
      { items: [{ productId: 1, quantity: 1.5 }] },
      'Quantity must be a whole number',
    ],
    ['too many units', { items: [{ productId: 1, quantity: 1001 }] }, 'Quantity must be at most 1000.'],
    [
      'a product id that is text',
      { items: [{ productId: 'x', quantity: 1 }] },
      'productId must be a product id.',
    ],
    ['a negative product id', { items: [{ productId: -3, quantity: 1 }] }, 'productId must be a product id.'],
    [
      'an id too large for the database',
      { items: [{ productId: 2 ** 31, quantity: 1 }] },
      'productId must be',
    ],
    [
      'a product twice',
      {
        items: [
          { productId: 1, quantity: 1 },
          { productId: 1, quantity: 2 },
        ],
      },
      'Each product may appear only once.',
    ],
    [
      'a price sent by the page',
      { items: [{ productId: 1, quantity: 1, price: '0.01' }] },
      'Unknown field: price',
    ],
    [
      'a total sent by the page',
      { items: [{ productId: 1, quantity: 1 }], total: '1.00' },
      'Unknown field: total',
    ],
    [
      'an unknown method',
      { items: [{ productId: 1, quantity: 1 }], shippingMethod: 'drone' },
      'Please select a shipping method',
    ],
    [
      'an unknown country',
      { items: [{ productId: 1, quantity: 1 }], country: 'France' },
      'Please select Canada or US.',
    ],
    [
      'an unknown province',
      { items: [{ productId: 1, quantity: 1 }], province: 'ZZ' },
      'Province/State is required.',
    ],
    [
      'a one-letter state',
      { items: [{ productId: 1, quantity: 1 }], country: 'US', province: 'N' },
      'Province/State is required.',
    ],
  ])('refuses %s with 400 and a message', async (_name, body, message) => {
    const before = await t.db.select({ n: count() }).from(orders);
    const holds = await t.db.select({ n: count() }).from(stockHolds);
    const res = await quote(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await t.db.select({ n: count() }).from(orders)).toEqual(before);
    expect(await t.db.select({ n: count() }).from(stockHolds)).toEqual(holds);
  });

  it(`is rate limited per address (${QUOTE_RATE_LIMIT.limit} per ${QUOTE_RATE_LIMIT.windowSeconds / 60} minutes)`, async () => {
    const ip = randomIp();
    const body = { items: [{ productId: daily, quantity: 1 }] };
    expect((await quote(body, ip)).statusCode).toBe(200);
    // The other requests of the window, counted where the limiter counts them (src/server/lib/rate-limit.ts),
    // rather than sent one by one.
    await t.db.execute(
      sql`update rate_limits set count = ${QUOTE_RATE_LIMIT.limit} where key = ${`quote:ip:${ip}`}`,
    );
    const refused = await quote(body, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many price checks\. Please try again in /);
    // Another address is not affected.
    expect((await quote(body)).statusCode).toBe(200);
  });

  it('is described in the OpenAPI document with its request and answer', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json();
    const post = doc.paths['/api/cart/quote'].post;
    expect(post.tags).toEqual(['checkout']);
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['200', '429']));
    expect(JSON.stringify(post.requestBody)).toContain('shippingMethod');
  });
});
