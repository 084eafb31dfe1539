// The checkout as a distance contract (docs/decisions/0566-checkout-is-a-distance-contract.md), through
// the real HTTP layer and a real SMTP server on loopback: no order and no payment page without the
// contract's acceptance (400, nothing written); an accepted one records when, which wording and which
// language; the merchant's terms are public; the confirmation e-mail is the contract's copy, in English
// and in French.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orderItems, orders, stockHolds } from '~/server/db/schema';
import { createProduct } from '~/server/test/fixtures';
import { type MailingStore, startMailingStore } from '~/server/test/mailing-store';
import type { ReceivedMail } from '~/server/test/smtp-inbox';
import { TestClient, type TestApp } from '~/server/test/test-app';
import { postCheckout, validBody } from './test-support';

const form = { 'content-type': 'application/x-www-form-urlencoded' };
const REFUSAL = 'Please tick that you accept the contract before paying.';

let received: ReceivedMail[];
let t: TestApp;
let admin: TestClient;
let store: MailingStore;
beforeAll(async () => {
  store = await startMailingStore({ STORE_NAME: 'Liquidation Depot' });
  ({ t, received, admin } = store);
});
afterAll(() => store.close());
beforeEach(() => {
  received.length = 0;
});

const orderCount = async () => (await t.db.select({ n: count() }).from(orders))[0]!.n;
const holdCount = async () => (await t.db.select({ n: count() }).from(stockHolds))[0]!.n;

describe('checkout without the contract accepted', () => {
  it.each([
    ['absent', undefined],
    ['false', false],
    ['a string', 'yes'],
  ])('refuses a contractAccepted %s with 400, writing no order and no hold', async (_label, value) => {
    const product = await createProduct(t.db, { name: 'Desk Lamp', price: '20.00', stock: 5 });
    const client = new TestClient(t.app);
    const body = await validBody(client, [{ productId: product.id, quantity: 1 }]);
    const orderData: Record<string, unknown> = { ...body.orderData };
    if (value === undefined) delete orderData.contractAccepted;
    else orderData.contractAccepted = value;
    const [ordersBefore, holdsBefore] = [await orderCount(), await holdCount()];

    const res = await postCheckout(client, { ...body, orderData });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors['orderData.contractAccepted']).toBe(REFUSAL);
    expect(res.json().checkoutUrl).toBeUndefined();
    expect(await orderCount()).toBe(ordersBefore);
    expect(await holdCount()).toBe(holdsBefore);
  });

  it('says so in French to a French shopper', async () => {
    const product = await createProduct(t.db, { price: '20.00', stock: 5 });
    const client = new TestClient(t.app);
    const body = await validBody(client, [{ productId: product.id, quantity: 1 }]);
    const { contractAccepted: _dropped, ...orderData } = body.orderData;
    const res = await postCheckout(client, { ...body, orderData }, { 'accept-language': 'fr-CA' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors['orderData.contractAccepted']).toBe(
      'Veuillez cocher que vous acceptez le contrat avant de payer.',
    );
  });
});

