// The Square provider against a fake Square API on loopback: payment links, verification, signed
// webhooks, replays, and the three ways an order can be completed racing each other.
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, orders, paymentWebhookEvents, products, stockHolds } from '~/server/db/schema';
import { MANY_ORDER_EMAILS, postCheckout, validBody } from '~/server/features/checkout/test-support';
import {
  createProduct,
  createUser,
  seedStoreSettings,
  setWeekdayDiscounts,
  signInAs,
} from '~/server/test/fixtures';
import { createTestApp, TestClient, type TestApp } from '~/server/test/test-app';
import { testDbKind } from '~/server/test/test-database';
import { orderProofToken } from '~/server/lib/order-proof';
import type { FakeSquare } from '~/server/payments/fake-square';
import {
  createSquareTestApp,
  SQUARE_NOTIFICATION_URL,
  SQUARE_SIGNATURE_KEY,
  type SquareTestApp,
} from '~/server/test/square-test-app';
import { isValidSquareSignature, squareBaseUrl, squareSignature } from './square';

const NOTIFICATION_URL = SQUARE_NOTIFICATION_URL;
const KEY = SQUARE_SIGNATURE_KEY;

let square: SquareTestApp;
let fake: FakeSquare;
let t: TestApp;
beforeAll(async () => {
  square = await createSquareTestApp({ ...MANY_ORDER_EMAILS });
  ({ fake, t } = square);
});
afterAll(async () => {
  await square.close();
});

/** A pending order of 2 x 20.00 (total 51.97 to Ontario), with its Square payment link. */
async function squareOrder(stock = 5) {
  const product = await createProduct(t.db, { price: '20.00', stock });
  const client = new TestClient(t.app);
  const res = await postCheckout(client, await validBody(client, [{ productId: product.id, quantity: 2 }]));
  expect(res.statusCode).toBe(200);
  const [order] = await t.db.select().from(orders).where(eq(orders.orderReference, res.json().orderId));
  return { product, client, order: order!, reference: order!.orderReference, answer: res.json() };
}

const row = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const stockOf = async (id: number) =>
  (await t.db.select({ s: products.stock }).from(products).where(eq(products.id, id)))[0]!.s;
/** The return page's call, with the token Square's redirect brings back (decision 0453). */
const confirm = (client: TestClient, reference: string) =>
  client.patch(`/api/orders/${reference}/payment-status?token=${proof(reference)}`, {
    paymentStatus: 'completed',
  });
const proof = (reference: string) => orderProofToken(t.app.ctx.config.sessionSecret, reference);
const deliver = (w: { body: string; signature: string }, signature: string | null = w.signature) =>
  t.app.inject({
    method: 'POST',
    url: '/api/square/webhook',
    payload: w.body,
    headers: {
      'content-type': 'application/json',
      ...(signature === null ? {} : { 'x-square-hmacsha256-signature': signature }),
    },
  });

describe('payment links', () => {
  it('creates a link for the exact total with an idempotency key and the confirmation redirect', async () => {
    const before = fake.requests.length;
    const { order, reference, answer } = await squareOrder();
    const link = fake.links.get(order.paymentLinkId!)!;
    expect(answer.checkoutUrl).toBe(link.url);
    expect(order.paymentMethod).toBe('square');
    const create = fake.requests.slice(before).find((r) => r.method === 'POST')!;
    expect(create.authorization).toBe('Bearer sq-test-token');
    expect(create.body).toMatchObject({
      idempotency_key: `checkout-${reference}`,
      order: {
        location_id: 'LOC_MAIN',
        reference_id: reference,
        line_items: [{ quantity: '1', base_price_money: { amount: 5197, currency: 'CAD' } }],
      },
      checkout_options: {
        redirect_url: `http://store.test/checkout/confirmation?order_id=${reference}&status=success&token=${proof(reference)}`,
      },
      pre_populated_data: { buyer_email: 'jane@example.com' },
    });
  });

  it('gives a repeated submission the same link without creating another', async () => {
    const product = await createProduct(t.db, { price: '20.00', stock: 5 });
    const client = new TestClient(t.app);
    const body = await validBody(client, [{ productId: product.id, quantity: 1 }]);
    const key = 'retry-key-0123456789';
    const linksBefore = fake.links.size;
    const one = await postCheckout(client, body, { 'idempotency-key': key });
    const two = await postCheckout(client, body, { 'idempotency-key': key });
    expect(two.json()).toEqual(one.json());
    expect(fake.links.size).toBe(linksBefore + 1);
  });

  it('answers 502 when Square is down, and the same submission works once it is back', async () => {
    const product = await createProduct(t.db, { price: '20.00', stock: 1 });
    const client = new TestClient(t.app);
    const body = await validBody(client, [{ productId: product.id, quantity: 1 }]);
    const key = 'down-key-0123456789';
    fake.failWith = 500;
    try {
      const res = await postCheckout(client, body, { 'idempotency-key': key });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe(
        'We could not reach the payment provider. Please try again in a moment.',
      );
    } finally {
      fake.failWith = null;
    }
    // The retry finds the order (and its hold on the last unit) and gets a link for it.
    const retry = await postCheckout(client, body, { 'idempotency-key': key });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().checkoutUrl).toMatch(/^https:\/\/sandbox\.square\.link\//);
  });
});

