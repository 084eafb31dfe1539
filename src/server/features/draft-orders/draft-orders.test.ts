// Draft orders taken by phone or message (docs/decisions/0625-draft-orders.md), through the HTTP
// layer: priced and held by the server, paid on the local provider's pay page into an ordinary order,
// expired back onto the shelf, the pay link read from the SMTP inbox in the buyer's language, and bad
// input refused with nothing written. Runs on PGlite and PostgreSQL.
import { eq, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products, stockHolds } from '~/server/db/schema';
import { expireUnpaidOrders } from '~/server/features/orders';
import {
  createProduct,
  createUser,
  seedStoreSettings,
  setWeekdayDiscounts,
  signInAs,
} from '~/server/test/fixtures';
import { type SmtpInbox, startSmtpInbox } from '~/server/test/smtp-inbox';
import { createTestApp, type TestApp, TestClient } from '~/server/test/test-app';
import {
  MANY_ORDER_EMAILS,
  postCheckout,
  quote,
  validBody,
  withFigures,
  checkoutBody,
} from '~/server/features/checkout/test-support';

const form = { 'content-type': 'application/x-www-form-urlencoded' };
let t: TestApp;
let inbox: SmtpInbox;
let staff: TestClient;
let counter = 0;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ env: { ...MANY_ORDER_EMAILS, SMTP_URL: inbox.url, STORE_NAME: 'Bargain Barn' } });
  await seedStoreSettings(t.db);
  await setWeekdayDiscounts(t.db);
  const clerk = await createUser(t.db, { isStaff: true });
  staff = new TestClient(t.app);
  await signInAs(t.db, staff, clerk.id);
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

/** A buyer's address of their own, so each test reads only its own mail. */
const buyerEmail = () => `buyer${++counter}-${Date.now()}@example.com`;

function draftBody(productId: number, quantity: number, email: string, extra: Record<string, unknown> = {}) {
  return {
    items: [{ productId, quantity }],
    customer: { name: 'Marie Tremblay', email, phone: '514-555-0199', locale: 'en' },
    shippingMethod: 'pickup',
    notes: 'Called Tuesday, wants the pair',
    ...extra,
  };
}

/** The messages delivered to `address` once there are `count` of them (sent before the answer). */
async function mailsTo(address: string, count = 1): Promise<ParsedMail[]> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const mails = inbox.mailsTo(address);
    if (mails.length >= count) return mails;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`fewer than ${count} messages were delivered to ${address}`);
}

