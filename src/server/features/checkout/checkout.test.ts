// POST /api/square/create-checkout: validation, amounts worked out by hand, tampering, stock holds
// and idempotent retries (PGlite and PostgreSQL). Concurrency is in checkout-concurrency.test.ts.
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CreateCheckout } from '~/shared/schemas/checkout';
import { orderHistory, orderItems, orders, products, shippingSettings, stockHolds } from '~/server/db/schema';
import {
  createCategory,
  createProduct,
  createUser,
  seedStoreSettings,
  setCategoryDiscount,
  setWeekdayDiscounts,
  signInAs,
} from '~/server/test/fixtures';
import { createTestApp, TestClient, type TestApp } from '~/server/test/test-app';
import { releaseExpiredHolds } from '~/server/features/orders';
import {
  checkoutBody,
  type Line,
  MANY_ORDER_EMAILS,
  newKey,
  postCheckout,
  quote,
  validBody,
  withFigures,
} from './test-support';

let t: TestApp;
let guest: TestClient;
beforeAll(async () => {
  // Stands for many clients by varying X-Forwarded-For (per-address limits), so it trusts the header.
  t = await createTestApp({ env: { TRUST_PROXY: 'true', ...MANY_ORDER_EMAILS } });
  await seedStoreSettings(t.db);
  await setWeekdayDiscounts(t.db); // every day 0%: tests that need a discount set one
});
afterAll(() => t.close());
beforeEach(() => {
  guest = new TestClient(t.app);
});

async function counts() {
  const [o] = await t.db.select({ n: count() }).from(orders);
  const [h] = await t.db.select({ n: count() }).from(stockHolds);
  return { orders: o!.n, holds: h!.n };
}

async function orderByReference(reference: string) {
  const [order] = await t.db.select().from(orders).where(eq(orders.orderReference, reference));
  const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
  const holds = await t.db.select().from(stockHolds).where(eq(stockHolds.orderId, order!.id));
  return { order: order!, items, holds };
}

