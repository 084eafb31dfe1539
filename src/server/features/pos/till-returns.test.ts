// Returns at the till (docs/decisions/0614-returns-at-the-till.md) through real HTTP, in a Quebec store
// (GST 5% and QST 9.975% as separate lines): a cash sale found by its receipt's code, one line refunded
// with its tax lines by hand and the cash handed back rounded to 5 cents, the lot back on sale, the
// drawer's expected cash and the X report following; the last line refunded brings the refunds to the
// sale's total exactly; a card order bought online refunded at the till goes back to the card, not the
// drawer; bad codes, closed sessions, other orders' lines, refund limits and the till permission refused
// with nothing written.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderRefunds, orders, posRegisters, products } from '~/server/db/schema';
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
let cashier: TestClient;
let sessionId: number;

beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true', STORE_PROVINCE: 'QC', ...MANY_ORDER_EMAILS } });
  await seedStoreSettings(t.db);
  await setWeekdayDiscounts(t.db);
  cashier = new TestClient(t.app);
  await signInAs(t.db, cashier, (await createUser(t.db, { isStaff: true, mayUseTill: true })).id);
  sessionId = await openSession('Returns counter', '100.00');
});
afterAll(() => t?.close());

async function openSession(name: string, openingFloat: string): Promise<number> {
  const [register] = await t.db.insert(posRegisters).values({ name }).returning({ id: posRegisters.id });
  const res = await cashier.post('/api/pos/sessions', { registerId: register!.id, openingFloat });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}
const lot = (price: string) => createProduct(t.db, { price, stock: 1, applyDailyDiscount: false });
const stockOf = async (id: number) =>
  (await t.db.select().from(products).where(eq(products.id, id)))[0]!.stock;
const refundCount = async () => (await t.db.select().from(orderRefunds)).length;
const report = async (id = sessionId) => (await cashier.get(`/api/pos/sessions/${id}/report`)).json();
const lineOf = (found: { lines: { name: string; orderItemId: number }[] }, name: string) =>
  found.lines.find((l) => l.name === name)!.orderItemId;