const stockOf = async (id: number) =>
  (await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;
const orderOf = async (reference: string) =>
  (await t.db.select().from(orders).where(eq(orders.orderReference, reference)))[0]!;
const activeHolds = async (orderId: number) =>
  (
    await t.db
      .select()
      .from(stockHolds)
      .where(
        sql`${stockHolds.orderId} = ${orderId} and ${stockHolds.releasedAt} is null and ${stockHolds.expiresAt} > now()`,
      )
  ).length;
const stateOf = async (id: number) =>
  ((await staff.get('/api/admin/draft-orders')).json().draftOrders as { id: number; state: string }[]).find(
    (d) => d.id === id,
  )?.state;

describe('a draft order', () => {
  it('is priced by the server, holds its lots 48 hours, e-mails the pay link and, paid, is an order with its stock taken', async () => {
    const lamp = await createProduct(t.db, { name: 'Brass Floor Lamp', price: '80.00', stock: 2 });
    const email = buyerEmail();
    const before = Date.now();
    const res = await staff.post('/api/admin/draft-orders', draftBody(lamp.id, 2, email));
    expect(res.statusCode, res.body).toBe(201);
    const { draftOrder, payUrl } = res.json();
    // Two lamps at $80.00 = $160.00, picked up in Ontario: HST 13% = $20.80, total $180.80.
    expect(draftOrder).toMatchObject({
      state: 'held',
      total: '180.80',
      shippingMethod: 'pickup',
      locale: 'en',
    });
    const reference = draftOrder.orderReference as string;
    expect(payUrl).toBe(`${t.app.ctx.config.publicUrl}/pay/${reference}`);
    const held = new Date(draftOrder.heldUntil).getTime();
    expect(held).toBeGreaterThanOrEqual(before + 48 * 3600_000 - 60_000);
    expect(held).toBeLessThanOrEqual(Date.now() + 48 * 3600_000 + 60_000);
    const order = await orderOf(reference);
    expect(order).toMatchObject({
      subtotal: '160.00',
      taxAmount: '20.80',
      total: '180.80',
      paymentStatus: 'pending',
      // Counted apart in the sales report (docs/decisions/0600-till.md).
      channel: 'draft',
    });
    expect(order.contractAcceptedAt).toBeNull();
    expect(await activeHolds(order.id)).toBe(1);

    const [mail] = await mailsTo(email);
    expect(mail!.subject).toBe(`Bargain Barn: your order ${reference} is ready to pay`);
    expect(mail!.text).toContain(payUrl);
    expect(mail!.text).toContain('Your contract (keep this e-mail)');
    expect(mail!.text).toContain('Brass Floor Lamp');
    expect(mail!.text).toContain('$180.80');

    // The buyer pays on the same hosted page as the online checkout.
    const buyer = new TestClient(t.app);
    const page = await buyer.get(`/pay/${reference}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('$180.80');
    const paid = await buyer.post(`/pay/${reference}/pay`, '', form);
    expect(paid.statusCode).toBe(303);
    const after = await orderOf(reference);
    expect(after.paymentStatus).toBe('completed');
    expect(await stockOf(lamp.id)).toBe(0);
    expect(await activeHolds(order.id)).toBe(0);
    expect(await stateOf(order.id)).toBe('paid');
    // The ordinary confirmation follows the pay link.
    const mails = await mailsTo(email, 2);
    expect(mails[1]!.subject).toBe(`Bargain Barn: order ${reference} confirmed`);
  });

  it('holds its lots against the online checkout meanwhile', async () => {
    const chair = await createProduct(t.db, { name: 'Oak Chair', price: '45.00', stock: 1 });
    const res = await staff.post('/api/admin/draft-orders', draftBody(chair.id, 1, buyerEmail()));
    expect(res.statusCode, res.body).toBe(201);
    const online = new TestClient(t.app);
    const lines = [{ productId: chair.id, quantity: 1 }];
    const current = await quote(online, lines);
    const attempt = await postCheckout(online, withFigures(checkoutBody(lines), current));
    expect(attempt.statusCode).toBe(409);
    expect(attempt.json()).toMatchObject({
      code: 'out_of_stock',
      items: [{ productId: chair.id, available: 0 }],
    });
  });

  it('unpaid, expires: the buyer is told and the lots are for sale again', async () => {
    const desk = await createProduct(t.db, { name: 'Standing Desk', price: '120.00', stock: 1 });
    const email = buyerEmail();
    const res = await staff.post('/api/admin/draft-orders', draftBody(desk.id, 1, email));
    expect(res.statusCode, res.body).toBe(201);
    const { id, orderReference } = res.json().draftOrder;
    // The 48 hours pass.
    await t.db.execute(
      sql`update stock_holds set expires_at = now() - interval '1 minute' where order_id = ${id}`,
    );
    expect(await stateOf(id)).toBe('expired');
    expect(await expireUnpaidOrders(t.app.ctx)).toBeGreaterThanOrEqual(1);
    expect((await orderOf(orderReference)).paymentStatus).toBe('failed');
    expect(await stateOf(id)).toBe('expired');
    const mails = await mailsTo(email, 2);
    expect(mails[1]!.subject).toBe(`Bargain Barn: the hold on order ${orderReference} has ended`);
    // The pay page takes no payment any more, and the desk sells online.
    const late = await new TestClient(t.app).post(`/pay/${orderReference}/pay`, '', form);
    expect((await orderOf(orderReference)).paymentStatus).toBe('failed');
    expect(late.statusCode).toBeLessThan(500);
    const online = new TestClient(t.app);
    const bought = await postCheckout(online, await validBody(online, [{ productId: desk.id, quantity: 1 }]));
    expect(bought.statusCode, bought.body).toBe(200);
    expect(await stockOf(desk.id)).toBe(1);
  });

  it('e-mails a French buyer the pay link in French, with the contract', async () => {
    const sofa = await createProduct(t.db, { name: 'Sofa', nameFr: 'Canapé', price: '1234.50', stock: 1 });
    const email = buyerEmail();
    const body = draftBody(sofa.id, 1, email, {
      customer: { name: 'Marie Tremblay', email, phone: '514-555-0199', locale: 'fr' },
      shippingMethod: 'standard',
      shippingAddress: {
        addressLine1: '1200 rue Sainte-Catherine',
        addressLine2: null,
        city: 'Montréal',
        state: 'QC',
        zipCode: 'H3B 1K9',
        country: 'Canada',
      },
    });
    const res = await staff.post('/api/admin/draft-orders', body);
    expect(res.statusCode, res.body).toBe(201);
    const { orderReference, locale } = res.json().draftOrder;
    expect(locale).toBe('fr');
    const [mail] = await mailsTo(email);
    expect(mail!.subject).toBe(`Bargain Barn\u00a0: votre commande ${orderReference} est prête à payer`);
    expect(mail!.text).toContain('Payer maintenant');
    expect(mail!.text).toContain('Votre contrat (conservez ce courriel)');
    expect(mail!.text).toContain('Canapé');
    expect(mail!.text).toContain('1200 rue Sainte-Catherine');
    expect(mail!.text).toContain(`/pay/${orderReference}`);
    const page = await new TestClient(t.app).get(`/pay/${orderReference}`);
    expect(page.body).toContain('<html lang="fr-CA">');
  });

  it('is resent while held, and cancelled releases its holds at once', async () => {
    const rug = await createProduct(t.db, { name: 'Wool Rug', price: '60.00', stock: 1 });
    const email = buyerEmail();
    const res = await staff.post('/api/admin/draft-orders', draftBody(rug.id, 1, email));
    const { id, orderReference } = res.json().draftOrder;
    const resent = await staff.post(`/api/admin/draft-orders/${id}/resend`);
    expect(resent.statusCode, resent.body).toBe(200);
    const mails = await mailsTo(email, 2);
    expect(mails.map((m) => m.subject)).toEqual([
      `Bargain Barn: your order ${orderReference} is ready to pay`,
      `Bargain Barn: your order ${orderReference} is ready to pay`,
    ]);
    const cancelled = await staff.post(`/api/admin/draft-orders/${id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().state).toBe('cancelled');
    expect(await activeHolds(id)).toBe(0);
    expect((await staff.post(`/api/admin/draft-orders/${id}/resend`)).statusCode).toBe(409);
    expect((await staff.post(`/api/admin/draft-orders/${id}/cancel`)).statusCode).toBe(409);
    const online = new TestClient(t.app);
    const bought = await postCheckout(online, await validBody(online, [{ productId: rug.id, quantity: 1 }]));
    expect(bought.statusCode, bought.body).toBe(200);
  });
});

describe('bad input', () => {
  const count = async () =>
    Number(
      (
        (await t.db.execute(sql`select count(*)::int as n from orders`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n,
    );

  it('is a 400 that writes nothing, and a price in the request is refused, never read', async () => {
    const lot = await createProduct(t.db, { name: 'Crate', price: '10.00', stock: 3 });
    const email = buyerEmail();
    const base = draftBody(lot.id, 1, email);
    const bad: [string, unknown][] = [
      ['no lots', { ...base, items: [] }],
      ['zero quantity', { ...base, items: [{ productId: lot.id, quantity: 0 }] }],
      ['a price', { ...base, items: [{ productId: lot.id, quantity: 1, price: '0.01' }] }],
      ['a total', { ...base, total: '1.00' }],
      ['bad e-mail', { ...base, customer: { ...base.customer, email: 'not-an-email' } }],
      ['bad phone', { ...base, customer: { ...base.customer, phone: '12' } }],
      ['bad language', { ...base, customer: { ...base.customer, locale: 'de' } }],
      ['shipping with no address', { ...base, shippingMethod: 'standard' }],
      [
        'repeated lot',
        {
          ...base,
          items: [
            { productId: lot.id, quantity: 1 },
            { productId: lot.id, quantity: 1 },
          ],
        },
      ],
      ['unknown account', { ...base, customer: { ...base.customer, userId: 2_000_000_000 } }],
    ];
    const before = await count();
    for (const [what, body] of bad) {
      const res = await staff.post('/api/admin/draft-orders', body);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
      expect(res.json().message, what).toEqual(expect.any(String));
    }
    // More than there is: a 409 naming the stock, nothing held.
    const tooMany = await staff.post('/api/admin/draft-orders', draftBody(lot.id, 4, email));
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().code).toBe('out_of_stock');
    expect(await count()).toBe(before);
    expect(await stockOf(lot.id)).toBe(3);
    expect(inbox.mailsTo(email)).toEqual([]);
  });

  it('is staff’s: a guest gets 401, a customer 403', async () => {
    const lot = await createProduct(t.db, { name: 'Box', price: '5.00', stock: 1 });
    const guest = new TestClient(t.app);
    expect((await guest.post('/api/admin/draft-orders', draftBody(lot.id, 1, buyerEmail()))).statusCode).toBe(
      401,
    );
    expect((await guest.get('/api/admin/draft-orders')).statusCode).toBe(401);
    const customer = new TestClient(t.app);
    await signInAs(t.db, customer, (await createUser(t.db)).id);
    expect(
      (await customer.post('/api/admin/draft-orders', draftBody(lot.id, 1, buyerEmail()))).statusCode,
    ).toBe(403);
  });
});
