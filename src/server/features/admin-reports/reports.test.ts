// The sales and tax reports over the real HTTP layer. Every expected figure below is worked out by hand
// from the amounts the orders were given here (docs/decisions/0136-tax-lines.md rounding), in the store's
// time zone (America/Toronto, UTC-5 in January).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_DATE_MESSAGES } from '~/shared/schemas/admin-reports';
import { signedInClients } from '~/server/features/admin-products/test-support';
import { createCategory, createProduct } from '~/server/test/fixtures';
import { insertOrder } from '~/server/test/order-fixtures';
import { createTestApp, type TestApp } from '~/server/test/test-app';
import { periodsOf } from './service';

let t: TestApp;
let clients: Awaited<ReturnType<typeof signedInClients>>;
let productA: { id: number; name: string };
let productB: { id: number; name: string };
let productC: { id: number; name: string };

const address = (state: string) => ({
  addressLine1: '1 Test St',
  city: 'Somewhere',
  state,
  zipCode: 'A1A 1A1',
  country: 'Canada',
});
const line = (code: string, rate: string, amount: string) => ({ code, rate, amount }) as never;

beforeAll(async () => {
  t = await createTestApp({ env: { STORE_TIMEZONE: 'America/Toronto', STORE_PROVINCE: 'ON' } });
  clients = await signedInClients(t);
  const electronics = await createCategory(t.db, { name: 'Electronics', slug: 'electronics' });
  const home = await createCategory(t.db, { name: 'Home', slug: 'home' });
  productA = await createProduct(t.db, {
    name: 'Headphones',
    categoryId: electronics.id,
    lotNumber: 'LOT-A',
  });
  productB = await createProduct(t.db, { name: 'Kettle', categoryId: home.id, lotNumber: 'LOT-B' });
  productC = await createProduct(t.db, { name: 'Mystery Box', categoryId: null, lotNumber: 'LOT-C' });

  // 1. Ontario, Monday Jan 5 10:00: 100.00 of goods, HST 13% = 13.00.
  await insertOrder(
    t.db,
    {
      shippingAddress: address('ON'),
      subtotal: '100.00',
      shippingCost: '0.00',
      taxRate: '13',
      taxAmount: '13.00',
      taxLines: [line('HST', '13', '13.00')],
      total: '113.00',
      createdAt: new Date('2026-01-05T15:00:00Z'),
    },
    [{ productId: productA.id, quantity: 2, price: '50.00', productName: 'Headphones' }],
  );
  // 2. Quebec, Jan 6: 100.00; GST 5% = 5.00, QST 9.975% = 9.975 -> 9.98 (14.975% of 100 = 14.98 charged).
  await insertOrder(
    t.db,
    {
      shippingAddress: address('QC'),
      subtotal: '100.00',
      shippingCost: '0.00',
      taxRate: '14.975',
      taxAmount: '14.98',
      taxLines: [line('GST', '5', '5.00'), line('QST', '9.975', '9.98')],
      total: '114.98',
      createdAt: new Date('2026-01-06T15:00:00Z'),
    },
    [{ productId: productB.id, quantity: 1, price: '100.00', productName: 'Kettle' }],
  );
  // 3. British Columbia, Jan 7: 40.00 + 9.99 shipping = 49.99 taxable; 12% = 5.9988 -> 6.00 charged;
  //    GST 2.4995, PST 3.4993: 2.49 + 3.49 = 5.98, the two missing cents to the larger remainders: 2.50, 3.50.
  await insertOrder(
    t.db,
    {
      shippingAddress: address('BC'),
      subtotal: '40.00',
      shippingCost: '9.99',
      taxRate: '12',
      taxAmount: '6.00',
      taxLines: [line('GST', '5', '2.50'), line('PST', '7', '3.50')],
      total: '55.99',
      createdAt: new Date('2026-01-07T15:00:00Z'),
    },
    [{ productId: productC.id, quantity: 4, price: '10.00', productName: 'Mystery Box' }],
  );
  // 4. Alberta, Jan 10, refunded since: 20.00 + 5.99 = 25.99 taxable; GST 5% = 1.2995 -> 1.30; total 27.29.
  await insertOrder(
    t.db,
    {
      shippingAddress: address('AB'),
      subtotal: '20.00',
      shippingCost: '5.99',
      taxRate: '5',
      taxAmount: '1.30',
      taxLines: [line('GST', '5', '1.30')],
      total: '27.29',
      status: 'refunded',
      paymentStatus: 'refunded',
      createdAt: new Date('2026-01-10T15:00:00Z'),
    },
    [{ productId: productB.id, quantity: 1, price: '20.00', productName: 'Kettle' }],
  );
  // 5. Quebec, 23:30 on Saturday Jan 10 in Toronto (04:30 UTC on the 11th): 10.10; 14.975% = 1.512 -> 1.51;
  //    GST 0.505 -> 0.50, QST 1.007 -> 1.00, the missing cent to QST (larger remainder): 1.01.
  await insertOrder(
    t.db,
    {
      shippingAddress: address('QC'),
      subtotal: '10.10',
      shippingCost: '0.00',
      taxRate: '14.975',
      taxAmount: '1.51',
      taxLines: [line('GST', '5', '0.50'), line('QST', '9.975', '1.01')],
      total: '11.61',
      createdAt: new Date('2026-01-11T04:30:00Z'),
    },
    [{ productId: productA.id, quantity: 1, price: '10.10', productName: 'Headphones' }],
  );
  // 6. Pickup at 23:59 on Sunday Jan 11 in Toronto, taxed in the store's Ontario whatever the address:
  //    10.00, HST 1.30.
  await insertOrder(
    t.db,
    {
      shippingAddress: address('QC'),
      shippingMethod: 'pickup',
      subtotal: '10.00',
      shippingCost: '0.00',
      taxRate: '13',
      taxAmount: '1.30',
      taxLines: [line('HST', '13', '1.30')],
      total: '11.30',
      createdAt: new Date('2026-01-12T04:59:59Z'),
    },
    [{ productId: productC.id, quantity: 1, price: '10.00', productName: 'Mystery Box' }],
  );
  // Outside the range or not paid: none of these count.
  const ontario = {
    shippingAddress: address('ON'),
    subtotal: '50.00',
    shippingCost: '0.00',
    taxRate: '13',
    taxAmount: '6.50',
    taxLines: [line('HST', '13', '6.50')],
    total: '56.50',
  };
  const item = [{ productId: productA.id, quantity: 1, price: '50.00', productName: 'Headphones' }];
  await insertOrder(t.db, { ...ontario, createdAt: new Date('2026-01-12T05:00:00Z') }, item); // Jan 12 00:00
  await insertOrder(t.db, { ...ontario, createdAt: new Date('2026-01-05T04:59:59Z') }, item); // Jan 4 23:59
  await insertOrder(
    t.db,
    { ...ontario, status: 'pending', paymentStatus: 'pending', createdAt: new Date('2026-01-08T15:00:00Z') },
    item,
  );
  await insertOrder(
    t.db,
    { ...ontario, status: 'cancelled', paymentStatus: 'failed', createdAt: new Date('2026-01-09T15:00:00Z') },
    item,
  );
});
afterAll(() => t.close());

