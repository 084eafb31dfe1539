// Refunds by line (docs/decisions/0510-refunds-by-line.md) through real HTTP and the fake Square API on
// loopback: each tax line of a partial refund to the cent, worked out by hand below; the refunds of
// every line and all the shipping add up to the order exactly; an Ontario HST order; two refunds at
// once never give back a unit twice; store credit refused on a guest's order; the credit note printed and e-mailed (read
// from a real SMTP server on loopback) in the order's language; the reports count the refunded line.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders, products } from '~/server/db/schema';
import { MANY_ORDER_EMAILS, postCheckout, validBody } from '~/server/features/checkout/test-support';
import type { FakeSquare } from '~/server/payments/fake-square';
import { createProduct, createUser, setWeekdayDiscounts, signInAs } from '~/server/test/fixtures';
import { type SmtpInbox, startSmtpInbox } from '~/server/test/smtp-inbox';
import { createSquareTestApp } from '~/server/test/square-test-app';
import { type TestApp, TestClient } from '~/server/test/test-app';

let fake: FakeSquare;
let t: TestApp;
let staff: TestClient;
let inbox: SmtpInbox;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  ({ fake, t } = await createSquareTestApp({ ...MANY_ORDER_EMAILS, SMTP_URL: inbox.url }));
  const admin = await createUser(t.db, { isAdmin: true });
  staff = new TestClient(t.app);
  await signInAs(t.db, staff, admin.id);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
  await inbox?.close();
});

type Line = { productId: number; quantity: number };

/** Places and pays an order of `lines` shipped standard (5.99) to `state`; its items by product. */
async function paidOrder(lines: Line[], state: string) {
  const client = new TestClient(t.app);
  const res = await postCheckout(client, await validBody(client, lines, { state }));
  expect(res.statusCode, res.body).toBe(200);
  const [order] = await t.db.select().from(orders).where(eq(orders.orderReference, res.json().orderId));
  fake.pay(order!.paymentLinkId!);
  const paid = await client.patch(`/api/orders/${order!.orderReference}/payment-status`, {
    paymentStatus: 'completed',
  });
  expect(paid.json().paymentStatus).toBe('completed');
  const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
  const itemOf = (productId: number) => items.find((i) => i.productId === productId)!.id;
  return { order: (await t.db.select().from(orders).where(eq(orders.id, order!.id)))[0]!, itemOf };
}

