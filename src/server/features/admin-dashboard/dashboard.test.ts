import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeDate } from '~/shared/pricing';
import { adminAuditLog, products, storeMeta } from '~/server/db/schema';
import {
  createCategory,
  createProduct,
  setCategoryDiscount,
  setWeekdayDiscounts,
} from '~/server/test/fixtures';
import { createTestApp, type TestApp } from '~/server/test/test-app';
import { insertOrderWith, signedInClients } from '~/server/features/admin-products/test-support';
import { lastDates } from './service';

let t: TestApp;
let clients: Awaited<ReturnType<typeof signedInClients>>;

beforeAll(async () => {
  t = await createTestApp();
  clients = await signedInClients(t);
  await t.db.insert(storeMeta).values({ key: 'demoData', value: true });
});
afterAll(() => t.close());

const DAY = 86_400_000;

describe('GET /api/admin/dashboard', () => {
  it('counts products, orders, pending orders and discounts above 0 from the data', async () => {
    const empty = (await clients.admin.get('/api/admin/dashboard')).json();
    expect(empty).toMatchObject({
      totalProducts: 0,
      totalOrders: 0,
      pendingOrders: 0,
      activeDiscounts: 0,
      demoMode: true,
    });

    const p = await createProduct(t.db);
    const archived = await createProduct(t.db);
    await t.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, archived.id));
    await createProduct(t.db, { active: false });
    await setWeekdayDiscounts(t.db, [0, 10, 0, 5, 0, 0, 20]);
    const cat = await createCategory(t.db);
    const cat2 = await createCategory(t.db);
    await setCategoryDiscount(t.db, cat.id, 15);
    await setCategoryDiscount(t.db, cat2.id, 0);
    await insertOrderWith(t.db, p.id, { status: 'pending', paymentStatus: 'pending', total: '10.00' });
    await insertOrderWith(t.db, p.id, { status: 'pending', paymentStatus: 'completed', total: '20.50' });
    await insertOrderWith(t.db, p.id, { status: 'shipped', paymentStatus: 'completed', total: '30.25' });
    await insertOrderWith(t.db, p.id, {
      status: 'delivered',
      paymentStatus: 'completed',
      total: '99.99',
      createdAt: new Date(Date.now() - 3 * DAY),
    });
    // A declined checkout is no order: counted neither in the totals nor the chart, as in the Orders tab.
    await insertOrderWith(t.db, p.id, { status: 'pending', paymentStatus: 'failed', total: '40.00' });
    // Older than 30 days: counted in the totals, not in the chart.
    await insertOrderWith(t.db, p.id, {
      status: 'delivered',
      paymentStatus: 'completed',
      createdAt: new Date(Date.now() - 45 * DAY),
    });

    const res = await clients.admin.get('/api/admin/dashboard');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ totalProducts: 2, totalOrders: 5, pendingOrders: 2, activeDiscounts: 4 });
    // The Orders tab's default view counts the same orders.
    const tab = await clients.admin.get('/api/orders/admin?limit=1');
    expect(tab.headers['x-total-count']).toBe('5');
    expect(body.days).toHaveLength(30);
    const today = storeDate(t.config.STORE_TIMEZONE);
    expect(body.days.at(-1)).toEqual({ date: today, orders: 3, revenue: '50.75' });
    const threeDaysAgo = storeDate(t.config.STORE_TIMEZONE, new Date(Date.now() - 3 * DAY));
    expect(body.days.find((d: { date: string }) => d.date === threeDaysAgo)).toEqual({
      date: threeDaysAgo,
      orders: 1,
      revenue: '99.99',
    });
    expect(body.days.reduce((n: number, d: { orders: number }) => n + d.orders, 0)).toBe(4);
  });

  it('lists 30 consecutive dates ending today', () => {
    expect(lastDates('2024-03-02', 3)).toEqual(['2024-02-29', '2024-03-01', '2024-03-02']);
  });
});

describe('demo mode', () => {
  it('ends when the administrator dismisses the notice, and is audited once', async () => {
    await t.db.update(storeMeta).set({ value: true }).where(eq(storeMeta.key, 'demoData'));
    const res = await clients.admin.post('/api/admin/demo-mode/dismiss');
    expect(res.statusCode).toBe(200);
    expect((await clients.admin.get('/api/admin/dashboard')).json().demoMode).toBe(false);
    await clients.admin.post('/api/admin/demo-mode/dismiss');
    expect(await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.entity, 'demo-mode'))).toHaveLength(
      1,
    );
  });

  it('ends with the first change to the catalogue', async () => {
    await t.db.update(storeMeta).set({ value: true }).where(eq(storeMeta.key, 'demoData'));
    expect((await clients.admin.get('/api/admin/dashboard')).json().demoMode).toBe(true);
    await clients.admin.post('/api/products', { name: 'First Real Product', price: '5' });
    expect((await clients.admin.get('/api/admin/dashboard')).json().demoMode).toBe(false);
  });
});