const zero = {
  orders: 0,
  sales: '0.00',
  codeDiscounts: '0.00',
  shipping: '0.00',
  tax: '0.00',
  total: '0.00',
  refunds: '0.00',
  net: '0.00',
};

describe('GET /api/admin/reports/sales', () => {
  it('adds up the paid orders of each day of the range in the store time zone, refunds subtracted', async () => {
    const res = await clients.admin.get('/api/admin/reports/sales?from=2026-01-05&to=2026-01-11&by=day');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      from: '2026-01-05',
      to: '2026-01-11',
      by: 'day',
      timeZone: 'America/Toronto',
    });
    const day = (d: string) => ({ start: d, end: d });
    expect(body.periods).toEqual([
      {
        ...day('2026-01-05'),
        orders: 1,
        sales: '100.00',
        codeDiscounts: '0.00',
        shipping: '0.00',
        tax: '13.00',
        total: '113.00',
        refunds: '0.00',
        net: '113.00',
      },
      {
        ...day('2026-01-06'),
        orders: 1,
        sales: '100.00',
        codeDiscounts: '0.00',
        shipping: '0.00',
        tax: '14.98',
        total: '114.98',
        refunds: '0.00',
        net: '114.98',
      },
      {
        ...day('2026-01-07'),
        orders: 1,
        sales: '40.00',
        codeDiscounts: '0.00',
        shipping: '9.99',
        tax: '6.00',
        total: '55.99',
        refunds: '0.00',
        net: '55.99',
      },
      { ...day('2026-01-08'), ...zero },
      { ...day('2026-01-09'), ...zero },
      // The refunded Alberta order (27.29) and the Quebec one at 23:30 (11.61).
      {
        ...day('2026-01-10'),
        orders: 2,
        sales: '30.10',
        codeDiscounts: '0.00',
        shipping: '5.99',
        tax: '2.81',
        total: '38.90',
        refunds: '27.29',
        net: '11.61',
      },
      {
        ...day('2026-01-11'),
        orders: 1,
        sales: '10.00',
        codeDiscounts: '0.00',
        shipping: '0.00',
        tax: '1.30',
        total: '11.30',
        refunds: '0.00',
        net: '11.30',
      },
    ]);
    // 100 + 100 + 40 + 30.10 + 10; 9.99 + 5.99; 13 + 14.98 + 6 + 2.81 + 1.30; the sum of the three; minus 27.29.
    expect(body.totals).toEqual({
      orders: 6,
      sales: '280.10',
      codeDiscounts: '0.00',
      shipping: '15.98',
      tax: '38.09',
      total: '334.17',
      refunds: '27.29',
      net: '306.88',
    });
  });

  it('groups by week (from Monday) and by month, the first and last periods clipped to the range', async () => {
    const week = (
      await clients.admin.get('/api/admin/reports/sales?from=2026-01-07&to=2026-01-11&by=week')
    ).json();
    // Wednesday to Sunday: orders 3 to 6 (55.99 + 38.90 + 11.30 = 106.19).
    expect(week.periods).toEqual([
      {
        start: '2026-01-07',
        end: '2026-01-11',
        orders: 4,
        sales: '80.10',
        codeDiscounts: '0.00',
        shipping: '15.98',
        tax: '10.11',
        total: '106.19',
        refunds: '27.29',
        net: '78.90',
      },
    ]);
    const month = (
      await clients.admin.get('/api/admin/reports/sales?from=2025-12-20&to=2026-01-11&by=month')
    ).json();
    expect(month.periods).toEqual([
      { start: '2025-12-20', end: '2025-12-31', ...zero },
      { start: '2026-01-01', end: '2026-01-11', ...month.totals },
    ]);
    // The six of the week and the one at 23:59 on Sunday Jan 4 (56.50): 334.17 + 56.50, net 306.88 + 56.50.
    expect(month.totals).toMatchObject({ orders: 7, total: '390.67', net: '363.38' });
  });

  it('includes both days of the range: one day alone, the last minute in, the next minute out', async () => {
    const sunday = (await clients.admin.get('/api/admin/reports/sales?from=2026-01-11&to=2026-01-11')).json();
    expect(sunday.by).toBe('day');
    expect(sunday.totals).toMatchObject({ orders: 1, total: '11.30' });
    const monday = (await clients.admin.get('/api/admin/reports/sales?from=2026-01-12&to=2026-01-12')).json();
    expect(monday.totals).toMatchObject({ orders: 1, total: '56.50' });
    const dayBefore = (
      await clients.admin.get('/api/admin/reports/sales?from=2026-01-04&to=2026-01-04')
    ).json();
    expect(dayBefore.totals).toMatchObject({ orders: 1, total: '56.50' });
  });
});