describe('verification on the return page', () => {
  it('leaves the order pending until Square has a completed payment, then completes it', async () => {
    const { order, client, reference, product } = await squareOrder();
    expect((await confirm(client, reference)).json().paymentStatus).toBe('pending');
    const payment = fake.pay(order.paymentLinkId!);
    const res = await confirm(client, reference);
    expect(res.json()).toMatchObject({ paymentStatus: 'completed', paymentReference: payment.id });
    expect(await stockOf(product.id)).toBe(3);
  });

  it.each([
    ['an amount that differs', { amount_money: { amount: 100, currency: 'CAD' } }],
    ['another currency', { amount_money: { amount: 5197, currency: 'USD' } }],
    ['another location', { location_id: 'LOC_OTHER' }],
    ['a payment that is only approved', { status: 'APPROVED' }],
    ['a failed payment', { status: 'FAILED' }],
    ['a payment of another order', { order_id: 'ORDER_someone_else' }],
  ])('refuses %s', async (_name, overrides) => {
    const { order, client, reference, product } = await squareOrder();
    fake.pay(order.paymentLinkId!, overrides as never);
    const res = await confirm(client, reference);
    expect(res.json().paymentStatus).toBe('pending');
    expect(await stockOf(product.id)).toBe(5);
  });

  it.each([
    ['in full', undefined],
    ['in part', 100],
  ])('refuses a payment that was refunded %s (Square keeps it COMPLETED)', async (_name, amount) => {
    const { order, client, reference, product } = await squareOrder();
    const payment = fake.pay(order.paymentLinkId!);
    expect(fake.refund(payment.id, amount).status).toBe('COMPLETED');
    const res = await confirm(client, reference);
    expect(res.json().paymentStatus).toBe('pending');
    expect(await stockOf(product.id)).toBe(5);
  });

  it('refuses a Square order of another location or reference', async () => {
    const { order, client, reference } = await squareOrder();
    fake.pay(order.paymentLinkId!);
    const sq = fake.orders.get(fake.links.get(order.paymentLinkId!)!.order_id)!;
    sq.reference_id = 'ORD-SOMETHINGELSE12';
    expect((await confirm(client, reference)).json().paymentStatus).toBe('pending');
    sq.reference_id = reference;
    sq.location_id = 'LOC_OTHER';
    expect((await confirm(client, reference)).json().paymentStatus).toBe('pending');
  });

  it('answers 502 when Square cannot be asked', async () => {
    const { client, reference } = await squareOrder();
    fake.failWith = 503;
    try {
      const res = await confirm(client, reference);
      expect(res.statusCode).toBe(502);
    } finally {
      fake.failWith = null;
    }
  });
});

describe('configuration', () => {
  it('talks to the sandbox by default, to production when told, and to an override for tests', () => {
    expect(squareBaseUrl({ SQUARE_ENVIRONMENT: 'sandbox' })).toBe('https://connect.squareupsandbox.com');
    expect(squareBaseUrl({ SQUARE_ENVIRONMENT: 'production' })).toBe('https://connect.squareup.com');
    expect(
      squareBaseUrl({ SQUARE_ENVIRONMENT: 'production', SQUARE_API_BASE_URL: 'http://127.0.0.1:9/' }),
    ).toBe('http://127.0.0.1:9');
  });
});

