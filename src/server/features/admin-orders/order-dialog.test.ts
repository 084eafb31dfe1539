// The order dialog's staff routes (docs/decisions/0230-refunds-through-the-provider.md, 0231, 0232):
// refunds through Square (the fake Square API on loopback), full and partial, with and without
// restocking, never more than was paid even when two arrive at once, nothing changed when Square
// refuses; cancelling a paid order with its refund; private notes; the packing slip; who may call them.
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminAuditLog,
  orderHistory,
  orderRefunds,
  orders,
  products,
  stockMovements,
} from '~/server/db/schema';
import { MANY_ORDER_EMAILS, postCheckout, validBody } from '~/server/features/checkout/test-support';
import { maintenanceTasks, runMaintenance } from '~/server/maintenance';
import type { FakeSquare } from '~/server/payments/fake-square';
import {
  createSquareTestApp,
  SQUARE_NOTIFICATION_URL,
  SQUARE_SIGNATURE_KEY,
  type SquareTestApp,
} from '~/server/test/square-test-app';
import { createProduct, createUser, signInAs } from '~/server/test/fixtures';
import { insertOrder } from '~/server/test/order-fixtures';
import { type TestApp, TestClient } from '~/server/test/test-app';

const _NOTIFICATION_URL = SQUARE_NOTIFICATION_URL;
const _KEY = SQUARE_SIGNATURE_KEY;

let square: SquareTestApp;
let fake: FakeSquare;
let t: TestApp;
let staff: TestClient;
let staffName: string;
let customer: TestClient;
let customerId: number;

