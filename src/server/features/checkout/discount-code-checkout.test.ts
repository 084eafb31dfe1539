// Discount codes at the quote and the checkout (docs/decisions/0551-discount-code-at-checkout.md):
// the server evaluates the code against the cart it prices, refuses with the shopper's message as a
// 400 that changes nothing, counts uses exactly under concurrency, and stores the code as its own line
// before shipping and tax. Every amount worked out by hand. PGlite and PostgreSQL.
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountCodes, discountCodeUses, mailOutbox, orderItems, orders } from '~/server/db/schema';
import {
  createCategory,
  createProduct,
  createUser,
  seedStoreSettings,
  signInAs,
  setCategoryDiscount,
  setWeekdayDiscounts,
} from '~/server/test/fixtures';
import { createTestApp, TestClient, type TestApp } from '~/server/test/test-app';
import { orderProofToken } from '~/server/lib/order-proof';
import { failPendingOrder } from '~/server/features/orders';
import type { CreateCheckout } from '~/shared/schemas/checkout';
import {
  checkoutBody,
  type Destination,
  type Line,
  MANY_ORDER_EMAILS,
  postCheckout,
  randomIp,
  withFigures,
  ZERO_FIGURES,
} from './test-support';

let t: TestApp;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true', ...MANY_ORDER_EMAILS } });
  await seedStoreSettings(t.db);
  // 10% every day of the week, so the test does not depend on today's weekday.
  await setWeekdayDiscounts(t.db, [10, 10, 10, 10, 10, 10, 10]);
});
afterAll(() => t.close());

type CodeValues = Partial<typeof discountCodes.$inferInsert> & { code: string };
async function createCode(values: CodeValues) {
  const [row] = await t.db
    .insert(discountCodes)
    .values({ kind: 'percent', percentage: 10, ...values })
    .returning();
  return row!;
}

const quote = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  new TestClient(t.app).post('/api/cart/quote', body, { 'x-forwarded-for': randomIp(), ...headers });

/** A checkout body with the code and the server's current figures (a deliberate 409 asks for them). */
async function codedBody(
  lines: Line[],
  code: string,
  destination: Destination = {},
): Promise<CreateCheckout> {
  const body = checkoutBody(lines, destination, { ...ZERO_FIGURES, total: '99999999.99' });
  body.orderData.discountCode = code;
  const res = await postCheckout(new TestClient(t.app), body);
  if (res.statusCode !== 409) throw new Error(`expected a 409 quote, got ${res.statusCode}: ${res.body}`);
  return withFigures(body, res.json().current);
}

async function countOrders() {
  const [row] = await t.db.select({ n: count() }).from(orders);
  return row!.n;
}