describe('validation', () => {
  let productId: number;
  let good: CreateCheckout;
  beforeAll(async () => {
    productId = (await createProduct(t.db, { price: '20.00', stock: 50 })).id;
    good = await validBody(new TestClient(t.app), [{ productId, quantity: 1 }]);
  });

  const withOrderData = (patch: Record<string, unknown>) => ({
    ...good,
    orderData: { ...good.orderData, ...patch },
  });
  const withAddress = (patch: Record<string, unknown>) =>
    withOrderData({ shippingAddress: { ...good.orderData.shippingAddress, ...patch } });

  it.each([
    [
      'orderData.customerEmail',
      () => withOrderData({ customerEmail: 'not-an-email' }),
      'Please enter a valid email address.',
    ],
    [
      'orderData.customerPhone',
      () => withOrderData({ customerPhone: '555-0123' }),
      'Please enter a valid phone number.',
    ],
    [
      'orderData.customerPhone',
      () => withOrderData({ customerPhone: '(((((((((()' }),
      'Please enter a valid phone number.',
    ],
    [
      'orderData.customerName',
      () => withOrderData({ customerName: 'J' }),
      'Please enter your first and last name.',
    ],
    [
      'orderData.shippingAddress.addressLine1',
      () => withAddress({ addressLine1: '1 A' }),
      'Address is required.',
    ],
    ['orderData.shippingAddress.city', () => withAddress({ city: 'T' }), 'City is required.'],
    ['orderData.shippingAddress.state', () => withAddress({ state: 'O' }), 'Province/State is required.'],
    ['orderData.shippingAddress.state', () => withAddress({ state: 'XX' }), 'Province/State is required.'],
    [
      'orderData.shippingAddress.zipCode',
      () => withAddress({ zipCode: 'M5V' }),
      'Postal/ZIP code is required.',
    ],
    [
      'orderData.shippingAddress.country',
      () => withAddress({ country: 'Mexico' }),
      'Please select Canada or US.',
    ],
    [
      'orderData.shippingMethod',
      () => withOrderData({ shippingMethod: 'method' }),
      'Please select a shipping method',
    ],
    [
      'orderData.shippingMethod',
      () => withOrderData({ shippingMethod: 'drone' }),
      'Please select a shipping method',
    ],
    [
      'orderData.total',
      () => withOrderData({ total: 51.97 }),
      'Amounts must be strings with 2 decimals, such as "12.34".',
    ],
    [
      'orderData.taxRate',
      () => withOrderData({ taxRate: 'thirteen' }),
      'The tax rate must be a percentage such as "13" or "14.975".',
    ],
    ['orderData.status', () => withOrderData({ status: 'shipped' }), 'A new order can only be pending.'],
    [
      'orderData.paymentStatus',
      () => withOrderData({ paymentStatus: 'completed' }),
      'A new order can only be pending.',
    ],
    ['items', () => ({ ...good, items: [] }), 'Your cart is empty'],
    [
      'items.0.quantity',
      () => ({ ...good, items: [{ ...good.items[0], quantity: 0 }] }),
      'Quantity must be a whole number of at least 1.',
    ],
    ['orderData', () => withOrderData({ price: '1.00' }), 'Unknown field: price'],
  ] as [string, () => unknown, string][])('%s (%#)', async (field, body, message) => {
    const before = await counts();
    const res = await postCheckout(guest, body());
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field as string]).toBe(message);
    expect(await counts()).toEqual(before);
  });

  it('takes any US state as free text but needs at least 2 characters', async () => {
    const ok = await validBody(guest, [{ productId, quantity: 1 }], { country: 'US', state: 'New York' });
    expect((await postCheckout(guest, ok)).statusCode).toBe(200);
    const short = await postCheckout(guest, {
      ...ok,
      orderData: { ...ok.orderData, shippingAddress: { ...ok.orderData.shippingAddress, state: 'N' } },
    });
    expect(short.json().errors['orderData.shippingAddress.state']).toBe('Province/State is required.');
  });

  it('refuses a malformed idempotency key', async () => {
    const res = await postCheckout(guest, good, { 'idempotency-key': 'short' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Idempotency-Key must be 16 to 100 letters, digits, "-" or "_".');
  });

  it('refuses a body that is not JSON', async () => {
    const res = await guest.request({
      method: 'POST',
      url: '/api/square/create-checkout',
      payload: '{"orderData":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('amounts, worked out by hand', () => {
  // Two units at 20.00 with no discount: subtotal 40.00 whatever the destination.
  let plain: number;
  beforeAll(async () => {
    plain = (await createProduct(t.db, { price: '20.00', stock: 100, applyDailyDiscount: true })).id;
  });

  // Standard shipping 5.99, so tax is on 45.99, rounded half up to the cent.
  it.each([
    ['AB', '5', '2.30', '48.29'], // 45.99 x 5% = 2.2995 -> 2.30
    ['BC', '12', '5.52', '51.51'], // 45.99 x 12% = 5.5188 -> 5.52
    ['MB', '12', '5.52', '51.51'],
    ['NB', '15', '6.90', '52.89'], // 45.99 x 15% = 6.8985 -> 6.90
    ['NL', '15', '6.90', '52.89'],
    ['NS', '14', '6.44', '52.43'], // 45.99 x 14% = 6.4386 -> 6.44
    ['ON', '13', '5.98', '51.97'], // 45.99 x 13% = 5.9787 -> 5.98
    ['PE', '15', '6.90', '52.89'],
    ['QC', '14.975', '6.89', '52.88'], // 45.99 x 14.975% = 6.88700... -> 6.89
    ['SK', '11', '5.06', '51.05'], // 45.99 x 11% = 5.0589 -> 5.06
    ['NT', '5', '2.30', '48.29'],
    ['NU', '5', '2.30', '48.29'],
    ['YT', '5', '2.30', '48.29'],
  ])('standard shipping to %s: tax rate %s, tax %s, total %s', async (state, rate, tax, total) => {
    const current = await quote(guest, [{ productId: plain, quantity: 2 }], { state });
    expect(current).toMatchObject({
      subtotal: '40.00',
      discountAmount: '0.00',
      discountPercentage: '0.00',
      shippingCost: '5.99',
      taxRate: rate,
      taxAmount: tax,
      total,
    });
    const body = withFigures(checkoutBody([{ productId: plain, quantity: 2 }], { state }), current);
    const res = await postCheckout(guest, body);
    expect(res.statusCode).toBe(200);
    const { order, items } = await orderByReference(res.json().orderId);
    expect(order).toMatchObject({
      subtotal: '40.00',
      shippingCost: '5.99',
      taxAmount: tax,
      total,
      shippingMethod: 'standard',
    });
    expect(Number(order.taxRate)).toBe(Number(rate));
    expect(items).toMatchObject([{ productId: plain, quantity: 2, price: '20.00', discount: '0.00' }]);
  });

  it('express to Ontario: (40.00 + 14.99) x 13% = 7.1487 -> 7.15, total 62.14', async () => {
    const current = await quote(guest, [{ productId: plain, quantity: 2 }], {
      shippingMethod: 'express',
      state: 'ON',
    });
    expect(current).toMatchObject({
      shippingCost: '14.99',
      taxRate: '13',
      taxAmount: '7.15',
      total: '62.14',
    });
  });

  it("pickup is free and taxed at the store's province (ON 13%) wherever the address is: 40.00 x 13% = 5.20", async () => {
    const current = await quote(guest, [{ productId: plain, quantity: 2 }], {
      shippingMethod: 'pickup',
      state: 'AB',
    });
    expect(current).toMatchObject({ shippingCost: '0.00', taxRate: '13', taxAmount: '5.20', total: '45.20' });
  });

  it('the US is zero-rated: 40.00 + 14.99 express, no tax, total 54.99', async () => {
    const current = await quote(guest, [{ productId: plain, quantity: 2 }], {
      shippingMethod: 'express',
      country: 'US',
      state: 'NY',
    });
    expect(current).toMatchObject({ shippingCost: '14.99', taxRate: '0', taxAmount: '0.00', total: '54.99' });
  });

  it('uses the shipping prices of the settings', async () => {
    await t.db.update(shippingSettings).set({ standardPrice: '7.50', expressPrice: '20.00' });
    try {
      // (40.00 + 7.50) x 13% = 6.175 -> 6.18 (half up); total 53.68
      const current = await quote(guest, [{ productId: plain, quantity: 2 }], { state: 'ON' });
      expect(current).toMatchObject({ shippingCost: '7.50', taxAmount: '6.18', total: '53.68' });
    } finally {
      await t.db.update(shippingSettings).set({ standardPrice: '5.99', expressPrice: '14.99' });
    }
  });

  it('applies the daily and category discounts and compare-at prices', async () => {
    await setWeekdayDiscounts(t.db, [10, 10, 10, 10, 10, 10, 10]);
    try {
      const category = await createCategory(t.db);
      await setCategoryDiscount(t.db, category.id, 25);
      // Prices per docs/decisions/0130-daily-discount-lowers-the-selling-price.md:
      // 20.00 less the weekday 10% = 18.00; struck 20.00
      const daily = await createProduct(t.db, { price: '20.00', stock: 5 });
      // Category 25% beats weekday 10%, off the selling price: 40.00 x 75% = 30.00; struck 50.00
      const category25 = await createProduct(t.db, {
        price: '40.00',
        compareAtPrice: '50.00',
        categoryId: category.id,
        stock: 5,
      });
      // No daily discount: pays 30.00, compare-at 45.00 struck through
      const compareOnly = await createProduct(t.db, {
        price: '30.00',
        compareAtPrice: '45.00',
        applyDailyDiscount: false,
        stock: 5,
      });
      // 29.99 x 90% = 26.991 -> 26.99; struck 49.99 (decision 0004 charged 29.99 under a 10% badge)
      const capped = await createProduct(t.db, { price: '29.99', compareAtPrice: '49.99', stock: 5 });
      const lines: Line[] = [
        { productId: daily.id, quantity: 2 },
        { productId: category25.id, quantity: 1 },
        { productId: compareOnly.id, quantity: 1 },
        { productId: capped.id, quantity: 1 },
      ];
      const current = await quote(guest, lines, { state: 'ON' });
      // subtotal 36.00 + 30.00 + 30.00 + 26.99 = 122.99; at selling prices 40.00 + 40.00 + 30.00 + 29.99
      // = 139.99; today's discount 17.00 (compare-at prices are no discount); percents 10 and 25: no
      // single percent, "0.00" (never the blend 12.14)
      // tax (122.99 + 5.99) x 13% = 128.98 x 13% = 16.7674 -> 16.77; total 122.99 + 5.99 + 16.77 = 145.75
      expect(current).toMatchObject({
        subtotal: '122.99',
        discountAmount: '17.00',
        discountPercentage: '0.00',
        shippingCost: '5.99',
        taxAmount: '16.77',
        total: '145.75',
      });
      expect(current.items).toEqual([
        expect.objectContaining({
          productId: daily.id,
          price: '18.00',
          compareAtPrice: '20.00',
          discountApplied: true,
        }),
        expect.objectContaining({
          productId: category25.id,
          price: '30.00',
          regularPrice: '40.00',
          compareAtPrice: '50.00',
          discountPercentage: 25,
          discountApplied: true,
        }),
        expect.objectContaining({
          productId: compareOnly.id,
          price: '30.00',
          compareAtPrice: '45.00',
          discountApplied: false,
        }),
        expect.objectContaining({
          productId: capped.id,
          price: '26.99',
          compareAtPrice: '49.99',
          discountApplied: true,
          discountPercentage: 10,
        }),
      ]);
      const res = await postCheckout(guest, withFigures(checkoutBody(lines, { state: 'ON' }), current));
      expect(res.statusCode).toBe(200);
      const { order, items } = await orderByReference(res.json().orderId);
      expect(order).toMatchObject({
        subtotal: '122.99',
        discountAmount: '17.00',
        discountPercentage: '0.00',
        total: '145.75',
      });
      // Unit prices charged, with the per-unit discount and the compare-at snapshot.
      expect(items.map((i) => [i.productId, i.price, i.discount, i.compareAtPrice])).toEqual([
        [daily.id, '18.00', '2.00', '20.00'],
        [category25.id, '30.00', '10.00', '50.00'],
        [compareOnly.id, '30.00', '0.00', '45.00'],
        [capped.id, '26.99', '3.00', '49.99'],
      ]);
    } finally {
      await setWeekdayDiscounts(t.db);
    }
  });

  it('rounds a discounted unit price half up: 19.99 less 10% = 17.991 -> 17.99', async () => {
    await setWeekdayDiscounts(t.db, [10, 10, 10, 10, 10, 10, 10]);
    try {
      const p = await createProduct(t.db, { price: '19.99', stock: 5 });
      // 3 x 17.99 = 53.97; at the selling price 59.97; discount 6.00; the day's 10%, not the blend
      // 10.01 (6.00 / 59.97 = 0.10005)
      // tax (53.97 + 5.99) x 13% = 59.96 x 13% = 7.7948 -> 7.79; total 67.75
      const current = await quote(guest, [{ productId: p.id, quantity: 3 }], { state: 'ON' });
      expect(current).toMatchObject({
        subtotal: '53.97',
        discountAmount: '6.00',
        discountPercentage: '10.00',
        taxAmount: '7.79',
        total: '67.75',
      });
    } finally {
      await setWeekdayDiscounts(t.db);
    }
  });
});

describe('tampering', () => {
  let p1: number;
  let p2: number;
  let inactive: number;
  let archived: number;
  let hidden: number;
  let soldOut: number;
  let free: number;
  let good: CreateCheckout;
  let other: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    p1 = (await createProduct(t.db, { name: 'Tamper Lamp', price: '25.00', stock: 20 })).id;
    p2 = (
      await createProduct(t.db, {
        name: 'Tamper Fan',
        price: '12.50',
        compareAtPrice: '20.00',
        applyDailyDiscount: false,
        stock: 20,
      })
    ).id;
    inactive = (await createProduct(t.db, { active: false, stock: 5 })).id;
    archived = (await createProduct(t.db, { archivedAt: new Date(), stock: 5 })).id;
    const hiddenCategory = await createCategory(t.db, { active: false });
    hidden = (await createProduct(t.db, { categoryId: hiddenCategory.id, stock: 5 })).id;
    soldOut = (await createProduct(t.db, { stock: 0 })).id;
    // Live at $0.00 (set in the database, as before the form refused it): not for sale.
    free = (await createProduct(t.db, { price: '0.00', stock: 5 })).id;
    other = await createUser(t.db);
    good = await validBody(new TestClient(t.app), [
      { productId: p1, quantity: 2 },
      { productId: p2, quantity: 1 },
    ]);
  });

  const od = (patch: Record<string, unknown>) => ({ ...good, orderData: { ...good.orderData, ...patch } });
  const item0 = (patch: Record<string, unknown>) => ({
    ...good,
    items: [{ ...good.items[0], ...patch }, good.items[1]],
  });
  const item1 = (patch: Record<string, unknown>) => ({
    ...good,
    items: [good.items[0], { ...good.items[1], ...patch }],
  });
  const addr = (patch: Record<string, unknown>) =>
    od({ shippingAddress: { ...good.orderData.shippingAddress, ...patch } });
  const withItem = (productId: number) => ({
    ...good,
    items: [...good.items, { ...good.items[0], productId }],
  });

  const AMOUNT = 'Amounts must be strings with 2 decimals, such as "12.34".';
  const QUANTITY = 'Quantity must be a whole number of at least 1.';
  const PRODUCT_ID = 'productId must be a product id.';
  const PENDING = 'A new order can only be pending.';
  const METHOD = 'Please select a shipping method';

  // [name, body, expected status, for a 400: the field and the schema's message for it]. 400: refused
  // by the schema; 403: not yours; 409: the amounts are not today's (answered with the current figures)
  // or the product cannot be bought.
  const variants = (): [string, unknown, number, [string, string]?][] => [
    ['item price lowered by a cent', item0({ price: '24.99' }), 409],
    ['item price zero', item0({ price: '0.00' }), 409],
    ['item price a cent', item0({ price: '0.01' }), 409],
    ['item price halved', item0({ price: '12.50' }), 409],
    ['item price raised', item0({ price: '25.01' }), 409],
    ['item price negative', item0({ price: '-25.00' }), 400, ['items.0.price', AMOUNT]],
    ['item price as a number', item0({ price: 25 }), 400, ['items.0.price', AMOUNT]],
    ['item price with three decimals', item0({ price: '25.000' }), 400, ['items.0.price', AMOUNT]],
    ['item price in exponent form', item0({ price: '2.5e1' }), 400, ['items.0.price', AMOUNT]],
    ['compare-at price removed', item1({ compareAtPrice: null }), 409],
    ['compare-at price raised', item1({ compareAtPrice: '99.00' }), 409],
    ['compare-at price invented', item0({ compareAtPrice: '100.00' }), 409],
    ['subtotal lowered', od({ subtotal: '1.00' }), 409],
    ['subtotal zero', od({ subtotal: '0.00' }), 409],
    ['discount amount inflated', od({ discountAmount: '50.00' }), 409],
    ['discount percentage inflated', od({ discountPercentage: '90.00' }), 409],
    ['discount percentage 100', od({ discountPercentage: '100.00' }), 409],
    ['shipping made free', od({ shippingCost: '0.00' }), 409],
    ['tax rate zeroed', od({ taxRate: '0' }), 409],
    ['tax rate lowered', od({ taxRate: '5' }), 409],
    ['tax amount zeroed', od({ taxAmount: '0.00' }), 409],
    ['total a cent', od({ total: '0.01' }), 409],
    ['total zero', od({ total: '0.00' }), 409],
    ['total lowered by a cent', od({ total: (Number(good.orderData.total) - 0.01).toFixed(2) }), 409],
    ['total negative', od({ total: '-1.00' }), 400, ['orderData.total', AMOUNT]],
    ['total as a number', od({ total: 70 }), 400, ['orderData.total', AMOUNT]],
    ['US address keeping Ontario tax', addr({ country: 'US', state: 'NY' }), 409],
    [
      'pickup keeping the shipping charge off but tax of the address',
      od({ shippingMethod: 'pickup', shippingCost: '0.00', taxRate: '5' }),
      409,
    ],
    ['quantity zero', item0({ quantity: 0 }), 400, ['items.0.quantity', QUANTITY]],
    ['quantity negative', item0({ quantity: -1 }), 400, ['items.0.quantity', QUANTITY]],
    ['quantity fractional', item0({ quantity: 1.5 }), 400, ['items.0.quantity', QUANTITY]],
    ['quantity as a string', item0({ quantity: '2' }), 400, ['items.0.quantity', QUANTITY]],
    [
      'quantity enormous',
      item0({ quantity: 1_000_000 }),
      400,
      ['items.0.quantity', 'Quantity must be at most 1000.'],
    ],
    ['quantity null', item0({ quantity: null }), 400, ['items.0.quantity', QUANTITY]],
    ['quantity raised, figures kept', item0({ quantity: 3 }), 409],
    ['product id as a string', item0({ productId: String(p1) }), 400, ['items.0.productId', PRODUCT_ID]],
    ['product id zero', item0({ productId: 0 }), 400, ['items.0.productId', PRODUCT_ID]],
    ['product id fractional', item0({ productId: 1.5 }), 400, ['items.0.productId', PRODUCT_ID]],
    ['unknown product', withItem(99_999_999), 409],
    ['inactive product', withItem(inactive), 409],
    ['archived product', withItem(archived), 409],
    ['product in a hidden category', withItem(hidden), 409],
    ['out-of-stock product', withItem(soldOut), 409],
    ['$0.00 product', withItem(free), 409],
    [
      'same product twice',
      { ...good, items: [...good.items, good.items[0]] },
      400,
      ['items', 'Each product may appear only once.'],
    ],
    [
      'unknown item field discount',
      item0({ discount: '25.00' }),
      400,
      ['items.0', 'Unknown field: discount'],
    ],
    ['unknown item field stock', item0({ stock: 1000 }), 400, ['items.0', 'Unknown field: stock']],
    [
      'unknown item field unitPrice',
      item0({ unitPrice: '0.01' }),
      400,
      ['items.0', 'Unknown field: unitPrice'],
    ],
    ['unknown order field price', od({ price: '0.01' }), 400, ['orderData', 'Unknown field: price']],
    ['unknown order field isAdmin', od({ isAdmin: true }), 400, ['orderData', 'Unknown field: isAdmin']],
    ['unknown order field id', od({ id: 1 }), 400, ['orderData', 'Unknown field: id']],
    [
      'unknown order field orderReference',
      od({ orderReference: 'ORD-AAAAAAAAAAAAAAAA' }),
      400,
      ['orderData', 'Unknown field: orderReference'],
    ],
    [
      'unknown order field paymentReference',
      od({ paymentReference: 'paid' }),
      400,
      ['orderData', 'Unknown field: paymentReference'],
    ],
    [
      'unknown order field inventoryReduced',
      od({ inventoryReduced: true }),
      400,
      ['orderData', 'Unknown field: inventoryReduced'],
    ],
    [
      'unknown order field confirmationEmailSent',
      od({ confirmationEmailSent: true }),
      400,
      ['orderData', 'Unknown field: confirmationEmailSent'],
    ],
    [
      'unknown address field',
      addr({ taxRate: '0' }),
      400,
      ['orderData.shippingAddress', 'Unknown field: taxRate'],
    ],
    ['unknown top-level field isAdmin', { ...good, isAdmin: true }, 400, ['_', 'Unknown field: isAdmin']],
    ['unknown top-level field userId', { ...good, userId: 1 }, 400, ['_', 'Unknown field: userId']],
    ['unknown top-level field total', { ...good, total: '0.01' }, 400, ['_', 'Unknown field: total']],
    ['status completed', od({ status: 'completed' }), 400, ['orderData.status', PENDING]],
    ['status processing', od({ status: 'processing' }), 400, ['orderData.status', PENDING]],
    [
      'payment status completed',
      od({ paymentStatus: 'completed' }),
      400,
      ['orderData.paymentStatus', PENDING],
    ],
    ['payment status refunded', od({ paymentStatus: 'refunded' }), 400, ['orderData.paymentStatus', PENDING]],
    ["another user's id", od({ userId: other.id }), 403],
    [
      'shipping method placeholder',
      od({ shippingMethod: 'method' }),
      400,
      ['orderData.shippingMethod', METHOD],
    ],
    ['shipping method free', od({ shippingMethod: 'free' }), 400, ['orderData.shippingMethod', METHOD]],
    [
      'notes too long',
      od({ notes: 'n'.repeat(2001) }),
      400,
      ['orderData.notes', 'Notes must be at most 2000 characters.'],
    ],
    [
      'notes with a control character',
      od({ notes: 'Leave at the door\u0007' }),
      400,
      ['orderData.notes', 'Notes contain characters that are not allowed.'],
    ],
    [
      'address line 2 too long',
      addr({ addressLine2: 'a'.repeat(201) }),
      400,
      ['orderData.shippingAddress.addressLine2', 'Address line 2 must be at most 200 characters.'],
    ],
    [
      'address line 2 with a line break',
      addr({ addressLine2: 'Unit 4\nBcc: someone@example.com' }),
      400,
      ['orderData.shippingAddress.addressLine2', 'Address line 2 contains characters that are not allowed.'],
    ],
    ['items not a list', { ...good, items: good.items[0] }, 400, ['items', 'items must be a list.']],
    ['no orderData', { items: good.items }, 400, ['orderData', 'orderData must be an object.']],
    [
      'address not an object',
      od({ shippingAddress: '123 Main Street' }),
      400,
      ['orderData.shippingAddress', 'shippingAddress must be an object.'],
    ],
    ['item not an object', { ...good, items: [p1] }, 400, ['items.0', 'Each item must be an object.']],
    [
      '101 lines',
      { ...good, items: Array.from({ length: 101 }, (_, i) => ({ ...good.items[0], productId: i + 1 })) },
      400,
      ['items', 'At most 100 different products per order.'],
    ],
    ['body is a list', [good], 400, ['_', 'The request body must be an object.']],
  ];

  it('refuses every tampered submission with its message and changes nothing', async () => {
    const list = variants();
    expect(list.length).toBeGreaterThanOrEqual(50);
    const before = await counts();
    const [stockBefore] = await t.db.select({ s: products.stock }).from(products).where(eq(products.id, p1));
    const failures: string[] = [];
    for (const [name, body, status, fieldMessage] of list) {
      const res = await postCheckout(guest, body, { 'idempotency-key': newKey() });
      if (res.statusCode !== status || typeof res.json().message !== 'string') {
        failures.push(`${name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      } else if (status === 400) {
        // The schema's own message, for the field it names (and the first one as the answer's message).
        const [field, message] = fieldMessage ?? ['?', 'no message given in this test'];
        const { errors, message: first } = res.json();
        if (errors?.[field] !== message || first !== message) {
          failures.push(`${name}: expected ${field} "${message}", got ${res.body.slice(0, 300)}`);
        }
      }
      if (status === 409 && res.json().code === 'price_changed') {
        // The server's own figures come back, never the tampered ones.
        expect(res.json().current.items.find((i: { productId: number }) => i.productId === p1).price).toBe(
          '25.00',
        );
      }
    }
    expect(failures).toEqual([]);
    expect(await counts()).toEqual(before);
    const [stockAfter] = await t.db.select({ s: products.stock }).from(products).where(eq(products.id, p1));
    expect(stockAfter).toEqual(stockBefore);
  });

  it("refuses another user's id when signed in too", async () => {
    const me = await createUser(t.db);
    const client = new TestClient(t.app);
    await signInAs(t.db, client, me.id);
    const res = await postCheckout(client, od({ userId: other.id }));
    expect(res.statusCode).toBe(403);
    // The code lets the page ask who is signed in now and try once more (decision 0090).
    expect(res.json()).toEqual({
      message: 'An order can only be placed for your own account.',
      code: 'not_your_account',
    });
  });

  it('ignores names, images and discount flags sent by the page: the order has the catalogue data', async () => {
    const body = {
      ...good,
      items: good.items.map((i) => ({
        ...i,
        name: 'Free Television',
        imageUrl: 'https://evil.example/x.png',
        discountApplied: true,
      })),
    };
    const res = await postCheckout(guest, body);
    expect(res.statusCode).toBe(200);
    const { order, items } = await orderByReference(res.json().orderId);
    expect(items.map((i) => [i.productName, i.imageUrl])).toEqual([
      ['Tamper Lamp', null],
      ['Tamper Fan', null],
    ]);
    expect(order.userId).toBeNull();
  });

  it('takes the user from the session, not from the body', async () => {
    const me = await createUser(t.db);
    const client = new TestClient(t.app);
    await signInAs(t.db, client, me.id);
    const res = await postCheckout(client, od({ userId: me.id }));
    expect(res.statusCode).toBe(200);
    expect((await orderByReference(res.json().orderId)).order.userId).toBe(me.id);
    // Signed in, userId left out: still the session's user.
    const res2 = await postCheckout(client, od({ userId: undefined }));
    expect((await orderByReference(res2.json().orderId)).order.userId).toBe(me.id);
  });

  it('names the product that is no longer for sale', async () => {
    const res = await postCheckout(guest, {
      ...withItem(inactive),
      items: [...good.items, { ...good.items[0], productId: inactive, name: 'Old Lamp' }],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'unavailable',
      productId: inactive,
      message: 'Sorry, "Old Lamp" is no longer available. Please remove it from your cart.',
    });
  });

  it('refuses pickup when the store does not offer it', async () => {
    await t.db.update(shippingSettings).set({ pickupAvailable: false });
    try {
      const res = await postCheckout(
        guest,
        checkoutBody([{ productId: p1, quantity: 1 }], { shippingMethod: 'pickup' }),
      );
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        'Pickup at store is not available at the moment. Please choose another shipping method.',
      );
    } finally {
      await t.db.update(shippingSettings).set({ pickupAvailable: true });
    }
  });
});

describe('the order and its stock holds', () => {
  it('creates a pending order with an unguessable reference, items, holds and history', async () => {
    const p = await createProduct(t.db, {
      name: 'Hold Lamp',
      price: '10.00',
      stock: 3,
      imageUrl: '/uploads/lamp.webp',
      lotNumber: 'LOT-HOLD-1',
    });
    const res = await postCheckout(guest, await validBody(guest, [{ productId: p.id, quantity: 2 }]));
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer).toEqual({
      success: true,
      checkoutUrl: `http://store.test/pay/${answer.orderId}`,
      orderId: answer.orderId,
    });
    expect(answer.orderId).toMatch(/^ORD-[A-Z2-7]{16}$/);
    const { order, items, holds } = await orderByReference(answer.orderId);
    expect(order).toMatchObject({
      status: 'pending',
      paymentStatus: 'pending',
      userId: null,
      inventoryReduced: false,
      paymentMethod: 'local',
    });
    expect(items).toMatchObject([
      {
        productName: 'Hold Lamp',
        sku: 'LOT-HOLD-1',
        imageUrl: '/uploads/lamp.webp',
        quantity: 2,
        price: '10.00',
      },
    ]);
    expect(holds).toHaveLength(1);
    expect(holds[0]).toMatchObject({ productId: p.id, quantity: 2, releasedAt: null });
    // Held for STOCK_HOLD_MINUTES (30) from now.
    const minutes = (holds[0]!.expiresAt.getTime() - holds[0]!.createdAt.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(30, 1);
    const history = await t.db.select().from(orderHistory).where(eq(orderHistory.orderId, order.id));
    expect(history).toMatchObject([{ field: 'status', toValue: 'pending', actor: 'checkout' }]);
    // The stock itself is untouched until payment; shoppers see what is left to buy.
    const [row] = await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, p.id));
    expect(row!.stock).toBe(3);
    const current = await quote(guest, [{ productId: p.id, quantity: 1 }]);
    expect(current.items[0]!.available).toBe(1);
  });

  it('refuses what is already held, naming the item, and creates nothing', async () => {
    const p = await createProduct(t.db, { name: 'Last Unit Chair', price: '10.00', stock: 1 });
    const body = await validBody(guest, [{ productId: p.id, quantity: 1 }]);
    expect((await postCheckout(guest, body)).statusCode).toBe(200);
    const before = await counts();
    const res = await postCheckout(new TestClient(t.app), body);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'out_of_stock',
      message: 'Sorry, "Last Unit Chair" is out of stock.',
      items: [{ productId: p.id, requested: 1, available: 0 }],
    });
    expect(await counts()).toEqual(before);
  });

  it('says how many are left when fewer than asked', async () => {
    const p = await createProduct(t.db, { name: 'Pair Of Boots', price: '10.00', stock: 2 });
    const res = await postCheckout(guest, await validBody(guest, [{ productId: p.id, quantity: 3 }]));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Sorry, only 2 of "Pair Of Boots" are available.');
  });

  it('creates nothing when one of several items lacks stock', async () => {
    const ok = await createProduct(t.db, { price: '10.00', stock: 5 });
    const short = await createProduct(t.db, { name: 'Scarce Vase', price: '10.00', stock: 1 });
    const before = await counts();
    const res = await postCheckout(
      guest,
      await validBody(guest, [
        { productId: ok.id, quantity: 1 },
        { productId: short.id, quantity: 2 },
      ]),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Sorry, only 1 of "Scarce Vase" is available.');
    expect(await counts()).toEqual(before);
  });

  it('stops counting a hold once it expires; the cleanup marks it released', async () => {
    const p = await createProduct(t.db, { price: '10.00', stock: 1 });
    const body = await validBody(guest, [{ productId: p.id, quantity: 1 }]);
    const first = await postCheckout(guest, body);
    expect(first.statusCode).toBe(200);
    expect((await postCheckout(guest, body)).statusCode).toBe(409);
    const { order } = await orderByReference(first.json().orderId);
    await t.db
      .update(stockHolds)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(stockHolds.orderId, order.id));
    expect((await postCheckout(guest, body)).statusCode).toBe(200);
    expect(await releaseExpiredHolds(t.app.ctx)).toBeGreaterThanOrEqual(1);
    const [hold] = await t.db.select().from(stockHolds).where(eq(stockHolds.orderId, order.id));
    expect(hold!.releasedAt).not.toBeNull();
  });
});

