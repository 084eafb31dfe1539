// The till (docs/decisions/0600-till.md) through real HTTP, in a Quebec store (GST 5% and QST 9.975% as
// separate lines): who may use it; cash rounded to 5 cents on the cash part only, change worked out by
// hand; one stock with the storefront (a lot sold at the till is gone at once; the last unit, till and
// online at once, has one winner); a sale recorded once per clientSaleId; the cashier's discount limit;
// bad input refused with nothing written; a session closed with a variance worked out by hand.
import { randomUUID } from 'node:crypto';
import { count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, orders, posRegisters, posTenders, products, stockMovements } from '~/server/db/schema';
import { MANY_ORDER_EMAILS, postCheckout, validBody } from '~/server/features/checkout/test-support';
import {
  createProduct,
  createUser,
  seedStoreSettings,
  setWeekdayDiscounts,
  signInAs,
} from '~/server/test/fixtures';
import { createTestApp, type TestApp, TestClient } from '~/server/test/test-app';

let t: TestApp;
let admin: TestClient;
let cashier: TestClient;
let cashierId: number;
let sessionId: number;

beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true', STORE_PROVINCE: 'QC', ...MANY_ORDER_EMAILS } });
  await seedStoreSettings(t.db);
  await setWeekdayDiscounts(t.db);
  admin = new TestClient(t.app);
  await signInAs(t.db, admin, (await createUser(t.db, { isAdmin: true })).id);
  cashierId = (await createUser(t.db, { isStaff: true, mayUseTill: true })).id;
  cashier = new TestClient(t.app);
  await signInAs(t.db, cashier, cashierId);
  sessionId = (await openOn(await newRegister('Front counter'), '150.00')).id;
});
afterAll(() => t?.close());

async function newRegister(name: string): Promise<number> {
  const [row] = await t.db.insert(posRegisters).values({ name }).returning({ id: posRegisters.id });
  return row!.id;
}
async function openOn(registerId: number, openingFloat: string) {
  const res = await cashier.post('/api/pos/sessions', { registerId, openingFloat });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}
const lot = (price: string, stock = 1) => createProduct(t.db, { price, stock, applyDailyDiscount: false });
function sell(body: Record<string, unknown>, client = cashier) {
  return client.post('/api/pos/sales', { sessionId, clientSaleId: randomUUID(), ...body });
}
const stockOf = async (id: number) =>
  (await t.db.select().from(products).where(eq(products.id, id)))[0]!.stock;
const orderCount = async () => (await t.db.select({ n: count() }).from(orders))[0]!.n;

