// Gift cards (docs/decisions/0533-gift-cards.md) through real HTTP: staff issue a card (its code long,
// grouped, never stored in clear); the balance look-up by code, rate-limited per address; cards spent
// at checkout over two orders with the card payment taking the rest (amounts by hand); several cards
// on one order; unknown and used-up codes refused with nothing written; an expired checkout gives the
// card back; five checkouts of one card at once never take more than it holds (PGlite runs them one
// after the other, PostgreSQL at once); the liability report by hand.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftCardMovements, giftCards, orders, stockHolds } from '~/server/db/schema';
import { MANY_ORDER_EMAILS, postCheckout, validBody } from '~/server/features/checkout/test-support';
import { expireUnpaidOrders } from '~/server/features/orders';
import { createProduct, createUser, signInAs } from '~/server/test/fixtures';
import { createTestApp, type TestApp, TestClient } from '~/server/test/test-app';

const form = { 'content-type': 'application/x-www-form-urlencoded' };
let t: TestApp;
let staff: TestClient;
let ipCounter = 0;
/** A fresh address for look-ups, so each test has its own budget of them. */
const freshIp = () => `10.200.${Math.floor(++ipCounter / 200)}.${ipCounter % 200}`;

beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true', ...MANY_ORDER_EMAILS } });
  const admin = await createUser(t.db, { isAdmin: true });
  staff = new TestClient(t.app);
  await signInAs(t.db, staff, admin.id);
});
afterAll(() => t?.close());