beforeAll(async () => {
  square = await createSquareTestApp({ ...MANY_ORDER_EMAILS });
  ({ fake, t } = square);
  const admin = await createUser(t.db, { isAdmin: true });
  staffName = admin.username;
  staff = new TestClient(t.app);
  await signInAs(t.db, staff, admin.id);
  const buyer = await createUser(t.db, {});
  customerId = buyer.id;
  customer = new TestClient(t.app);
  await signInAs(t.db, customer, buyer.id);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/**
 * A Square order of 2 x 20.00 to Ontario, paid: 40.00 + 5.99 shipping = 45.99, HST 13% = 5.98 (5.9787),
 * total 51.97. Its stock goes 5 -> 3.
 */
async function paidOrder(productValues: Partial<typeof products.$inferInsert> = {}) {
  const product = await createProduct(t.db, {
    name: 'Floor Lamp',
    price: '20.00',
    stock: 5,
    ...productValues,
  });
  const client = new TestClient(t.app);
  const res = await postCheckout(client, await validBody(client, [{ productId: product.id, quantity: 2 }]));
  expect(res.statusCode, res.body).toBe(200);
  const [order] = await t.db.select().from(orders).where(eq(orders.orderReference, res.json().orderId));
  const payment = fake.pay(order!.paymentLinkId!);
  const confirmed = await client.patch(`/api/orders/${order!.orderReference}/payment-status`, {
    paymentStatus: 'completed',
  });
  expect(confirmed.json().paymentStatus).toBe('completed');
  expect(await stockOf(product.id)).toBe(3);
  return { product, order: (await row(order!.id))!, payment };
}

const row = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const stockOf = async (id: number) =>
  (await t.db.select({ s: products.stock }).from(products).where(eq(products.id, id)))[0]!.s;
const refund = (id: number, body: unknown, client = staff) => client.post(`/api/orders/${id}/refunds`, body);
const refundCalls = (paymentId: string) =>
  fake.requests.filter(
    (r) =>
      r.method === 'POST' &&
      r.path === '/v2/refunds' &&
      (r.body as { payment_id?: string }).payment_id === paymentId,
  ) as unknown as {
    body: { idempotency_key: string; amount_money: { amount: number; currency: string } };
  }[];
const movements = (productId: number, orderId: number) =>
  t.db
    .select()
    .from(stockMovements)
    .where(and(eq(stockMovements.productId, productId), eq(stockMovements.orderId, orderId)))
    .orderBy(asc(stockMovements.id));

describe('refunds through Square', () => {
  it('refunds part, then the rest with restocking: Square gets the cents and one key per refund', async () => {
    const { order, product, payment } = await paidOrder();
    expect(order.total).toBe('51.97');

    const first = await refund(order.id, { amount: '10.00', restock: false });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ paymentStatus: 'completed', refundedAmount: '10.00' });
    expect(first.json().refunds).toMatchObject([
      { amount: '10.00', restock: false, status: 'completed', who: staffName },
    ]);
    let calls = refundCalls(payment.id);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body.amount_money).toEqual({ amount: 1000, currency: 'CAD' });
    expect(calls[0]!.body.idempotency_key).toBe(`refund-${order.orderReference}-1`);
    expect(await stockOf(product.id)).toBe(3); // not restocked

    // What is left: 51.97 - 10.00 = 41.97.
    const rest = await refund(order.id, { amount: 41.97, restock: true });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toMatchObject({
      paymentStatus: 'refunded',
      refundedAmount: '51.97',
      inventoryReduced: false,
    });
    calls = refundCalls(payment.id);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.body.amount_money).toEqual({ amount: 4197, currency: 'CAD' });
    expect(calls[1]!.body.idempotency_key).toBe(`refund-${order.orderReference}-2`);
    expect(fake.payments.get(payment.id)!.refunded_money!.amount).toBe(5197);

    // The two units went back, recorded in the stock history as a refund of this order.
    expect(await stockOf(product.id)).toBe(5);
    const moved = await movements(product.id, order.id);
    expect(moved.map((m) => [m.reason, m.delta])).toEqual([
      ['sale', -2],
      ['refund', 2],
    ]);
    const fields = rest.json().history.map((h: { field: string }) => h.field);
    expect(fields.filter((f: string) => f === 'refund')).toHaveLength(2);
    expect(fields).toContain('inventoryReduced');
    const audit = await t.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.entity, 'order'), eq(adminAuditLog.entityId, String(order.id))));
    expect(audit.filter((a) => a.action === 'refund')).toHaveLength(2);

    // Nothing is left: refused, and Square is not asked.
    const again = await refund(order.id, { amount: '0.01', restock: false });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This order has already been refunded in full.');
    expect(refundCalls(payment.id)).toHaveLength(2);
  });

  it('refuses more than is left, to the cent, changing nothing', async () => {
    const { order, payment } = await paidOrder();
    const over = await refund(order.id, { amount: '51.98', restock: true });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(
      'At most $51.97 can still be refunded on this order (total $51.97, already refunded or being refunded $0.00).',
    );
    expect((await refund(order.id, { amount: '50.00', restock: false })).statusCode).toBe(200);
    const before = await row(order.id);
    // 51.97 - 50.00 = 1.97 left.
    const tooMuch = await refund(order.id, { amount: '1.98', restock: false });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toMatch(/^At most \$1\.97 can still be refunded/);
    expect(await row(order.id)).toEqual(before);
    expect(refundCalls(payment.id)).toHaveLength(1);
  });

  it('refuses bad input with a clear 400 and unpaid orders with a 409', async () => {
    const { order } = await paidOrder();
    const before = await row(order.id);
    const bad: [unknown, RegExp][] = [
      [{ amount: '10.001', restock: false }, /to the cent/],
      [{ amount: '0', restock: false }, /positive amount/],
      [{ amount: -5, restock: false }, /positive amount/],
      [{ amount: 'ten', restock: false }, /positive amount/],
      [{ amount: '10.00' }, /restock/],
      [{ amount: '10.00', restock: 'yes' }, /restock/],
      [{ amount: '10.00', restock: false, total: '1' }, /./],
    ];
    for (const [body, message] of bad) {
      const res = await refund(order.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await refund(999_999, { amount: '1.00', restock: false })).statusCode).toBe(404);
    const unpaid = await insertOrder(t.db, { paymentStatus: 'pending' });
    const res = await refund(unpaid.id, { amount: '1.00', restock: false });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Only a paid order can be refunded.');
    // Marked paid by hand: there is no payment with the provider to give back.
    const byHand = await insertOrder(t.db, { paymentStatus: 'completed' });
    expect((await refund(byHand.id, { amount: '1.00', restock: false })).json().message).toMatch(
      /no payment with the payment provider/,
    );
    expect(await row(order.id)).toEqual(before);
    expect(await t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id))).toEqual([]);
  });

  it('two refunds at once can never give back more than the total', async () => {
    const { order, payment } = await paidOrder();
    // 30.00 + 30.00 > 51.97: exactly one may pass.
    const answers = await Promise.all([
      refund(order.id, { amount: '30.00', restock: false }),
      refund(order.id, { amount: '30.00', restock: false }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await row(order.id)).refundedAmount).toBe('30.00');
    expect(refundCalls(payment.id)).toHaveLength(1);
    expect(fake.payments.get(payment.id)!.refunded_money!.amount).toBe(3000);
  });

  it('when Square refuses, nothing changes on the order, the stock or the history', async () => {
    const { order, product, payment } = await paidOrder();
    const before = await row(order.id);
    const history = await t.db.select().from(orderHistory).where(eq(orderHistory.orderId, order.id));
    fake.failRefundsWith = 500;
    try {
      const res = await refund(order.id, { amount: '51.97', restock: true });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toMatch(
        /^The payment provider did not make the refund, so nothing was refunded and the order is unchanged/,
      );
    } finally {
      fake.failRefundsWith = null;
    }
    expect(await row(order.id)).toEqual(before);
    expect(await stockOf(product.id)).toBe(3);
    expect(await t.db.select().from(orderHistory).where(eq(orderHistory.orderId, order.id))).toEqual(history);
    // The attempt is kept, failed, for the record; it no longer counts against what is refundable.
    const detail = (await staff.get(`/api/orders/admin/${order.id}`)).json();
    expect(detail.refunds).toMatchObject([{ amount: '51.97', status: 'failed' }]);
    const retry = await refund(order.id, { amount: '51.97', restock: true });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().paymentStatus).toBe('refunded');
    expect(refundCalls(payment.id).at(-1)!.body.idempotency_key).toBe(`refund-${order.orderReference}-2`);
    expect(await stockOf(product.id)).toBe(5);
  });

  it("the payment status selector's Refunded gives the money back through Square and restocks", async () => {
    const { order, product, payment } = await paidOrder();
    const res = await staff.patch(`/api/orders/${order.id}/payment-status`, { paymentStatus: 'refunded' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().paymentStatus).toBe('refunded');
    expect(refundCalls(payment.id).map((c) => c.body.amount_money.amount)).toEqual([5197]);
    expect(await stockOf(product.id)).toBe(5);
    expect((await row(order.id)).refundedAmount).toBe('51.97');
  });

  it("the selector's Refunded while a full refund is in flight is a 409 and opens no refund of 0.00", async () => {
    const { order, payment } = await paidOrder();
    // A full refund between asking Square and hearing its answer (step 1 written, not yet settled).
    await t.db.insert(orderRefunds).values({
      orderId: order.id,
      amount: '51.97',
      restock: true,
      idempotencyKey: `refund-${order.orderReference}-1`,
    });
    const res = await staff.patch(`/api/orders/${order.id}/payment-status`, { paymentStatus: 'refunded' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(
      'Nothing is left to refund on this order: its whole total has been refunded or is being refunded.',
    );
    expect(
      (await t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id))).map((r) => r.amount),
    ).toEqual(['51.97']);
    expect(refundCalls(payment.id)).toEqual([]);
    expect(await row(order.id)).toMatchObject({ paymentStatus: 'completed', refundedAmount: '0.00' });
  });

  it("the selector's Refunded racing or following a full refund answers 200 or 409, refunding once", async () => {
    const { order, product, payment } = await paidOrder();
    const [full, selector] = await Promise.all([
      refund(order.id, { amount: '51.97', restock: true }),
      staff.patch(`/api/orders/${order.id}/payment-status`, { paymentStatus: 'refunded' }),
    ]);
    expect(full.statusCode, full.body).toBeOneOf([200, 409]);
    expect(selector.statusCode, selector.body).toBeOneOf([200, 409]);
    // After it, the selector's Refunded changes nothing.
    const after = await staff.patch(`/api/orders/${order.id}/payment-status`, { paymentStatus: 'refunded' });
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json().paymentStatus).toBe('refunded');
    expect((await row(order.id)).refundedAmount).toBe('51.97');
    expect(refundCalls(payment.id).map((c) => c.body.amount_money.amount)).toEqual([5197]);
    const refunds = await t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    expect(refunds.map((r) => [r.amount, r.status])).toEqual([['51.97', 'completed']]);
    expect(await stockOf(product.id)).toBe(5);
  });

  it('cancelling a paid order with its refund gives back what is left and restocks', async () => {
    const { order, product, payment } = await paidOrder();
    expect((await refund(order.id, { amount: '1.97', restock: false })).statusCode).toBe(200);
    const res = await staff.patch(`/api/orders/${order.id}/status`, { status: 'cancelled', refund: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refunded',
      refundedAmount: '51.97',
      inventoryReduced: false,
    });
    // 51.97 - 1.97 = 50.00 left.
    expect(refundCalls(payment.id).map((c) => c.body.amount_money.amount)).toEqual([197, 5000]);
    expect(await stockOf(product.id)).toBe(5);

    const refused = await staff.patch(`/api/orders/${order.id}/status`, { status: 'shipped', refund: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/refund goes only with status cancelled/);
  });

  it('cancelling offers refund and restock as two choices, and the server honours each', async () => {
    // Refund without restock (the parcel has left): 51.97 back, stock stays 3.
    const shipped = await paidOrder();
    expect(
      (await staff.patch(`/api/orders/${shipped.order.id}/status`, { status: 'shipped' })).statusCode,
    ).toBe(200);
    const refundOnly = await staff.patch(`/api/orders/${shipped.order.id}/status`, {
      status: 'cancelled',
      refund: true,
      restock: false,
    });
    expect(refundOnly.statusCode, refundOnly.body).toBe(200);
    expect(refundOnly.json()).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refunded',
      inventoryReduced: true,
    });
    expect(refundCalls(shipped.payment.id).map((c) => c.body.amount_money.amount)).toEqual([5197]);
    expect(await stockOf(shipped.product.id)).toBe(3);

    // Restock without refund (the shop refunds another way, or not yet): stock 3 -> 5, no money moved.
    const kept = await paidOrder();
    const restockOnly = await staff.patch(`/api/orders/${kept.order.id}/status`, {
      status: 'cancelled',
      refund: false,
      restock: true,
    });
    expect(restockOnly.statusCode, restockOnly.body).toBe(200);
    expect(restockOnly.json()).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'completed',
      inventoryReduced: false,
    });
    expect(refundCalls(kept.payment.id)).toEqual([]);
    expect(await stockOf(kept.product.id)).toBe(5);
    const [movement] = await t.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, kept.product.id), eq(stockMovements.reason, 'cancelled')));
    expect(movement).toMatchObject({ delta: 2, stockAfter: 5, orderId: kept.order.id });

    // Neither: cancelled, paid, stock still out (as before, when nothing is said).
    const neither = await paidOrder();
    const plain = await staff.patch(`/api/orders/${neither.order.id}/status`, { status: 'cancelled' });
    expect(plain.json()).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'completed',
      inventoryReduced: true,
    });
    expect(await stockOf(neither.product.id)).toBe(3);

    const refused = await staff.patch(`/api/orders/${neither.order.id}/status`, {
      status: 'pending',
      restock: true,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/restock goes only with status cancelled/);
    const bad = await staff.patch(`/api/orders/${neither.order.id}/status`, {
      status: 'cancelled',
      restock: 'yes',
    });
    expect(bad.statusCode).toBe(400);
    expect(await stockOf(neither.product.id)).toBe(3);
  });

  /** A refund as a process that died after writing it, before hearing Square's answer, left it. */
  async function insertStuckRefund(
    order: { id: number; orderReference: string },
    refund: { amount: string; cardCents: number; restock: boolean },
  ) {
    const [stuck] = await t.db
      .insert(orderRefunds)
      .values({
        orderId: order.id,
        ...refund,
        idempotencyKey: `refund-${order.orderReference}-1`,
        createdAt: sql`now() - interval '10 minutes'`,
      })
      .returning();
    return stuck!;
  }
  const retryStuckRefunds = () =>
    runMaintenance(
      t.app,
      maintenanceTasks.filter((task) => task.name === 'staff refunds left unsettled'),
    );

  it('a refund a crash left pending counts against the total, and the maintenance job settles it with its key', async () => {
    const { order, product, payment } = await paidOrder();
    // All to the card: the order was paid by card alone (0535).
    await insertStuckRefund(order, { amount: '50.00', cardCents: 5000, restock: true });
    // 51.97 - 50.00 in flight = 1.97 left.
    const over = await refund(order.id, { amount: '2.00', restock: false });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toMatch(/^At most \$1\.97 can still be refunded/);
    await retryStuckRefunds();
    expect(refundCalls(payment.id).map((c) => [c.body.amount_money.amount, c.body.idempotency_key])).toEqual([
      [5000, `refund-${order.orderReference}-1`],
    ]);
    expect(await row(order.id)).toMatchObject({ refundedAmount: '50.00', paymentStatus: 'completed' });
    expect(await stockOf(product.id)).toBe(5);
  });

  it('a pending card refund on an order with no provider payment is marked failed by the maintenance job, nothing asked', async () => {
    // Marked paid by hand: no payment reference, no card tender.
    const order = await insertOrder(t.db, { paymentStatus: 'completed' });
    const pending = await insertStuckRefund(order, { amount: '5.00', cardCents: 500, restock: false });
    const refundsAsked = fake.requests.filter((r) => r.path === '/v2/refunds').length;
    await retryStuckRefunds();
    const [after] = await t.db.select().from(orderRefunds).where(eq(orderRefunds.id, pending.id));
    expect(after).toMatchObject({ status: 'failed', error: 'The order has no payment with the provider.' });
    expect(fake.requests.filter((r) => r.path === '/v2/refunds')).toHaveLength(refundsAsked);
    expect(await row(order.id)).toMatchObject({ refundedAmount: '0.00', paymentStatus: 'completed' });
  });

  it('cancelling with a refund that Square refuses cancels nothing', async () => {
    const { order } = await paidOrder();
    fake.failRefundsWith = 503;
    try {
      const res = await staff.patch(`/api/orders/${order.id}/status`, { status: 'cancelled', refund: true });
      expect(res.statusCode).toBe(502);
    } finally {
      fake.failRefundsWith = null;
    }
    expect(await row(order.id)).toMatchObject({ status: order.status, paymentStatus: 'completed' });
  });
});

