// Paying with store credit at checkout (docs/decisions/0531-paying-with-credit-and-gift-cards.md),
// through the real create-checkout route and the local payment page: credit pays first in the
// order's transaction and the card the rest; credit that covers everything completes the order at
// once with no payment page; an unpaid checkout gives its credit back once; a guest asking for credit
// and a malformed flag are refused with nothing written; checkouts of one balance at once never take
// more than there is (PGlite runs them one after the other; PostgreSQL really at once).
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mailOutbox,
  orderItems,
  orderRefunds,
  orders,
  stockHolds,
  storeCreditBalances,
  storeCreditMovements,
} from '~/server/db/schema';
import { expireUnpaidOrders } from '~/server/features/orders';
import { createProduct, createUser, signInAs } from '~/server/test/fixtures';
import { createTestApp, type TestApp, TestClient } from '~/server/test/test-app';
import { MANY_ORDER_EMAILS, newKey, postCheckout, validBody } from './test-support';

const form = { 'content-type': 'application/x-www-form-urlencoded' };
let t: TestApp;
let staff: TestClient;

beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true', ...MANY_ORDER_EMAILS } });
  const admin = await createUser(t.db, { isAdmin: true });
  staff = new TestClient(t.app);
  await signInAs(t.db, staff, admin.id);
});
afterAll(() => t?.close());

/** A signed-in customer holding `credit` of store credit, issued by staff. */
async function customerWithCredit(credit: string) {
  const user = await createUser(t.db);
  const client = new TestClient(t.app);
  await signInAs(t.db, client, user.id);
  const issued = await staff.post(`/api/admin/users/${user.id}/store-credit`, {
    amount: credit,
    reason: 'Test',
  });
  expect(issued.statusCode, issued.body).toBe(200);
  return { user, client };
}

const balanceOf = async (userId: number) =>
  (
    await t.db
      .select({ cents: storeCreditBalances.balanceCents })
      .from(storeCreditBalances)
      .where(eq(storeCreditBalances.userId, userId))
  )[0]?.cents ?? 0;
const orderOf = async (reference: string) =>
  (await t.db.select().from(orders).where(eq(orders.orderReference, reference)))[0]!;
const movementsOfOrder = (orderId: number) =>
  t.db
    .select()
    .from(storeCreditMovements)
    .where(eq(storeCreditMovements.orderId, orderId))
    .orderBy(storeCreditMovements.id);

const confirmationOf = async (reference: string) =>
  (await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'order-confirmation'))).find((m) =>
    m.subject.includes(reference),
  )!;

/** One unit of a 20.00 product shipped standard to Ontario: 20.00 + 5.99 = 25.99, HST 13% 3.3787 -> 3.38, total 29.37. */
async function ontarioBody(client: TestClient, stock = 10) {
  const product = await createProduct(t.db, { price: '20.00', stock, applyDailyDiscount: false });
  const body = await validBody(client, [{ productId: product.id, quantity: 1 }], { state: 'ON' });
  expect(body.orderData.total).toBe('29.37');
  return { product, body };
}

