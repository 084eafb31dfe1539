// Taxes by component (docs/decisions/0136-tax-lines.md): each order stores its tax lines at purchase,
// adding up to the tax charged; the order API, the account history and the confirmation e-mail show
// them with the currency and the registration numbers that are set. Every figure below is worked out
// by hand. The store picks up in Quebec (STORE_PROVINCE=QC), so a pickup is taxed there.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, orders } from '~/server/db/schema';
import {
  createCategory,
  createProduct,
  createUser,
  seedStoreSettings,
  setCategoryDiscount,
  setWeekdayDiscounts,
  signInAs,
} from '~/server/test/fixtures';
import { createTestApp, TestClient, type TestApp } from '~/server/test/test-app';
import { orderProofToken } from '~/server/lib/order-proof';
import { type Destination, postCheckout, validBody } from './test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      TRUST_PROXY: 'true',
      STORE_PROVINCE: 'QC',
      STORE_GST_NUMBER: '123456789 RT0001',
      STORE_QST_NUMBER: '1234567890 TQ0001',
    },
  });
  await seedStoreSettings(t.db);
  await setWeekdayDiscounts(t.db);
});
afterAll(() => t.close());

async function place(
  product: { price: string; compareAtPrice?: string; categoryId?: number; applyDailyDiscount?: boolean },
  quantity: number,
  destination: Destination,
  client = new TestClient(t.app),
) {
  const row = await createProduct(t.db, { applyDailyDiscount: false, ...product, stock: 10 });
  const res = await postCheckout(
    client,
    await validBody(client, [{ productId: row.id, quantity }], destination),
  );
  expect(res.statusCode).toBe(200);
  const reference = res.json().orderId as string;
  const [order] = await t.db.select().from(orders).where(eq(orders.orderReference, reference));
  return { reference, order: order!, client };
}

/** Pays on the local payment page, which sends the confirmation e-mail; answers its text. */
async function payAndReadMail(reference: string, orderId: number) {
  const pay = await new TestClient(t.app).post(`/pay/${reference}/pay`, '', {
    'content-type': 'application/x-www-form-urlencoded',
  });
  expect(pay.statusCode).toBe(303);
  const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, orderId));
  // The confirmation, beside the new-order alert to the store.
  const confirmations = mails.filter((m) => m.kind === 'order-confirmation');
  expect(confirmations).toHaveLength(1);
  return confirmations[0]!;
}