describe('staff notes and the timeline', () => {
  it('adds notes with author and time, keeps them from the customer, and lists e-mails sent', async () => {
    const order = await insertOrder(t.db, { userId: customerId, paymentStatus: 'completed' });
    const added = await staff.post(`/api/orders/${order.id}/notes`, {
      text: '  Customer called: leave at side door.  ',
    });
    expect(added.statusCode, added.body).toBe(200);
    const note = added.json().history.find((h: { field: string }) => h.field === 'staffNote');
    expect(note).toMatchObject({ to: 'Customer called: leave at side door.', who: staffName });
    await staff.post(`/api/orders/${order.id}/notes`, { text: 'Second note' });
    const list = await staff.get(`/api/orders/${order.id}/notes`);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((n: { text: string; who: string }) => [n.text, n.who])).toEqual([
      ['Customer called: leave at side door.', staffName],
      ['Second note', staffName],
    ]);
    expect(Number.isNaN(Date.parse(list.json()[0].at))).toBe(false);

    for (const text of ['', '   ', 'x'.repeat(2001)]) {
      expect((await staff.post(`/api/orders/${order.id}/notes`, { text })).statusCode).toBe(400);
    }
    expect((await staff.post('/api/orders/999999/notes', { text: 'x' })).statusCode).toBe(404);

    // The customer's own view of the order says nothing of them.
    const own = await customer.get(`/api/orders/${order.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.body).not.toContain('side door');
    expect(own.body).not.toContain('Second note');
  });

  it('the detail carries the e-mails sent about the order', async () => {
    const { order } = await paidOrder();
    const detail = (await staff.get(`/api/orders/admin/${order.id}`)).json();
    expect(detail.emails).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'order-confirmation', to: order.customerEmail }),
      ]),
    );
  });
});

describe('the packing slip', () => {
  it('is a printable page with items, quantities, lot, UPC, shelf and ship-to, and no prices', async () => {
    const { order } = await paidOrder({
      name: 'Floor Lamp <Brass>',
      lotNumber: 'LOT-SLIP-1',
      upc: '012345678905',
      shelfLocation: 'B-12',
    });
    const res = await staff.get(`/api/orders/${order.id}/packing-slip`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const html = res.body;
    expect(html).toContain(`Order #${order.id}`);
    expect(html).toContain(order.orderReference);
    expect(html).toContain('Floor Lamp &lt;Brass&gt;');
    expect(html).toContain('LOT-SLIP-1');
    expect(html).toContain('012345678905');
    expect(html).toContain('B-12');
    expect(html).toContain('<td class="qty">2</td>');
    expect(html).toContain('Ship to');
    expect(html).toContain('@media print');
    expect(html).not.toContain('$');
    expect((await staff.get('/api/orders/999999/packing-slip')).statusCode).toBe(404);
  });

  it('says pickup for a pickup order', async () => {
    const order = await insertOrder(t.db, { shippingMethod: 'pickup', customerName: 'Pia Pickup' });
    const html = (await staff.get(`/api/orders/${order.id}/packing-slip`)).body;
    expect(html).toContain('Pickup at store for');
    expect(html).toContain('Pia Pickup');
  });
});