describe('store credit at checkout', () => {
  it('pays first; the payment page takes the rest; the order keeps both amounts', async () => {
    const { user, client } = await customerWithCredit('12.34');
    const { body } = await ontarioBody(client);
    const res = await postCheckout(client, { ...body, useStoreCredit: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().checkoutUrl).toContain(`/pay/${res.json().orderId}`);
    const order = await orderOf(res.json().orderId);
    // Tax is the order's as usual (3.38); credit is a tender: 12.34 of 29.37, the card 29.37 - 12.34 = 17.03.
    expect(order).toMatchObject({
      total: '29.37',
      taxAmount: '3.38',
      storeCreditAmount: '12.34',
      paymentStatus: 'pending',
      paymentMethod: 'local',
    });
    expect(await balanceOf(user.id)).toBe(0);
    // The payment page asks for the card's part only.
    const page = await client.get(`/pay/${order.orderReference}`);
    expect(page.body).toContain('<td>Store credit</td><td class="r">&minus;$12.34</td>');
    expect(page.body).toContain('data-testid="amount">$17.03<');
    const paid = await client.post(`/pay/${order.orderReference}/pay`, '', form);
    expect(paid.statusCode, paid.body).toBe(303);
    expect(await orderOf(order.orderReference)).toMatchObject({ paymentStatus: 'completed' });
    const moves = await movementsOfOrder(order.id);
    expect(moves.map((m) => [m.kind, m.amountCents])).toEqual([['spent', -1234]]);
    // The confirmation e-mail and the order page say how it was paid.
    const mail = await confirmationOf(order.orderReference);
    expect(mail.text).toContain('Total: $29.37 CAD\nStore credit: -$12.34\nPaid by card: $17.03');
    expect(mail.html).toContain('Paid by card');
    const mine = await client.get(`/api/orders/${order.orderReference}`);
    expect(mine.json()).toMatchObject({ total: '29.37', storeCreditAmount: '12.34' });

    // A refund to the original payment goes back card first (0535): the line's 20.00 + HST 13% 2.60
    // = 22.60 gives the card all it paid, 29.37 - 12.34 = 17.03, and the credit the rest,
    // 22.60 - 17.03 = 5.57.
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const line = {
      lines: [{ orderItemId: item!.id, quantity: 1, restock: false }],
      shipping: 0,
      reason: 'Test',
    };
    const toOriginal = await staff.post(`/api/orders/${order.id}/refunds`, {
      ...line,
      destination: 'original',
    });
    expect(toOriginal.statusCode, toOriginal.body).toBe(200);
    const [first] = await t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    expect(first).toMatchObject({
      amount: '22.60',
      cardCents: 1703,
      giftCardCents: 0,
      storeCreditCents: 557,
    });
    expect(await balanceOf(user.id)).toBe(557);
    // The rest, shipping 5.99 + HST 0.78 = 6.77, all goes to store credit: the card has had all it
    // paid back. In all the card got 17.03 and the credit 5.57 + 6.77 = 12.34, exactly what each paid.
    const rest = await staff.post(`/api/orders/${order.id}/refunds`, { amount: '6.77', restock: false });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(await balanceOf(user.id)).toBe(1234);
    const refunds = await t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    expect(refunds.map((r) => [r.cardCents, r.storeCreditCents])).toEqual([
      [1703, 557],
      [0, 677],
    ]);
    expect(await orderOf(order.orderReference)).toMatchObject({
      refundedAmount: '29.37',
      paymentStatus: 'refunded',
    });
    const refundMoves = await movementsOfOrder(order.id);
    expect(refundMoves.map((m) => [m.kind, m.amountCents])).toEqual([
      ['spent', -1234],
      ['refund', 557],
      ['refund', 677],
    ]);
  });

  it('a French order paid in full by credit says so in French', async () => {
    const { client } = await customerWithCredit('40.00');
    const { body } = await ontarioBody(client);
    const res = await postCheckout(client, { ...body, useStoreCredit: true }, { 'accept-language': 'fr-CA' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().checkoutUrl).toContain('/fr/checkout/confirmation?');
    const mail = await confirmationOf(res.json().orderId);
    // 29.37 paid by credit, 0.00 by card.
    expect(mail.text).toContain('Crédit en magasin\u00a0: -29,37\u00a0$');
    expect(mail.text).toContain('Payé par carte\u00a0: 0,00\u00a0$');
  });

  it('covering the whole total completes the order at once, with no payment page', async () => {
    const { user, client } = await customerWithCredit('50.00');
    const { product, body } = await ontarioBody(client);
    const res = await postCheckout(
      client,
      { ...body, useStoreCredit: true },
      { 'idempotency-key': newKey() },
    );
    expect(res.statusCode, res.body).toBe(200);
    const reference = res.json().orderId as string;
    expect(res.json().checkoutUrl).toMatch(
      new RegExp(`/checkout/confirmation\\?order_id=${reference}&status=success&token=`),
    );
    expect(res.json().checkoutUrl).not.toContain('/pay/');
    const order = await orderOf(reference);
    expect(order).toMatchObject({
      storeCreditAmount: '29.37',
      paymentStatus: 'completed',
      paymentMethod: 'store_credit',
      inventoryReduced: true,
    });
    // 50.00 - 29.37 = 20.63 left.
    expect(await balanceOf(user.id)).toBe(2063);
    const [p] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(p!.paymentStatus).toBe('completed');
    const stock = await t.db.query.products.findFirst({ where: (x, { eq }) => eq(x.id, product.id) });
    expect(stock!.stock).toBe(9);
    const confirmation = (
      await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'order-confirmation'))
    ).find((m) => m.subject.includes(order.orderReference) || m.text.includes(order.orderReference));
    expect(confirmation).toBeDefined();
  });

  it('an expired checkout gives its credit back, once', async () => {
    const { user, client } = await customerWithCredit('10.00');
    const { body } = await ontarioBody(client);
    const res = await postCheckout(client, { ...body, useStoreCredit: true });
    expect(res.statusCode, res.body).toBe(200);
    const order = await orderOf(res.json().orderId);
    expect(order.storeCreditAmount).toBe('10.00');
    expect(await balanceOf(user.id)).toBe(0);
    await t.db
      .update(stockHolds)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(stockHolds.orderId, order.id));
    await expireUnpaidOrders(t.app.ctx);
    await expireUnpaidOrders(t.app.ctx);
    expect(await orderOf(order.orderReference)).toMatchObject({ paymentStatus: 'failed' });
    expect(await balanceOf(user.id)).toBe(1000);
    const moves = await movementsOfOrder(order.id);
    expect(moves.map((m) => [m.kind, m.amountCents]).sort()).toEqual([
      ['reversal', 1000],
      ['spent', -1000],
    ]);
    expect((await client.get('/api/account/store-credit')).json().balance).toBe('10.00');
    // An administrator cannot reopen it: its credit went back and may be spent by now.
    const reopen = await staff.patch(`/api/orders/${order.id}/payment-status`, {
      paymentStatus: 'pending',
    });
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().message).toBe(
      'This order was paid in part with store credit or gift cards, which were given back when it closed, so it cannot be reopened. The customer can check out again.',
    );
    expect(await orderOf(order.orderReference)).toMatchObject({ paymentStatus: 'failed' });
    expect(await balanceOf(user.id)).toBe(1000);
  });

  it('an unpaid checkout an administrator marks failed gives its credit back', async () => {
    const { user, client } = await customerWithCredit('8.00');
    const { body } = await ontarioBody(client);
    const res = await postCheckout(client, { ...body, useStoreCredit: true });
    expect(await balanceOf(user.id)).toBe(0);
    const pending = await orderOf(res.json().orderId);
    const failed = await staff.patch(`/api/orders/${pending.id}/payment-status`, {
      paymentStatus: 'failed',
    });
    expect(failed.statusCode, failed.body).toBe(200);
    expect(await balanceOf(user.id)).toBe(800);
  });

  it('a replaced checkout gives its credit back, and the new one takes it', async () => {
    const { user, client } = await customerWithCredit('5.00');
    const { body } = await ontarioBody(client);
    const first = await postCheckout(client, { ...body, useStoreCredit: true });
    const second = await postCheckout(client, {
      ...body,
      useStoreCredit: true,
      orderData: { ...body.orderData, notes: 'again' },
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(await orderOf(first.json().orderId)).toMatchObject({ paymentStatus: 'failed' });
    expect(await orderOf(second.json().orderId)).toMatchObject({
      paymentStatus: 'pending',
      storeCreditAmount: '5.00',
    });
    expect(await balanceOf(user.id)).toBe(0);
  });

  it('refuses credit on a guest checkout and a malformed flag, writing nothing', async () => {
    const guest = new TestClient(t.app);
    const { product, body } = await ontarioBody(guest);
    const before = (await t.db.select({ id: orders.id }).from(orders)).length;
    const res = await postCheckout(guest, { ...body, useStoreCredit: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Sign in to your account to use your store credit.');
    const { user, client } = await customerWithCredit('3.00');
    const bad = await postCheckout(client, { ...body, useStoreCredit: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect((await t.db.select({ id: orders.id }).from(orders)).length).toBe(before);
    expect(await t.db.select().from(stockHolds).where(eq(stockHolds.productId, product.id))).toEqual([]);
    expect(await balanceOf(user.id)).toBe(300);
    // Without the flag the credit is left alone.
    const plain = await postCheckout(client, body);
    expect(plain.statusCode, plain.body).toBe(200);
    expect(await orderOf(plain.json().orderId)).toMatchObject({ storeCreditAmount: '0.00' });
    expect(await balanceOf(user.id)).toBe(300);
  });

  it('five checkouts of one balance at once never take more than there is', async () => {
    const { user, client } = await customerWithCredit('70.00');
    const { body } = await ontarioBody(client, 20);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        postCheckout(client, {
          ...body,
          useStoreCredit: true,
          orderData: { ...body.orderData, notes: `try ${i}` },
        }),
      ),
    );
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const placed = await t.db
      .select()
      .from(orders)
      .where(
        inArray(
          orders.orderReference,
          answers.map((a) => a.json().orderId as string),
        ),
      );
    // Whatever the order they run in: 70.00 pays two orders in full (2 x 29.37 = 58.74); the
    // 11.26 left goes to the one card checkout still open, the others it replaced gave theirs back.
    const completed = placed.filter((o) => o.paymentStatus === 'completed');
    expect(completed.map((o) => o.storeCreditAmount)).toEqual(['29.37', '29.37']);
    const pending = placed.filter((o) => o.paymentStatus === 'pending');
    expect(pending.map((o) => o.storeCreditAmount)).toEqual(['11.26']);
    const failed = placed.filter((o) => o.paymentStatus === 'failed');
    expect(failed).toHaveLength(2);
    for (const o of failed) {
      const moves = await movementsOfOrder(o.id);
      expect(moves.reduce((s, m) => s + m.amountCents, 0)).toBe(0);
    }
    expect(await balanceOf(user.id)).toBe(0);
    const all = await t.db
      .select()
      .from(storeCreditMovements)
      .where(and(eq(storeCreditMovements.userId, user.id)));
    // 7000 issued - 2937 - 2937 - 1126 = 0
    expect(all.reduce((s, m) => s + m.amountCents, 0)).toBe(0);
  });
});
