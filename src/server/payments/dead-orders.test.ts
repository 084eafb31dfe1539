// Money on a dead order (docs/decisions/0121-payments-on-dead-orders.md, 0122): when an order fails
// or its hold expires, its payment link is closed; a payment that arrives anyway is recorded, shown
// to the administrator and refunded through the provider, once, whoever tells the store first.
// Against the fake Square API on loopback, and the local payment page.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mailOutbox,
  orderHistory,
  orders,
  paymentWebhookEvents,
  products,
  stockHolds,
} from '~/server/db/schema';
import { postCheckout, validBody } from '~/server/features/checkout/test-support';
import { HOLD_EXPIRED_NOTE } from '~/server/features/orders';
import { maintenanceTasks, runMaintenance } from '~/server/maintenance';
import {
  createProduct,
  createUser,
  seedStoreSettings,
  setWeekdayDiscounts,
  signInAs,
} from '~/server/test/fixtures';
import { createTestApp, TestClient, type TestApp } from '~/server/test/test-app';
import type { FakeSquare } from '~/server/payments/fake-square';
import {
  createSquareTestApp,
  SQUARE_NOTIFICATION_URL,
  SQUARE_SIGNATURE_KEY,
  type SquareTestApp,
} from '~/server/test/square-test-app';

const _NOTIFICATION_URL = SQUARE_NOTIFICATION_URL;
const _KEY = SQUARE_SIGNATURE_KEY;

let square: SquareTestApp;
let fake: FakeSquare;
let t: TestApp;
beforeAll(async () => {
  square = await createSquareTestApp();
  ({ fake, t } = square);
});
afterAll(async () => {
  await square.close();
});

/** A pending Square order of 2 x 20.00 (total 51.97 to Ontario), from a fresh client address. */
async function squareOrder(stock = 5) {
  const product = await createProduct(t.db, { name: 'Floor Lamp', price: '20.00', stock });
  const client = new TestClient(t.app);
  const res = await postCheckout(client, await validBody(client, [{ productId: product.id, quantity: 2 }]));
  expect(res.statusCode).toBe(200);
  const [order] = await t.db.select().from(orders).where(eq(orders.orderReference, res.json().orderId));
  return { product, client, order: order!, reference: order!.orderReference };
}

const row = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const stockOf = async (id: number) =>
  (await t.db.select({ s: products.stock }).from(products).where(eq(products.id, id)))[0]!.s;
const historyOf = (id: number) => t.db.select().from(orderHistory).where(eq(orderHistory.orderId, id));
const expireHolds = (orderId: number) =>
  t.db
    .update(stockHolds)
    .set({ expiresAt: sql`now() - interval '1 minute'` })
    .where(eq(stockHolds.orderId, orderId));
const task = (name: string) => maintenanceTasks.filter((x) => x.name === name);
const expireCheckouts = () => runMaintenance(t.app, task('expired checkouts'));
const deliver = (w: { body: string; signature: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/square/webhook',
    payload: w.body,
    headers: { 'content-type': 'application/json', 'x-square-hmacsha256-signature': w.signature },
  });
const confirm = (client: TestClient, reference: string) =>
  client.patch(`/api/orders/${reference}/payment-status`, { paymentStatus: 'completed' });
const refundCalls = (paymentId: string) =>
  fake.requests.filter(
    (r) =>
      r.method === 'POST' &&
      r.path === '/v2/refunds' &&
      (r.body as { payment_id?: string }).payment_id === paymentId,
  );
const refundsOf = (paymentId: string) => [...fake.refunds.values()].filter((r) => r.payment_id === paymentId);