async function issue(amount: string) {
  const res = await staff.post('/api/admin/gift-cards', { amount, recipientEmail: 'friend@example.com' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { card: { id: number; last4: string; balance: string }; code: string };
}
const cardRow = async (id: number) => (await t.db.select().from(giftCards).where(eq(giftCards.id, id)))[0]!;
const orderOf = async (reference: string) =>
  (await t.db.select().from(orders).where(eq(orders.orderReference, reference)))[0]!;

/** One unit of a 20.00 product shipped standard to Ontario: 20.00 + 5.99 = 25.99, HST 13% 3.3787 -> 3.38, total 29.37. */
async function ontarioBody(client: TestClient, stock = 10) {
  const product = await createProduct(t.db, { price: '20.00', stock, applyDailyDiscount: false });
  const body = await validBody(client, [{ productId: product.id, quantity: 1 }], { state: 'ON' });
  expect(body.orderData.total).toBe('29.37');
  expect(body.orderData.taxAmount).toBe('3.38');
  return { product, body };
}

describe('issuing and looking up', () => {
  it('issues a long grouped code, keeps only its hash, and answers its balance by code', async () => {
    const { card, code } = await issue('50.00');
    expect(code).toMatch(/^[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}$/);
    expect(card).toMatchObject({ balance: '50.00', last4: code.slice(-4) });
    const row = await cardRow(card.id);
    expect(row.codeHash).not.toContain(code.replace(/-/g, ''));
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    const ip = freshIp();
    const res = await staff.get(`/api/gift-cards/${code}/balance`, { 'x-forwarded-for': ip });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ last4: code.slice(-4), balance: '50.00', currency: 'CAD' });
    // Typed without dashes, in lower case: the same card.
    const typed = await new TestClient(t.app).get(
      `/api/gift-cards/${code.replace(/-/g, '').toLowerCase()}/balance`,
      {
        'x-forwarded-for': ip,
      },
    );
    expect(typed.json().balance).toBe('50.00');
    const unknown = await new TestClient(t.app).get('/api/gift-cards/AAAA-BBBB-CCCC-DDDD/balance', {
      'x-forwarded-for': ip,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('This gift card code is not valid. Please check it and try again.');
  });

  it('limits look-ups per address (20 per 10 minutes)', async () => {
    const ip = freshIp();
    const guest = new TestClient(t.app);
    const answers = [];
    for (let i = 0; i < 21; i++) {
      answers.push(
        (await guest.get('/api/gift-cards/AAAA-BBBB-CCCC-DDDD/balance', { 'x-forwarded-for': ip }))
          .statusCode,
      );
    }
    expect(answers.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(answers[20]).toBe(429);
  });

  it('refuses bad amounts and non-staff', async () => {
    for (const amount of ['0.00', '-5.00', '1000.01', 'ten', '1.234']) {
      const res = await staff.post('/api/admin/gift-cards', { amount });
      expect(res.statusCode, amount).toBe(400);
    }
    expect((await new TestClient(t.app).post('/api/admin/gift-cards', { amount: '5.00' })).statusCode).toBe(
      401,
    );
  });
});

describe('spending at checkout', () => {
  it('one card over two orders, the card payment taking the rest of the second', async () => {
    const { card, code } = await issue('40.00');
    const shopper = new TestClient(t.app);
    const first = await ontarioBody(shopper);
    const one = await postCheckout(shopper, { ...first.body, giftCardCodes: [code] });
    expect(one.statusCode, one.body).toBe(200);
    // 40.00 covers 29.37 (tax 3.38 on the goods and shipping as usual): paid at once, no payment page.
    expect(one.json().checkoutUrl).toContain('/checkout/confirmation?');
    expect(await orderOf(one.json().orderId)).toMatchObject({
      total: '29.37',
      taxAmount: '3.38',
      giftCardAmount: '29.37',
      paymentStatus: 'completed',
      paymentMethod: 'gift_card',
    });
    // 40.00 - 29.37 = 10.63 left.
    expect((await cardRow(card.id)).balanceCents).toBe(1063);

    const second = await ontarioBody(shopper);
    const two = await postCheckout(shopper, { ...second.body, giftCardCodes: [code.toLowerCase()] });
    expect(two.statusCode, two.body).toBe(200);
    const order = await orderOf(two.json().orderId);
    // The card pays its 10.63; the card payment 29.37 - 10.63 = 18.74.
    expect(order).toMatchObject({ giftCardAmount: '10.63', paymentStatus: 'pending' });
    const page = await shopper.get(`/pay/${order.orderReference}`);
    expect(page.body).toContain('<td>Gift cards</td><td class="r">&minus;$10.63</td>');
    expect(page.body).toContain('data-testid="amount">$18.74<');
    expect((await shopper.post(`/pay/${order.orderReference}/pay`, '', form)).statusCode).toBe(303);
    expect(await orderOf(order.orderReference)).toMatchObject({ paymentStatus: 'completed' });
    expect((await cardRow(card.id)).balanceCents).toBe(0);
    const ledger = await staff.get(`/api/admin/gift-cards/${card.id}`);
    expect(ledger.json().movements.map((m: { kind: string; amount: string }) => [m.kind, m.amount])).toEqual([
      ['spent', '-10.63'],
      ['spent', '-29.37'],
      ['issued', '40.00'],
    ]);

    // Used up: a clear 400, and nothing is written.
    const third = await ontarioBody(shopper);
    const before = (await t.db.select({ id: orders.id }).from(orders)).length;
    const refused = await postCheckout(shopper, { ...third.body, giftCardCodes: [code] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: 'This gift card has no balance left.',
      code: 'gift_card_used_up',
    });
    expect((await t.db.select({ id: orders.id }).from(orders)).length).toBe(before);
    expect(await t.db.select().from(stockHolds).where(eq(stockHolds.productId, third.product.id))).toEqual(
      [],
    );
  });

  it('several cards on one order, and store credit before them', async () => {
    const a = await issue('5.00');
    const b = await issue('7.50');
    const user = await createUser(t.db);
    const client = new TestClient(t.app);
    await signInAs(t.db, client, user.id);
    await staff.post(`/api/admin/users/${user.id}/store-credit`, { amount: '2.00', reason: 'Test' });
    const { body } = await ontarioBody(client);
    const res = await postCheckout(client, {
      ...body,
      useStoreCredit: true,
      giftCardCodes: [a.code, b.code, a.code],
    });
    expect(res.statusCode, res.body).toBe(200);
    // Credit 2.00 first, then cards 5.00 + 7.50 = 12.50 (a repeated code counts once); card 29.37 - 2.00 - 12.50 = 14.87.
    const order = await orderOf(res.json().orderId);
    expect(order).toMatchObject({
      storeCreditAmount: '2.00',
      giftCardAmount: '12.50',
      paymentStatus: 'pending',
    });
    const page = await client.get(`/pay/${order.orderReference}`);
    expect(page.body).toContain('data-testid="amount">$14.87<');
  });

  it('an unknown code among good ones is a 400 that takes nothing from the good one', async () => {
    const good = await issue('10.00');
    const shopper = new TestClient(t.app);
    const { product, body } = await ontarioBody(shopper);
    for (const codes of [
      [good.code, 'AAAA-BBBB-CCCC-DDDD'],
      [good.code, 'not a code'],
    ]) {
      const res = await postCheckout(shopper, { ...body, giftCardCodes: codes });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe('This gift card code is not valid. Please check it and try again.');
    }
    expect((await cardRow(good.card.id)).balanceCents).toBe(1000);
    expect(
      await t.db.select().from(giftCardMovements).where(eq(giftCardMovements.giftCardId, good.card.id)),
    ).toHaveLength(1);
    expect(await t.db.select().from(stockHolds).where(eq(stockHolds.productId, product.id))).toEqual([]);
  });

  it('an expired checkout gives the card back, once', async () => {
    const { card, code } = await issue('10.00');
    const shopper = new TestClient(t.app);
    const { body } = await ontarioBody(shopper);
    const res = await postCheckout(shopper, { ...body, giftCardCodes: [code] });
    const order = await orderOf(res.json().orderId);
    expect(order.giftCardAmount).toBe('10.00');
    expect((await cardRow(card.id)).balanceCents).toBe(0);
    await t.db
      .update(stockHolds)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(stockHolds.orderId, order.id));
    await expireUnpaidOrders(t.app.ctx);
    await expireUnpaidOrders(t.app.ctx);
    expect(await orderOf(order.orderReference)).toMatchObject({ paymentStatus: 'failed' });
    expect((await cardRow(card.id)).balanceCents).toBe(1000);
    const moves = await t.db
      .select()
      .from(giftCardMovements)
      .where(eq(giftCardMovements.giftCardId, card.id))
      .orderBy(giftCardMovements.id);
    expect(moves.map((m) => [m.kind, m.amountCents])).toEqual([
      ['issued', 1000],
      ['spent', -1000],
      ['reversal', 1000],
    ]);
  });

  it('five checkouts of one card at once never take more than it holds', async () => {
    const { card, code } = await issue('60.00');
    const { body } = await ontarioBody(new TestClient(t.app), 20);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        postCheckout(new TestClient(t.app), { ...body, giftCardCodes: [code] }),
      ),
    );
    const ok = answers.filter((a) => a.statusCode === 200);
    const refused = answers.filter((a) => a.statusCode === 400);
    // 60.00 pays two orders in full (2 x 29.37 = 58.74), the third 60.00 - 58.74 = 1.26; two are refused.
    expect(ok).toHaveLength(3);
    expect(refused).toHaveLength(2);
    for (const r of refused) expect(r.json().code).toBe('gift_card_used_up');
    const placed = await t.db
      .select()
      .from(orders)
      .where(
        inArray(
          orders.orderReference,
          ok.map((a) => a.json().orderId as string),
        ),
      );
    expect(placed.map((o) => o.giftCardAmount).sort()).toEqual(['1.26', '29.37', '29.37']);
    expect(placed.filter((o) => o.paymentStatus === 'completed')).toHaveLength(2);
    expect((await cardRow(card.id)).balanceCents).toBe(0);
    const moves = await t.db
      .select()
      .from(giftCardMovements)
      .where(eq(giftCardMovements.giftCardId, card.id));
    expect(moves.reduce((s, m) => s + m.amountCents, 0)).toBe(0);
  });
});