describe('an accepted contract', () => {
  it('is recorded on the order with its time, wording version and language', async () => {
    const product = await createProduct(t.db, { price: '20.00', stock: 5 });
    const client = new TestClient(t.app);
    const body = await validBody(client, [{ productId: product.id, quantity: 1 }]);
    const before = Date.now();
    const res = await postCheckout(client, body, { 'accept-language': 'fr-CA' });
    expect(res.statusCode).toBe(200);
    expect(res.json().checkoutUrl).toBeTruthy();
    const [order] = await t.db.select().from(orders).where(eq(orders.orderReference, res.json().orderId));
    expect(order!.contractVersion).toBe('2026-11-28');
    expect(order!.contractLanguage).toBe('fr');
    expect(order!.contractAcceptedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(order!.contractAcceptedAt!.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });
});

describe('GET /api/contract-terms', () => {
  it('names the store and the pickup place until the legal name and address are set', async () => {
    const res = await new TestClient(t.app).get('/api/contract-terms');
    expect(res.statusCode).toBe(200);
    expect(res.json().legalName).toBe('Liquidation Depot');
    expect(res.json().address).toContain('1250 Clearance Road');
    expect(res.json().returnWindowDays).toMatchObject({ new: 30, 'used-good': 14, 'for-parts': 0 });
    expect(res.json().version).toBe('2026-11-28');
  });
});

describe('the confirmation e-mail is the contract copy', () => {
  beforeAll(async () => {
    const saved = await admin.patch('/api/admin/settings', {
      legalName: 'Depot Liquidation Inc.',
      mailingAddress: '1 Rue du Port, Montréal QC H2X 1A1',
    });
    expect(saved.statusCode).toBe(200);
  });

  async function paidOrder(acceptLanguage?: string) {
    const lamp = await createProduct(t.db, {
      name: 'Desk Lamp',
      price: '20.00',
      stock: 5,
      condition: 'used-good',
    });
    const radio = await createProduct(t.db, {
      name: 'Old Radio',
      price: '10.00',
      stock: 5,
      condition: 'for-parts',
      finalSale: true,
    });
    const client = new TestClient(t.app);
    const lines = [
      { productId: lamp.id, quantity: 1 },
      { productId: radio.id, quantity: 1 },
    ];
    const body = await validBody(client, lines);
    body.orderData.finalSaleAcknowledged = true;
    const res = await postCheckout(client, body, acceptLanguage ? { 'accept-language': acceptLanguage } : {});
    expect(res.statusCode).toBe(200);
    const reference = res.json().orderId as string;
    const paid = await client.post(`/pay/${reference}/pay`, '', form);
    expect(paid.headers.location).toContain('status=success');
    const mail = received.find((r) => r.rcpt.includes('jane@example.com'))!.mail;
    return mail;
  }

  it('in English: seller, each line with its condition and return policy, total, delivery, warranty, acceptance', async () => {
    const mail = await paidOrder();
    const text = mail.text ?? '';
    expect(text).toContain('Your contract (keep this e-mail)');
    expect(text).toContain('Depot Liquidation Inc.');
    expect(text).toContain('1 Rue du Port, Montréal QC H2X 1A1');
    // used-good: the 14-day window of the settings; for-parts final sale: none.
    expect(text).toContain('Desk Lamp (Used - good): Returns accepted within 14 days of delivery or pickup.');
    expect(text).toContain(
      'Old Radio (For parts or repair): Final sale: no return or exchange for a change of mind.',
    );
    // 20.00 + 10.00 = 30.00; standard shipping 5.99; HST 13% of 35.99 = 4.6787 -> 4.68; total 40.67.
    expect(text).toContain('Total, taxes and fees included: $40.67 CAD');
    expect(text).toContain('Delivery: Estimated delivery: ');
    expect(text).toContain('The legal warranty applies to every item');
    expect(text).toMatch(/You accepted this contract on \w+ \d+, \d{4} \(terms of November 28, 2026\)\./);
    // The day of acceptance is the store's (America/Toronto in the tests), not UTC's.
    const storeToday = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Toronto',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
    }).format(new Date());
    expect(text).toContain(`You accepted this contract on ${storeToday} (terms`);
    expect(mail.html).toContain('Depot Liquidation Inc.');
  });

  it('keeps the return window promised at checkout when the store changes its windows before payment', async () => {
    const lamp = await createProduct(t.db, {
      name: 'Desk Lamp',
      price: '20.00',
      stock: 5,
      condition: 'used-good',
    });
    const client = new TestClient(t.app);
    const res = await postCheckout(client, await validBody(client, [{ productId: lamp.id, quantity: 1 }]));
    expect(res.statusCode).toBe(200);
    const reference = res.json().orderId as string;
    // The checkout showed 14 days for used-good; the store shortens it to 7 while the shopper pays.
    const shortened = await admin.patch('/api/admin/settings', { returnWindowDays: { 'used-good': 7 } });
    expect(shortened.statusCode).toBe(200);
    try {
      const [order] = await t.db.select().from(orders).where(eq(orders.orderReference, reference));
      const [line] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
      expect(line!.returnWindowDays).toBe(14);
      const paid = await client.post(`/pay/${reference}/pay`, '', form);
      expect(paid.headers.location).toContain('status=success');
      const text = received.find((r) => r.rcpt.includes('jane@example.com'))!.mail.text ?? '';
      expect(text).toContain(
        'Desk Lamp (Used - good): Returns accepted within 14 days of delivery or pickup.',
      );
      expect(text).not.toContain('within 7 days');
    } finally {
      await admin.patch('/api/admin/settings', { returnWindowDays: { 'used-good': 14 } });
    }
  });

  it('in French for a French order', async () => {
    const mail = await paidOrder('fr-CA');
    const text = mail.text ?? '';
    expect(text).toContain('Votre contrat (conservez ce courriel)');
    expect(text).toContain('Depot Liquidation Inc.');
    expect(text).toContain('Retour accepté dans les 14 jours suivant la livraison ou le ramassage.');
    expect(text).toContain('Vente finale\u00a0: ni retour ni échange pour un changement d’idée.');
    expect(text).toContain('La garantie légale s’applique à chaque article');
    expect(text).toContain('(conditions du 28 novembre 2026)');
  });
});