describe('sales by category and by product', () => {
  it('adds up the items of the paid orders per category, a refunded order’s items as refunds', async () => {
    const res = await clients.admin.get('/api/admin/reports/sales-by-category?from=2026-01-05&to=2026-01-11');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.rows).toEqual([
      // 100.00 (order 2) + 20.00 (order 4, refunded).
      {
        categoryId: expect.any(Number),
        name: 'Home',
        orders: 2,
        units: 2,
        sales: '120.00',
        refunds: '20.00',
        net: '100.00',
      },
      // 2 x 50.00 + 10.10.
      {
        categoryId: expect.any(Number),
        name: 'Electronics',
        orders: 2,
        units: 3,
        sales: '110.10',
        refunds: '0.00',
        net: '110.10',
      },
      // 4 x 10.00 + 10.00.
      {
        categoryId: null,
        name: 'No category',
        orders: 2,
        units: 5,
        sales: '50.00',
        refunds: '0.00',
        net: '50.00',
      },
    ]);
    expect(body.totals).toEqual({ orders: 6, units: 10, sales: '280.10', refunds: '20.00', net: '260.10' });
  });

  it('lists the best sellers by net sales, at most `limit`, with the count and totals of all', async () => {
    const res = await clients.admin.get(
      '/api/admin/reports/sales-by-product?from=2026-01-05&to=2026-01-11&limit=2',
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.productCount).toBe(3);
    expect(body.rows).toEqual([
      {
        productId: productA.id,
        name: 'Headphones',
        lotNumber: 'LOT-A',
        orders: 2,
        units: 3,
        sales: '110.10',
        refunds: '0.00',
        net: '110.10',
      },
      {
        productId: productB.id,
        name: 'Kettle',
        lotNumber: 'LOT-B',
        orders: 2,
        units: 2,
        sales: '120.00',
        refunds: '20.00',
        net: '100.00',
      },
    ]);
    expect(body.totals).toEqual({ orders: 6, units: 10, sales: '280.10', refunds: '20.00', net: '260.10' });
  });

  it('answers an empty range with no rows and zero totals', async () => {
    const body = (
      await clients.admin.get('/api/admin/reports/sales-by-product?from=2025-01-01&to=2025-01-31')
    ).json();
    expect(body).toEqual({
      from: '2025-01-01',
      to: '2025-01-31',
      productCount: 0,
      rows: [],
      totals: { orders: 0, units: 0, sales: '0.00', refunds: '0.00', net: '0.00' },
    });
  });
});

