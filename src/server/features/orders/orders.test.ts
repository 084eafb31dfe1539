// Reading orders, the local payment page, confirmation by the provider, completion exactly once,
// the confirmation e-mail, failure, expired holds and the admin's payment-status moves.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mailOutbox,
  orderHistory,
  shippingSettings,
  orders,
  paymentWebhookEvents,
  products,
  stockHolds,
} from '~/server/db/schema';
import {
  createProduct,
  createUser,
  seedStoreSettings,
  setWeekdayDiscounts,
  signInAs,
} from '~/server/test/fixtures';
import { createMailer } from '~/server/mail/mailer';
import { runMaintenance } from '~/server/maintenance';
import { startSmtpInbox } from '~/server/test/smtp-inbox';
import { createTestApp, TestClient, type TestApp } from '~/server/test/test-app';
import {
  type Destination,
  MANY_ORDER_EMAILS,
  postCheckout,
  validBody,
} from '~/server/features/checkout/test-support';
import { orderProofToken } from '~/server/lib/order-proof';
import { completeOrderPayment, retryOrderConfirmations, setOrderPaymentStatus } from './completion';

const form = { 'content-type': 'application/x-www-form-urlencoded' };

let t: TestApp;
beforeAll(async () => {
  // Stands for many clients by varying X-Forwarded-For (per-address limits), so it trusts the header.
  t = await createTestApp({ env: { TRUST_PROXY: 'true', ...MANY_ORDER_EMAILS } });
  await seedStoreSettings(t.db);
  await setWeekdayDiscounts(t.db);
});
afterAll(() => t.close());

/** A guest's pending order for `quantity` of a new product (20.00 each, stock `stock`). */
async function placeOrder(
  options: {
    stock?: number;
    quantity?: number;
    client?: TestClient;
    name?: string;
    email?: string;
    destination?: Destination;
  } = {},
) {
  const product = await createProduct(t.db, {
    name: options.name ?? 'Desk Lamp',
    price: '20.00',
    stock: options.stock ?? 5,
  });
  const client = options.client ?? new TestClient(t.app);
  const body = await validBody(
    client,
    [{ productId: product.id, quantity: options.quantity ?? 2 }],
    options.destination,
  );
  if (options.email) body.orderData.customerEmail = options.email;
  const res = await postCheckout(client, body);
  expect(res.statusCode).toBe(200);
  const reference = res.json().orderId as string;
  const [order] = await t.db.select().from(orders).where(eq(orders.orderReference, reference));
  return { product, client, reference, order: order! };
}

const stockOf = async (id: number) =>
  (await t.db.select({ s: products.stock }).from(products).where(eq(products.id, id)))[0]!.s;
const orderRow = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const activeHolds = async (orderId: number) =>
  (await t.db.select().from(stockHolds).where(eq(stockHolds.orderId, orderId))).filter(
    (h) => h.releasedAt === null,
  );