describe('who may use the till', () => {
  it('refuses the signed out, customers and staff without the till permission', async () => {
    expect((await new TestClient(t.app).get('/api/pos/registers')).statusCode).toBe(401);
    const customer = new TestClient(t.app);
    await signInAs(t.db, customer, (await createUser(t.db)).id);
    expect((await customer.get('/api/pos/registers')).statusCode).toBe(403);
    const staff = new TestClient(t.app);
    await signInAs(t.db, staff, (await createUser(t.db, { isStaff: true })).id);
    const refused = await staff.get('/api/pos/registers');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Your account may not use the till. An administrator can allow it in Users.',
    );
    // The administrator grants it in Users.
    const staffId = (await createUser(t.db, { isStaff: true })).id;
    const granted = await admin.put(`/api/admin/users/${staffId}`, { grants: { useTill: true } });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json().grants.useTill).toBe(true);
    const later = new TestClient(t.app);
    await signInAs(t.db, later, staffId);
    const registers = await later.get('/api/pos/registers');
    expect(registers.statusCode, registers.body).toBe(200);
    expect(registers.json().registers.map((r: { name: string }) => r.name)).toContain('Register 1');
  });

  it('opens one session per register at a time', async () => {
    const register = await newRegister('Side counter');
    await openOn(register, '100.00');
    const twice = await cashier.post('/api/pos/sessions', { registerId: register, openingFloat: '50.00' });
    expect(twice.statusCode).toBe(409);
    const bad = await cashier.post('/api/pos/sessions', { registerId: register, openingFloat: '-5' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('cash rounding, worked by hand (GST 5%, QST 9.975%)', () => {
  it('rounds a cash total of $10.03 up to $10.05 and gives $9.95 change from $20.00', async () => {
    // 8.72: tax 14.975% = 1.30582 -> 1.31, split GST 0.436 -> 0.44 and QST 0.86982 -> 0.87; total 10.03.
    const item = await lot('8.72');
    const res = await sell({
      lines: [{ productId: item.id, quantity: 1 }],
      tenders: [{ kind: 'cash', tendered: '20.00' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const sale = res.json();
    expect(sale.taxLines).toEqual([
      { code: 'GST', rate: '5', amount: '0.44' },
      { code: 'QST', rate: '9.975', amount: '0.87' },
    ]);
    expect(sale.total).toBe('10.03');
    expect(sale.tenders).toEqual([{ kind: 'cash', amount: '10.05', last4: null }]);
    expect(sale.cashRounding).toBe('0.02');
    expect(sale.changeDue).toBe('9.95');
    expect(sale.reference).toMatch(/^ORD-/);
  });

  it('rounds $10.08 up to $10.10 and $10.02 down to $10.00', async () => {
    // 8.77: tax 1.3133 -> 1.31 (GST 0.4385 -> 0.44, QST 0.8748 -> 0.87); total 10.08 -> 10.10 in cash.
    const a = await lot('8.77');
    const up = await sell({
      lines: [{ productId: a.id, quantity: 1 }],
      tenders: [{ kind: 'cash', tendered: '10.10' }],
    });
    expect(up.json()).toMatchObject({ total: '10.08', cashRounding: '0.02', changeDue: '0.00' });
    // 20.00: tax 2.995 -> 3.00 (GST 1.00, QST 1.995 -> 2.00); total 23.00. A gift card pays 12.98, so
    // 10.02 is due in cash: 10.00.
    const card = await admin.post('/api/admin/gift-cards', { amount: '12.98' });
    const b = await lot('20.00');
    const down = await sell({
      lines: [{ productId: b.id, quantity: 1 }],
      tenders: [
        { kind: 'gift_card', code: card.json().code, amount: '12.98' },
        { kind: 'cash', tendered: '10.00' },
      ],
    });
    expect(down.statusCode, down.body).toBe(200);
    expect(down.json()).toMatchObject({ total: '23.00', cashRounding: '-0.02', changeDue: '0.00' });
    expect(down.json().tenders).toEqual([
      { kind: 'gift_card', amount: '12.98', last4: card.json().card.last4 },
      { kind: 'cash', amount: '10.00', last4: null },
    ]);
    // Less than the rounded cash due is refused, and nothing is written.
    const c = await lot('8.77');
    const before = await orderCount();
    const short = await sell({
      lines: [{ productId: c.id, quantity: 1 }],
      tenders: [{ kind: 'cash', tendered: '10.05' }],
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('The payments do not cover the total: add cash or another payment.');
    expect(await orderCount()).toBe(before);
    expect(await stockOf(c.id)).toBe(1);
  });

  it('rounds only the cash part of a split sale, and never store credit', async () => {
    // 10.03 with a 5.00 gift card: 5.03 due in cash, rounded to 5.05.
    const card = await admin.post('/api/admin/gift-cards', { amount: '5.00' });
    const a = await lot('8.72');
    const split = await sell({
      lines: [{ productId: a.id, quantity: 1 }],
      tenders: [
        { kind: 'gift_card', code: card.json().code, amount: '5.00' },
        { kind: 'cash', tendered: '5.05' },
      ],
    });
    expect(split.statusCode, split.body).toBe(200);
    expect(split.json()).toMatchObject({ total: '10.03', cashRounding: '0.02', changeDue: '0.00' });
    // Store credit pays 10.03 exactly: nothing is rounded.
    const customer = await createUser(t.db);
    expect(
      (
        await admin.post(`/api/admin/users/${customer.id}/store-credit`, {
          amount: '12.00',
          reason: 'Goodwill',
        })
      ).statusCode,
    ).toBe(200);
    const b = await lot('8.72');
    const credit = await sell({
      lines: [{ productId: b.id, quantity: 1 }],
      customer: { userId: customer.id },
      tenders: [{ kind: 'store_credit', amount: '10.03' }],
    });
    expect(credit.statusCode, credit.body).toBe(200);
    expect(credit.json()).toMatchObject({ total: '10.03', cashRounding: '0.00', changeDue: '0.00' });
    expect(credit.json().tenders).toEqual([{ kind: 'store_credit', amount: '10.03', last4: null }]);
    const balance = await admin.get(`/api/admin/users/${customer.id}/store-credit`);
    expect(balance.json().balance).toBe('1.97');
  });

  it('says a card at the till needs Square when the store takes no payments through it, writing nothing', async () => {
    const a = await lot('8.72');
    const before = await orderCount();
    const res = await sell({ lines: [{ productId: a.id, quantity: 1 }], tenders: [], cardAmount: '10.03' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Card payments at the till need the Square Terminal, and this store does not take payments through Square: take cash, a gift card or store credit.',
    );
    expect(await orderCount()).toBe(before);
  });
});

describe('one stock with the storefront', () => {
  it('takes the lot off the storefront at once, with "till" in its stock history', async () => {
    const a = await lot('30.00');
    const listed = await new TestClient(t.app).get(`/api/products/${a.id}`);
    expect(listed.json().stock).toBe(1);
    const res = await sell({
      lines: [{ productId: a.id, quantity: 1 }],
      tenders: [{ kind: 'cash', tendered: '40.00' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await new TestClient(t.app).get(`/api/products/${a.id}`)).json().stock).toBe(0);
    const [movement] = await t.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.productId, a.id))
      .orderBy(desc(stockMovements.id))
      .limit(1);
    expect(movement).toMatchObject({ delta: -1, stockAfter: 0, reason: 'till', userId: cashierId });
    // The same lot again: out of stock, nothing written.
    const again = await sell({
      lines: [{ productId: a.id, quantity: 1 }],
      tenders: [{ kind: 'cash', tendered: '40.00' }],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/is out of stock/);
  });

  it('the last unit, sold at the till and online at the same moment, has one winner', async () => {
    const a = await lot('30.00');
    const shopper = new TestClient(t.app);
    const body = await validBody(shopper, [{ productId: a.id, quantity: 1 }], { state: 'QC' });
    const [online, till] = await Promise.all([
      postCheckout(shopper, body),
      sell({ lines: [{ productId: a.id, quantity: 1 }], tenders: [{ kind: 'cash', tendered: '40.00' }] }),
    ]);
    expect([online.statusCode, till.statusCode].sort()).toEqual([200, 409]);
    if (till.statusCode === 200) expect(await stockOf(a.id)).toBe(0);
    else expect(till.json().message).toMatch(/is out of stock/);
  });

  it('warns of units held by an online checkout when the lot is looked up', async () => {
    const a = await createProduct(t.db, {
      price: '12.00',
      stock: 2,
      lotNumber: `LOT-${randomUUID().slice(0, 8)}`,
    });
    const shopper = new TestClient(t.app);
    expect(
      (await postCheckout(shopper, await validBody(shopper, [{ productId: a.id, quantity: 1 }]))).statusCode,
    ).toBe(200);
    const found = await cashier.get(`/api/pos/lookup?code=${a.lotNumber!.toLowerCase()}`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().products).toHaveLength(1);
    expect(found.json().products[0]).toMatchObject({ id: a.id, stock: 2, heldOnline: 1, price: '12.00' });
    expect((await cashier.get('/api/pos/lookup?code=NO-SUCH-LOT')).statusCode).toBe(404);
  });
});

describe('a sale', () => {
  it('is recorded once per clientSaleId', async () => {
    const a = await lot('15.00', 3);
    const body = {
      lines: [{ productId: a.id, quantity: 1 }],
      tenders: [{ kind: 'cash', tendered: '20.00' }],
      clientSaleId: randomUUID(),
    };
    const first = await sell(body);
    const second = await sell(body);
    expect(second.json().id).toBe(first.json().id);
    expect(await stockOf(a.id)).toBe(2);
  });

  it("keeps the cashier's discount within their limit, worked by hand", async () => {
    // 20.00 less 10% = 18.00; tax 14.975% = 2.6955 -> 2.70 (GST 0.90, QST 1.7955 -> 1.80); total 20.70.
    const a = await lot('20.00');
    const quote = await cashier.post('/api/pos/quote', {
      sessionId,
      lines: [{ productId: a.id, quantity: 1, discount: { kind: 'percent', value: '10' } }],
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toMatchObject({ subtotal: '20.00', discount: '2.00', total: '20.70' });
    expect(quote.json().taxLines).toEqual([
      { code: 'GST', rate: '5', amount: '0.90' },
      { code: 'QST', rate: '9.975', amount: '1.80' },
    ]);
    // Over the staff limit of 20%: refused; an administrator may.
    const over = await cashier.post('/api/pos/quote', {
      sessionId,
      lines: [{ productId: a.id, quantity: 1 }],
      orderDiscount: { kind: 'amount', value: '5.00' },
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(
      'This discount is over your limit of 20%. An administrator can give it.',
    );
    const byAdmin = await admin.post('/api/pos/quote', {
      sessionId,
      lines: [{ productId: a.id, quantity: 1 }],
      orderDiscount: { kind: 'amount', value: '5.00' },
    });
    // 15.00: tax 2.24625 -> 2.25 (GST 0.75, QST 1.49625 -> 1.50); total 17.25.
    expect(byAdmin.json()).toMatchObject({ discount: '5.00', total: '17.25' });
  });

  it('refuses bad input with a clear 400 and writes nothing', async () => {
    const a = await lot('9.00');
    const before = await orderCount();
    const cases: Record<string, unknown>[] = [
      { lines: [], tenders: [] },
      { lines: [{ productId: a.id, quantity: 0 }], tenders: [] },
      { lines: [{ productId: a.id, quantity: 1 }], tenders: [{ kind: 'cheque', amount: '9.00' }] },
      { lines: [{ productId: a.id, quantity: 1 }], tenders: [{ kind: 'cash', tendered: 'lots' }] },
      {
        lines: [{ productId: a.id, quantity: 1 }],
        tenders: [{ kind: 'cash', tendered: '20.00' }],
        clientSaleId: 'x',
      },
      {
        lines: [
          { productId: a.id, quantity: 1 },
          { productId: a.id, quantity: 1 },
        ],
        tenders: [{ kind: 'cash', tendered: '30.00' }],
      },
      {
        lines: [{ productId: a.id, quantity: 1, price: '0.01' }],
        tenders: [{ kind: 'cash', tendered: '1.00' }],
      },
      // Ids past what the database holds.
      { lines: [{ productId: 2_147_483_648, quantity: 1 }], tenders: [{ kind: 'cash', tendered: '1.00' }] },
      {
        lines: [{ productId: a.id, quantity: 1 }],
        customer: { userId: 2_147_483_648 },
        tenders: [{ kind: 'cash', tendered: '20.00' }],
      },
    ];
    for (const body of cases) {
      const res = await sell(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect(await orderCount()).toBe(before);
    expect(await stockOf(a.id)).toBe(1);
  });
});

describe('cash sales made offline, synced later', () => {
  it('records a lot sold online meanwhile as a conflict for staff, never below 0 stock', async () => {
    const sold = await lot('8.72');
    const kept = await lot('20.00');
    // Online, the first lot sells while the till is offline (held by a checkout, then paid or not: the
    // unit is gone for the till either way).
    const shopper = new TestClient(t.app);
    expect(
      (await postCheckout(shopper, await validBody(shopper, [{ productId: sold.id, quantity: 1 }])))
        .statusCode,
    ).toBe(200);
    await t.db.update(products).set({ stock: 0 }).where(eq(products.id, sold.id));
    // The till's queued sale arrives: 8.72 + 20.00 = 28.72, tax 14.975% = 4.30082 -> 4.30; total 33.02,
    // 33.00 in cash from 40.00: 7.00 back.
    const synced = await sell({
      lines: [
        { productId: sold.id, quantity: 1 },
        { productId: kept.id, quantity: 1 },
      ],
      tenders: [{ kind: 'cash', tendered: '40.00' }],
      offlineAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(synced.statusCode, synced.body).toBe(200);
    expect(synced.json()).toMatchObject({
      status: 'conflict',
      total: '33.02',
      cashRounding: '-0.02',
      changeDue: '7.00',
    });
    expect(synced.json().conflict).toMatch(/1 sold offline, 0 left in stock/);
    expect(await stockOf(sold.id)).toBe(0);
    expect(await stockOf(kept.id)).toBe(0);
    const listed = (await cashier.get('/api/pos/conflicts')).json().sales;
    expect(listed.map((s: { id: number }) => s.id)).toContain(synced.json().id);
    // Resolved with a note: off the list, audited.
    expect(
      (await cashier.post(`/api/pos/conflicts/${synced.json().id}/resolve`, { note: ' ' })).statusCode,
    ).toBe(400);
    const resolved = await cashier.post(`/api/pos/conflicts/${synced.json().id}/resolve`, {
      note: 'Refunded the online buyer',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().status).toBe('completed');
    const after = (await cashier.get('/api/pos/conflicts')).json().sales;
    expect(after.map((s: { id: number }) => s.id)).not.toContain(synced.json().id);
    expect(
      (await cashier.post(`/api/pos/conflicts/${synced.json().id}/resolve`, { note: 'again' })).statusCode,
    ).toBe(404);
  });

  it('takes cash only', async () => {
    const a = await lot('8.72');
    const res = await sell({
      lines: [{ productId: a.id, quantity: 1 }],
      tenders: [{ kind: 'gift_card', code: 'AAAA-BBBB-CCCC-DDDD', amount: '10.03' }],
      offlineAt: new Date().toISOString(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('A sale made offline is paid in cash only.');
  });
});

describe('the receipt', () => {
  it("is e-mailed on request in the receipt's language, with its tax lines", async () => {
    const a = await lot('8.72');
    const sale = await sell({
      lines: [{ productId: a.id, quantity: 1 }],
      tenders: [{ kind: 'cash', tendered: '20.00' }],
      receiptLanguage: 'fr',
    });
    expect(sale.statusCode, sale.body).toBe(200);
    const { id, reference } = sale.json();
    const noAddress = await cashier.post(`/api/pos/sales/${id}/email-receipt`, {});
    expect(noAddress.statusCode).toBe(400);
    expect(
      (await cashier.post(`/api/pos/sales/${id}/email-receipt`, { email: 'not-an-address' })).statusCode,
    ).toBe(400);
    const sent = await cashier.post(`/api/pos/sales/${id}/email-receipt`, { email: 'marie@example.com' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ sentTo: 'marie@example.com' });
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'order-receipt'));
    expect(mail).toMatchObject({ to: 'marie@example.com', orderId: id });
    expect(mail!.subject).toContain(`votre reçu ${reference}`);
    // 8.72 + TPS 0.44 + TVQ 0.87 = 10.03, in French money.
    expect(mail!.text).toContain('10,03\u00a0$');
    expect(mail!.text).toMatch(/TPS/);
    expect(mail!.text).toMatch(/TVQ/);
    expect(
      (await cashier.post('/api/pos/sales/999999/email-receipt', { email: 'a@example.com' })).statusCode,
    ).toBe(404);
  });
});

describe('closing a session', () => {
  it('counts the drawer against what it should hold: a variance worked by hand', async () => {
    const register = await newRegister('Closing counter');
    const session = await openOn(register, '150.00');
    const inSession = (body: Record<string, unknown>) =>
      cashier.post('/api/pos/sales', { sessionId: session.id, clientSaleId: randomUUID(), ...body });
    // 10.03 in cash: 10.05 kept, 9.95 back from 20.00. 10.08: 10.10 kept.
    const a = await lot('8.72');
    const b = await lot('8.77');
    expect(
      (
        await inSession({
          lines: [{ productId: a.id, quantity: 1 }],
          tenders: [{ kind: 'cash', tendered: '20.00' }],
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await inSession({
          lines: [{ productId: b.id, quantity: 1 }],
          tenders: [{ kind: 'cash', tendered: '10.10' }],
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await cashier.post(`/api/pos/sessions/${session.id}/cash-movements`, {
          kind: 'drop',
          amount: '100.00',
          reason: 'To the safe',
        })
      ).statusCode,
    ).toBe(200);
    const payout = await cashier.post(`/api/pos/sessions/${session.id}/cash-movements`, {
      kind: 'payout',
      amount: '5.00',
      reason: 'Window cleaner',
    });
    expect(payout.statusCode).toBe(200);
    const noReason = await cashier.post(`/api/pos/sessions/${session.id}/cash-movements`, {
      kind: 'payout',
      amount: '5.00',
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(400);
    // X report: 150.00 + 10.05 + 10.10 - 100.00 - 5.00 = 65.15 expected.
    const x = (await cashier.get(`/api/pos/sessions/${session.id}/report`)).json();
    expect(x).toMatchObject({
      kind: 'X',
      salesCount: 2,
      byTender: [{ kind: 'cash', amount: '20.15' }],
      cashRounding: '0.04',
      drops: '100.00',
      payouts: '5.00',
      expectedCash: '65.15',
      countedCash: null,
    });
    // Taxes: GST 0.44 + 0.44, QST 0.87 + 0.87.
    expect(x.taxLines).toEqual([
      { code: 'GST', rate: '5', amount: '0.88' },
      { code: 'QST', rate: '9.975', amount: '1.74' },
    ]);
    // Counted: 3 x 20.00 + 1 x 5.00 + 2 x 0.05 = 65.10: a nickel short, variance -0.05.
    const closed = await cashier.post(`/api/pos/sessions/${session.id}/close`, {
      counts: { '2000': 3, '500': 1, '5': 2 },
      note: 'Short a nickel',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({
      kind: 'Z',
      expectedCash: '65.15',
      countedCash: '65.10',
      variance: '-0.05',
    });
    expect(closed.json().session.status).toBe('closed');
    // A closed session sells nothing and closes once.
    const c = await lot('5.00');
    expect(
      (
        await inSession({
          lines: [{ productId: c.id, quantity: 1 }],
          tenders: [{ kind: 'cash', tendered: '10.00' }],
        })
      ).statusCode,
    ).toBe(409);
    expect((await cashier.post(`/api/pos/sessions/${session.id}/close`, { counts: {} })).statusCode).toBe(
      409,
    );
    const tenders = await t.db.select().from(posTenders).where(eq(posTenders.sessionId, session.id));
    expect(tenders).toHaveLength(2);
  });

  it('refuses a count by an unknown denomination', async () => {
    const res = await cashier.post(`/api/pos/sessions/${sessionId}/close`, { counts: { '3': 1 } });
    expect(res.statusCode).toBe(400);
  });
});