describe('packing slips of several orders', () => {
  it('prints the selected orders in one page, a sheet each, in the order asked', async () => {
    const a = await insertOrder(t.db, { customerName: 'Ann First' }, [
      { productId: null, productName: 'Oak Shelf', quantity: 2 },
    ]);
    const b = await insertOrder(t.db, { customerName: 'Bo Second', shippingMethod: 'pickup' }, [
      { productId: null, productName: 'Desk Fan' },
    ]);
    const res = await staff.get(`/api/orders/packing-slips?ids=${b.id},${a.id},${b.id},999999`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const html = res.body;
    // Each order once, in the order asked, each its own slip; the one that is no order is named.
    expect(html.match(/<article class="slip"/g)).toHaveLength(2);
    expect(html.indexOf(`Order #${b.id}</strong>`)).toBeLessThan(html.indexOf(`Order #${a.id}</strong>`));
    expect(html).toContain(`Packing slips for 2 orders (#${b.id}, #${a.id}), one per sheet.`);
    expect(html).toContain('Not found, so not included: #999999.');
    expect(html).toContain('.slip + .slip { break-before: page; }');
    expect(html).toContain('Oak Shelf');
    expect(html).toContain('<td class="qty">2</td>');
    expect(html).toContain('Pickup at store for');
    expect(html).toContain('Bo Second');
    expect(html).not.toContain('$');
  });

  it('refuses a bad list with a clear 400, none found with 404, and is staff-only', async () => {
    for (const ids of ['', 'abc', '1,,2', '0', '-4', '1.5']) {
      const res = await staff.get(`/api/orders/packing-slips?ids=${ids}`);
      expect(res.statusCode, ids).toBe(400);
      expect(res.json().message).toContain('ids must be order numbers separated by commas');
    }
    expect((await staff.get('/api/orders/packing-slips')).statusCode).toBe(400);
    const many = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    const over = await staff.get(`/api/orders/packing-slips?ids=${many}`);
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('At most 100 packing slips can be printed at once.');
    const none = await staff.get('/api/orders/packing-slips?ids=999998,999999');
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('Order not found.');
    const order = await insertOrder(t.db, {});
    expect((await new TestClient(t.app).get(`/api/orders/packing-slips?ids=${order.id}`)).statusCode).toBe(
      401,
    );
    expect((await customer.get(`/api/orders/packing-slips?ids=${order.id}`)).statusCode).toBe(403);
  });
});

describe('access', () => {
  it('notes, refunds and the slip are staff-only: 401 signed out, 403 for customers, nothing changed', async () => {
    const order = await insertOrder(t.db, { userId: customerId, paymentStatus: 'completed' });
    const before = await row(order.id);
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/orders/${order.id}/notes`],
      ['POST', `/api/orders/${order.id}/notes`, { text: 'mine' }],
      ['POST', `/api/orders/${order.id}/refunds`, { amount: '1.00', restock: true }],
      ['GET', `/api/orders/${order.id}/packing-slip`],
    ];
    for (const [method, url, payload] of calls) {
      const guest = await new TestClient(t.app).request({
        method: method as 'GET',
        url,
        payload: payload as object,
      });
      expect(guest.statusCode, `${method} ${url}`).toBe(401);
      const own = await customer.request({ method: method as 'GET', url, payload: payload as object });
      expect(own.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await row(order.id)).toEqual(before);
    expect(await t.db.select().from(orderHistory).where(eq(orderHistory.orderId, order.id))).toEqual([]);
  });
});