describe('GET /api/orders/{id}', () => {
  it("lets the shopper holding the confirmation's token read the order with its items", async () => {
    const { reference, order } = await placeOrder();
    const token = orderProofToken(t.app.ctx.config.sessionSecret, reference);
    const res = await new TestClient(t.app).get(`/api/orders/${reference}?token=${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    // 2 x 20.00 = 40.00; standard 5.99; ON 13% of 45.99 = 5.98; total 51.97
    expect(res.json()).toMatchObject({
      id: order.id,
      orderReference: reference,
      customerName: 'Jane Shopper',
      customerEmail: 'jane@example.com',
      customerPhone: '416-555-0123',
      shippingAddress: {
        addressLine1: '123 Main Street',
        city: 'Toronto',
        state: 'ON',
        zipCode: 'M5V 2T6',
        country: 'Canada',
      },
      shippingMethod: 'standard',
      shippingCost: '5.99',
      subtotal: '40.00',
      discountPercentage: '0.00',
      discountAmount: '0.00',
      taxRate: '13',
      taxAmount: '5.98',
      total: '51.97',
      status: 'pending',
      paymentStatus: 'pending',
      paymentMethod: 'local',
      userId: null,
      items: [{ name: 'Desk Lamp', productName: 'Desk Lamp', quantity: 2, price: '20.00' }],
    });
    expect(res.json()).not.toHaveProperty('idempotencyKey');
    expect(res.json()).not.toHaveProperty('paymentLinkId');
  });

  it('hides orders by numeric id from guests and other customers, shows them to the owner and admins', async () => {
    const owner = await createUser(t.db);
    const ownerClient = new TestClient(t.app);
    await signInAs(t.db, ownerClient, owner.id);
    const { order, reference } = await placeOrder({ client: ownerClient });
    expect(order.userId).toBe(owner.id);

    expect((await new TestClient(t.app).get(`/api/orders/${order.id}`)).statusCode).toBe(404);
    const stranger = new TestClient(t.app);
    await signInAs(t.db, stranger, (await createUser(t.db)).id);
    const denied = await stranger.get(`/api/orders/${order.id}`);
    expect(denied.statusCode).toBe(404);
    expect(denied.json().message).toBe('Order not found.');
    expect((await ownerClient.get(`/api/orders/${order.id}`)).statusCode).toBe(200);
    expect((await ownerClient.get(`/api/orders/${reference}`)).statusCode).toBe(200);
    const admin = new TestClient(t.app);
    await signInAs(t.db, admin, (await createUser(t.db, { isAdmin: true })).id);
    expect((await admin.get(`/api/orders/${order.id}`)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown reference and 400 for nonsense', async () => {
    expect((await new TestClient(t.app).get('/api/orders/ORD-AAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect((await new TestClient(t.app).get('/api/orders/999999')).statusCode).toBe(404);
    expect((await new TestClient(t.app).get('/api/orders/%27%20or%201=1')).statusCode).toBe(400);
  });
});

describe('the local payment page', () => {
  it('shows the store, the amount and the items with Pay and Decline', async () => {
    const { reference } = await placeOrder({ name: 'Brass <Lamp>' });
    const res = await new TestClient(t.app).get(`/pay/${reference}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Liquidation Depot');
    expect(res.body).toContain('$51.97');
    expect(res.body).toContain('Brass &lt;Lamp&gt; &times; 2');
    expect(res.body).toContain(`action="/pay/${reference}/pay"`);
    expect(res.body).toContain(`action="/pay/${reference}/decline"`);
    expect(res.body).toMatch(/>Pay<\/button>/);
    expect(res.body).toMatch(/>Decline<\/button>/);
  });

  it('answers 404 for an unknown order', async () => {
    expect((await new TestClient(t.app).get('/pay/ORD-AAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect((await new TestClient(t.app).post('/pay/ORD-AAAAAAAAAAAAAAAA/pay', '', form)).statusCode).toBe(
      404,
    );
  });

  it('Pay records the payment, completes the order once and returns to the confirmation page', async () => {
    const { product, reference, order } = await placeOrder({ stock: 5, quantity: 2 });
    const res = await new TestClient(t.app).post(`/pay/${reference}/pay`, '', form);
    expect(res.statusCode).toBe(303);
    // With the token that shows the shopper the order in full (docs/decisions/0453-order-details-need-proof.md).
    const token = orderProofToken(t.app.ctx.config.sessionSecret, reference);
    expect(res.headers.location).toBe(
      `/checkout/confirmation?order_id=${reference}&status=success&token=${token}`,
    );
    const after = await orderRow(order.id);
    expect(after).toMatchObject({
      paymentStatus: 'completed',
      inventoryReduced: true,
      confirmationEmailSent: true,
      confirmationEmailStatus: 'queued',
    });
    expect(after.paymentReference).toMatch(/^LOCAL-/);
    expect(await stockOf(product.id)).toBe(3);
    expect(await activeHolds(order.id)).toEqual([]);
    // Pressing Pay again changes nothing.
    await new TestClient(t.app).post(`/pay/${reference}/pay`, '', form);
    expect(await stockOf(product.id)).toBe(3);
    const history = await t.db.select().from(orderHistory).where(eq(orderHistory.orderId, order.id));
    expect(history.filter((h) => h.field === 'paymentStatus')).toMatchObject([
      { fromValue: 'pending', toValue: 'completed', actor: 'payment-page' },
    ]);
  });

  it('Decline fails the order, releases the hold and keeps the stock', async () => {
    const { product, reference, order } = await placeOrder({ stock: 1, quantity: 1 });
    const res = await new TestClient(t.app).post(`/pay/${reference}/decline`, '', form);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(
      // A code the confirmation page turns into the store's own text, never the text itself (decision 0117).
      `/checkout/confirmation?order_id=${reference}&status=failed&error=declined`,
    );
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: 'failed', inventoryReduced: false });
    expect(await stockOf(product.id)).toBe(1);
    expect(await activeHolds(order.id)).toEqual([]);
    // The unit is for sale again at once.
    const c = new TestClient(t.app);
    expect(
      (await postCheckout(c, await validBody(c, [{ productId: product.id, quantity: 1 }]))).statusCode,
    ).toBe(200);
    // A Pay after the decline does not turn it into a payment.
    const late = await new TestClient(t.app).post(`/pay/${reference}/pay`, '', form);
    expect(late.headers.location).toContain('status=failed');
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: 'failed' });
  });
});