describe('GET /api/admin/reports/taxes', () => {
  it('downloads the tax charged per province, tax and rate as CSV, worked out by hand', async () => {
    const res = await clients.admin.get('/api/admin/reports/taxes?from=2026-01-05&to=2026-01-11');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="taxes-2026-01-05-to-2026-01-11.csv"',
    );
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).split('\r\n');
    expect(lines).toEqual([
      'Province,Tax,Rate (%),Orders,Taxable sales,Tax collected,Refunded taxable sales,Tax refunded,Net taxable sales,Net tax',
      // Order 4, refunded whole: its tax is given back with it.
      'AB,GST,5,1,25.99,1.30,25.99,1.30,0.00,0.00',
      'BC,GST,5,1,49.99,2.50,0.00,0.00,49.99,2.50',
      'BC,PST,7,1,49.99,3.50,0.00,0.00,49.99,3.50',
      // Order 1 (100.00, 13.00) and the pickup (10.00, 1.30), taxed in the store's province.
      'ON,HST,13,2,110.00,14.30,0.00,0.00,110.00,14.30',
      // Orders 2 and 5: 100.00 + 10.10; GST 5.00 + 0.50; QST 9.98 + 1.01.
      'QC,GST,5,2,110.10,5.50,0.00,0.00,110.10,5.50',
      'QC,QST,9.975,2,110.10,10.99,0.00,0.00,110.10,10.99',
      '',
    ]);
  });

  it('takes the last day in and leaves the next day out', async () => {
    const sunday = await clients.admin.get('/api/admin/reports/taxes?from=2026-01-11&to=2026-01-11');
    expect(sunday.body.slice(1).split('\r\n').slice(1)).toEqual([
      'ON,HST,13,1,10.00,1.30,0.00,0.00,10.00,1.30',
      '',
    ]);
    const quiet = await clients.admin.get('/api/admin/reports/taxes?from=2026-01-08&to=2026-01-09');
    expect(quiet.body.slice(1).split('\r\n')).toHaveLength(2); // the header and the final line end only
  });
});