describe('idempotent retries', () => {
  it('answers a repeated submission with the same order and URL', async () => {
    const p = await createProduct(t.db, { price: '10.00', stock: 1 });
    const body = await validBody(guest, [{ productId: p.id, quantity: 1 }]);
    const key = newKey();
    const first = await postCheckout(guest, body, { 'idempotency-key': key });
    const again = await postCheckout(guest, body, { 'idempotency-key': key });
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const holds = await t.db.select().from(stockHolds).where(eq(stockHolds.productId, p.id));
    expect(holds).toHaveLength(1);
  });

  it('answers concurrent repeats with one order', async () => {
    const p = await createProduct(t.db, { price: '10.00', stock: 1 });
    const body = await validBody(guest, [{ productId: p.id, quantity: 1 }]);
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => postCheckout(guest, body, { 'idempotency-key': key })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.json().orderId)).size).toBe(1);
    const [n] = await t.db.select({ n: count() }).from(stockHolds).where(eq(stockHolds.productId, p.id));
    expect(n!.n).toBe(1);
  });

  it('treats a changed submission under the same key as a new order', async () => {
    const p = await createProduct(t.db, { price: '10.00', stock: 5 });
    const key = newKey();
    const one = await postCheckout(guest, await validBody(guest, [{ productId: p.id, quantity: 1 }]), {
      'idempotency-key': key,
    });
    const two = await postCheckout(guest, await validBody(guest, [{ productId: p.id, quantity: 2 }]), {
      'idempotency-key': key,
    });
    expect(one.statusCode).toBe(200);
    expect(two.statusCode).toBe(200);
    expect(two.json().orderId).not.toBe(one.json().orderId);
  });

  it("does not let somebody else's session reuse a key", async () => {
    const p = await createProduct(t.db, { price: '10.00', stock: 5 });
    const body = await validBody(guest, [{ productId: p.id, quantity: 1 }]);
    const key = newKey();
    const mine = await postCheckout(guest, body, { 'idempotency-key': key });
    const user = await createUser(t.db);
    const client = new TestClient(t.app);
    await signInAs(t.db, client, user.id);
    const theirs = await postCheckout(client, body, { 'idempotency-key': key });
    expect(theirs.json().orderId).not.toBe(mine.json().orderId);
  });

  it('refuses to reopen a checkout that was declined', async () => {
    const p = await createProduct(t.db, { price: '10.00', stock: 5 });
    const body = await validBody(guest, [{ productId: p.id, quantity: 1 }]);
    const key = newKey();
    const first = await postCheckout(guest, body, { 'idempotency-key': key });
    await guest.post(`/pay/${first.json().orderId}/decline`, '', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    const again = await postCheckout(guest, body, { 'idempotency-key': key });
    expect(again.statusCode).toBe(409);
    // The page starts a new checkout under a new key when it sees this (decision 0090).
    expect(again.json()).toEqual({
      message: 'This checkout is closed. Please return to your cart and check out again.',
      code: 'checkout_closed',
      orderId: first.json().orderId,
      paymentStatus: 'failed',
    });
    // A new key is a new checkout, with its own hold.
    const fresh = await postCheckout(guest, body, { 'idempotency-key': newKey() });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().orderId).not.toBe(first.json().orderId);
  });

  it('says so when the checkout was paid, so the page does not start it again by itself', async () => {
    const p = await createProduct(t.db, { price: '10.00', stock: 5 });
    const body = await validBody(guest, [{ productId: p.id, quantity: 1 }]);
    const key = newKey();
    const first = await postCheckout(guest, body, { 'idempotency-key': key });
    await guest.post(`/pay/${first.json().orderId}/pay`, '', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect((await orderByReference(first.json().orderId)).order.paymentStatus).toBe('completed');
    const again = await postCheckout(guest, body, { 'idempotency-key': key });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'This order has already been paid.',
      code: 'checkout_closed',
      orderId: first.json().orderId,
      paymentStatus: 'completed',
    });
  });
});