describe('PATCH /api/orders/{id}/payment-status', () => {
  it('does not mark an order paid because the page says so', async () => {
    const { reference, order, product } = await placeOrder();
    const res = await new TestClient(t.app).patch(`/api/orders/${reference}/payment-status`, {
      paymentStatus: 'completed',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().paymentStatus).toBe('pending');
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: 'pending', inventoryReduced: false });
    expect(await stockOf(product.id)).toBe(5);
  });

  it('completes the order once the provider has the payment, and attaches the signed-in user', async () => {
    const email = `buyer-${Date.now()}@example.com`;
    const { reference, order, product } = await placeOrder({ email });
    // The provider's record of the payment, without the store hearing of it (its notification lost).
    const { recordLocalPayment } = await import('~/server/payments/local');
    await recordLocalPayment(t.db, { orderReference: reference, totalCents: 5197 }, 'completed');
    // The account's e-mail is the order's, in another case (docs/decisions/0123-linking-guest-orders.md).
    const user = await createUser(t.db, { email: email.toUpperCase() });
    const client = new TestClient(t.app);
    await signInAs(t.db, client, user.id);
    const res = await client.patch(`/api/orders/${reference}/payment-status`, { paymentStatus: 'completed' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ paymentStatus: 'completed', userId: user.id });
    expect(await stockOf(product.id)).toBe(3);
    expect((await orderRow(order.id)).inventoryReduced).toBe(true);
  });

  it('links a paid guest order only to an account with the order e-mail, and never replaces an owner', async () => {
    const email = `guest-${Date.now()}@example.com`;
    const { reference, order } = await placeOrder({ email });
    await new TestClient(t.app).post(`/pay/${reference}/pay`, '', form);
    // Holding the reference is not enough: an account with another e-mail is not linked.
    const stranger = await createUser(t.db);
    const cs = new TestClient(t.app);
    await signInAs(t.db, cs, stranger.id);
    const refused = await cs.patch(`/api/orders/${reference}/payment-status`, { paymentStatus: 'completed' });
    expect(refused.statusCode).toBe(200);
    // Nor does the account see the order's details (docs/decisions/0453-order-details-need-proof.md).
    expect(refused.json()).toEqual({
      orderReference: reference,
      status: 'pending',
      paymentStatus: 'completed',
      total: '51.97',
      currency: 'CAD',
      detailsHidden: true,
    });
    expect((await orderRow(order.id)).userId).toBeNull();

    const first = await createUser(t.db, { email });
    const c1 = new TestClient(t.app);
    await signInAs(t.db, c1, first.id);
    expect(
      (await c1.patch(`/api/orders/${reference}/payment-status`, { paymentStatus: 'completed' })).json()
        .userId,
    ).toBe(first.id);
    // The owner stays even when the e-mail later belongs to another account (the first changed theirs).
    await t.db.execute(sql`update users set email = ${`moved-${email}`} where id = ${first.id}`);
    const second = await createUser(t.db, { email });
    const c2 = new TestClient(t.app);
    await signInAs(t.db, c2, second.id);
    await c2.patch(`/api/orders/${reference}/payment-status`, { paymentStatus: 'completed' });
    expect((await orderRow(order.id)).userId).toBe(first.id);
  });

  it('refuses a payment amount that does not match the order', async () => {
    const { reference, order } = await placeOrder();
    const { recordLocalPayment } = await import('~/server/payments/local');
    await recordLocalPayment(t.db, { orderReference: reference, totalCents: 1 }, 'completed');
    const res = await new TestClient(t.app).patch(`/api/orders/${reference}/payment-status`, {
      paymentStatus: 'completed',
    });
    expect(res.json().paymentStatus).toBe('pending');
    expect((await orderRow(order.id)).paymentStatus).toBe('pending');
  });

  it('refuses any other status, another user id, and unknown fields from shoppers', async () => {
    const { reference } = await placeOrder();
    const c = new TestClient(t.app);
    const other = await createUser(t.db);
    const refunded = await c.patch(`/api/orders/${reference}/payment-status`, { paymentStatus: 'refunded' });
    expect(refunded.statusCode).toBe(403);
    expect(refunded.json().message).toBe('Only the payment provider can change this payment status.');
    expect(
      (
        await c.patch(`/api/orders/${reference}/payment-status`, {
          paymentStatus: 'completed',
          userId: other.id,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await c.patch(`/api/orders/${reference}/payment-status`, {
          paymentStatus: 'completed',
          inventoryReduced: true,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await c.patch(`/api/orders/${reference}/payment-status`, { paymentStatus: 'paid' })).statusCode,
    ).toBe(400);
  });

  it('answers 404 for an order the requester may not see', async () => {
    const { order } = await placeOrder();
    expect(
      (
        await new TestClient(t.app).patch(`/api/orders/${order.id}/payment-status`, {
          paymentStatus: 'completed',
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('a refunded or failed order is closed to the payment paths (docs/decisions/0043)', () => {
  async function adminClient() {
    const client = new TestClient(t.app);
    await signInAs(t.db, client, (await createUser(t.db, { isAdmin: true })).id);
    return client;
  }
  const confirmByReference = (client: TestClient, reference: string) =>
    client.patch(`/api/orders/${reference}/payment-status`, { paymentStatus: 'completed' });

  it.each(['refunded', 'failed'] as const)(
    'after an administrator marks a paid order %s, the return page answers it unchanged and takes no stock',
    async (status) => {
      const { product, reference, order } = await placeOrder({ stock: 5, quantity: 2 });
      await new TestClient(t.app).post(`/pay/${reference}/pay`, '', form);
      expect(await stockOf(product.id)).toBe(3);
      const admin = await adminClient();
      const moved = await admin.patch(`/api/orders/${order.id}/payment-status`, { paymentStatus: status });
      expect(moved.json().paymentStatus).toBe(status);
      expect(await stockOf(product.id)).toBe(5);

      // The provider still has the payment, yet neither a guest nor a signed-in customer reopens the order.
      const guest = await confirmByReference(new TestClient(t.app), reference);
      expect(guest.statusCode).toBe(200);
      expect(guest.json()).toMatchObject({ paymentStatus: status, detailsHidden: true });
      const customer = new TestClient(t.app);
      await signInAs(t.db, customer, (await createUser(t.db)).id);
      expect((await confirmByReference(customer, reference)).json()).toMatchObject({
        paymentStatus: status,
        detailsHidden: true,
      });
      expect((await orderRow(order.id)).userId).toBeNull();
      // Nor the payment page's Pay.
      await new TestClient(t.app).post(`/pay/${reference}/pay`, '', form);
      expect(await orderRow(order.id)).toMatchObject({ paymentStatus: status, inventoryReduced: false });
      expect(await stockOf(product.id)).toBe(5);
      const history = await t.db.select().from(orderHistory).where(eq(orderHistory.orderId, order.id));
      expect(history.filter((h) => h.field === 'paymentStatus').map((h) => h.toValue)).toEqual([
        'completed',
        status,
      ]);
      // The administrator still can.
      await admin.patch(`/api/orders/${order.id}/payment-status`, { paymentStatus: 'completed' });
      expect(await orderRow(order.id)).toMatchObject({ paymentStatus: 'completed', inventoryReduced: true });
      expect(await stockOf(product.id)).toBe(3);
    },
  );

  it('the payment page takes no payment for an order an administrator marked failed before it was paid', async () => {
    const { product, reference, order } = await placeOrder({ stock: 5, quantity: 2 });
    await (await adminClient()).patch(`/api/orders/${order.id}/payment-status`, { paymentStatus: 'failed' });
    const pay = await new TestClient(t.app).post(`/pay/${reference}/pay`, '', form);
    expect(pay.statusCode).toBe(303);
    expect(pay.headers.location).toContain('status=failed');
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: 'failed', inventoryReduced: false });
    expect(await stockOf(product.id)).toBe(5);
    // No payment was recorded on the provider's side either.
    const recorded = await t.db
      .select()
      .from(paymentWebhookEvents)
      .where(eq(paymentWebhookEvents.eventId, `payment:${reference}`));
    expect(recorded).toEqual([]);
    expect((await confirmByReference(new TestClient(t.app), reference)).json().paymentStatus).toBe('failed');
  });

  it('the payment page shows a refunded order as closed', async () => {
    const { product, reference, order } = await placeOrder({ stock: 5, quantity: 2 });
    await new TestClient(t.app).post(`/pay/${reference}/pay`, '', form);
    await setOrderPaymentStatus(t.app.ctx, order.id, 'refunded', { kind: 'admin' });
    const pay = await new TestClient(t.app).post(`/pay/${reference}/pay`, '', form);
    expect(pay.statusCode).toBe(200);
    expect(pay.body).toContain('This payment is closed');
    expect((await new TestClient(t.app).get(`/pay/${reference}`)).body).toContain('This payment is closed');
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: 'refunded', inventoryReduced: false });
    expect(await stockOf(product.id)).toBe(5);
  });

  it('completeOrderPayment itself refuses a provider path on a refunded order', async () => {
    const { product, reference, order } = await placeOrder({ stock: 5, quantity: 2 });
    await new TestClient(t.app).post(`/pay/${reference}/pay`, '', form);
    await setOrderPaymentStatus(t.app.ctx, order.id, 'refunded', { kind: 'admin' });
    for (const kind of ['return-page', 'webhook', 'payment-page'] as const) {
      const change = await completeOrderPayment(t.app.ctx, order.id, { kind });
      expect(change).toMatchObject({ changed: false, order: { paymentStatus: 'refunded' } });
    }
    expect(await stockOf(product.id)).toBe(5);
  });
});

describe('the confirmation e-mail', () => {
  it('is sent once with the items and amounts, in text and HTML', async () => {
    const { reference, order } = await placeOrder({ name: 'Walnut <Shelf>' });
    await new TestClient(t.app).post(`/pay/${reference}/pay`, '', form);
    await completeOrderPayment(t.app.ctx, order.id, { kind: 'admin' });
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, order.id));
    // The confirmation, and the new-order alert to the store (docs/decisions/0270).
    expect(mails.map((m) => m.kind).sort()).toEqual(['order-confirmation', 'order-new-alert']);
    const mail = mails.find((m) => m.kind === 'order-confirmation')!;
    expect(mail).toMatchObject({
      kind: 'order-confirmation',
      to: 'jane@example.com',
      subject: `Liquidation Depot: order ${reference} confirmed`,
    });
    expect(mail.text).toContain('- 2 x Walnut <Shelf> @ $20.00 = $40.00');
    expect(mail.text).toContain('Subtotal: $40.00');
    expect(mail.text).toContain('Shipping: $5.99');
    expect(mail.text).toContain('Shipping method: Standard Shipping');
    expect(mail.text).toContain('HST (13%): $5.98');
    expect(mail.text).toContain('Total: $51.97 CAD');
    expect(mail.html).toContain('Walnut &lt;Shelf&gt;');
    expect(mail.html).not.toContain('<Shelf>');
    expect(mail.html).toContain('$51.97');
  });

  describe('delivery estimate', () => {
    const paidMail = async (destination: Destination) => {
      const { reference, order } = await placeOrder({ destination });
      await new TestClient(t.app).post(`/pay/${reference}/pay`, '', form);
      await completeOrderPayment(t.app.ctx, order.id, { kind: 'admin' });
      const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, order.id));
      return mails.find((m) => m.kind === 'order-confirmation')!;
    };
    // Ranges other than the defaults (3-5, 1-2): the e-mail must read the shipping settings.
    beforeAll(async () => {
      await t.db
        .update(shippingSettings)
        .set({ standardMinDays: 4, standardMaxDays: 7, expressMinDays: 2, expressMaxDays: 3 });
    });
    afterAll(async () => {
      await t.db
        .update(shippingSettings)
        .set({ standardMinDays: 3, standardMaxDays: 5, expressMinDays: 1, expressMaxDays: 2 });
    });

    it('states the standard range from the settings', async () => {
      const mail = await paidMail({ shippingMethod: 'standard' });
      expect(mail.text).toContain('Estimated delivery: 4-7 business days');
      expect(mail.html).toContain('Estimated delivery: 4-7 business days');
    });

    it('states the express range from the settings', async () => {
      const mail = await paidMail({ shippingMethod: 'express' });
      expect(mail.text).toContain('Estimated delivery: 2-3 business days');
      expect(mail.text).not.toContain('4-7');
    });

    it('tells a pickup order it will be e-mailed, with no range and no address', async () => {
      const mail = await paidMail({ shippingMethod: 'pickup' });
      expect(mail.text).toContain("We'll e-mail you when your order is ready for pickup.");
      expect(mail.html).toContain('We&#x27;ll e-mail you when your order is ready for pickup.');
      expect(mail.text).not.toContain('business day');
      expect(mail.text).not.toContain('Shipping to:');
    });
  });

  it('never loses the order when the mail cannot be sent', async () => {
    const { reference, order, product } = await placeOrder();
    const original = t.app.ctx.mailer.send;
    t.app.ctx.mailer.send = async () => {
      throw new Error('SMTP is down');
    };
    try {
      const res = await new TestClient(t.app).post(`/pay/${reference}/pay`, '', form);
      expect(res.statusCode).toBe(303);
    } finally {
      t.app.ctx.mailer.send = original;
    }
    expect(await orderRow(order.id)).toMatchObject({
      paymentStatus: 'completed',
      inventoryReduced: true,
      confirmationEmailSent: false,
      confirmationEmailStatus: 'failed',
      confirmationEmailError: 'SMTP is down',
    });
    expect(await stockOf(product.id)).toBe(3);
  });
});

describe('the confirmation e-mail retry (maintenance, docs/decisions/0046)', () => {
  /** A real SMTP server that refuses every recipient until told to accept; counts both. */
  async function smtpServer() {
    const inbox = await startSmtpInbox();
    inbox.refuse = true;
    const send = createMailer({ ...t.config, SMTP_URL: inbox.url }, t.db).send;
    return { state: inbox, send, close: inbox.close };
  }

  /** Runs `body` with the app sending e-mail through `send`. */
  async function withMailer(send: typeof t.app.ctx.mailer.send, body: () => Promise<void>) {
    const original = t.app.ctx.mailer.send;
    t.app.ctx.mailer.send = send;
    try {
      await body();
    } finally {
      t.app.ctx.mailer.send = original;
    }
  }

  /** As if the last attempt began `minutes` ago. */
  const lastAttemptAgo = (orderId: number, minutes: number) =>
    t.db
      .update(orders)
      .set({ confirmationEmailAttemptAt: sql`now() - make_interval(mins => ${minutes})` })
      .where(eq(orders.id, orderId));
  const confirmations = async (orderId: number) =>
    (await t.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, orderId))).filter(
      (m) => m.kind === 'order-confirmation',
    );

  it('retries a failed send after its back-off, then records it sent', async () => {
    const smtp = await smtpServer();
    try {
      await withMailer(smtp.send, async () => {
        const { reference, order } = await placeOrder();
        await new TestClient(t.app).post(`/pay/${reference}/pay`, '', form);
        expect(await orderRow(order.id)).toMatchObject({
          paymentStatus: 'completed',
          confirmationEmailSent: false,
          confirmationEmailStatus: 'failed',
          confirmationEmailAttempts: 1,
        });
        expect((await orderRow(order.id)).confirmationEmailError).toContain('Mailbox unavailable');
        // Not yet: the first retry waits 5 minutes.
        await runMaintenance(t.app);
        expect(await orderRow(order.id)).toMatchObject({ confirmationEmailAttempts: 1 });

        smtp.state.refuse = false;
        await lastAttemptAgo(order.id, 5);
        await runMaintenance(t.app);
        expect(await orderRow(order.id)).toMatchObject({
          confirmationEmailSent: true,
          confirmationEmailStatus: 'sent',
          confirmationEmailError: null,
          confirmationEmailAttempts: 2,
        });
        expect(smtp.state.received).toHaveLength(1);
        expect(smtp.state.received[0]).toContain(`order ${reference} confirmed`);

        // Sent: never again.
        await lastAttemptAgo(order.id, 24 * 60);
        await runMaintenance(t.app);
        expect(smtp.state.received).toHaveLength(1);
        expect((await confirmations(order.id)).map((m) => m.status)).toEqual(['failed', 'sent']);
      });
    } finally {
      await smtp.close();
    }
  });

  it('gives up after five attempts, backing off between them', async () => {
    const smtp = await smtpServer();
    try {
      await withMailer(smtp.send, async () => {
        const { reference, order } = await placeOrder();
        await new TestClient(t.app).post(`/pay/${reference}/pay`, '', form);
        // Attempt n waits 5 * 2^(n-2) minutes after attempt n-1: 5, 10, 20, 40.
        for (const [wait, attempts] of [
          [4, 1],
          [5, 2],
          [9, 2],
          [10, 3],
          [20, 4],
          [40, 5],
          [24 * 60, 5],
          [24 * 60, 5],
        ] as const) {
          await lastAttemptAgo(order.id, wait);
          await runMaintenance(t.app);
          expect((await orderRow(order.id)).confirmationEmailAttempts).toBe(attempts);
        }
        expect(await orderRow(order.id)).toMatchObject({
          confirmationEmailSent: false,
          confirmationEmailStatus: 'failed',
        });
        expect(smtp.state.refused).toBe(5);
        expect(await confirmations(order.id)).toHaveLength(5);
      });
    } finally {
      await smtp.close();
    }
  });

  it('sends a confirmation lost to a crash: never claimed, or stuck at sending', async () => {
    const { reference, order } = await placeOrder();
    await new TestClient(t.app).post(`/pay/${reference}/pay`, '', form);
    expect(await confirmations(order.id)).toHaveLength(1);
    // The process died after the payment committed, before the e-mail was claimed.
    await t.db
      .update(orders)
      .set({ confirmationEmailSent: false, confirmationEmailStatus: null, confirmationEmailAttempts: 0 })
      .where(eq(orders.id, order.id));
    await runMaintenance(t.app);
    expect(await orderRow(order.id)).toMatchObject({
      confirmationEmailSent: true,
      confirmationEmailStatus: 'queued',
      confirmationEmailAttempts: 1,
    });
    expect(await confirmations(order.id)).toHaveLength(2);

    // The process died during the send. A send that began a minute ago may still be under way.
    await t.db
      .update(orders)
      .set({ confirmationEmailSent: false, confirmationEmailStatus: 'sending' })
      .where(eq(orders.id, order.id));
    await lastAttemptAgo(order.id, 1);
    await runMaintenance(t.app);
    expect(await confirmations(order.id)).toHaveLength(2);
    await lastAttemptAgo(order.id, 15);
    await runMaintenance(t.app);
    expect(await orderRow(order.id)).toMatchObject({
      confirmationEmailSent: true,
      confirmationEmailStatus: 'queued',
      confirmationEmailAttempts: 2,
    });
    expect(await confirmations(order.id)).toHaveLength(3);
  });

  it('sends one e-mail when several retries run at once, and none for an order no longer paid', async () => {
    const { reference, order } = await placeOrder();
    await new TestClient(t.app).post(`/pay/${reference}/pay`, '', form);
    await t.db
      .update(orders)
      .set({ confirmationEmailSent: false, confirmationEmailStatus: 'failed' })
      .where(eq(orders.id, order.id));
    await lastAttemptAgo(order.id, 60);
    const deps = t.app.ctx;
    await Promise.all([1, 2, 3, 4, 5].map(() => retryOrderConfirmations(deps)));
    expect(await confirmations(order.id)).toHaveLength(2);
    expect((await orderRow(order.id)).confirmationEmailAttempts).toBe(2);

    const refunded = await placeOrder();
    await new TestClient(t.app).post(`/pay/${refunded.reference}/pay`, '', form);
    await setOrderPaymentStatus(deps, refunded.order.id, 'refunded', { kind: 'admin' });
    await t.db
      .update(orders)
      .set({ confirmationEmailSent: false, confirmationEmailStatus: 'failed' })
      .where(eq(orders.id, refunded.order.id));
    await lastAttemptAgo(refunded.order.id, 60);
    await runMaintenance(t.app);
    expect(await confirmations(refunded.order.id)).toHaveLength(1);
  });
});

describe('paid after the hold expired (docs/decisions/0043)', () => {
  it('takes the stock when it is still there', async () => {
    const { reference, order, product } = await placeOrder({ stock: 2, quantity: 2 });
    await t.db
      .update(stockHolds)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(stockHolds.orderId, order.id));
    await new TestClient(t.app).post(`/pay/${reference}/pay`, '', form);
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: 'completed', inventoryReduced: true });
    expect(await stockOf(product.id)).toBe(0);
  });

  it('fails the order and refunds the payment when the units went to another shopper, taking nothing', async () => {
    const { reference, order, product } = await placeOrder({ stock: 1, quantity: 1, name: 'Lone Mirror' });
    await t.db
      .update(stockHolds)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(stockHolds.orderId, order.id));
    // Another shopper holds the unit now.
    const c = new TestClient(t.app);
    expect(
      (await postCheckout(c, await validBody(c, [{ productId: product.id, quantity: 1 }]))).statusCode,
    ).toBe(200);
    const paid = await new TestClient(t.app).post(`/pay/${reference}/pay`, '', form);
    expect(paid.headers.location).toContain('status=failed');
    expect(new URL(paid.headers.location!, 'http://x').searchParams.get('error')).toBe('refunded');
    // The store cannot deliver: the order fails, the payment goes back (docs/decisions/0122).
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ paymentStatus: 'failed', inventoryReduced: false, refundStatus: 'refunded' });
    expect(row.refundPaymentReference).toMatch(/^LOCAL-/);
    expect(row.refundReference).toMatch(/^LOCALREFUND-/);
    expect(await stockOf(product.id)).toBe(1);
    const rows = await t.db.select().from(orderHistory).where(eq(orderHistory.orderId, order.id));
    expect(rows.find((r) => r.field === 'attention')!.toValue).toBe(
      `Payment ${row.refundPaymentReference} arrived after its stock hold expired and the stock was sold (Lone Mirror (#${product.id}): needs 1, 0 available): it must be refunded.`,
    );
    expect(rows.filter((r) => r.field === 'refundStatus').map((r) => r.toValue)).toEqual([
      'needed',
      'refunded',
    ]);
    // The provider's record says refunded: asking again changes nothing and refunds nothing more.
    const again = await new TestClient(t.app).patch(`/api/orders/${reference}/payment-status`, {
      paymentStatus: 'completed',
    });
    expect(again.json()).toMatchObject({ paymentStatus: 'failed' });
    const refunds = await t.db
      .select()
      .from(paymentWebhookEvents)
      .where(sql`${paymentWebhookEvents.eventId} like ${`refund:%${reference}`}`);
    expect(refunds).toHaveLength(1);
    // No confirmation; the shopper is told of the refund, and the store of the late payment.
    const notices = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.orderId, order.id))
      .orderBy(mailOutbox.id);
    expect(notices.map((m) => [m.kind, m.to])).toEqual([
      ['order-refunded', order.customerEmail],
      ['order-attention', t.config.STORE_EMAIL],
    ]);
  });
});

