// The till's card part on the Square Terminal (docs/decisions/0613-till-card-on-square-terminal.md),
// through real HTTP against the fake Square on loopback, in a Quebec store (GST 5%, QST 9.975%): the
// fake Terminal paying (the card never rounded, only the cash part of a split), declining, and the
// cashier cancelling; a paid card recorded once whatever the polls; bad input refused with nothing
// written, at the till and at Square; who may cancel and pair a Terminal; the X report's card apart.
import { randomUUID } from 'node:crypto';
import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  giftCards,
  orderHistory,
  orders,
  posRegisters,
  posTenders,
  products,
  stockMovements,
} from '~/server/db/schema';
import { createProduct, createUser, signInAs } from '~/server/test/fixtures';
import { createSquareTestApp, type SquareTestApp } from '~/server/test/square-test-app';
import { TestClient } from '~/server/test/test-app';

let s: SquareTestApp;
let admin: TestClient;
let cashier: TestClient;
let sessionId: number;
const DEVICE = 'device:TEST-FRONT-1';

beforeAll(async () => {
  s = await createSquareTestApp({ STORE_PROVINCE: 'QC' });
  admin = new TestClient(s.t.app);
  await signInAs(s.t.db, admin, (await createUser(s.t.db, { isAdmin: true })).id);
  cashier = new TestClient(s.t.app);
  await signInAs(s.t.db, cashier, (await createUser(s.t.db, { isStaff: true, mayUseTill: true })).id);
  sessionId = await openPaired('Card counter', '100.00');
});
afterAll(() => s?.close());

/** A register paired with a Terminal by the administrator, and a session opened on it. */
async function openPaired(name: string, openingFloat: string): Promise<number> {
  const [register] = await s.t.db.insert(posRegisters).values({ name }).returning({ id: posRegisters.id });
  const paired = await admin.put(`/api/pos/registers/${register!.id}/terminal`, { squareDeviceId: DEVICE });
  expect(paired.statusCode, paired.body).toBe(200);
  expect(paired.json()).toMatchObject({ id: register!.id, squareDeviceId: DEVICE });
  const opened = await cashier.post('/api/pos/sessions', { registerId: register!.id, openingFloat });
  expect(opened.statusCode, opened.body).toBe(201);
  return opened.json().id;
}
const lot = (price: string, stock = 1) => createProduct(s.t.db, { price, stock, applyDailyDiscount: false });
function sell(body: Record<string, unknown>, session = sessionId) {
  return cashier.post('/api/pos/sales', { sessionId: session, clientSaleId: randomUUID(), ...body });
}
const poll = (id: number, client = cashier) => client.get(`/api/pos/sales/${id}`);
const stockOf = async (id: number) =>
  (await s.t.db.select().from(products).where(eq(products.id, id)))[0]!.stock;
const orderCount = async () => (await s.t.db.select({ n: count() }).from(orders))[0]!.n;
const giftBalance = async (last4: string) =>
  (await s.t.db.select().from(giftCards).where(eq(giftCards.last4, last4)))[0]!.balanceCents;