async function adminDetail(orderId: number) {
  const admin = new TestClient(t.app);
  await signInAs(t.db, admin, (await createUser(t.db, { isAdmin: true })).id);
  const res = await admin.get(`/api/orders/admin/${orderId}`);
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('closing the payment link', () => {
  it('fails an order whose hold expired and deletes its Square payment link', async () => {
    const { order, product } = await squareOrder();
    await expireCheckouts();
    expect((await row(order.id)).paymentStatus).toBe('pending'); // its hold is still running
    await expireHolds(order.id);
    await expireCheckouts();
    expect(await row(order.id)).toMatchObject({ paymentStatus: 'failed', inventoryReduced: false });
    expect(fake.deletedLinks.has(order.paymentLinkId!)).toBe(true);
    expect(() => fake.pay(order.paymentLinkId!)).toThrow(/deleted/);
    const history = await historyOf(order.id);
    expect(history.find((h) => h.field === 'note')).toMatchObject({
      toValue: HOLD_EXPIRED_NOTE,
      actor: 'system',
    });
    expect(await stockOf(product.id)).toBe(5);
    // Running again changes nothing and asks Square nothing more.
    const deletes = fake.requests.filter((r) => r.method === 'DELETE').length;
    await expireCheckouts();
    expect(fake.requests.filter((r) => r.method === 'DELETE').length).toBe(deletes);
  });

  it("deletes the link of the checkout a shopper's new checkout replaces", async () => {
    const ip = '10.99.0.1';
    const product = await createProduct(t.db, { price: '20.00', stock: 5 });
    const client = new TestClient(t.app);
    const body = await validBody(client, [{ productId: product.id, quantity: 1 }]);
    const first = await postCheckout(client, body, { 'x-forwarded-for': ip });
    const second = await postCheckout(client, body, { 'x-forwarded-for': ip });
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const [old] = await t.db.select().from(orders).where(eq(orders.orderReference, first.json().orderId));
    expect(old!.paymentStatus).toBe('failed');
    expect(fake.deletedLinks.has(old!.paymentLinkId!)).toBe(true);
  });

  it('deletes the link of a pending order an administrator marks failed', async () => {
    const { order } = await squareOrder();
    const admin = new TestClient(t.app);
    await signInAs(t.db, admin, (await createUser(t.db, { isAdmin: true })).id);
    await admin.patch(`/api/orders/${order.id}/payment-status`, { paymentStatus: 'failed' });
    expect(fake.deletedLinks.has(order.paymentLinkId!)).toBe(true);
  });
});

describe('a payment that arrives on a dead order', () => {
  it('is recorded, refunded in full through Square and shown to the administrator', async () => {
    const { order, client, reference, product } = await squareOrder();
    await expireHolds(order.id);
    // The buyer was on Square's page and pays just as the store closes the checkout.
    const payment = fake.pay(order.paymentLinkId!);
    await expireCheckouts();
    expect((await row(order.id)).paymentStatus).toBe('failed');

    expect((await deliver(fake.webhook(payment))).statusCode).toBe(200);
    const after = await row(order.id);
    expect(after).toMatchObject({
      paymentStatus: 'failed',
      inventoryReduced: false,
      refundStatus: 'refunded',
      refundPaymentReference: payment.id,
    });
    // One refund of the whole payment: 5197 cents (2 x 20.00 + 5.99 shipping + 13% tax 5.98).
    const [refund] = refundsOf(payment.id);
    expect(refundsOf(payment.id)).toHaveLength(1);
    expect(refund).toMatchObject({
      amount_money: { amount: 5197, currency: 'CAD' },
      idempotency_key: `stray-${reference}`,
    });
    expect(after.refundReference).toBe(refund!.id);
    expect(fake.payments.get(payment.id)!.refunded_money).toEqual({ amount: 5197, currency: 'CAD' });
    expect(await stockOf(product.id)).toBe(5);

    const history = await historyOf(order.id);
    expect(history.filter((h) => h.field === 'refundStatus').map((h) => [h.fromValue, h.toValue])).toEqual([
      [null, 'needed'],
      ['needed', 'refunded'],
    ]);
    expect(history.find((h) => h.field === 'attention')!.toValue).toBe(
      `Payment ${payment.id} arrived after the order had closed: it must be refunded.`,
    );
    const detail = await adminDetail(order.id);
    expect(detail).toMatchObject({
      refundStatus: 'refunded',
      refundPaymentReference: payment.id,
      refundReference: refund!.id,
    });
    // The shopper hears of it as well as the store: their refund e-mail, with the whole amount.
    const notices = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.orderId, order.id))
      .orderBy(mailOutbox.id);
    expect(notices.map((m) => [m.kind, m.to])).toEqual([
      ['order-refunded', order.customerEmail],
      ['order-attention', t.config.STORE_EMAIL],
    ]);
    expect(notices[0]!.subject).toContain('refund of $51.97 CAD');
    expect(notices[0]!.text).toContain('Your payment arrived after this checkout had closed');
    // Its tax in full: 13% of 45.99 = 5.9787 -> 5.98.
    expect(notices[0]!.text).toContain('Of which HST (13%): $5.98');

    // Later notices, Square's refund notice, the replay and the return page refund nothing more.
    expect((await deliver(fake.webhook(payment))).statusCode).toBe(200);
    expect((await deliver(fake.webhook(fake.payments.get(payment.id)!))).statusCode).toBe(200);
    expect((await confirm(client, reference)).json().paymentStatus).toBe('failed');
    expect(refundCalls(payment.id)).toHaveLength(1);
    expect((await row(order.id)).refundStatus).toBe('refunded');
  });

  it('is refunded once when several notices and the return page arrive together', async () => {
    const { order, client, reference } = await squareOrder();
    await expireHolds(order.id);
    const payment = fake.pay(order.paymentLinkId!);
    await expireCheckouts();
    const answers = await Promise.all([
      deliver(fake.webhook(payment)),
      deliver(fake.webhook(payment)),
      confirm(client, reference),
      deliver(fake.webhook(payment, { type: 'payment.created' })),
      confirm(client, reference),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(refundCalls(payment.id)).toHaveLength(1);
    expect(refundsOf(payment.id)).toHaveLength(1);
    const history = await historyOf(order.id);
    expect(history.filter((h) => h.field === 'refundStatus')).toHaveLength(2);
    expect((await row(order.id)).refundStatus).toBe('refunded');
  });

  it('stays flagged "needed" when the refund fails, and the maintenance job refunds it later', async () => {
    const { order, reference } = await squareOrder();
    await expireHolds(order.id);
    const payment = fake.pay(order.paymentLinkId!);
    await expireCheckouts();
    fake.failRefundsWith = 500;
    try {
      expect((await deliver(fake.webhook(payment))).statusCode).toBe(200);
    } finally {
      fake.failRefundsWith = null;
    }
    expect((await row(order.id)).refundStatus).toBe('needed');
    expect(refundsOf(payment.id)).toHaveLength(0);
    expect(await adminDetail(order.id)).toMatchObject({
      refundStatus: 'needed',
      refundPaymentReference: payment.id,
    });
    const notice = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, order.id)))[0]!;
    expect(notice).toMatchObject({ kind: 'order-attention', subject: `Order ${reference} needs a refund` });

    await runMaintenance(t.app, task('refunds of late payments'));
    await runMaintenance(t.app, task('refunds of late payments'));
    expect((await row(order.id)).refundStatus).toBe('refunded');
    expect(refundsOf(payment.id)).toHaveLength(1);
  });

  it('paid after the hold expired and the unit was sold: the order fails and the payment is refunded', async () => {
    const { order, product } = await squareOrder(2);
    await expireHolds(order.id);
    // Another shopper takes both units before the store's job runs.
    const other = new TestClient(t.app);
    const bought = await postCheckout(
      other,
      await validBody(other, [{ productId: product.id, quantity: 2 }]),
    );
    expect(bought.statusCode).toBe(200);
    const payment = fake.pay(order.paymentLinkId!);
    expect((await deliver(fake.webhook(payment))).statusCode).toBe(200);
    expect(await row(order.id)).toMatchObject({
      paymentStatus: 'failed',
      inventoryReduced: false,
      refundStatus: 'refunded',
    });
    expect(refundsOf(payment.id)).toHaveLength(1);
    expect(await stockOf(product.id)).toBe(2);
    // Its link is closed too: nobody pays it again.
    expect(fake.deletedLinks.has(order.paymentLinkId!)).toBe(true);
    const history = await historyOf(order.id);
    expect(history.find((h) => h.field === 'attention')!.toValue).toBe(
      `Payment ${payment.id} arrived after its stock hold expired and the stock was sold (Floor Lamp (#${product.id}): needs 2, 0 available): it must be refunded.`,
    );
  });

  it('leaves a failed order that had been paid to the administrator: no automatic refund', async () => {
    const { order } = await squareOrder();
    const payment = fake.pay(order.paymentLinkId!);
    expect((await deliver(fake.webhook(payment))).statusCode).toBe(200);
    const admin = new TestClient(t.app);
    await signInAs(t.db, admin, (await createUser(t.db, { isAdmin: true })).id);
    await admin.patch(`/api/orders/${order.id}/payment-status`, { paymentStatus: 'failed' });
    expect((await deliver(fake.webhook(payment))).statusCode).toBe(200);
    expect((await row(order.id)).refundStatus).toBeNull();
    expect(refundCalls(payment.id)).toHaveLength(0);
  });
});