describe('a cash sale returned at the till', () => {
  it('refunds a line with its tax lines, hands back cash rounded to 5 cents, and the drawer follows', async () => {
    const cable = await createProduct(t.db, {
      name: 'Cable',
      price: '8.72',
      stock: 1,
      applyDailyDiscount: false,
    });
    const lamp = await createProduct(t.db, {
      name: 'Lamp',
      price: '20.00',
      stock: 1,
      applyDailyDiscount: false,
    });
    // 8.72 + 20.00 = 28.72; tax 14.975% = 4.30082 -> 4.30, GST 1.436 + QST 2.86482: 1.43 + 2.86 = 4.29,
    // the missing cent to the larger remainder (GST .6): GST 1.44, QST 2.86. Total 33.02, in cash
    // 33.00 (.02 rounds down); 40.00 handed over, 7.00 change.
    const sold = await cashier.post('/api/pos/sales', {
      sessionId,
      clientSaleId: randomUUID(),
      lines: [
        { productId: cable.id, quantity: 1 },
        { productId: lamp.id, quantity: 1 },
      ],
      tenders: [{ kind: 'cash', tendered: '40.00' }],
    });
    expect(sold.statusCode, sold.body).toBe(200);
    expect(sold.json()).toMatchObject({ total: '33.02', changeDue: '7.00', cashRounding: '-0.02' });
    const reference = sold.json().reference as string;
    const before = await report();
    // 100.00 + 33.00 kept.
    expect(before.expectedCash).toBe('133.00');

    // The receipt's code, typed in lower case, finds the sale.
    const found = await cashier.get(`/api/pos/returns/${reference.toLowerCase()}`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toMatchObject({
      reference,
      channel: 'till',
      total: '33.02',
      paidBy: { card: '0.00', cash: '33.02', giftCards: '0.00', storeCredit: '0.00' },
    });
    expect(
      found.json().lines.map((l: { name: string; refundable: number }) => [l.name, l.refundable]),
    ).toEqual([
      ['Cable', 1],
      ['Lamp', 1],
    ]);

    // The cable back in stock: 8.72, GST 5% 0.436 -> 0.44, QST 9.975% 0.86982 -> 0.87: 10.03, handed
    // back in cash as 10.05 (.03 rounds up).
    const cableBack = await cashier.post(`/api/pos/sessions/${sessionId}/returns/${reference}`, {
      lines: [{ orderItemId: lineOf(found.json(), 'Cable'), quantity: 1, restock: true }],
      destination: 'original',
      reason: 'Did not fit',
    });
    expect(cableBack.statusCode, cableBack.body).toBe(200);
    expect(cableBack.json()).toMatchObject({
      total: '10.03',
      taxLines: [
        { code: 'GST', rate: '5', amount: '0.44' },
        { code: 'QST', rate: '9.975', amount: '0.87' },
      ],
      tenders: { card: '0.00', cash: '10.03', giftCards: '0.00', storeCredit: '0.00' },
      cashBack: '10.05',
      cashRounding: '0.02',
    });
    expect(cableBack.json().creditNoteNumber).toMatch(/^CN-\d{6}$/);
    expect(await stockOf(cable.id)).toBe(1);
    // 133.00 - 10.05 = 122.95; rounding kept -0.02 on the sale and gave 0.02 on the refund: -0.04.
    expect(await report()).toMatchObject({ expectedCash: '122.95', refunds: '10.03', cashRounding: '-0.04' });

    // The lamp, not restocked: what is left of the sale, 33.02 - 10.03 = 22.99 (tax 4.30 - 1.31 =
    // 2.99), handed back as 23.00 (.09 rounds up).
    const lampBack = await cashier.post(`/api/pos/sessions/${sessionId}/returns/${reference}`, {
      lines: [{ orderItemId: lineOf(found.json(), 'Lamp'), quantity: 1, restock: false }],
      destination: 'original',
      reason: 'Damaged',
    });
    expect(lampBack.statusCode, lampBack.body).toBe(200);
    expect(lampBack.json()).toMatchObject({ total: '22.99', cashBack: '23.00', cashRounding: '0.01' });
    expect(await stockOf(lamp.id)).toBe(0);
    // 122.95 - 23.00 = 99.95; refunds 10.03 + 22.99 = 33.02, the sale's total exactly.
    expect(await report()).toMatchObject({ expectedCash: '99.95', refunds: '33.02' });
    const [order] = await t.db.select().from(orders).where(eq(orders.orderReference, reference));
    expect(order).toMatchObject({ refundedAmount: '33.02', paymentStatus: 'refunded' });

    // Nothing is left: refused, nothing written.
    const count = await refundCount();
    const again = await cashier.post(`/api/pos/sessions/${sessionId}/returns/${reference}`, {
      lines: [{ orderItemId: lineOf(found.json(), 'Lamp'), quantity: 1, restock: false }],
      destination: 'original',
    });
    expect(again.statusCode).toBe(409);
    expect(await refundCount()).toBe(count);
  });
});

describe('a card order bought online, returned at the till', () => {
  it('goes back to the card through the provider, not out of the drawer', async () => {
    const shopper = new TestClient(t.app);
    const product = await lot('20.00');
    const body = await validBody(shopper, [{ productId: product.id, quantity: 1 }], {
      shippingMethod: 'pickup',
    });
    const res = await postCheckout(shopper, body);
    expect(res.statusCode, res.body).toBe(200);
    const reference = res.json().orderId as string;
    const paid = await shopper.post(`/pay/${reference}/pay`, '', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(paid.statusCode, paid.body).toBe(303);
    const found = (await cashier.get(`/api/pos/returns/${reference}`)).json();
    expect(found.channel).toBe('online');
    expect(found.paidBy.cash).toBe('0.00');
    expect(found.paidBy.card).toBe(found.total);
    const before = await report();
    const back = await cashier.post(`/api/pos/sessions/${sessionId}/returns/${reference}`, {
      lines: [{ orderItemId: found.lines[0].orderItemId, quantity: 1, restock: true }],
      destination: 'original',
    });
    expect(back.statusCode, back.body).toBe(200);
    // Pickup in Quebec: 20.00 + GST 1.00 + QST 1.995 -> 2.00 (1.99 + 1.00 = 2.99 and the missing cent to
    // QST's larger remainder .995): 23.00, all to the card.
    expect(back.json()).toMatchObject({
      total: '23.00',
      tenders: { card: '23.00', cash: '0.00' },
      cashBack: '0.00',
    });
    const after = await report();
    expect(after.expectedCash).toBe(before.expectedCash);
    // 33.02 + 23.00 refunded in this session.
    expect(after.refunds).toBe('56.02');
  });
});

describe('refused, with nothing written', () => {
  async function cashSale() {
    const item = await lot('10.00');
    const sold = await cashier.post('/api/pos/sales', {
      sessionId,
      clientSaleId: randomUUID(),
      lines: [{ productId: item.id, quantity: 1 }],
      tenders: [{ kind: 'cash', tendered: '20.00' }],
    });
    expect(sold.statusCode, sold.body).toBe(200);
    const found = (await cashier.get(`/api/pos/returns/${sold.json().reference}`)).json();
    return { reference: sold.json().reference as string, itemId: found.lines[0].orderItemId as number };
  }

  it('a code that names no sale, a line of another sale, more units than were sold', async () => {
    const unknown = await cashier.get('/api/pos/returns/ORD-NOSUCHSALE');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(
      'No sale has this receipt code. Check the code on the receipt and try again.',
    );
    expect((await cashier.get(`/api/pos/returns/${'X'.repeat(41)}`)).statusCode).toBe(400);
    const one = await cashSale();
    const other = await cashSale();
    const count = await refundCount();
    const foreign = await cashier.post(`/api/pos/sessions/${sessionId}/returns/${one.reference}`, {
      lines: [{ orderItemId: other.itemId, quantity: 1, restock: true }],
      destination: 'original',
    });
    expect(foreign.statusCode).toBe(400);
    const tooMany = await cashier.post(`/api/pos/sessions/${sessionId}/returns/${one.reference}`, {
      lines: [{ orderItemId: one.itemId, quantity: 2, restock: true }],
      destination: 'original',
    });
    expect(tooMany.statusCode).toBe(409);
    const noLines = await cashier.post(`/api/pos/sessions/${sessionId}/returns/${one.reference}`, {
      lines: [],
      destination: 'original',
    });
    expect(noLines.statusCode).toBe(400);
    const guestCredit = await cashier.post(`/api/pos/sessions/${sessionId}/returns/${one.reference}`, {
      lines: [{ orderItemId: one.itemId, quantity: 1, restock: true }],
      destination: 'store_credit',
    });
    expect(guestCredit.statusCode).toBe(400);
    expect(await refundCount()).toBe(count);
  });

  it('a closed session, a cashier over their refund limit, staff without the till', async () => {
    const sale = await cashSale();
    const count = await refundCount();
    const body = {
      lines: [{ orderItemId: sale.itemId, quantity: 1, restock: true }],
      destination: 'original',
    };
    const closedSession = await openSession('Closed counter', '0.00');
    expect((await cashier.post(`/api/pos/sessions/${closedSession}/close`, { counts: {} })).statusCode).toBe(
      200,
    );
    const closed = await cashier.post(`/api/pos/sessions/${closedSession}/returns/${sale.reference}`, body);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe('This till session is closed. Open a new one to sell.');

    const limited = new TestClient(t.app);
    await signInAs(
      t.db,
      limited,
      (await createUser(t.db, { isStaff: true, mayUseTill: true, refundLimit: '5.00' })).id,
    );
    const overLimit = await limited.post(`/api/pos/sessions/${sessionId}/returns/${sale.reference}`, body);
    expect(overLimit.statusCode).toBe(403);

    const noTill = new TestClient(t.app);
    await signInAs(t.db, noTill, (await createUser(t.db, { isStaff: true })).id);
    expect((await noTill.get(`/api/pos/returns/${sale.reference}`)).statusCode).toBe(403);
    expect(
      (await noTill.post(`/api/pos/sessions/${sessionId}/returns/${sale.reference}`, body)).statusCode,
    ).toBe(403);
    expect(await refundCount()).toBe(count);
  });
});

describe("the receipt's barcode", () => {
  it('is the code as a Code 128 SVG for the till, refused for others and for what is not a code', async () => {
    const svg = await cashier.get('/api/pos/receipt-barcode/ORD-ABC234');
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.body).toMatch(/^<svg /);
    // A Code 128 barcode of a different code draws different bars.
    expect((await cashier.get('/api/pos/receipt-barcode/ORD-XYZ567')).body).not.toBe(svg.body);
    expect((await cashier.get('/api/pos/receipt-barcode/%3Cscript%3E')).statusCode).toBe(400);
    expect((await new TestClient(t.app).get('/api/pos/receipt-barcode/ORD-ABC234')).statusCode).toBe(401);
  });
});