describe('a Quebec order with a day discount, a category discount and a code', () => {
  it('takes the code off the discounted subtotal and taxes what is left, each line to the cent', async () => {
    const category = await createCategory(t.db, { slug: 'code-quebec-quarter' });
    await setCategoryDiscount(t.db, category.id, 25);
    // Lamp 80.00 with the day's 10%: 72.00. Chair 40.00 in a 25% category (25 > 10, the larger
    // single discount): 30.00. Regular 120.00, discounts 18.00, subtotal 102.00.
    const lamp = await createProduct(t.db, { name: 'QC Lamp', price: '80.00', stock: 3 });
    const chair = await createProduct(t.db, {
      name: 'QC Chair',
      price: '40.00',
      stock: 3,
      categoryId: category.id,
    });
    await createCode({ code: 'QC15', percentage: 15, combinesWithDaily: true, combinesWithCategory: true });
    const lines = [
      { productId: lamp.id, quantity: 1 },
      { productId: chair.id, quantity: 1 },
    ];
    // The code combines with both: 15% of 102.00 = 15.30. 102.00 - 15.30 = 86.70, + standard 5.99
    // shipping = 92.69 taxable.
    // GST 92.69 x 5% = 4.6345 -> floor 4.63 (remainder 0.45 of a cent).
    // QST 92.69 x 9.975% = 9.2458275 -> floor 9.24 (remainder 0.58 of a cent).
    // Charged 92.69 x 14.975% = 13.8803275 -> 13.88; the floors give 13.87, the missing cent to the
    // larger remainder (QST): GST 4.63, QST 9.25. Total 92.69 + 13.88 = 106.57.
    const q = await quote({
      items: lines,
      shippingMethod: 'standard',
      country: 'Canada',
      province: 'QC',
      discountCode: 'qc15',
    });
    expect(q.statusCode).toBe(200);
    expect(q.json()).toMatchObject({
      subtotal: '102.00',
      discountAmount: '18.00',
      discountCode: 'QC15',
      codeDiscountAmount: '15.30',
      shippingCost: '5.99',
      taxAmount: '13.88',
      total: '106.57',
    });

    const body = await codedBody(lines, 'qc15', { state: 'QC' });
    const res = await postCheckout(new TestClient(t.app), body);
    expect(res.statusCode).toBe(200);
    const reference = res.json().orderId as string;
    const [order] = await t.db.select().from(orders).where(eq(orders.orderReference, reference));
    expect(order).toMatchObject({
      subtotal: '102.00',
      discountAmount: '18.00',
      discountCode: 'QC15',
      codeDiscountAmount: '15.30',
      taxAmount: '13.88',
      total: '106.57',
    });
    expect(order!.taxLines).toEqual([
      { code: 'GST', rate: '5', amount: '4.63' },
      { code: 'QST', rate: '9.975', amount: '9.25' },
    ]);
    const [code] = await t.db.select().from(discountCodes).where(eq(discountCodes.code, 'QC15'));
    expect(code!.usedCount).toBe(1);

    // The order page's read carries the code and its amount.
    const token = orderProofToken(t.app.ctx.config.sessionSecret, reference);
    const read = await new TestClient(t.app).get(`/api/orders/${reference}?token=${token}`);
    expect(read.json()).toMatchObject({ discountCode: 'QC15', codeDiscountAmount: '15.30' });

    // Paid: the confirmation e-mail has the code's own line, and the lines add up.
    const pay = await new TestClient(t.app).post(`/pay/${reference}/pay`, '', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(pay.statusCode).toBe(303);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, order!.id));
    const mail = mails.find((m) => m.kind === 'order-confirmation')!;
    expect(mail.text).toContain('Subtotal: $102.00');
    expect(mail.text).toContain('Discount code QC15: -$15.30');
    expect(mail.text).toContain('GST (5%): $4.63');
    expect(mail.text).toContain('QST (9.975%): $9.25');
    expect(mail.text).toContain('Total: $106.57 CAD');
    expect(mail.html).toContain('Discount code QC15');

    // The sales report counts what codes took off (already out of the goods).
    const day = new Date().toISOString().slice(0, 10);
    const admin = await adminClient();
    const report = await admin.get(`/api/admin/reports/sales?from=${addDays(day, -1)}&to=${addDays(day, 1)}`);
    expect(report.statusCode).toBe(200);
    expect(report.json().totals.codeDiscounts).toBe('15.30');
  });

  it('a code that does not combine with the category discount: the better of the two on those lines', async () => {
    const category = await createCategory(t.db, { slug: 'code-quebec-quarter-2' });
    await setCategoryDiscount(t.db, category.id, 25);
    const lamp = await createProduct(t.db, { name: 'QC Lamp 2', price: '80.00', stock: 3 });
    const chair = await createProduct(t.db, { price: '40.00', stock: 3, categoryId: category.id });
    await createCode({ code: 'DAYONLY20', percentage: 20, combinesWithDaily: true });
    // Lamp (day's 10%, combines): 20% of 72.00 = 14.40 on top. Chair (category 25%, does not
    // combine): 20% of its regular 40.00 = 8.00 against the category's 10.00: the category's saves
    // more, so nothing more there. Code line 14.40. 102.00 - 14.40 = 87.60, + 5.99 = 93.59 taxable.
    // GST 93.59 x 5% = 4.6795 -> 4.67 (0.95); QST 93.59 x 9.975% = 9.3356025 -> 9.33 (0.56).
    // Charged 93.59 x 14.975% = 14.0151025 -> 14.02: two cents missing, one to each: GST 4.68,
    // QST 9.34. Total 93.59 + 14.02 = 107.61.
    const body = await codedBody(
      [
        { productId: lamp.id, quantity: 1 },
        { productId: chair.id, quantity: 1 },
      ],
      'DAYONLY20',
      { state: 'QC' },
    );
    const res = await postCheckout(new TestClient(t.app), body);
    expect(res.statusCode).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.orderReference, res.json().orderId));
    expect(order).toMatchObject({ codeDiscountAmount: '14.40', taxAmount: '14.02', total: '107.61' });
    expect(order!.taxLines).toEqual([
      { code: 'GST', rate: '5', amount: '4.68' },
      { code: 'QST', rate: '9.975', amount: '9.34' },
    ]);
  });
});

