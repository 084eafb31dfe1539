// The admin orders list for a working day, through HTTP: unpaid checkouts in a view of their own and
// not counted as pending orders (docs/decisions/0220-unpaid-checkouts.md), filters by status, payment
// status and store-time-zone dates, sorting, bad query values, and the bulk status change with its
// per-order answer, history and audit.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, orderHistory, orders, stockHolds } from '~/server/db/schema';
import { createProduct } from '~/server/test/fixtures';
import { createTestApp, type TestApp } from '~/server/test/test-app';
import { insertOrder } from '~/server/test/order-fixtures';
import { signedInClients } from '~/server/features/admin-products/test-support';
import { expireUnpaidOrders } from '~/server/features/orders';

let t: TestApp;
let clients: Awaited<ReturnType<typeof signedInClients>>;
let productId: number;

beforeAll(async () => {
  // The default store time zone, said out loud: the date filter's days are Toronto's.
  t = await createTestApp({ env: { STORE_TIMEZONE: 'America/Toronto' } });
  clients = await signedInClients(t);
  productId = (await createProduct(t.db, { stock: 50 })).id;
});
afterAll(() => t?.close());

const MINUTE = 60_000;
const ids = (res: { json: () => unknown }) => (res.json() as { id: number }[]).map((o) => o.id);

/** A checkout's stock hold, running out `minutes` from now (negative: already ran out). */
async function holdFor(orderId: number, minutes: number, released = false) {
  await t.db.insert(stockHolds).values({
    orderId,
    productId,
    quantity: 1,
    expiresAt: new Date(Date.now() + minutes * MINUTE),
    releasedAt: released ? new Date() : null,
  });
}

describe('unpaid checkouts', () => {
  const marker = 'zz-unpaid';
  const made: Record<string, number> = {};

  beforeAll(async () => {
    const order = async (name: string, values: Parameters<typeof insertOrder>[1]) => {
      made[name] = (
        await insertOrder(t.db, { customerName: `${marker} ${name}`, status: 'pending', ...values })
      ).id;
    };
    await order('paid', { paymentStatus: 'completed', status: 'processing' });
    await order('paying', { paymentStatus: 'pending' });
    await holdFor(made.paying!, 20);
    await order('abandoned', { paymentStatus: 'pending' });
    await holdFor(made.abandoned!, -5);
    await order('declined', { paymentStatus: 'failed' });
    await holdFor(made.declined!, 20, true);
    // Put back to pending by an administrator after its hold ran out: left open on purpose (0121).
    await order('reopened', { paymentStatus: 'pending' });
    await holdFor(made.reopened!, -30);
    await t.db.insert(orderHistory).values({
      orderId: made.reopened!,
      field: 'paymentStatus',
      fromValue: 'failed',
      toValue: 'pending',
      actor: 'admin',
    });
    // Written without a checkout (older data, imports): no hold, so nothing says it was abandoned.
    await order('no-hold', { paymentStatus: 'pending' });
    await order('refunded', { paymentStatus: 'refunded', status: 'cancelled' });
  });

  const list = (query: string) => clients.admin.get(`/api/orders/admin?search=${marker}&${query}`);

  it('the default view shows the orders to work; unpaid checkouts have their own view; all shows both', async () => {
    const orders = await list('sort=customer');
    expect(orders.statusCode).toBe(200);
    expect(ids(orders)).toEqual([made['no-hold'], made.paid, made.paying, made.refunded, made.reopened]);
    expect(orders.headers['x-total-count']).toBe('5');
    expect(orders.json().every((o: { unpaidCheckout: boolean }) => o.unpaidCheckout === false)).toBe(true);

    const unpaid = await list('view=unpaid&sort=customer');
    expect(ids(unpaid)).toEqual([made.abandoned, made.declined]);
    expect(unpaid.headers['x-total-count']).toBe('2');
    expect(unpaid.json().map((o: { unpaidCheckout: boolean }) => o.unpaidCheckout)).toEqual([true, true]);

    const all = await list('view=all');
    expect(all.headers['x-total-count']).toBe('7');
    const detail = await clients.admin.get(`/api/orders/admin/${made.abandoned}`);
    expect(detail.json()).toMatchObject({ unpaidCheckout: true, paymentStatus: 'pending' });
  });

  it('an abandoned checkout stays apart once the maintenance job has failed it', async () => {
    await expireUnpaidOrders(t.app.ctx);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, made.abandoned!));
    expect(row!.paymentStatus).toBe('failed');
    // The reopened one was left open, and stays among the orders.
    expect(ids(await list('view=unpaid&sort=customer'))).toEqual([made.abandoned, made.declined]);
    expect(ids(await list('sort=customer'))).toContain(made.reopened);
  });

  it('the dashboard counts pending and total orders without unpaid checkouts', async () => {
    const res = await clients.admin.get('/api/admin/dashboard');
    expect(res.statusCode).toBe(200);
    // Status pending: paying, abandoned, declined, reopened, no-hold; abandoned and declined are unpaid
    // checkouts. The total counts what the Orders tab shows (docs/decisions/0466): the 7 orders less
    // the 2 unpaid checkouts.
    expect(res.json()).toMatchObject({ pendingOrders: 3, totalOrders: 5 });
  });
});