describe('a card paid on the Terminal', () => {
  it('sends $10.03 to the Terminal unrounded, waits, and records the card with its last 4 digits', async () => {
    // 8.72: tax 14.975% = 1.30582 -> 1.31 (GST 0.436 -> 0.44, QST 0.86982 -> 0.87); total 10.03. A card
    // pays the cents exactly: cash would have been 10.05.
    const item = await lot('8.72');
    const res = await sell({
      lines: [{ productId: item.id, quantity: 1 }],
      tenders: [],
      cardAmount: '10.03',
    });
    expect(res.statusCode, res.body).toBe(200);
    const sale = res.json();
    expect(sale).toMatchObject({
      status: 'awaiting_card',
      total: '10.03',
      tenders: [],
      cashRounding: '0.00',
      terminalCheckout: { status: 'PENDING' },
    });
    const checkout = s.fake.terminalCheckouts.get(sale.terminalCheckout.id)!;
    expect(checkout.amount_money).toEqual({ amount: 1003, currency: 'CAD' });
    expect(checkout.device_options.device_id).toBe(DEVICE);
    expect(checkout.reference_id).toBe(sale.reference);
    // The lot is taken while the card is awaited: the storefront shows it gone.
    expect((await new TestClient(s.t.app).get(`/api/products/${item.id}`)).json().stock).toBe(0);

    expect((await poll(sale.id)).json()).toMatchObject({
      status: 'awaiting_card',
      terminalCheckout: { status: 'PENDING' },
    });
    s.fake.terminalStart(checkout.id);
    expect((await poll(sale.id)).json().terminalCheckout.status).toBe('IN_PROGRESS');
    const payment = s.fake.terminalPay(checkout.id, { last4: '1111' });
    const paid = (await poll(sale.id)).json();
    expect(paid).toMatchObject({
      status: 'completed',
      total: '10.03',
      cashRounding: '0.00',
      changeDue: '0.00',
      terminalCheckout: { id: checkout.id, status: 'COMPLETED' },
    });
    expect(paid.tenders).toEqual([{ kind: 'card', amount: '10.03', last4: '1111' }]);
    const [order] = await s.t.db.select().from(orders).where(eq(orders.id, sale.id));
    expect(order).toMatchObject({
      status: 'picked-up',
      paymentStatus: 'completed',
      paymentReference: null,
      inventoryReduced: true,
    });
    const [tender] = await s.t.db.select().from(posTenders).where(eq(posTenders.orderId, sale.id));
    expect(tender).toMatchObject({
      kind: 'card',
      amount: '10.03',
      rounding: '0.00',
      paymentReference: payment.id,
    });
  });

  it('rounds only the cash part of a card and cash split', async () => {
    // 10.03 with 5.00 on the card: 5.03 due in cash, rounded up to 5.05; 10.00 handed over, 4.95 change.
    const item = await lot('8.72');
    const res = await sell({
      lines: [{ productId: item.id, quantity: 1 }],
      tenders: [{ kind: 'cash', tendered: '10.00' }],
      cardAmount: '5.00',
    });
    expect(res.statusCode, res.body).toBe(200);
    const sale = res.json();
    expect(sale.status).toBe('awaiting_card');
    expect(s.fake.terminalCheckouts.get(sale.terminalCheckout.id)!.amount_money.amount).toBe(500);
    s.fake.terminalPay(sale.terminalCheckout.id, { last4: '0005' });
    const paid = (await poll(sale.id)).json();
    expect(paid).toMatchObject({
      status: 'completed',
      total: '10.03',
      cashRounding: '0.02',
      changeDue: '4.95',
    });
    expect(paid.tenders).toEqual([
      { kind: 'cash', amount: '5.05', last4: null },
      { kind: 'card', amount: '5.00', last4: '0005' },
    ]);
  });

  it('completes once however often and at once the till asks, and a repeated post sends one checkout', async () => {
    const item = await lot('8.72');
    const clientSaleId = randomUUID();
    const body = {
      sessionId,
      clientSaleId,
      lines: [{ productId: item.id, quantity: 1 }],
      tenders: [],
      cardAmount: '10.03',
    };
    const first = (await cashier.post('/api/pos/sales', body)).json();
    const again = await cashier.post('/api/pos/sales', body);
    expect(again.json().id).toBe(first.id);
    const sent = [...s.fake.terminalCheckouts.values()].filter((c) => c.reference_id === first.reference);
    expect(sent).toHaveLength(1);
    s.fake.terminalPay(first.terminalCheckout.id);
    const polls = await Promise.all([poll(first.id), poll(first.id), poll(first.id)]);
    expect(polls.map((p) => p.json().status)).toEqual(['completed', 'completed', 'completed']);
    expect((await poll(first.id)).json().tenders).toEqual([{ kind: 'card', amount: '10.03', last4: '4242' }]);
    const cards = await s.t.db
      .select({ n: count() })
      .from(posTenders)
      .where(and(eq(posTenders.orderId, first.id), eq(posTenders.kind, 'card')));
    expect(cards[0]!.n).toBe(1);
    const paidRows = await s.t.db
      .select({ n: count() })
      .from(orderHistory)
      .where(
        and(
          eq(orderHistory.orderId, first.id),
          eq(orderHistory.field, 'paymentStatus'),
          eq(orderHistory.toValue, 'completed'),
        ),
      );
    expect(paidRows[0]!.n).toBe(1);
    // A paid sale is not cancelled: it is refunded.
    const cancel = await cashier.post(`/api/pos/sales/${first.id}/cancel`);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe('This sale is paid: give the money back with a refund instead.');
  });
});

describe('Square away while the card is awaited', () => {
  it('goes on waiting, then completes when Square answers again', async () => {
    const item = await lot('8.72');
    const sale = (
      await sell({ lines: [{ productId: item.id, quantity: 1 }], tenders: [], cardAmount: '10.03' })
    ).json();
    s.fake.terminalPay(sale.terminalCheckout.id);
    s.fake.failWith = 503;
    try {
      const waiting = await poll(sale.id);
      expect(waiting.statusCode).toBe(200);
      expect(waiting.json()).toMatchObject({ status: 'awaiting_card', tenders: [] });
    } finally {
      s.fake.failWith = null;
    }
    expect((await poll(sale.id)).json()).toMatchObject({
      status: 'completed',
      tenders: [{ kind: 'card', amount: '10.03', last4: '4242' }],
    });
  });
});