const refund = (id: number, body: unknown) => staff.post(`/api/orders/${id}/refunds`, body);
const stockOf = async (id: number) =>
  (await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;

describe('a Quebec order with a discount, two lines and shipping', () => {
  // Dash cam 50.00 with the day's 20% off: 40.00 a unit, 10.00 of discount each, x 2 = 80.00.
  // Trekking poles 25.50, no discount, x 1. Subtotal 105.50, shipping 5.99: taxable 111.49.
  // GST 5%: 5.5745; QST 9.975%: 11.1211...; the order's tax at 14.975% is 16.6956 -> 16.70, split
  // GST 5.57 + QST 11.12 = 16.69 and the missing cent to the larger remainder (GST .45 vs QST .11):
  // GST 5.58, QST 11.12. Total 111.49 + 16.70 = 128.19.
  it('refunds one unit and part of the shipping to the cent, then the rest to exactly the total', async () => {
    await setWeekdayDiscounts(t.db, [20, 20, 20, 20, 20, 20, 20]);
    const cam = await createProduct(t.db, {
      name: 'Dash Cam',
      price: '50.00',
      stock: 5,
      applyDailyDiscount: true,
    });
    const poles = await createProduct(t.db, {
      name: 'Trekking Poles',
      price: '25.50',
      stock: 5,
      applyDailyDiscount: false,
    });
    const { order, itemOf } = await paidOrder(
      [
        { productId: cam.id, quantity: 2 },
        { productId: poles.id, quantity: 1 },
      ],
      'QC',
    );
    await setWeekdayDiscounts(t.db);
    expect(order).toMatchObject({
      subtotal: '105.50',
      shippingCost: '5.99',
      taxAmount: '16.70',
      total: '128.19',
    });
    expect(order.taxLines).toEqual([
      { code: 'GST', rate: '5', amount: '5.58' },
      { code: 'QST', rate: '9.975', amount: '11.12' },
    ]);
    // The order is French: its credit note and e-mail are.
    await t.db.update(orders).set({ locale: 'fr' }).where(eq(orders.id, order.id));

    // One dash cam back in stock, 2.00 of the shipping: taxable 42.00. GST 42.00 x 5% = 2.10;
    // QST 42.00 x 9.975% = 4.1895 -> 4.19. Total 42.00 + 2.10 + 4.19 = 48.29; the line carried 10.00
    // of the day's discount.
    const body = {
      lines: [{ orderItemId: itemOf(cam.id), quantity: 1, restock: true }],
      shipping: '2.00',
      destination: 'original',
      reason: 'Arrived damaged',
    };
    const preview = await staff.post(`/api/orders/${order.id}/refunds/preview`, body);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      status: 'preview',
      number: null,
      subtotal: '40.00',
      discount: '10.00',
      shipping: '2.00',
      taxLines: [
        { code: 'GST', rate: '5', amount: '2.10' },
        { code: 'QST', rate: '9.975', amount: '4.19' },
      ],
      tax: '6.29',
      total: '48.29',
    });
    expect(fake.requests.filter((r) => r.path === '/v2/refunds')).toHaveLength(0);

    const first = await refund(order.id, body);
    expect(first.statusCode, first.body).toBe(200);
    const note = first.json().refund;
    expect(note).toMatchObject({
      status: 'completed',
      number: `CN-${String(note.id).padStart(6, '0')}`,
      lines: [
        { orderItemId: itemOf(cam.id), quantity: 1, amount: '40.00', discount: '10.00', restock: true },
      ],
      taxLines: [
        { code: 'GST', rate: '5', amount: '2.10' },
        { code: 'QST', rate: '9.975', amount: '4.19' },
      ],
      total: '48.29',
      reason: 'Arrived damaged',
    });
    expect(first.json()).toMatchObject({ paymentStatus: 'completed', refundedAmount: '48.29' });
    const calls = fake.requests.filter((r) => r.path === '/v2/refunds');
    expect((calls.at(-1)!.body as { amount_money: unknown }).amount_money).toEqual({
      amount: 4829,
      currency: 'CAD',
    });
    // The one unit marked to restock went back (5 - 2 + 1); the poles were not touched.
    expect(await stockOf(cam.id)).toBe(4);
    expect(await stockOf(poles.id)).toBe(4);

    // The credit note e-mail, in French, with its tax lines, through SMTP.
    const mail = inbox.mailsTo('jane@example.com').find((m) => m.text?.includes('Note de crédit'));
    expect(mail?.text).toMatch(new RegExp(`Note de crédit\\s*:\\s*${note.number}`));
    expect(mail!.text).toMatch(/Dash Cam × 1\s*:\s*40,00\s\$/);
    expect(mail!.text).toMatch(/Livraison remboursée\s*:\s*2,00\s\$/);
    expect(mail!.text).toMatch(/TPS \(5\s%\)\s*:\s*2,10\s\$/);
    expect(mail!.text).toMatch(/TVQ \(9,975\s%\)\s*:\s*4,19\s\$/);
    expect(mail!.text).toMatch(/Total remboursé\s*:\s*48,29\s\$/);

    // The printable credit note, in French.
    const page = await staff.get(`/api/orders/${order.id}/refunds/${note.id}/credit-note`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(`Note de crédit ${note.number}`);
    expect(page.body).toContain('4,19');

    // The sales by product count the refunded line (the dash cam's 40.00), not a share spread over
    // the poles; the tax report counts the refund's own tax lines.
    const day = new Date().toISOString().slice(0, 10);
    const range = `from=${shift(day, -2)}&to=${shift(day, 2)}`;
    const byProduct = await staff.get(`/api/admin/reports/sales-by-product?${range}&limit=500`);
    const rowOf = (id: number) =>
      byProduct.json().rows.find((r: { productId: number }) => r.productId === id);
    expect(rowOf(cam.id)).toMatchObject({ sales: '80.00', refunds: '40.00', net: '40.00' });
    expect(rowOf(poles.id)).toMatchObject({ sales: '25.50', refunds: '0.00', net: '25.50' });
    // The tax report (CSV): Province, Tax, Rate, Orders, Taxable sales, Tax collected, Refunded
    // taxable sales, Tax refunded, ...; every Quebec order of this file is this one.
    const taxes = (await staff.get(`/api/admin/reports/taxes?${range}`)).body.replace(/^\uFEFF/, '');
    const qc = (code: string) =>
      taxes
        .split(/\r?\n/)
        .find((l) => l.startsWith(`QC,${code},`))
        ?.split(',');
    expect(qc('GST')?.slice(4, 8)).toEqual(['111.49', '5.58', '42.00', '2.10']);
    expect(qc('QST')?.slice(4, 8)).toEqual(['111.49', '11.12', '42.00', '4.19']);

    // The rest: the other dash cam (not restocked), the poles (restocked), the 3.99 of shipping left.
    // Taxable 40.00 + 25.50 + 3.99 = 69.49, which brings the refunded taxable to the order's whole
    // 111.49: the tax given back is then all the order charged less what the first refund gave back,
    // GST 5.58 - 2.10 = 3.48 and QST 11.12 - 4.19 = 6.93. Total 69.49 + 3.48 + 6.93 = 79.90, and
    // 48.29 + 79.90 = 128.19, the order's total to the cent.
    const rest = await refund(order.id, {
      lines: [
        { orderItemId: itemOf(cam.id), quantity: 1, restock: false },
        { orderItemId: itemOf(poles.id), quantity: 1, restock: true },
      ],
      shipping: 3.99,
      destination: 'original',
      reason: '',
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().refund).toMatchObject({
      subtotal: '65.50',
      shipping: '3.99',
      taxLines: [
        { code: 'GST', rate: '5', amount: '3.48' },
        { code: 'QST', rate: '9.975', amount: '6.93' },
      ],
      total: '79.90',
    });
    expect(rest.json()).toMatchObject({ paymentStatus: 'refunded', refundedAmount: '128.19' });
    expect(await stockOf(cam.id)).toBe(4);
    expect(await stockOf(poles.id)).toBe(5);

    // Nothing is left: a unit more, or a cent of shipping more, is refused.
    const again = await refund(order.id, {
      lines: [],
      shipping: '0.01',
      destination: 'original',
      reason: '',
    });
    expect(again.statusCode).toBe(409);
  });
});

const shift = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('an Ontario order (HST 13%)', () => {
  // Three mugs at 19.99 = 59.97, shipping 5.99: taxable 65.96, HST 8.5748 -> 8.57, total 74.53.
  it('refunds a unit at a time and the last refund takes exactly what is left', async () => {
    const mug = await createProduct(t.db, {
      name: 'Mug',
      price: '19.99',
      stock: 9,
      applyDailyDiscount: false,
    });
    const { order, itemOf } = await paidOrder([{ productId: mug.id, quantity: 3 }], 'ON');
    expect(order).toMatchObject({ taxAmount: '8.57', total: '74.53' });
    const one = (shipping: string) => ({
      lines: [{ orderItemId: itemOf(mug.id), quantity: 1, restock: false }],
      shipping,
      destination: 'original',
      reason: '',
    });
    // 19.99 x 13% = 2.5987 -> 2.60: 22.59.
    const first = await refund(order.id, one('0'));
    expect(first.json().refund).toMatchObject({
      taxLines: [{ code: 'HST', rate: '13', amount: '2.60' }],
      total: '22.59',
    });
    // 39.98 x 13% = 5.1974 -> 5.20 refunded so far, less 2.60: 2.60 again, 22.59.
    const second = await refund(order.id, one('0'));
    expect(second.json().refund).toMatchObject({
      taxLines: [{ code: 'HST', amount: '2.60' }],
      total: '22.59',
    });
    // The last mug and the shipping: 25.98 at 13% would be 3.3774 -> 3.38, but only 8.57 - 5.20 = 3.37
    // of HST is left: 25.98 + 3.37 = 29.35; 22.59 + 22.59 + 29.35 = 74.53.
    const last = await refund(order.id, one('5.99'));
    expect(last.json().refund).toMatchObject({ taxLines: [{ code: 'HST', amount: '3.37' }], total: '29.35' });
    expect(last.json()).toMatchObject({ paymentStatus: 'refunded', refundedAmount: '74.53' });
  });

  it('gives back a unit once when two refunds of it arrive at once', async () => {
    const lamp = await createProduct(t.db, {
      name: 'Lamp',
      price: '20.00',
      stock: 9,
      applyDailyDiscount: false,
    });
    const { order, itemOf } = await paidOrder([{ productId: lamp.id, quantity: 3 }], 'ON');
    const two = {
      lines: [{ orderItemId: itemOf(lamp.id), quantity: 2, restock: true }],
      shipping: '0',
      destination: 'original',
      reason: '',
    };
    const before = fake.requests.filter((r) => r.path === '/v2/refunds').length;
    const answers = await Promise.all([refund(order.id, two), refund(order.id, two)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.statusCode === 409)!;
    expect(refused.json().message).toBe('Lamp: at most 1 of 3 can still be refunded.');
    expect(fake.requests.filter((r) => r.path === '/v2/refunds')).toHaveLength(before + 1);
    // 6 left after the sale, 2 back once.
    expect(await stockOf(lamp.id)).toBe(8);
  });

  it('refuses store credit on a guest order, a line of another order and bad input, with nothing written', async () => {
    const fan = await createProduct(t.db, {
      name: 'Fan',
      price: '30.00',
      stock: 9,
      applyDailyDiscount: false,
    });
    const { order, itemOf } = await paidOrder([{ productId: fan.id, quantity: 1 }], 'ON');
    const line = { orderItemId: itemOf(fan.id), quantity: 1, restock: false };
    const credit = await refund(order.id, {
      lines: [line],
      shipping: 0,
      destination: 'store_credit',
      reason: '',
    });
    expect(credit.statusCode).toBe(400);
    expect(credit.json().message).toBe(
      'This order was placed without a customer account, so it cannot be refunded to store credit. Refund it to the original payment.',
    );
    const foreign = await refund(order.id, {
      lines: [{ ...line, orderItemId: 2_000_000 }],
      shipping: 0,
      destination: 'original',
      reason: '',
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('Order line 2000000 is not a line of this order.');
    const zero = await refund(order.id, {
      lines: [{ ...line, quantity: 0 }],
      shipping: 0,
      destination: 'original',
      reason: '',
    });
    expect(zero.statusCode).toBe(400);
    const tooMuchShipping = await refund(order.id, {
      lines: [],
      shipping: '6.00',
      destination: 'original',
      reason: '',
    });
    expect(tooMuchShipping.statusCode).toBe(409);
    expect(tooMuchShipping.json().message).toBe(
      'At most 5.99 of shipping can still be refunded on this order.',
    );
    const [row] = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.id, order.id)));
    expect(row!.refundedAmount).toBe('0.00');
  });

  it("keeps a staff member's refund by line within their limit, counting what the order gave back", async () => {
    const clerk = new TestClient(t.app);
    await signInAs(t.db, clerk, (await createUser(t.db, { isStaff: true })).id);
    const chair = await createProduct(t.db, {
      name: 'Chair',
      price: '30.00',
      stock: 9,
      applyDailyDiscount: false,
    });
    const { order, itemOf } = await paidOrder([{ productId: chair.id, quantity: 5 }], 'ON');
    const chairs = (quantity: number) => ({
      lines: [{ orderItemId: itemOf(chair.id), quantity, restock: false }],
      shipping: 0,
      destination: 'original',
      reason: '',
    });
    // The default limit is 100.00. Three chairs: 90.00 + HST 11.70 = 101.70, over it, and nothing written.
    const over = await clerk.post(`/api/orders/${order.id}/refunds`, chairs(3));
    expect(over.statusCode).toBe(403);
    // Two: 60.00 + 7.80 = 67.80.
    const two = await clerk.post(`/api/orders/${order.id}/refunds`, chairs(2));
    expect(two.statusCode, two.body).toBe(200);
    expect(two.json().refund.total).toBe('67.80');
    // One more: 30.00 + 3.90 = 33.90, and 67.80 + 33.90 = 101.70 is over the limit again.
    expect((await clerk.post(`/api/orders/${order.id}/refunds`, chairs(1))).statusCode).toBe(403);
  });
});