describe('with the local provider', () => {
  it('the payment page of an expired checkout takes no payment', async () => {
    const local = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      await seedStoreSettings(local.db);
      await setWeekdayDiscounts(local.db);
      const product = await createProduct(local.db, { price: '20.00', stock: 5 });
      const client = new TestClient(local.app);
      const res = await postCheckout(
        client,
        await validBody(client, [{ productId: product.id, quantity: 1 }]),
      );
      const reference = res.json().orderId as string;
      const [order] = await local.db.select().from(orders).where(eq(orders.orderReference, reference));
      await local.db
        .update(stockHolds)
        .set({ expiresAt: sql`now() - interval '1 minute'` })
        .where(eq(stockHolds.orderId, order!.id));
      await runMaintenance(local.app, task('expired checkouts'));
      const page = await new TestClient(local.app).get(`/pay/${reference}`);
      expect(page.body).toContain('This payment is closed');
      const pay = await new TestClient(local.app).post(`/pay/${reference}/pay`, '', {
        'content-type': 'application/x-www-form-urlencoded',
      });
      expect(pay.statusCode).toBe(303);
      expect(pay.headers.location).toContain('status=failed');
      const recorded = await local.db
        .select()
        .from(paymentWebhookEvents)
        .where(eq(paymentWebhookEvents.eventId, `payment:${reference}`));
      expect(recorded).toEqual([]);
      const [after] = await local.db.select().from(orders).where(eq(orders.id, order!.id));
      expect(after).toMatchObject({ paymentStatus: 'failed', refundStatus: null });
    } finally {
      await local.close();
    }
  });
});