describe('liability', () => {
  it("adds what gift cards hold at each day's end, by hand", async () => {
    const a = await issue('50.00');
    const b = await issue('20.00');
    const shopper = new TestClient(t.app);
    const { body } = await ontarioBody(shopper);
    const res = await postCheckout(shopper, { ...body, giftCardCodes: [a.code] });
    expect(res.statusCode, res.body).toBe(200);
    const order = await orderOf(res.json().orderId);
    const date = (where: ReturnType<typeof eq>, iso: string) =>
      t.db
        .update(giftCardMovements)
        .set({ createdAt: new Date(iso) })
        .where(where);
    // A issued Nov 10 10:00 Toronto (UTC-5); A spent 29.37 on Nov 11 00:30; B issued Nov 11 23:30.
    await date(eq(giftCardMovements.giftCardId, a.card.id), '2026-11-10T15:00:00Z');
    await date(eq(giftCardMovements.orderId, order.id), '2026-11-11T05:30:00Z');
    await date(eq(giftCardMovements.giftCardId, b.card.id), '2026-11-12T04:30:00Z');
    const report = async (day: string) =>
      (await staff.get(`/api/admin/reports/liability?date=${day}`)).json();
    // Every other card of this file moved today (Nov 28), after these days' ends.
    expect((await report('2026-11-09')).giftCards).toEqual({ owed: '0.00', cards: 0 });
    expect((await report('2026-11-10')).giftCards).toEqual({ owed: '50.00', cards: 1 });
    // A 50.00 - 29.37 = 20.63, B 20.00: 40.63 on two cards.
    expect((await report('2026-11-11')).giftCards).toEqual({ owed: '40.63', cards: 2 });
    expect((await report('2026-11-12')).giftCards).toEqual({ owed: '40.63', cards: 2 });
  });
});

describe("a customer's gift cards in their record", () => {
  it('lists the cards sent to their e-mail, newest first, and nothing of another customer', async () => {
    const customer = await createUser(t.db, { email: `Record.${Date.now()}@example.com` });
    const first = await staff.post('/api/admin/gift-cards', {
      amount: '25.00',
      recipientEmail: customer.email.toLowerCase(),
    });
    const second = await staff.post('/api/admin/gift-cards', {
      amount: '40.00',
      recipientEmail: customer.email,
    });
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const res = await staff.get(`/api/admin/users/${customer.id}/gift-cards`);
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res
        .json()
        .cards.map((c: { last4: string; balance: string; relation: string }) => [
          c.last4,
          c.balance,
          c.relation,
        ]),
    ).toEqual([
      [second.json().card.last4, '40.00', 'received'],
      [first.json().card.last4, '25.00', 'received'],
    ]);
    // Never a code, only its last 4.
    expect(res.body).not.toContain(first.json().code);
    const other = await createUser(t.db);
    expect((await staff.get(`/api/admin/users/${other.id}/gift-cards`)).json().cards).toEqual([]);
    expect((await staff.get('/api/admin/users/999999/gift-cards')).statusCode).toBe(404);
    const customerClient = new TestClient(t.app);
    await signInAs(t.db, customerClient, customer.id);
    expect((await customerClient.get(`/api/admin/users/${customer.id}/gift-cards`)).statusCode).toBe(403);
  });
});