describe('a card not paid', () => {
  it('declined at the Terminal: the sale is cancelled, the lot back on sale, gift card and credit given back', async () => {
    // 20.00: tax 2.995 -> 3.00 (GST 1.00, QST 1.995 -> 2.00); total 23.00 = 3.00 credit + 5.00 gift card
    // + 15.00 card.
    const customer = await createUser(s.t.db);
    const credited = await admin.post(`/api/admin/users/${customer.id}/store-credit`, {
      amount: '3.00',
      reason: 'Goodwill',
    });
    expect(credited.statusCode, credited.body).toBe(200);
    const card = (await admin.post('/api/admin/gift-cards', { amount: '5.00' })).json();
    const item = await lot('20.00');
    const res = await sell({
      lines: [{ productId: item.id, quantity: 1 }],
      customer: { userId: customer.id },
      tenders: [
        { kind: 'store_credit', amount: '3.00' },
        { kind: 'gift_card', code: card.code, amount: '5.00' },
      ],
      cardAmount: '15.00',
    });
    expect(res.statusCode, res.body).toBe(200);
    const sale = res.json();
    expect(sale).toMatchObject({ status: 'awaiting_card', total: '23.00' });
    expect(s.fake.terminalCheckouts.get(sale.terminalCheckout.id)!.amount_money.amount).toBe(1500);
    expect(await stockOf(item.id)).toBe(0);
    expect(await giftBalance(card.card.last4)).toBe(0);

    s.fake.terminalDecline(sale.terminalCheckout.id);
    const cancelled = (await poll(sale.id)).json();
    expect(cancelled).toMatchObject({ status: 'cancelled', terminalCheckout: { status: 'CANCELED' } });
    const listed = await new TestClient(s.t.app).get(`/api/products/${item.id}`);
    expect(listed.json().stock).toBe(1);
    const [movement] = await s.t.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.productId, item.id))
      .orderBy(desc(stockMovements.id))
      .limit(1);
    expect(movement).toMatchObject({ delta: 1, reason: 'cancelled', orderId: sale.id });
    expect(await giftBalance(card.card.last4)).toBe(500);
    const credit = await admin.get(`/api/admin/users/${customer.id}/store-credit`);
    expect(credit.json().balance).toBe('3.00');
    const [order] = await s.t.db.select().from(orders).where(eq(orders.id, sale.id));
    expect(order).toMatchObject({ status: 'cancelled', paymentStatus: 'failed', inventoryReduced: false });
    // Polled again, nothing more is given back.
    expect((await poll(sale.id)).json().status).toBe('cancelled');
    expect(await stockOf(item.id)).toBe(1);
    expect(await giftBalance(card.card.last4)).toBe(500);
  });

  it('cancelled by the cashier: Square cancels the checkout and the sale is cancelled, once', async () => {
    const item = await lot('8.72');
    const sale = (
      await sell({ lines: [{ productId: item.id, quantity: 1 }], tenders: [], cardAmount: '10.03' })
    ).json();
    // Square away: the cancel is refused and the sale still awaits its card.
    s.fake.failWith = 503;
    try {
      const away = await cashier.post(`/api/pos/sales/${sale.id}/cancel`);
      expect(away.statusCode).toBe(502);
      expect(away.json().message).toBe('Square could not be reached to cancel the card payment. Try again.');
    } finally {
      s.fake.failWith = null;
    }
    expect(await stockOf(item.id)).toBe(0);
    const res = await cashier.post(`/api/pos/sales/${sale.id}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', terminalCheckout: { status: 'CANCELED' } });
    expect(s.fake.terminalCheckouts.get(sale.terminalCheckout.id)).toMatchObject({
      status: 'CANCELED',
      cancel_reason: 'SELLER_CANCELED',
    });
    expect(await stockOf(item.id)).toBe(1);
    const twice = await cashier.post(`/api/pos/sales/${sale.id}/cancel`);
    expect(twice.json().status).toBe('cancelled');
    expect(await stockOf(item.id)).toBe(1);
  });

  it('paid just before the cashier cancels: the sale is paid', async () => {
    const item = await lot('8.72');
    const sale = (
      await sell({ lines: [{ productId: item.id, quantity: 1 }], tenders: [], cardAmount: '10.03' })
    ).json();
    s.fake.terminalPay(sale.terminalCheckout.id);
    const res = await cashier.post(`/api/pos/sales/${sale.id}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'completed' });
    expect(await stockOf(item.id)).toBe(0);
  });
});