describe('webhooks', () => {
  it('takes a signed notification sent over a real connection (raw body as Square sent it)', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address() as AddressInfo;
    const url = `http://127.0.0.1:${address.port}/api/square/webhook`;
    const { order, product } = await squareOrder();
    const payment = fake.pay(order.paymentLinkId!);
    // Key order and spacing of the body are Square's own: the signature covers those exact bytes.
    const w = fake.webhook(payment);
    const spaced = { body: w.body.replace(/,"/g, ', "'), signature: '' };
    spaced.signature = squareSignature(KEY, NOTIFICATION_URL, spaced.body);
    const forged = await fake.send(url, { body: spaced.body, signature: w.signature });
    expect(forged.status).toBe(401);
    expect(await row(order.id)).toMatchObject({ paymentStatus: 'pending', inventoryReduced: false });
    const sent = await fake.send(url, spaced);
    expect(sent.status).toBe(200);
    expect(await row(order.id)).toMatchObject({ paymentStatus: 'completed', inventoryReduced: true });
    expect(await stockOf(product.id)).toBe(3);
  });

  it('checks the signature algorithm: base64 HMAC-SHA256 of URL + body', () => {
    const body = Buffer.from('{"a":1}');
    const sig = squareSignature(KEY, NOTIFICATION_URL, body);
    expect(isValidSquareSignature(KEY, NOTIFICATION_URL, body, sig)).toBe(true);
    expect(isValidSquareSignature(KEY, NOTIFICATION_URL, Buffer.from('{"a":2}'), sig)).toBe(false);
    expect(isValidSquareSignature(KEY, `${NOTIFICATION_URL}/`, body, sig)).toBe(false);
    expect(isValidSquareSignature('other', NOTIFICATION_URL, body, sig)).toBe(false);
    expect(isValidSquareSignature(KEY, NOTIFICATION_URL, body, undefined)).toBe(false);
    expect(isValidSquareSignature(KEY, NOTIFICATION_URL, body, sig.slice(0, -2))).toBe(false);
  });

  it('completes the order on a signed payment notification, and ignores its replay', async () => {
    const { order, product } = await squareOrder();
    const payment = fake.pay(order.paymentLinkId!);
    const w = fake.webhook(payment);
    const res = await deliver(w);
    expect(res.statusCode).toBe(200);
    expect(await row(order.id)).toMatchObject({
      paymentStatus: 'completed',
      paymentReference: payment.id,
      inventoryReduced: true,
    });
    expect(await stockOf(product.id)).toBe(3);
    const replay = await deliver(w);
    expect(replay.statusCode).toBe(200);
    expect(await stockOf(product.id)).toBe(3);
    const events = await t.db
      .select()
      .from(paymentWebhookEvents)
      .where(eq(paymentWebhookEvents.eventId, w.eventId));
    expect(events).toHaveLength(1);
    expect(events[0]!.processedAt).not.toBeNull();
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, order.id));
    // One confirmation to the shopper, one new-order alert to the store.
    expect(mails.map((m) => m.kind).sort()).toEqual(['order-confirmation', 'order-new-alert']);
  });

  it.each([
    [
      'a forged signature',
      (w: { body: string; signature: string }) => ({
        ...w,
        signature: squareSignature('guessed-key', NOTIFICATION_URL, w.body),
      }),
    ],
    [
      'an altered body',
      (w: { body: string; signature: string }) => ({ ...w, body: w.body.replace('COMPLETED', 'COMPLETED ') }),
    ],
    [
      'a signature for another URL',
      (w: { body: string; signature: string }) => ({
        ...w,
        signature: squareSignature(KEY, 'http://store.test/api/square/webhook', w.body),
      }),
    ],
    ['garbage', (w: { body: string; signature: string }) => ({ ...w, signature: 'not-base64!' })],
    ['no signature', (w: { body: string; signature: string }) => ({ ...w, signature: '' })],
  ])('refuses %s and changes nothing', async (_name, tamper) => {
    const { order, product } = await squareOrder();
    const payment = fake.pay(order.paymentLinkId!);
    const w = tamper(fake.webhook(payment));
    const res = await deliver(w, w.signature === '' ? null : w.signature);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Invalid webhook signature.');
    expect((await row(order.id)).paymentStatus).toBe('pending');
    expect(await stockOf(product.id)).toBe(5);
  });

  it.each(['refunded', 'failed'] as const)(
    'after an administrator marks the order %s, no notice or return page completes it again',
    async (status) => {
      const { order, client, reference, product } = await squareOrder();
      const payment = fake.pay(order.paymentLinkId!);
      const first = fake.webhook(payment);
      expect((await deliver(first)).statusCode).toBe(200);
      expect(await stockOf(product.id)).toBe(3);
      const admin = new TestClient(t.app);
      await signInAs(t.db, admin, (await createUser(t.db, { isAdmin: true })).id);
      await admin.patch(`/api/orders/${order.id}/payment-status`, { paymentStatus: status });
      expect(await stockOf(product.id)).toBe(5);

      // Square still reports the payment COMPLETED (refunded elsewhere, or not at all): the order's
      // status alone keeps it closed. A new notice, the replay and the return page change nothing.
      expect((await deliver(fake.webhook(payment))).statusCode).toBe(200);
      expect((await deliver(first)).statusCode).toBe(200);
      expect((await confirm(client, reference)).json().paymentStatus).toBe(status);
      // Square's own refund notice (payment.updated with refunded_money) changes nothing either.
      expect((await deliver(fake.webhook(fake.refund(payment.id)))).statusCode).toBe(200);
      expect(await row(order.id)).toMatchObject({ paymentStatus: status, inventoryReduced: false });
      expect(await stockOf(product.id)).toBe(5);
      const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, order.id));
      // The confirmation and the store's alert once; a refund tells the shopper once more.
      expect(mails.map((m) => m.kind).sort()).toEqual(
        status === 'refunded'
          ? ['order-confirmation', 'order-new-alert', 'order-refunded']
          : ['order-confirmation', 'order-new-alert'],
      );
    },
  );

  it('a FAILED payment leaves the order pending and its hold in place until the hold expires (decision 0044)', async () => {
    const product = await createProduct(t.db, { price: '20.00', stock: 2 });
    const buyer = new TestClient(t.app);
    const other = new TestClient(t.app);
    const otherBody = await validBody(other, [{ productId: product.id, quantity: 1 }]);
    const res = await postCheckout(buyer, await validBody(buyer, [{ productId: product.id, quantity: 2 }]));
    const [order] = await t.db.select().from(orders).where(eq(orders.orderReference, res.json().orderId));
    const declined = fake.pay(order!.paymentLinkId!, { status: 'FAILED' });
    expect((await deliver(fake.webhook(declined))).statusCode).toBe(200);
    expect((await row(order!.id)).paymentStatus).toBe('pending');
    // The buyer may try another card on the same link: the units stay theirs meanwhile.
    expect((await postCheckout(other, otherBody)).json().code).toBe('out_of_stock');
    // Once the hold expires (STOCK_HOLD_MINUTES after the checkout), it no longer counts.
    await t.db
      .update(stockHolds)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(stockHolds.orderId, order!.id));
    expect((await postCheckout(other, otherBody)).statusCode).toBe(200);
  });

  it('does not trust the notification: a payment Square does not confirm stays unpaid', async () => {
    const { order, product } = await squareOrder();
    const payment = fake.pay(order.paymentLinkId!, { amount_money: { amount: 1, currency: 'CAD' } });
    // The notification claims the full amount; Square's records say 0.01.
    const w = fake.webhook({ ...payment, amount_money: { amount: 5197, currency: 'CAD' } });
    expect((await deliver(w)).statusCode).toBe(200);
    expect((await row(order.id)).paymentStatus).toBe('pending');
    expect(await stockOf(product.id)).toBe(5);
  });

  it('ignores events about orders that are not ours and other event types', async () => {
    const { order } = await squareOrder();
    const payment = fake.pay(order.paymentLinkId!);
    expect((await deliver(fake.webhook({ ...payment, order_id: 'ORDER_unknown' }))).statusCode).toBe(200);
    expect((await deliver(fake.webhook(payment, { type: 'refund.created' }))).statusCode).toBe(200);
    expect((await row(order.id)).paymentStatus).toBe('pending');
  });

  it('asks for a retry (503) when Square cannot be reached, and applies the redelivery', async () => {
    const { order } = await squareOrder();
    const payment = fake.pay(order.paymentLinkId!);
    const w = fake.webhook(payment);
    fake.failWith = 500;
    try {
      expect((await deliver(w)).statusCode).toBe(503);
    } finally {
      fake.failWith = null;
    }
    expect((await row(order.id)).paymentStatus).toBe('pending');
    expect((await deliver(w)).statusCode).toBe(200);
    expect((await row(order.id)).paymentStatus).toBe('completed');
  });

  it.skipIf(testDbKind() === 'pglite')(
    'completes once when the return page, the webhook and its replay arrive together (PostgreSQL)',
    async () => {
      const { order, client, reference, product } = await squareOrder();
      const payment = fake.pay(order.paymentLinkId!);
      const w = fake.webhook(payment);
      const answers = await Promise.all([
        confirm(client, reference),
        deliver(w),
        deliver(w),
        confirm(client, reference),
        deliver(w),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(await row(order.id)).toMatchObject({
        paymentStatus: 'completed',
        inventoryReduced: true,
        confirmationEmailSent: true,
      });
      expect(await stockOf(product.id)).toBe(3);
      const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, order.id));
      expect(mails.map((m) => m.kind).sort()).toEqual(['order-confirmation', 'order-new-alert']);
    },
  );
});