describe('a refund of part of an order', () => {
  it("subtracts what the provider gave back, and the same share of the order's tax", async () => {
    // Ontario, Feb 2: 200.00 of goods, HST 13% = 26.00, total 226.00; 113.00 refunded (half of it):
    // refunded taxable 200.00 x 113/226 = 100.00, tax refunded 26.00 x 113/226 = 13.00.
    await insertOrder(
      t.db,
      {
        shippingAddress: address('ON'),
        subtotal: '200.00',
        shippingCost: '0.00',
        taxRate: '13',
        taxAmount: '26.00',
        taxLines: [line('HST', '13', '26.00')],
        total: '226.00',
        refundedAmount: '113.00',
        createdAt: new Date('2026-02-02T15:00:00Z'),
      },
      [{ productId: productA.id, quantity: 4, price: '50.00', productName: 'Headphones' }],
    );
    const sales = await clients.admin.get('/api/admin/reports/sales?from=2026-02-02&to=2026-02-02&by=day');
    expect(sales.json().periods).toEqual([
      {
        start: '2026-02-02',
        end: '2026-02-02',
        orders: 1,
        sales: '200.00',
        codeDiscounts: '0.00',
        shipping: '0.00',
        tax: '26.00',
        total: '226.00',
        refunds: '113.00',
        net: '113.00',
      },
    ]);
    const taxes = await clients.admin.get('/api/admin/reports/taxes?from=2026-02-02&to=2026-02-02');
    expect(taxes.body.slice(1).split('\r\n').slice(1)).toEqual([
      'ON,HST,13,1,200.00,26.00,100.00,13.00,100.00,13.00',
      '',
    ]);
  });
});

