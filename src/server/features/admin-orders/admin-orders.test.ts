// Order management by administrators: who may call it,
// the list (paging, filters, search), status and tracking with their history, linking an order to a
// user, and the payment status selector with its effects on stock and e-mail exactly once. Orders are
// placed through the real checkout, so they carry real stock holds.
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, mailOutbox, orderHistory, orders, products, stockHolds } from '~/server/db/schema';
import {
  createProduct,
  createUser,
  seedStoreSettings,
  setWeekdayDiscounts,
  signInAs,
} from '~/server/test/fixtures';
import { createTestApp, type TestApp, TestClient } from '~/server/test/test-app';
import { testDbKind } from '~/server/test/test-database';
import { insertOrder } from '~/server/test/order-fixtures';
import { MANY_ORDER_EMAILS, postCheckout, validBody } from '~/server/features/checkout/test-support';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let adminClient: TestClient;
let customer: Awaited<ReturnType<typeof createUser>>;
let customerClient: TestClient;

beforeAll(async () => {
  // Stands for many clients by varying X-Forwarded-For (per-address limits), so it trusts the header.
  t = await createTestApp({ env: { TRUST_PROXY: 'true', ...MANY_ORDER_EMAILS } });
  await seedStoreSettings(t.db);
  await setWeekdayDiscounts(t.db);
  admin = await createUser(t.db, {
    username: 'orders_admin',
    email: 'orders_admin@store.example',
    isAdmin: true,
  });
  customer = await createUser(t.db, { username: 'orders_customer', email: 'Customer.One@Example.com' });
  adminClient = new TestClient(t.app);
  await signInAs(t.db, adminClient, admin.id);
  customerClient = new TestClient(t.app);
  await signInAs(t.db, customerClient, customer.id);
});
afterAll(() => t?.close());

/** A guest's order through the real checkout: pending, with holds on its items. */
async function guestOrder(
  lines: { productId: number; quantity: number }[],
  email = 'guest.buyer@example.com',
) {
  const guest = new TestClient(t.app);
  const body = await validBody(guest, lines);
  body.orderData.customerEmail = email;
  body.orderData.customerName = 'Gail Guest';
  const res = await postCheckout(guest, body);
  expect(res.statusCode, res.body).toBe(200);
  const [order] = await t.db.select().from(orders).where(eq(orders.orderReference, res.json().orderId));
  return order!;
}

const stockOf = async (id: number) =>
  (await t.db.select().from(products).where(eq(products.id, id)))[0]!.stock;
const orderRow = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const confirmations = async (orderId: number) =>
  (
    await t.db
      .select({ n: count() })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.orderId, orderId), eq(mailOutbox.kind, 'order-confirmation')))
  )[0]!.n;
const historyOf = async (orderId: number) =>
  t.db.select().from(orderHistory).where(eq(orderHistory.orderId, orderId)).orderBy(orderHistory.id);
const setPayment = (id: number, paymentStatus: string, client = adminClient) =>
  client.patch(`/api/orders/${id}/payment-status`, { paymentStatus });