describe('tax lines stored at purchase', () => {
  it('Quebec: GST 5% and QST 9.975%, the missing cent to the larger remainder', async () => {
    // 1 x 4.07 + standard shipping 5.99 = 10.06 taxable.
    // GST 10.06 x 5% = 0.5030 -> 0.50 (remainder 0.30 of a cent).
    // QST 10.06 x 9.975% = 1.003485 -> 1.00 (remainder 0.3485 of a cent).
    // Charged: 10.06 x 14.975% = 1.506485 -> 1.51; the floors give 1.50, the missing cent goes to QST
    // (larger remainder): QST 1.01. Rounding each line on its own would give 0.50 + 1.00 = 1.50.
    const { reference, order } = await place({ price: '4.07' }, 1, { state: 'QC' });
    expect(order.taxAmount).toBe('1.51');
    expect(order.taxLines).toEqual([
      { code: 'GST', rate: '5', amount: '0.50' },
      { code: 'QST', rate: '9.975', amount: '1.01' },
    ]);
    expect(order.currency).toBe('CAD');
    expect(order.total).toBe('11.57'); // 10.06 + 1.51

    // The confirmation page's read, with its token (docs/decisions/0453-order-details-need-proof.md).
    const token = orderProofToken(t.app.ctx.config.sessionSecret, reference);
    const res = await new TestClient(t.app).get(`/api/orders/${reference}?token=${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      taxAmount: '1.51',
      taxLines: [
        { code: 'GST', rate: '5', amount: '0.50' },
        { code: 'QST', rate: '9.975', amount: '1.01' },
      ],
      currency: 'CAD',
      total: '11.57',
    });

    const mail = await payAndReadMail(reference, order.id);
    const text = mail.text;
    expect(text).toContain('Subtotal: $4.07');
    expect(text).toContain('Shipping: $5.99');
    expect(text).toContain('GST (5%): $0.50');
    expect(text).toContain('QST (9.975%): $1.01');
    expect(text).toContain('Total: $11.57 CAD');
    expect(text).toContain('GST/HST registration number: 123456789 RT0001');
    expect(text).toContain('QST registration number: 1234567890 TQ0001');
    expect(text).not.toContain('Original Price'); // no discount: the subtotal is the items' price
    expect(mail.html).toContain('QST (9.975%)');
    expect(mail.html).toContain('$11.57 CAD');
    expect(mail.html).toContain('QST registration number: 1234567890 TQ0001');
  });

  it('Ontario: one HST line of 13%', async () => {
    // 2 x 20.00 + standard 5.99 = 45.99; HST 45.99 x 13% = 5.9787 -> 5.98; total 51.97.
    const { order } = await place({ price: '20.00' }, 2, { state: 'ON' });
    expect(order.taxLines).toEqual([{ code: 'HST', rate: '13', amount: '5.98' }]);
    expect(order.taxAmount).toBe('5.98');
    expect(order.total).toBe('51.97');
  });

  it('British Columbia: GST 5% and PST 7%; the e-mail lines add up from the regular price', async () => {
    // 2 x 100.00 with today's 25% category discount (docs/decisions/0130): 75.00 each;
    // regular 200.00, discount 50.00 (25%), subtotal 150.00. Express 14.99: taxable 164.99.
    // GST 164.99 x 5% = 8.2495 -> 8.24 (remainder 0.95); PST 164.99 x 7% = 11.5493 -> 11.54 (0.93).
    // Charged 164.99 x 12% = 19.7988 -> 19.80: two cents missing, one to each: GST 8.25, PST 11.55.
    // Total 150.00 + 14.99 + 19.80 = 184.79.
    const category = await createCategory(t.db, { slug: 'bc-quarter-off' });
    await setCategoryDiscount(t.db, category.id, 25);
    const product = { price: '100.00', categoryId: category.id, applyDailyDiscount: true };
    const { reference, order } = await place(product, 2, {
      state: 'BC',
      shippingMethod: 'express',
    });
    expect(order.taxLines).toEqual([
      { code: 'GST', rate: '5', amount: '8.25' },
      { code: 'PST', rate: '7', amount: '11.55' },
    ]);
    expect(order.total).toBe('184.79');

    const mail = await payAndReadMail(reference, order.id);
    // 200.00 - 50.00 = 150.00; 150.00 + 14.99 + 8.25 + 11.55 = 184.79.
    const lines = mail.text.split('\n');
    const start = lines.indexOf('Original Price: $200.00');
    expect(lines.slice(start, start + 7)).toEqual([
      'Original Price: $200.00',
      'Discount (25%): -$50.00',
      'Subtotal: $150.00',
      'Shipping: $14.99',
      'GST (5%): $8.25',
      'PST (7%): $11.55',
      'Total: $184.79 CAD',
    ]);
    expect(mail.text).toContain('GST/HST registration number: 123456789 RT0001');
    // Quebec's number is for QST only; no PST number is set.
    expect(mail.text).not.toContain('QST registration number');
    expect(mail.text).not.toContain('PST registration number');
  });

  it('a US order has no tax lines (zero-rated) and says Tax (0%)', async () => {
    // 1 x 50.00 + standard 5.99 = 55.99, no tax.
    const { reference, order } = await place({ price: '50.00' }, 1, { country: 'US', state: 'NY' });
    expect(order.taxLines).toEqual([]);
    expect(order.taxAmount).toBe('0.00');
    expect(order.total).toBe('55.99');
    const mail = await payAndReadMail(reference, order.id);
    expect(mail.text).toContain('Tax (0%): $0.00');
    expect(mail.text).toContain('Total: $55.99 CAD');
    expect(mail.text).not.toContain('registration number');
  });

  it("a pickup is taxed in the store's province (Quebec here), whatever the address says", async () => {
    // 1 x 20.00, pickup (no shipping): taxable 20.00. GST 1.00 exactly; QST 1.995 -> 1.99 (0.5).
    // Charged 20.00 x 14.975% = 2.995 -> 3.00: the missing cent to QST, 2.00. Total 23.00.
    const { order } = await place({ price: '20.00' }, 1, { state: 'BC', shippingMethod: 'pickup' });
    expect(order.taxLines).toEqual([
      { code: 'GST', rate: '5', amount: '1.00' },
      { code: 'QST', rate: '9.975', amount: '2.00' },
    ]);
    expect(order.total).toBe('23.00');
  });

  it("the account's order history carries the stored lines and the currency", async () => {
    const user = await createUser(t.db);
    const client = new TestClient(t.app);
    await signInAs(t.db, client, user.id);
    // 1 x 10.00 + standard 5.99 = 15.99 to Manitoba: GST 0.7995 -> 0.79 (0.95); RST 7% 1.1193 ->
    // 1.11 (0.93); charged 12% = 1.9188 -> 1.92: two cents missing: GST 0.80, RST 1.12.
    await place({ price: '10.00' }, 1, { state: 'MB' }, client);
    const res = await client.get('/api/orders/my-orders');
    expect(res.statusCode).toBe(200);
    const [mine] = res.json();
    expect(mine).toMatchObject({
      taxAmount: '1.92',
      taxLines: [
        { code: 'GST', rate: '5', amount: '0.80' },
        { code: 'RST', rate: '7', amount: '1.12' },
      ],
      currency: 'CAD',
      total: '17.91', // 15.99 + 1.92
    });
  });
});

describe('the site configuration', () => {
  it('tells the browser the currency and the registration numbers that are set', async () => {
    const res = await new TestClient(t.app).get('/api/site-config');
    expect(res.json()).toMatchObject({
      currency: 'CAD',
      taxRegistrations: { gstHst: '123456789 RT0001', qst: '1234567890 TQ0001', pst: null },
    });
  });
});