describe('bad input', () => {
  const cases: [string, string][] = [
    ['/api/admin/reports/taxes?to=2026-01-11', REPORT_DATE_MESSAGES.fromMissing],
    ['/api/admin/reports/taxes?from=2026-01-05', REPORT_DATE_MESSAGES.toMissing],
    ['/api/admin/reports/taxes?from=2026-02-30&to=2026-03-01', REPORT_DATE_MESSAGES.fromInvalid],
    ['/api/admin/reports/taxes?from=2026-01-05&to=11/01/2026', REPORT_DATE_MESSAGES.toInvalid],
    ['/api/admin/reports/taxes?from=2026-01-11&to=2026-01-05', REPORT_DATE_MESSAGES.inverted],
    ['/api/admin/reports/sales?from=2026-01-11&to=2026-01-10', REPORT_DATE_MESSAGES.inverted],
    ['/api/admin/reports/sales?from=2020-01-01&to=2026-01-01&by=month', REPORT_DATE_MESSAGES.tooLong],
    ['/api/admin/reports/sales?from=2025-01-01&to=2026-01-02&by=day', REPORT_DATE_MESSAGES.tooManyDays],
    ['/api/admin/reports/sales?from=2025-01-01&to=2025-01-02&by=year', 'by must be day, week or month.'],
    ['/api/admin/reports/sales-by-category?from=x&to=2025-01-02', REPORT_DATE_MESSAGES.fromInvalid],
    [
      '/api/admin/reports/sales-by-product?from=2025-01-01&to=2025-01-02&limit=0',
      'limit must be a whole number from 1 to 500.',
    ],
  ];
  it.each(cases)('%s answers 400: %s', async (url, message) => {
    const res = await clients.admin.get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('splits the figures by channel: the storefront and the outlet till', async () => {
    // March 10: an online order of 50.00 (HST 6.50, total 56.50) and a till sale of 20.00 less a 2.00
    // discount (18.00, HST 2.34, total 20.34).
    const day = new Date('2026-03-10T15:00:00Z');
    await insertOrder(
      t.db,
      {
        subtotal: '50.00',
        shippingCost: '0.00',
        taxRate: '13',
        taxAmount: '6.50',
        taxLines: [line('HST', '13', '6.50')],
        total: '56.50',
        createdAt: day,
      },
      [{ productId: productB.id, quantity: 1, price: '50.00', productName: 'Kettle' }],
    );
    await insertOrder(
      t.db,
      {
        subtotal: '20.00',
        codeDiscountAmount: '2.00',
        shippingMethod: 'pickup',
        shippingCost: '0.00',
        taxRate: '13',
        taxAmount: '2.34',
        taxLines: [line('HST', '13', '2.34')],
        total: '20.34',
        channel: 'till',
        createdAt: day,
      },
      [
        {
          productId: productA.id,
          quantity: 1,
          price: '20.00',
          codeDiscount: '2.00',
          productName: 'Headphones',
        },
      ],
    );
    const res = await clients.admin.get('/api/admin/reports/sales?from=2026-03-10&to=2026-03-10&by=day');
    expect(res.statusCode, res.body).toBe(200);
    const figures = (orders: number, sales: string, codes: string, tax: string, total: string) => ({
      orders,
      sales,
      codeDiscounts: codes,
      shipping: '0.00',
      tax,
      total,
      refunds: '0.00',
      net: total,
    });
    expect(res.json().byChannel).toEqual([
      { channel: 'online', ...figures(1, '50.00', '0.00', '6.50', '56.50') },
      { channel: 'till', ...figures(1, '18.00', '2.00', '2.34', '20.34') },
      { channel: 'draft', ...figures(0, '0.00', '0.00', '0.00', '0.00') },
    ]);
    expect(res.json().totals).toEqual(figures(2, '68.00', '2.00', '8.84', '76.84'));
  });

  it('accepts a whole year by day, and five years by month', async () => {
    expect(
      (await clients.admin.get('/api/admin/reports/sales?from=2025-01-01&to=2025-12-31')).statusCode,
    ).toBe(200);
    const five = await clients.admin.get('/api/admin/reports/sales?from=2021-01-12&to=2026-01-11&by=month');
    expect(five.statusCode).toBe(200);
    expect(five.json().periods).toHaveLength(61);
  });
});

describe('access', () => {
  const urls = [
    '/api/admin/reports/sales?from=2026-01-05&to=2026-01-11',
    '/api/admin/reports/sales-by-category?from=2026-01-05&to=2026-01-11',
    '/api/admin/reports/sales-by-product?from=2026-01-05&to=2026-01-11',
    '/api/admin/reports/taxes?from=2026-01-05&to=2026-01-11',
    '/api/admin/audit-log',
    '/api/admin/audit-log/filters',
  ];
  it.each(urls)('%s refuses customers (403) and the signed out (401)', async (url) => {
    expect((await clients.customer.get(url)).statusCode).toBe(403);
    expect((await clients.guest.get(url)).statusCode).toBe(401);
  });
});

describe('periodsOf', () => {
  it('starts weeks on Monday and months on the first, clipped to the range', () => {
    expect(periodsOf('2026-02-26', '2026-03-03', 'week')).toEqual([
      { key: '2026-02-23', start: '2026-02-26', end: '2026-03-01' },
      { key: '2026-03-02', start: '2026-03-02', end: '2026-03-03' },
    ]);
    expect(periodsOf('2024-01-31', '2024-03-01', 'month')).toEqual([
      { key: '2024-01-01', start: '2024-01-31', end: '2024-01-31' },
      { key: '2024-02-01', start: '2024-02-01', end: '2024-02-29' },
      { key: '2024-03-01', start: '2024-03-01', end: '2024-03-01' },
    ]);
  });
});