describe('refunds by line on an order with a code (docs/decisions/0553)', () => {
  it("gives back what was paid: the line's units less their share of the code", async () => {
    const lamp = await createProduct(t.db, { name: 'Split Lamp', price: '80.00', stock: 3 });
    const kettle = await createProduct(t.db, {
      name: 'Split Kettle',
      price: '20.00',
      stock: 5,
      applyDailyDiscount: false,
    });
    await createCode({ code: 'SPLIT10', percentage: 10, combinesWithDaily: true });
    // Lamp 80.00 less the day's 10% = 72.00; kettles 2 x 20.00 = 40.00. Subtotal 112.00, the code's
    // 10% = 11.20, shared by what the lines cost: lamp 72/112 x 11.20 = 7.20, kettles 40/112 x 11.20
    // = 4.00. Taxable 112.00 - 11.20 + 5.99 = 106.79; tax 106.79 x 14.975% = 15.9918025 -> 15.99.
    const body = await codedBody(
      [
        { productId: lamp.id, quantity: 1 },
        { productId: kettle.id, quantity: 2 },
      ],
      'SPLIT10',
      { state: 'QC' },
    );
    const res = await postCheckout(new TestClient(t.app), body);
    expect(res.statusCode).toBe(200);
    const reference = res.json().orderId as string;
    const [order] = await t.db.select().from(orders).where(eq(orders.orderReference, reference));
    expect(order).toMatchObject({ codeDiscountAmount: '11.20', taxAmount: '15.99', total: '122.78' });
    const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
    const itemOf = (productId: number) => items.find((i) => i.productId === productId)!;
    expect(itemOf(lamp.id).codeDiscount).toBe('7.20');
    expect(itemOf(kettle.id).codeDiscount).toBe('4.00');
    const pay = await new TestClient(t.app).post(`/pay/${reference}/pay`, '', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(pay.statusCode).toBe(303);

    // One kettle of two: 20.00 less half its line's 4.00 = 18.00 given back, 2.00 of code kept.
    // GST 18.00 x 5% = 0.90; QST 18.00 x 9.975% = 1.7955 -> 1.80. Total 18.00 + 0.90 + 1.80 = 20.70.
    const admin = await adminClient();
    const preview = await admin.post(`/api/orders/${order!.id}/refunds/preview`, {
      lines: [{ orderItemId: itemOf(kettle.id).id, quantity: 1, restock: true }],
      shipping: '0.00',
      destination: 'original',
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      subtotal: '18.00',
      discount: '2.00',
      taxLines: [
        { code: 'GST', rate: '5', amount: '0.90' },
        { code: 'QST', rate: '9.975', amount: '1.80' },
      ],
      total: '20.70',
    });
  });
});

describe('refusals: a clear 400 that changes nothing', () => {
  let kettle: number;
  let other: number;
  beforeAll(async () => {
    kettle = (await createProduct(t.db, { name: 'Refusal Kettle', price: '20.00', stock: 10 })).id;
    const category = await createCategory(t.db, { slug: 'code-elsewhere' });
    other = category.id;
    const now = Date.now();
    await createCode({ code: 'LATER', startsAt: new Date(now + HOUR) });
    await createCode({ code: 'OVER', endsAt: new Date(now - HOUR) });
    await createCode({ code: 'GONE', maxUses: 1, usedCount: 1 });
    await createCode({ code: 'ELSEWHERE', categoryIds: [other] });
    await createCode({ code: 'BIGSPEND', minSubtotal: '50.00' });
    await createCode({ code: 'SWITCHEDOFF', active: false });
    const quarter = await createCategory(t.db, { slug: 'code-quarter-only' });
    await setCategoryDiscount(t.db, quarter.id, 25);
    await createProduct(t.db, { name: 'Quarter Vase', price: '40.00', stock: 5, categoryId: quarter.id });
    await createCode({ code: 'SMALL5', percentage: 5 });
  });

  const cases: [string, string][] = [
    ['NOSUCHCODE', 'This discount code does not exist.'],
    ['SWITCHEDOFF', 'This discount code does not exist.'],
    ['LATER', 'This discount code is not valid yet.'],
    ['OVER', 'This discount code has expired.'],
    ['GONE', 'This discount code has been used up.'],
    ['ELSEWHERE', 'This discount code does not apply to any item in your cart.'],
    // 20.00 less the day's 10% = 18.00, below 50.00.
    ['BIGSPEND', 'This discount code needs a subtotal of at least $50.00.'],
  ];

  for (const [code, message] of cases) {
    it(`${code}: "${message}" from the quote and the checkout`, async () => {
      const items = [{ productId: kettle, quantity: 1 }];
      const q = await quote({ items, discountCode: code });
      expect(q.statusCode).toBe(400);
      expect(q.json()).toMatchObject({ message, code: 'discount_code_refused' });

      const before = await countOrders();
      const body = checkoutBody(items, {}, { ...ZERO_FIGURES, total: '99999999.99' });
      body.orderData.discountCode = code;
      const res = await postCheckout(new TestClient(t.app), body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
      expect(await countOrders()).toBe(before);
    });
  }

  it('says it in French', async () => {
    const q = await quote(
      { items: [{ productId: kettle, quantity: 1 }], discountCode: 'OVER' },
      { 'accept-language': 'fr-CA' },
    );
    expect(q.statusCode).toBe(400);
    expect(q.json().message).toBe('Ce code de réduction est expiré.');
  });

  it('a code that does not combine and saves less than the discount it would replace', async () => {
    // The vase's 25% category discount saves 10.00; the code's 5% of its regular 40.00 saves 2.00.
    const [vase] = await t.db
      .execute(sql`select id from products where name = 'Quarter Vase'`)
      .then((r) => (r as unknown as { rows: { id: number }[] }).rows);
    const q = await quote({ items: [{ productId: Number(vase!.id), quantity: 1 }], discountCode: 'SMALL5' });
    expect(q.statusCode).toBe(400);
    expect(q.json().message).toBe(
      "This discount code does not combine with today's discounts, and they already save you more.",
    );
  });

  it('a blank code is no code', async () => {
    const q = await quote({ items: [{ productId: kettle, quantity: 1 }], discountCode: '  ' });
    expect(q.statusCode).toBe(200);
    expect(q.json()).toMatchObject({ discountCode: null, codeDiscountAmount: '0.00' });
  });
});

describe('uses', () => {
  it('20 concurrent checkouts against a code with 5 uses give exactly 5 orders using it', async () => {
    const product = await createProduct(t.db, {
      name: 'Race Toaster',
      price: '30.00',
      stock: 100,
      applyDailyDiscount: false,
    });
    const code = await createCode({ code: 'FIVE', maxUses: 5 });
    const body = await codedBody([{ productId: product.id, quantity: 1 }], 'FIVE');
    // 30.00 (no day's discount on this lot); the code's 10% = 3.00.
    expect(body.orderData.codeDiscountAmount).toBe('3.00');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => postCheckout(new TestClient(t.app), body)),
    );
    const ok = answers.filter((a) => a.statusCode === 200);
    const refused = answers.filter((a) => a.statusCode === 400);
    expect(ok).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const a of refused) expect(a.json().message).toBe('This discount code has been used up.');
    const [row] = await t.db.select().from(discountCodes).where(eq(discountCodes.id, code.id));
    expect(row!.usedCount).toBe(5);
    const [used] = await t.db.select({ n: count() }).from(orders).where(eq(orders.discountCode, 'FIVE'));
    expect(used!.n).toBe(5);
    const uses = await t.db.select().from(discountCodeUses).where(eq(discountCodeUses.codeId, code.id));
    expect(uses).toHaveLength(5);
  });

  it('a per-customer limit counts the e-mail, case-folded: the second checkout is refused and changes nothing', async () => {
    const product = await createProduct(t.db, { price: '30.00', stock: 5, applyDailyDiscount: false });
    const code = await createCode({ code: 'ONEEACH', perCustomerLimit: 1 });
    const body = await codedBody([{ productId: product.id, quantity: 1 }], 'ONEEACH');
    expect((await postCheckout(new TestClient(t.app), body)).statusCode).toBe(200);
    const again = structuredClone(body);
    again.orderData.customerEmail = 'JANE@example.com';
    const before = await countOrders();
    const res = await postCheckout(new TestClient(t.app), again);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This discount code has been used up.');
    expect(await countOrders()).toBe(before);
    const [row] = await t.db.select().from(discountCodes).where(eq(discountCodes.id, code.id));
    expect(row!.usedCount).toBe(1);
    // Somebody else may still use it.
    const other = structuredClone(body);
    other.orderData.customerEmail = 'sam@example.com';
    expect((await postCheckout(new TestClient(t.app), other)).statusCode).toBe(200);
  });

  it('an unpaid checkout that fails gives its use back', async () => {
    const product = await createProduct(t.db, { price: '30.00', stock: 5, applyDailyDiscount: false });
    const code = await createCode({ code: 'ONCEONLY', maxUses: 1 });
    const body = await codedBody([{ productId: product.id, quantity: 1 }], 'ONCEONLY');
    const res = await postCheckout(new TestClient(t.app), body);
    expect(res.statusCode).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.orderReference, res.json().orderId));
    const usedCount = async () =>
      (await t.db.select().from(discountCodes).where(eq(discountCodes.id, code.id)))[0]!.usedCount;
    expect(await usedCount()).toBe(1);
    await t.db.transaction((tx) => failPendingOrder(tx, order!.id, { kind: 'admin' }, 'expired'));
    expect(await usedCount()).toBe(0);
    const again = await postCheckout(new TestClient(t.app), body);
    expect(again.statusCode).toBe(200);
    expect(await usedCount()).toBe(1);
  });
});

function addDays(day: string, n: number) {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

async function adminClient() {
  const admin = await createUser(t.db, { isAdmin: true });
  const client = new TestClient(t.app);
  await signInAs(t.db, client, admin.id);
  return client;
}