describe('filters and sorting', () => {
  const marker = 'zz-sorting';
  let a: number;
  let b: number;
  let c: number;
  let d: number;

  beforeAll(async () => {
    const order = async (name: string, values: Parameters<typeof insertOrder>[1]) =>
      (await insertOrder(t.db, { customerName: `${name} ${marker}`, ...values })).id;
    // Toronto is UTC-5 in March 2031 (daylight time starts on 9 March).
    a = await order('Carla', {
      total: '100.00',
      status: 'shipped',
      createdAt: new Date('2031-03-01T05:00:00Z'), // 1 March 00:00 in Toronto: the first instant
    });
    b = await order('alan', {
      total: '9.99',
      status: 'pending',
      createdAt: new Date('2031-03-02T04:59:59Z'), // 1 March 23:59:59 in Toronto: the last second
    });
    c = await order('Bea', {
      total: '250.50',
      status: 'processing',
      paymentStatus: 'refunded',
      createdAt: new Date('2031-03-02T05:00:00Z'), // 2 March 00:00 in Toronto
    });
    d = await order('Dan', {
      total: '99.99',
      status: 'cancelled',
      createdAt: new Date('2031-03-01T04:59:59Z'), // 28 February 23:59:59 in Toronto
    });
  });

  const list = (query: string) => clients.admin.get(`/api/orders/admin?search=${marker}&${query}`);

  it('sorts by date (newest first by default), total, customer (any case) and status (in the order work goes)', async () => {
    expect(ids(await list(''))).toEqual([c, b, a, d]);
    expect(ids(await list('sort=date&dir=asc'))).toEqual([d, a, b, c]);
    expect(ids(await list('sort=total'))).toEqual([c, a, d, b]);
    expect(ids(await list('sort=total&dir=asc'))).toEqual([b, d, a, c]);
    expect(ids(await list('sort=customer'))).toEqual([b, c, a, d]);
    expect(ids(await list('sort=customer&dir=desc'))).toEqual([d, a, c, b]);
    // pending, processing, ready-for-pickup, shipped, delivered, picked-up, cancelled.
    expect(ids(await list('sort=status'))).toEqual([b, c, a, d]);
    expect(ids(await list('sort=status&dir=desc'))).toEqual([d, a, c, b]);
  });

  it('pages through a sorted list without repeating or skipping an order', async () => {
    const page1 = ids(await list('sort=total&dir=asc&limit=3&page=1'));
    const page2 = ids(await list('sort=total&dir=asc&limit=3&page=2'));
    expect([...page1, ...page2]).toEqual([b, d, a, c]);
  });

  it("filters by whole days of the store's time zone, both ends included", async () => {
    expect(ids(await list('from=2031-03-01&to=2031-03-01'))).toEqual([b, a]);
    expect(ids(await list('from=2031-03-02'))).toEqual([c]);
    expect(ids(await list('to=2031-02-28'))).toEqual([d]);
    expect(ids(await list('from=2031-02-28&to=2031-03-02'))).toEqual([c, b, a, d]);
    expect(ids(await list('from=&to='))).toEqual([c, b, a, d]);
  });

  it('combines status, payment status and dates', async () => {
    expect(ids(await list('status=shipped&from=2031-03-01'))).toEqual([a]);
    expect(ids(await list('paymentStatus=refunded'))).toEqual([c]);
    expect(ids(await list('paymentStatus=completed&to=2031-03-01'))).toEqual([b, a, d]);
    expect(ids(await list('status=pending&paymentStatus=refunded'))).toEqual([]);
  });

  it('the CSV export takes the same filters', async () => {
    const res = await clients.admin.get(
      `/api/orders/export.csv?search=${marker}&from=2031-03-01&to=2031-03-01`,
    );
    expect(res.statusCode).toBe(200);
    const lines = res.body.trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines.slice(1).map((l) => Number(l.split(',')[0]))).toEqual([b, a]);
    const bad = await clients.admin.get('/api/orders/export.csv?from=2031-03-02&to=2031-03-01');
    expect(bad.statusCode).toBe(400);
  });

  it.each([
    ['view=paid', 'view must be one of orders, unpaid, all.'],
    [
      'status=lost',
      'status must be one of pending, processing, ready-for-pickup, shipped, delivered, picked-up, cancelled.',
    ],
    ['paymentStatus=maybe', 'paymentStatus must be one of pending, completed, failed, refunded.'],
    ['from=2031-02-30', 'from must be a date (yyyy-mm-dd).'],
    ['to=yesterday', 'to must be a date (yyyy-mm-dd).'],
    ['from=2031-03-02&to=2031-03-01', 'from must be on or before to.'],
    ['sort=price', 'sort must be one of date, total, customer, status.'],
    ['dir=up', 'dir must be asc or desc.'],
    ['page=0', 'page must be a whole number from 1.'],
    ['page=two', 'page must be a whole number from 1.'],
    ['limit=500', 'limit must be a whole number from 1 to 100.'],
    ['limit=2.5', 'limit must be a whole number from 1 to 100.'],
  ])('refuses %s with 400 and says why', async (query, message) => {
    const res = await clients.admin.get(`/api/orders/admin?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});

describe('bulk status change', () => {
  const bulk = (body: unknown, client = clients.admin) =>
    client.post('/api/orders/bulk-status', body as object);
  const statusOf = async (id: number) =>
    (await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.status;

  it('sets the status of each order as a single change would: history and audit per order', async () => {
    const one = (await insertOrder(t.db, { status: 'processing' })).id;
    const two = (await insertOrder(t.db, { status: 'pending' })).id;
    const res = await bulk({ ids: [one, two], status: 'shipped' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'shipped',
      updated: 2,
      failed: 0,
      results: [
        { id: one, ok: true, status: 'shipped' },
        { id: two, ok: true, status: 'shipped' },
      ],
    });
    expect([await statusOf(one), await statusOf(two)]).toEqual(['shipped', 'shipped']);
    const history = await t.db
      .select()
      .from(orderHistory)
      .where(inArray(orderHistory.orderId, [one, two]))
      .orderBy(orderHistory.orderId);
    expect(history.map((h) => [h.orderId, h.field, h.fromValue, h.toValue, h.actor, h.actorUserId])).toEqual([
      [one, 'status', 'processing', 'shipped', 'admin', clients.adminUser.id],
      [two, 'status', 'pending', 'shipped', 'admin', clients.adminUser.id],
    ]);
    const audit = await t.db
      .select()
      .from(adminAuditLog)
      .where(
        and(eq(adminAuditLog.entity, 'order'), inArray(adminAuditLog.entityId, [String(one), String(two)])),
      );
    expect(audit.map((a) => [a.entityId, a.action]).sort()).toEqual([
      [String(one), 'update-status'],
      [String(two), 'update-status'],
    ]);
  });

  it('reports an id that names no order and still changes the others; each order once', async () => {
    const one = (await insertOrder(t.db, { status: 'pending' })).id;
    const already = (await insertOrder(t.db, { status: 'delivered' })).id;
    const res = await bulk({
      ids: [999_999, one, 0, one, -4, 1.5, already, 99_999_999_999],
      status: 'delivered',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'delivered',
      updated: 2,
      failed: 5,
      results: [
        { id: 999_999, ok: false, message: 'Order not found.' },
        { id: one, ok: true, status: 'delivered' },
        { id: 0, ok: false, message: 'Order not found.' },
        { id: -4, ok: false, message: 'Order not found.' },
        { id: 1.5, ok: false, message: 'Order not found.' },
        { id: already, ok: true, status: 'delivered' },
        { id: 99_999_999_999, ok: false, message: 'Order not found.' },
      ],
    });
    expect(await statusOf(one)).toBe('delivered');
    // Already delivered: nothing written, as for a single change that repeats the status.
    expect(await t.db.select().from(orderHistory).where(eq(orderHistory.orderId, already))).toEqual([]);
  });

  it.each([
    [
      { ids: [1], status: 'lost' },
      'status must be one of pending, processing, ready-for-pickup, shipped, delivered, picked-up, cancelled.',
    ],
    [{ ids: [], status: 'shipped' }, 'Choose at least one order.'],
    [{ ids: 'all', status: 'shipped' }, 'ids must be a list of order numbers.'],
    [{ ids: ['12'], status: 'shipped' }, 'ids must be a list of order numbers.'],
    [
      { ids: Array.from({ length: 101 }, (_, i) => i + 2), status: 'shipped' },
      'At most 100 orders can be changed at once.',
    ],
    [{ ids: [1], status: 'shipped', total: '0.01' }, undefined],
  ])('refuses %j with 400, changing nothing', async (body, message) => {
    const order = (await insertOrder(t.db, { status: 'pending' })).id;
    const withOrder = { ...body, ids: Array.isArray(body.ids) && body.ids[0] === 1 ? [order] : body.ids };
    const res = await bulk(withOrder);
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().message).toBe(message);
    expect(await statusOf(order)).toBe('pending');
  });

  it('is for staff only: 401 signed out, 403 for a customer, nothing changed', async () => {
    const order = (await insertOrder(t.db, { status: 'pending' })).id;
    expect((await bulk({ ids: [order], status: 'shipped' }, clients.guest)).statusCode).toBe(401);
    expect((await bulk({ ids: [order], status: 'shipped' }, clients.customer)).statusCode).toBe(403);
    expect(await statusOf(order)).toBe('pending');
  });
});