describe('access', () => {
  let orderId: number;
  beforeAll(async () => {
    orderId = (await insertOrder(t.db, { status: 'pending', paymentStatus: 'pending' })).id;
  });

  const routes = (): [string, string, unknown?][] => [
    ['GET', '/api/orders/admin'],
    ['GET', `/api/orders/admin/${orderId}`],
    ['GET', '/api/orders/export.csv'],
    ['PATCH', `/api/orders/${orderId}/status`, { status: 'shipped' }],
    ['PATCH', `/api/orders/${orderId}`, { trackingNumber: 'X1' }],
    ['POST', `/api/orders/${orderId}/associate`, { userId: 1 }],
  ];

  it('every admin route refuses guests (401) and customers (403), changing nothing', async () => {
    const before = await orderRow(orderId);
    for (const [method, url, body] of routes()) {
      const guest = await new TestClient(t.app).request({
        method: method as 'GET',
        url,
        payload: body as object,
      });
      expect(guest.statusCode, `${method} ${url}`).toBe(401);
      const asCustomer = await customerClient.request({
        method: method as 'GET',
        url,
        payload: body as object,
      });
      expect(asCustomer.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await orderRow(orderId)).toEqual(before);
  });

  it('the payment status selector is the administrator’s: a guest gets 404, a customer cannot refund their own order', async () => {
    const own = await insertOrder(t.db, {
      userId: customer.id,
      status: 'processing',
      paymentStatus: 'completed',
    });
    const before = await orderRow(own.id);
    expect((await setPayment(own.id, 'refunded', new TestClient(t.app))).statusCode).toBe(404);
    expect((await setPayment(own.id, 'refunded', customerClient)).statusCode).toBe(403);
    expect((await setPayment(orderId, 'completed', customerClient)).statusCode).toBe(404);
    expect(await orderRow(own.id)).toEqual(before);
  });
});

describe('list', () => {
  const marker = 'zz-list-marker';
  let ids: number[] = [];
  beforeAll(async () => {
    ids = [];
    const statuses = ['pending', 'processing', 'shipped', 'pending', 'delivered'];
    for (const [i, status] of statuses.entries()) {
      const o = await insertOrder(t.db, {
        status,
        paymentStatus: i === 0 ? 'pending' : 'completed',
        customerName: `Lister ${marker} ${i}`,
        customerEmail: `lister${i}@${marker}.example`,
        createdAt: new Date(Date.UTC(2031, 0, 1 + i)),
        ...(i === 2 ? { orderReference: 'ORD-LISTABCDEFGH2345' } : {}),
      });
      ids.push(o.id);
    }
  });

  it('newest first, paged, with the total in X-Total-Count and the linked user', async () => {
    const res = await adminClient.get(`/api/orders/admin?search=${marker}&limit=2&page=1`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('5');
    expect(res.json().map((o: { id: number }) => o.id)).toEqual([ids[4], ids[3]]);
    const page3 = await adminClient.get(`/api/orders/admin?search=${marker}&limit=2&page=3`);
    expect(page3.json().map((o: { id: number }) => o.id)).toEqual([ids[0]]);
    const first = res.json()[0];
    expect(first).toMatchObject({
      user: null,
      inventoryReduced: false,
      confirmationEmailSent: false,
      items: [],
    });
    expect(first).not.toHaveProperty('idempotencyKey');
    expect(first).not.toHaveProperty('paymentLinkId');
  });

  it('filters by status and payment status', async () => {
    const pending = await adminClient.get(`/api/orders/admin?search=${marker}&status=pending`);
    expect(pending.headers['x-total-count']).toBe('2');
    expect(pending.json().map((o: { id: number }) => o.id)).toEqual([ids[3], ids[0]]);
    const all = await adminClient.get(`/api/orders/admin?search=${marker}&status=all`);
    expect(all.headers['x-total-count']).toBe('5');
    const unpaid = await adminClient.get(`/api/orders/admin?search=${marker}&paymentStatus=pending`);
    expect(unpaid.json().map((o: { id: number }) => o.id)).toEqual([ids[0]]);
    const bad = await adminClient.get('/api/orders/admin?status=lost');
    expect(bad.statusCode).toBe(400);
  });

  it('searches by order number, reference, part of the name or e-mail (any case)', async () => {
    const o = await orderRow(ids[2]!);
    const search = async (q: string) =>
      (await adminClient.get(`/api/orders/admin?search=${encodeURIComponent(q)}`))
        .json()
        .map((x: { id: number }) => x.id);
    expect(await search(o.orderReference)).toEqual([o.id]);
    // Read out on the phone: any case, with or without the prefix.
    expect(await search(' ord-listabcdefgh2345 ')).toEqual([o.id]);
    expect(await search('LISTABCDEFGH2345')).toEqual([o.id]);
    expect(await search('ORD-LISTABCDEFGH2346')).toEqual([]);
    expect(await search(`#${o.id}`)).toContain(o.id);
    expect(await search(`LISTER ${marker.toUpperCase()} 2`)).toEqual([o.id]);
    expect(await search(`LISTER2@${marker}`)).toEqual([o.id]);
    expect(await search('%')).toEqual([]);
    expect(await search('nothing-matches-this')).toEqual([]);
  });
});

describe('status, tracking and history', () => {
  it('sets each of the seven statuses of a paid order; a repeat changes nothing; every change has a history row', async () => {
    const order = await insertOrder(t.db, { status: 'pending', paymentStatus: 'completed' });
    const path = [
      'processing',
      'ready-for-pickup',
      'shipped',
      'delivered',
      'picked-up',
      'cancelled',
      'pending',
    ];
    for (const status of path) {
      const res = await adminClient.patch(`/api/orders/${order.id}/status`, { status });
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe(status);
    }
    const again = await adminClient.patch(`/api/orders/${order.id}/status`, { status: 'pending' });
    expect(again.statusCode).toBe(200);
    const history = (await historyOf(order.id)).filter((h) => h.field === 'status');
    // Seven changes (processing ... cancelled, then back to pending); the repeat wrote nothing.
    expect(history.map((h) => h.toValue)).toEqual(path);
    expect(history[0]).toMatchObject({
      fromValue: 'pending',
      toValue: 'processing',
      actor: 'admin',
      actorUserId: admin.id,
    });
    const detail = (await adminClient.get(`/api/orders/admin/${order.id}`)).json();
    expect(detail.history.at(-1)).toMatchObject({
      field: 'status',
      from: 'cancelled',
      to: 'pending',
      actor: 'admin',
      who: 'orders_admin',
    });
  });

  it('refuses to work an unpaid, cancelled or fully refunded order, alone or in bulk, saying why', async () => {
    const unpaid = await insertOrder(t.db, { status: 'pending', paymentStatus: 'pending' });
    const cancelled = await insertOrder(t.db, { status: 'cancelled', paymentStatus: 'completed' });
    const refunded = await insertOrder(t.db, {
      status: 'processing',
      paymentStatus: 'refunded',
      refundedAmount: '29.37',
    });
    const paid = await insertOrder(t.db, { status: 'pending', paymentStatus: 'completed' });
    const one = await adminClient.patch(`/api/orders/${unpaid.id}/status`, { status: 'processing' });
    expect(one.statusCode).toBe(409);
    expect(one.json().message).toBe(
      'This order is not paid: it cannot be moved to Processing until its payment is completed.',
    );
    const bulk = await adminClient.post('/api/orders/bulk-status', {
      ids: [unpaid.id, cancelled.id, refunded.id, paid.id],
      status: 'shipped',
    });
    expect(bulk.statusCode).toBe(200);
    expect(bulk.json()).toMatchObject({
      updated: 1,
      failed: 3,
      results: [
        {
          id: unpaid.id,
          ok: false,
          message: 'This order is not paid: it cannot be moved to Shipped until its payment is completed.',
        },
        {
          id: cancelled.id,
          ok: false,
          message:
            'This order is cancelled: it cannot be moved to Shipped. Set it to Pending first if it was cancelled by mistake.',
        },
        {
          id: refunded.id,
          ok: false,
          message: 'This order is fully refunded: it cannot be moved to Shipped.',
        },
        { id: paid.id, ok: true, status: 'shipped' },
      ],
    });
    expect((await orderRow(unpaid.id)).status).toBe('pending');
    expect((await orderRow(cancelled.id)).status).toBe('cancelled');
    expect((await orderRow(refunded.id)).status).toBe('processing');
    expect(await historyOf(unpaid.id)).toEqual([]);
    // Cancelling and re-opening stay open to every order.
    expect(
      (await adminClient.patch(`/api/orders/${unpaid.id}/status`, { status: 'cancelled' })).statusCode,
    ).toBe(200);
  });

  it('refuses an unknown status or order: 400 / 404, nothing changed', async () => {
    const order = await insertOrder(t.db, { status: 'pending' });
    const bad = await adminClient.patch(`/api/orders/${order.id}/status`, { status: 'lost' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^status must be one of pending, processing/);
    expect((await adminClient.patch(`/api/orders/${order.id}/status`, {})).statusCode).toBe(400);
    expect((await adminClient.patch('/api/orders/999999/status', { status: 'shipped' })).statusCode).toBe(
      404,
    );
    expect((await adminClient.patch('/api/orders/abc/status', { status: 'shipped' })).statusCode).toBe(400);
    expect((await orderRow(order.id)).status).toBe('pending');
    expect(await historyOf(order.id)).toEqual([]);
  });

  it('sets the tracking number and estimated delivery, with the status or on their own; blank clears', async () => {
    const order = await insertOrder(t.db, { status: 'processing' });
    const shipped = await adminClient.patch(`/api/orders/${order.id}/status`, {
      status: 'shipped',
      trackingNumber: ' 1Z999AA10123456784 ',
      estimatedDeliveryDate: '2031-05-20',
    });
    expect(shipped.json()).toMatchObject({
      status: 'shipped',
      trackingNumber: '1Z999AA10123456784',
      estimatedDeliveryDate: '2031-05-20',
    });
    const edit = await adminClient.patch(`/api/orders/${order.id}`, { estimatedDeliveryDate: '2031-05-22' });
    expect(edit.json()).toMatchObject({
      trackingNumber: '1Z999AA10123456784',
      estimatedDeliveryDate: '2031-05-22',
    });
    const cleared = await adminClient.patch(`/api/orders/${order.id}`, { trackingNumber: '' });
    expect(cleared.json()).toMatchObject({ trackingNumber: null, estimatedDeliveryDate: '2031-05-22' });
    const fields = (await historyOf(order.id)).map((h) => [h.field, h.fromValue, h.toValue]);
    expect(fields).toEqual([
      ['status', 'processing', 'shipped'],
      ['trackingNumber', null, '1Z999AA10123456784'],
      ['estimatedDeliveryDate', null, '2031-05-20'],
      ['estimatedDeliveryDate', '2031-05-20', '2031-05-22'],
      ['trackingNumber', '1Z999AA10123456784', null],
    ]);
    const audit = await t.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.entity, 'order'), eq(adminAuditLog.entityId, String(order.id))));
    expect(audit.map((a) => a.action)).toEqual(['update-status', 'update', 'update']);
  });

  it.each([
    [{ estimatedDeliveryDate: '2031-02-30' }],
    [{ estimatedDeliveryDate: 'next week' }],
    [{ trackingNumber: 'x'.repeat(101) }],
    [{ trackingNumber: 'bad\u0007' }],
    [{ trackingNumber: 12345 }],
    [{ total: '0.01' }],
  ])('refuses bad tracking details %j with 400, nothing changed', async (body) => {
    const order = await insertOrder(t.db, { status: 'processing', trackingNumber: 'KEEP' });
    const res = await adminClient.patch(`/api/orders/${order.id}`, body);
    expect(res.statusCode).toBe(400);
    expect(await orderRow(order.id)).toEqual(order);
  });
});