describe('bad input and refusals', () => {
  it('refuses a card part larger than what is left, or offline, writing nothing and sending nothing', async () => {
    const item = await lot('8.72');
    const before = await orderCount();
    const sent = s.fake.terminalCheckouts.size;
    const over = await sell({
      lines: [{ productId: item.id, quantity: 1 }],
      tenders: [],
      cardAmount: '10.04',
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('The card part is more than what is left to pay: lower it.');
    const french = await cashier.post(
      '/api/pos/sales',
      {
        sessionId,
        clientSaleId: randomUUID(),
        lines: [{ productId: item.id, quantity: 1 }],
        tenders: [],
        cardAmount: '10.04',
      },
      { 'accept-language': 'fr-CA' },
    );
    expect(french.json().message).toBe(
      'La part payée par carte dépasse ce qui reste à payer\u00a0: réduisez-la.',
    );
    const card = (await admin.post('/api/admin/gift-cards', { amount: '5.00' })).json();
    const withGift = await sell({
      lines: [{ productId: item.id, quantity: 1 }],
      tenders: [{ kind: 'gift_card', code: card.code, amount: '5.00' }],
      cardAmount: '5.04',
    });
    expect(withGift.statusCode).toBe(400);
    const negative = await sell({
      lines: [{ productId: item.id, quantity: 1 }],
      tenders: [],
      cardAmount: '-1.00',
    });
    expect(negative.statusCode).toBe(400);
    const offline = await sell({
      lines: [{ productId: item.id, quantity: 1 }],
      tenders: [],
      cardAmount: '10.03',
      offlineAt: new Date().toISOString(),
    });
    expect(offline.statusCode).toBe(400);
    expect(offline.json().message).toBe('A sale made offline is paid in cash only.');
    expect(await orderCount()).toBe(before);
    expect(await stockOf(item.id)).toBe(1);
    expect(await giftBalance(card.card.last4)).toBe(500);
    expect(s.fake.terminalCheckouts.size).toBe(sent);
  });

  it('refuses a card on a register with no Terminal, and when Square is down, writing nothing', async () => {
    const [bare] = await s.t.db.insert(posRegisters).values({ name: 'Bare counter' }).returning();
    const opened = (
      await cashier.post('/api/pos/sessions', { registerId: bare!.id, openingFloat: '0.00' })
    ).json();
    const item = await lot('8.72');
    const before = await orderCount();
    const unpaired = await sell(
      { lines: [{ productId: item.id, quantity: 1 }], tenders: [], cardAmount: '10.03' },
      opened.id,
    );
    expect(unpaired.statusCode).toBe(400);
    expect(unpaired.json().message).toBe(
      'This register has no Square Terminal paired: an administrator sets its device id. Take cash, a gift card or store credit.',
    );
    s.fake.failWith = 503;
    try {
      const down = await sell({
        lines: [{ productId: item.id, quantity: 1 }],
        tenders: [],
        cardAmount: '10.03',
      });
      expect(down.statusCode).toBe(502);
      expect(down.json().message).toMatch(/^The card terminal could not be reached through Square/);
    } finally {
      s.fake.failWith = null;
    }
    expect(await orderCount()).toBe(before);
    expect(await stockOf(item.id)).toBe(1);
  });

  it('lets only staff with the till permission cancel, and only administrators pair a Terminal', async () => {
    const item = await lot('8.72');
    const sale = (
      await sell({ lines: [{ productId: item.id, quantity: 1 }], tenders: [], cardAmount: '10.03' })
    ).json();
    const staff = new TestClient(s.t.app);
    await signInAs(s.t.db, staff, (await createUser(s.t.db, { isStaff: true })).id);
    expect((await staff.post(`/api/pos/sales/${sale.id}/cancel`)).statusCode).toBe(403);
    expect((await new TestClient(s.t.app).post(`/api/pos/sales/${sale.id}/cancel`)).statusCode).toBe(401);
    expect((await poll(sale.id)).json().status).toBe('awaiting_card');
    const [register] = await s.t.db.select().from(posRegisters).limit(1);
    const pair = await cashier.put(`/api/pos/registers/${register!.id}/terminal`, { squareDeviceId: 'X1' });
    expect(pair.statusCode).toBe(403);
    const bad = await admin.put(`/api/pos/registers/${register!.id}/terminal`, {
      squareDeviceId: 'has space',
    });
    expect(bad.statusCode).toBe(400);
    // The session cannot close around a card still on the Terminal.
    const close = await cashier.post(`/api/pos/sessions/${sessionId}/close`, { counts: {} });
    expect(close.statusCode).toBe(409);
    expect((await cashier.post(`/api/pos/sales/${sale.id}/cancel`)).json().status).toBe('cancelled');
  });
});

describe("the session's report", () => {
  it('shows card apart from cash, and leaves the card out of the cash expected', async () => {
    const session = await openPaired('Report counter', '100.00');
    // Paid by card: 10.03.
    const a = await lot('8.72');
    const card = (
      await sell({ lines: [{ productId: a.id, quantity: 1 }], tenders: [], cardAmount: '10.03' }, session)
    ).json();
    s.fake.terminalPay(card.terminalCheckout.id);
    await poll(card.id);
    // Split: 5.00 card and 5.03 cash rounded to 5.05.
    const b = await lot('8.72');
    const split = (
      await sell(
        {
          lines: [{ productId: b.id, quantity: 1 }],
          tenders: [{ kind: 'cash', tendered: '5.05' }],
          cardAmount: '5.00',
        },
        session,
      )
    ).json();
    s.fake.terminalPay(split.terminalCheckout.id);
    await poll(split.id);
    // Declined: its cash (5.05 handed over) went back to the customer and counts nowhere.
    const c = await lot('8.72');
    const declined = (
      await sell(
        {
          lines: [{ productId: c.id, quantity: 1 }],
          tenders: [{ kind: 'cash', tendered: '5.05' }],
          cardAmount: '5.00',
        },
        session,
      )
    ).json();
    s.fake.terminalDecline(declined.terminalCheckout.id);
    await poll(declined.id);
    const report = (await cashier.get(`/api/pos/sessions/${session}/report`)).json();
    // Card 10.03 + 5.00 = 15.03; cash 5.05 (5.03 and 0.02 rounding); expected 100.00 + 5.05 = 105.05.
    expect(report).toMatchObject({ salesCount: 2, cashRounding: '0.02', expectedCash: '105.05' });
    expect(report.byTender).toEqual([
      { kind: 'card', amount: '15.03' },
      { kind: 'cash', amount: '5.05' },
    ]);
  });
});

describe('a card and cash sale returned at the till (docs/decisions/0614-returns-at-the-till.md)', () => {
  it('gives the card back what it paid through Square and the rest in cash from the drawer', async () => {
    const session = await openPaired('Returns with card', '50.00');
    // 10.03 with 5.00 on the card and 5.03 in cash (5.05 taken).
    const item = await lot('8.72');
    const sale = (
      await sell(
        {
          lines: [{ productId: item.id, quantity: 1 }],
          tenders: [{ kind: 'cash', tendered: '5.05' }],
          cardAmount: '5.00',
        },
        session,
      )
    ).json();
    const payment = s.fake.terminalPay(sale.terminalCheckout.id);
    expect((await poll(sale.id)).json().status).toBe('completed');
    // 50.00 + 5.05.
    expect((await cashier.get(`/api/pos/sessions/${session}/report`)).json().expectedCash).toBe('55.05');

    const found = (await cashier.get(`/api/pos/returns/${sale.reference}`)).json();
    // The order has no provider payment of its own: the Terminal's card took 5.00, cash the rest.
    expect(found.paidBy).toMatchObject({ card: '5.00', cash: '5.03' });
    const refundsBefore = s.fake.refunds.size;
    const back = await cashier.post(`/api/pos/sessions/${session}/returns/${sale.reference}`, {
      lines: [{ orderItemId: found.lines[0].orderItemId, quantity: 1, restock: true }],
      destination: 'original',
    });
    expect(back.statusCode, back.body).toBe(200);
    // The whole 10.03: the card first, all it paid (5.00), through Square on the Terminal's payment;
    // the rest, 5.03, in cash, handed back as 5.05.
    expect(back.json()).toMatchObject({
      total: '10.03',
      tenders: { card: '5.00', cash: '5.03' },
      cashBack: '5.05',
    });
    const asked = [...s.fake.refunds.values()].slice(refundsBefore);
    expect(asked.map((r) => [r.payment_id, r.amount_money.amount])).toEqual([[payment.id, 500]]);
    // 55.05 - 5.05 = 50.00: the float again.
    expect((await cashier.get(`/api/pos/sessions/${session}/report`)).json()).toMatchObject({
      expectedCash: '50.00',
      refunds: '10.03',
    });
  });
});