describe("the administrator's payment-status moves (setOrderPaymentStatus)", () => {
  it('puts the stock back on refund and takes it again on completion', async () => {
    const { order, product } = await placeOrder({ stock: 5, quantity: 2 });
    const deps = t.app.ctx;
    await setOrderPaymentStatus(deps, order.id, 'completed', { kind: 'admin' });
    expect(await stockOf(product.id)).toBe(3);
    await setOrderPaymentStatus(deps, order.id, 'refunded', { kind: 'admin' });
    expect(await stockOf(product.id)).toBe(5);
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: 'refunded', inventoryReduced: false });
    await setOrderPaymentStatus(deps, order.id, 'refunded', { kind: 'admin' });
    expect(await stockOf(product.id)).toBe(5);
    await setOrderPaymentStatus(deps, order.id, 'completed', { kind: 'admin' });
    expect(await stockOf(product.id)).toBe(3);
    await setOrderPaymentStatus(deps, order.id, 'pending', { kind: 'admin' });
    expect(await stockOf(product.id)).toBe(5);
    // One confirmation e-mail and one new-order alert whatever the moves; one refund e-mail for the
    // one refund of a paid order (the repeated 'refunded' changed nothing).
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, order.id));
    expect(mails.map((m) => m.kind).sort()).toEqual([
      'order-confirmation',
      'order-new-alert',
      'order-refunded',
    ]);
  });

  it('releases the holds of a pending order marked failed', async () => {
    const { order, product } = await placeOrder({ stock: 2, quantity: 2 });
    await setOrderPaymentStatus(t.app.ctx, order.id, 'failed', { kind: 'admin' });
    expect(await activeHolds(order.id)).toEqual([]);
    expect(await stockOf(product.id)).toBe(2);
  });
});