describe('linking an order to a user', () => {
  it("links a guest's order to a customer, who then sees it (and its tracking) in their account", async () => {
    const product = await createProduct(t.db, { stock: 5 });
    const order = await guestOrder([{ productId: product.id, quantity: 1 }], 'customer.one@example.com');
    const users = await adminClient.get('/api/users/search?email=customer.one');
    expect(users.json()).toEqual([
      { id: customer.id, username: 'orders_customer', email: 'Customer.One@Example.com' },
    ]);
    const before = (await customerClient.get('/api/orders/my-orders')).json();
    expect(before.map((o: { id: number }) => o.id)).not.toContain(order.id);

    const res = await adminClient.post(`/api/orders/${order.id}/associate`, { userId: customer.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toEqual({
      id: customer.id,
      username: 'orders_customer',
      email: 'Customer.One@Example.com',
    });
    expect(res.json().history.at(-1)).toMatchObject({ field: 'userId', from: null, to: String(customer.id) });

    // Paid first: an unpaid checkout is not shipped (docs/decisions/0462-order-guards.md).
    await adminClient.patch(`/api/orders/${order.id}/payment-status`, { paymentStatus: 'completed' });
    await adminClient.patch(`/api/orders/${order.id}/status`, {
      status: 'shipped',
      trackingNumber: 'TRACK-1',
    });
    const mine = (await customerClient.get('/api/orders/my-orders')).json();
    expect(mine.find((o: { id: number }) => o.id === order.id)).toMatchObject({
      status: 'shipped',
      trackingNumber: 'TRACK-1',
    });
    // Repeating the link changes nothing.
    await adminClient.post(`/api/orders/${order.id}/associate`, { userId: customer.id });
    expect((await historyOf(order.id)).filter((h) => h.field === 'userId')).toHaveLength(1);
  });

  it('answers 404 for an unknown user or order and 400 for a bad body, nothing changed', async () => {
    const order = await insertOrder(t.db, {});
    expect((await adminClient.post(`/api/orders/${order.id}/associate`, { userId: 999999 })).statusCode).toBe(
      404,
    );
    expect((await adminClient.post('/api/orders/999999/associate', { userId: customer.id })).statusCode).toBe(
      404,
    );
    expect((await adminClient.post(`/api/orders/${order.id}/associate`, { userId: 'x' })).statusCode).toBe(
      400,
    );
    expect((await adminClient.post(`/api/orders/${order.id}/associate`, {})).statusCode).toBe(400);
    expect(await orderRow(order.id)).toEqual(order);
  });
});

describe('payment status: effects exactly once', () => {
  it('completed takes the stock, releases the holds and sends one confirmation; repeats change nothing', async () => {
    const product = await createProduct(t.db, { stock: 5 });
    const order = await guestOrder([{ productId: product.id, quantity: 2 }]);
    expect(await stockOf(product.id)).toBe(5);
    const res = await setPayment(order.id, 'completed');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ paymentStatus: 'completed' });
    expect(await stockOf(product.id)).toBe(3);
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ inventoryReduced: true, confirmationEmailSent: true });
    const holds = await t.db.select().from(stockHolds).where(eq(stockHolds.orderId, order.id));
    expect(holds.every((h) => h.releasedAt !== null)).toBe(true);
    expect(await confirmations(order.id)).toBe(1);

    for (let i = 0; i < 3; i++) expect((await setPayment(order.id, 'completed')).statusCode).toBe(200);
    expect(await stockOf(product.id)).toBe(3);
    expect(await confirmations(order.id)).toBe(1);
    const payments = (await historyOf(order.id)).filter((h) => h.field === 'paymentStatus');
    expect(payments.map((h) => [h.fromValue, h.toValue, h.actor, h.actorUserId])).toEqual([
      ['pending', 'completed', 'admin', admin.id],
    ]);
    const detail = (await adminClient.get(`/api/orders/admin/${order.id}`)).json();
    expect(detail).toMatchObject({ confirmationEmailSent: true, inventoryReduced: true });
    expect(detail.history.map((h: { field: string }) => h.field)).toEqual(
      expect.arrayContaining(['paymentStatus', 'inventoryReduced']),
    );
  });

  it('a completion short of stock answers which items lacked it, and takes none', async () => {
    const lamp = await createProduct(t.db, { name: 'Short Lamp', stock: 3 });
    const shelf = await createProduct(t.db, { name: 'Plenty Shelf', stock: 9 });
    const order = await guestOrder([
      { productId: lamp.id, quantity: 2 },
      { productId: shelf.id, quantity: 1 },
    ]);
    await setPayment(order.id, 'failed');
    // Meanwhile the lamps went elsewhere.
    await t.db.update(products).set({ stock: 1 }).where(eq(products.id, lamp.id));
    const res = await setPayment(order.id, 'completed');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      paymentStatus: 'completed',
      shortages: [{ productId: lamp.id, name: 'Short Lamp', needed: 2, available: 1 }],
    });
    expect(await stockOf(lamp.id)).toBe(1);
    expect(await stockOf(shelf.id)).toBe(9);
    expect((await orderRow(order.id)).inventoryReduced).toBe(false);
    // A completion with every item in stock answers an empty list.
    const other = await guestOrder([{ productId: shelf.id, quantity: 1 }]);
    expect((await setPayment(other.id, 'completed')).json().shortages).toEqual([]);
  });

  it('refunded returns the stock once, however often it is repeated; completing again takes it again without a second e-mail', async () => {
    const product = await createProduct(t.db, { stock: 4 });
    const order = await guestOrder([{ productId: product.id, quantity: 3 }]);
    await setPayment(order.id, 'completed');
    expect(await stockOf(product.id)).toBe(1);
    for (let i = 0; i < 3; i++) {
      const res = await setPayment(order.id, 'refunded');
      expect(res.statusCode).toBe(200);
      expect(res.json().paymentStatus).toBe('refunded');
    }
    expect(await stockOf(product.id)).toBe(4);
    expect((await orderRow(order.id)).inventoryReduced).toBe(false);
    await setPayment(order.id, 'completed');
    expect(await stockOf(product.id)).toBe(1);
    expect(await confirmations(order.id)).toBe(1);
    const audit = await t.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.entity, 'order'), eq(adminAuditLog.entityId, String(order.id))));
    expect(audit.map((a) => a.action)).toEqual([
      'update-payment-status',
      'update-payment-status',
      'update-payment-status',
    ]);
  });

  it('failed after completion returns the stock once; failed before completion takes nothing', async () => {
    const product = await createProduct(t.db, { stock: 2 });
    const paid = await guestOrder([{ productId: product.id, quantity: 1 }]);
    await setPayment(paid.id, 'completed');
    expect(await stockOf(product.id)).toBe(1);
    await setPayment(paid.id, 'failed');
    await setPayment(paid.id, 'failed');
    expect(await stockOf(product.id)).toBe(2);

    const unpaid = await guestOrder([{ productId: product.id, quantity: 1 }]);
    await setPayment(unpaid.id, 'failed');
    expect(await stockOf(product.id)).toBe(2);
    expect((await orderRow(unpaid.id)).inventoryReduced).toBe(false);
    expect(await confirmations(unpaid.id)).toBe(0);
    // Back to pending: nothing was taken, nothing returned.
    await setPayment(unpaid.id, 'pending');
    expect(await stockOf(product.id)).toBe(2);
  });

  it('refuses an unknown payment status with 400 and changes nothing', async () => {
    const order = await insertOrder(t.db, { paymentStatus: 'completed', inventoryReduced: true });
    const res = await setPayment(order.id, 'paid');
    expect(res.statusCode).toBe(400);
    expect(await orderRow(order.id)).toEqual(order);
  });

  it('an administrator on the confirmation page (order by reference) still needs the provider', async () => {
    const product = await createProduct(t.db, { stock: 3 });
    const order = await guestOrder([{ productId: product.id, quantity: 1 }]);
    const res = await adminClient.patch(`/api/orders/${order.orderReference}/payment-status`, {
      paymentStatus: 'completed',
    });
    expect(res.statusCode).toBe(200);
    // The local provider has no payment for it: still pending, nothing taken.
    expect(res.json().paymentStatus).toBe('pending');
    expect(await stockOf(product.id)).toBe(3);
  });
});