describe("an administrator's tax and shipping changes", () => {
  it('charge the next checkout the new rate and prices, and refuse the old figures with the current ones', async () => {
    const admin = await createUser(t.db, { isAdmin: true });
    const adminClient = new TestClient(t.app);
    await signInAs(t.db, adminClient, admin.id);
    const p = await createProduct(t.db, { price: '20.00', stock: 100 });
    const lines: Line[] = [{ productId: p.id, quantity: 2 }];
    const toNovaScotia = { state: 'NS' } as const;

    // Before: 40.00 + standard 5.99 = 45.99; Nova Scotia 14%: 6.4386 -> 6.44; total 52.43.
    const old = await validBody(guest, lines, toNovaScotia);
    expect(old.orderData).toMatchObject({
      shippingCost: '5.99',
      taxRate: '14',
      taxAmount: '6.44',
      total: '52.43',
    });

    try {
      const tax = await adminClient.patch('/api/taxes/NS', { gstRate: '5', pstRate: '10.5' });
      expect(tax.statusCode).toBe(200);
      const shipping = await adminClient.put('/api/shipping', {
        standardPrice: '7.25',
        expressPrice: '16.50',
        pickupAvailable: true,
      });
      expect(shipping.statusCode).toBe(200);

      // The page still sends the old figures: refused, nothing created, with the current ones.
      const before = await counts();
      const stale = await postCheckout(guest, old);
      expect(stale.statusCode).toBe(409);
      // 40.00 + standard 7.25 = 47.25; 5% + 10.5% = 15.5%: 7.32375 -> 7.32; total 54.57.
      expect(stale.json()).toMatchObject({
        code: 'price_changed',
        current: {
          subtotal: '40.00',
          shippingCost: '7.25',
          taxRate: '15.5',
          taxAmount: '7.32',
          total: '54.57',
        },
      });
      expect(await counts()).toEqual(before);

      // With the current figures the order is placed, and charged them.
      const res = await postCheckout(guest, withFigures(old, stale.json().current));
      expect(res.statusCode).toBe(200);
      const { order } = await orderByReference(res.json().orderId);
      expect(order).toMatchObject({ shippingCost: '7.25', taxAmount: '7.32', total: '54.57' });
      expect(Number(order.taxRate)).toBe(15.5);

      // Express follows the new price too: 40.00 + 16.50 = 56.50; x 15.5% = 8.7575 -> 8.76; total 65.26.
      const express = await quote(guest, lines, { ...toNovaScotia, shippingMethod: 'express' });
      expect(express).toMatchObject({
        shippingCost: '16.50',
        taxRate: '15.5',
        taxAmount: '8.76',
        total: '65.26',
      });
    } finally {
      await adminClient.patch('/api/taxes/NS', { gstRate: '5', pstRate: '9' });
      await adminClient.put('/api/shipping', {
        standardPrice: '5.99',
        expressPrice: '14.99',
        pickupAvailable: true,
      });
    }
    // Put back: the next checkout is charged the old figures again.
    expect((await postCheckout(guest, old)).statusCode).toBe(200);
  });
});

describe('API description', () => {
  it('documents the checkout, order and settings routes', async () => {
    const paths = Object.keys((await t.app.inject('/api/docs/json')).json().paths);
    for (const p of [
      '/api/square/create-checkout',
      '/api/square/webhook',
      '/api/orders/{id}',
      '/api/orders/{id}/payment-status',
      '/api/shipping',
      '/api/taxes',
    ]) {
      expect(paths).toContain(p);
    }
  });
});

describe('rate limit', () => {
  it('limits checkouts per address', async () => {
    const p = await createProduct(t.db, { price: '10.00', stock: 1000 });
    const body = await validBody(guest, [{ productId: p.id, quantity: 1 }]);
    const ip = { 'x-forwarded-for': '203.0.113.77' };
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await postCheckout(guest, body, ip)).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