describe('with the local provider', () => {
  it('has no webhook endpoint to speak of', async () => {
    const local = await createTestApp();
    try {
      const res = await local.app.inject({
        method: 'POST',
        url: '/api/square/webhook',
        payload: '{}',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await local.close();
    }
  });
});

describe("the location's currency at start-up (docs/decisions/0135-store-currency.md)", () => {
  const squareEnv = (locationId: string, extra: Record<string, string> = {}) => ({
    PAYMENT_PROVIDER: 'square',
    SQUARE_ACCESS_TOKEN: 'sq-test-token',
    SQUARE_LOCATION_ID: locationId,
    SQUARE_WEBHOOK_SIGNATURE_KEY: KEY,
    SQUARE_WEBHOOK_URL: NOTIFICATION_URL,
    SQUARE_API_BASE_URL: fake.url,
    TRUST_PROXY: 'true',
    ...extra,
  });

  it('reads the location from Square at start-up', async () => {
    const before = fake.requests.length;
    const app = await createTestApp({ env: squareEnv('LOC_MAIN') });
    await app.close();
    expect(fake.requests.slice(before)).toContainEqual(
      expect.objectContaining({
        method: 'GET',
        path: '/v2/locations/LOC_MAIN',
        authorization: 'Bearer sq-test-token',
      }),
    );
  });

  it('stops start-up naming both currencies when the location takes another currency', async () => {
    fake.locations.LOC_USD = { id: 'LOC_USD', name: 'US', status: 'ACTIVE', country: 'US', currency: 'USD' };
    await expect(createTestApp({ env: squareEnv('LOC_USD') })).rejects.toThrow(
      'Square location LOC_USD takes payments in USD, but STORE_CURRENCY is CAD',
    );
  });

  it('stops start-up when Square does not know the location', async () => {
    await expect(createTestApp({ env: squareEnv('LOC_NOWHERE') })).rejects.toThrow(
      /Square did not give the currency of location LOC_NOWHERE \(HTTP 404\)/,
    );
  });

  it('starts with STORE_CURRENCY=USD at a USD location and asks Square for USD', async () => {
    fake.locations.LOC_USD = { id: 'LOC_USD', name: 'US', status: 'ACTIVE', country: 'US', currency: 'USD' };
    const us = await createTestApp({ env: squareEnv('LOC_USD', { STORE_CURRENCY: 'USD' }) });
    try {
      await seedStoreSettings(us.db);
      await setWeekdayDiscounts(us.db);
      const product = await createProduct(us.db, { price: '20.00', stock: 5 });
      const client = new TestClient(us.app);
      const res = await postCheckout(
        client,
        await validBody(client, [{ productId: product.id, quantity: 1 }]),
      );
      expect(res.statusCode).toBe(200);
      const [order] = await us.db.select().from(orders).where(eq(orders.orderReference, res.json().orderId));
      // 20.00 + standard 5.99 = 25.99; HST 13% = 3.3787 -> 3.38; total 29.37.
      expect(order).toMatchObject({ currency: 'USD', total: '29.37' });
      const link = fake.links.get(order!.paymentLinkId!)!;
      expect(fake.orders.get(link.order_id)!.line_items[0]!.base_price_money).toEqual({
        amount: 2937,
        currency: 'USD',
      });
    } finally {
      await us.close();
    }
  });

  it('refuses a checkout when the location changed currency after start-up', async () => {
    const before = fake.locations.LOC_MAIN!.currency;
    const app = await createTestApp({ env: squareEnv('LOC_MAIN') });
    try {
      // The provider reads the currency once, at the first checkout: it is USD by then.
      fake.locations.LOC_MAIN!.currency = 'USD';
      await seedStoreSettings(app.db);
      await setWeekdayDiscounts(app.db);
      const product = await createProduct(app.db, { price: '20.00', stock: 5 });
      const client = new TestClient(app.app);
      const linksBefore = fake.links.size;
      const res = await postCheckout(
        client,
        await validBody(client, [{ productId: product.id, quantity: 1 }]),
      );
      expect(res.statusCode).toBe(502);
      expect(fake.links.size).toBe(linksBefore);
    } finally {
      fake.locations.LOC_MAIN!.currency = before;
      await app.close();
    }
  });
});