describe.skipIf(testDbKind() === 'pglite')('payment status under concurrency (PostgreSQL)', () => {
  it('ten simultaneous completions take the stock once and send one e-mail', async () => {
    const product = await createProduct(t.db, { stock: 6 });
    const order = await guestOrder([{ productId: product.id, quantity: 2 }]);
    const answers = await Promise.all(Array.from({ length: 10 }, () => setPayment(order.id, 'completed')));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(await stockOf(product.id)).toBe(4);
    expect(await confirmations(order.id)).toBe(1);
    const payments = (await historyOf(order.id)).filter((h) => h.field === 'paymentStatus');
    expect(payments).toHaveLength(1);
  });

  it('ten simultaneous refunds return the stock once', async () => {
    const product = await createProduct(t.db, { stock: 6 });
    const order = await guestOrder([{ productId: product.id, quantity: 2 }]);
    await setPayment(order.id, 'completed');
    const answers = await Promise.all(Array.from({ length: 10 }, () => setPayment(order.id, 'refunded')));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(await stockOf(product.id)).toBe(6);
    expect(
      (await historyOf(order.id)).filter((h) => h.field === 'inventoryReduced').map((h) => h.toValue),
    ).toEqual(['true', 'false']);
  });

  it('completions and refunds racing leave stock consistent with the final state', async () => {
    const product = await createProduct(t.db, { stock: 10 });
    const order = await guestOrder([{ productId: product.id, quantity: 3 }]);
    await Promise.all(
      Array.from({ length: 12 }, (_, i) => setPayment(order.id, i % 2 === 0 ? 'completed' : 'refunded')),
    );
    const row = await orderRow(order.id);
    expect(row.inventoryReduced).toBe(row.paymentStatus === 'completed');
    expect(await stockOf(product.id)).toBe(row.inventoryReduced ? 7 : 10);
    // A completion refunded before its e-mail was claimed sends none (the claim needs a paid order):
    // never more than one e-mail, and exactly one when the order ends up paid.
    const sent = await confirmations(order.id);
    expect(sent).toBeLessThanOrEqual(1);
    if (row.paymentStatus === 'completed') expect(sent).toBe(1);
  });
});
