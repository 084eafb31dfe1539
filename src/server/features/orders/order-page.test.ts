// The shopper's order page through the real HTTP layer (docs/decisions/0490 and 0491): the look-up's
// timeline after shipping with tracking, a partial refund with its amount and tax, a pickup order
// placed with a contact only (and taxed at the store's province), the pickup settings' round trip, and
// the pickup place in the e-mail read from a real SMTP inbox. Every figure worked out by hand.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { shopperPaymentStatus } from '~/shared/orders';
import { SHIPPING_ADDRESS_REQUIRED } from '~/shared/schemas/checkout';
import { orders } from '~/server/db/schema';
import { createProduct, createUser, signInAs } from '~/server/test/fixtures';
import { type MailingStore, startMailingStore } from '~/server/test/mailing-store';
import type { ReceivedMail } from '~/server/test/smtp-inbox';
import { TestClient, type TestApp } from '~/server/test/test-app';
import { type Destination, postCheckout, validBody } from '~/server/features/checkout/test-support';

const form = { 'content-type': 'application/x-www-form-urlencoded' };

let received: ReceivedMail[];
let t: TestApp;
let admin: TestClient;

let store: MailingStore;
beforeAll(async () => {
  store = await startMailingStore({ STORE_PROVINCE: 'ON' }, { keepWeekdayDiscounts: true });
  ({ t, received, admin } = store);
});
afterAll(() => store.close());
beforeEach(() => {
  received.length = 0;
});

/** A paid order of one item at `price` as a guest; `pickup` sends no address at all. */
async function paidOrder(
  price: string,
  destination: Destination = {},
  options: { noAddress?: boolean } = {},
) {
  const product = await createProduct(t.db, { name: 'Desk Lamp', price, stock: 5 });
  const client = new TestClient(t.app);
  const body = await validBody(client, [{ productId: product.id, quantity: 1 }], destination);
  if (options.noAddress) body.orderData.shippingAddress = null;
  const res = await postCheckout(client, body);
  expect(res.statusCode, res.body).toBe(200);
  const reference = res.json().orderId as string;
  const paid = await client.post(`/pay/${reference}/pay`, '', form);
  expect(paid.headers.location).toContain('status=success');
  return (await t.db.select().from(orders).where(eq(orders.orderReference, reference)))[0]!;
}

const lookUp = async (reference: string) => {
  const res = await new TestClient(t.app).post('/api/orders/lookup', {
    reference,
    email: 'jane@example.com',
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('the order page', () => {
  it('shows placed, paid, processing and shipped with carrier, tracking number and link', async () => {
    const order = await paidOrder('20.00');
    expect((await admin.patch(`/api/orders/${order.id}/status`, { status: 'processing' })).statusCode).toBe(
      200,
    );
    const shipped = await admin.patch(`/api/orders/${order.id}/status`, {
      status: 'shipped',
      trackingNumber: '1Z999AA10123456784',
      trackingCarrier: 'ups',
      estimatedDeliveryDate: '2026-12-04',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const found = await lookUp(order.orderReference);
    expect(found.estimatedDeliveryDate).toBe('2026-12-04');
    expect(found.timeline.map((e: { kind: string }) => e.kind)).toEqual([
      'placed',
      'paid',
      'processing',
      'shipped',
    ]);
    expect(found.timeline[3]).toMatchObject({
      carrier: 'ups',
      trackingNumber: '1Z999AA10123456784',
      trackingUrl: 'https://www.ups.com/track?loc=en_CA&tracknum=1Z999AA10123456784',
      amount: null,
    });
  });

  it('shows a partial refund with its amount and tax, subtracted, and the payment partly refunded', async () => {
    // 50.00 + 5.99 shipping = 55.99; HST 13% = 7.2787 -> 7.28; total 63.27.
    const order = await paidOrder('50.00');
    expect(order.total).toBe('63.27');
    const refund = await admin.post(`/api/orders/${order.id}/refunds`, { amount: '20.00', restock: false });
    expect(refund.statusCode, refund.body).toBe(200);
    const found = await lookUp(order.orderReference);
    expect(found.refundedAmount).toBe('20.00');
    expect(found.paymentStatus).toBe('completed');
    expect(shopperPaymentStatus(found)).toBe('partially-refunded');
    const refunded = found.timeline.find((e: { kind: string }) => e.kind === 'refunded');
    // Its tax: 7.28 x 20.00 / 63.27 = 2.3012 -> 2.30.
    expect(refunded).toMatchObject({
      amount: '20.00',
      taxLines: [{ code: 'HST', rate: '13', amount: '2.30' }],
    });
    // The rest (43.27) carries the rest of the tax: 7.28 - 2.30 = 4.98; and the order is refunded.
    const rest = await admin.post(`/api/orders/${order.id}/refunds`, { amount: '43.27', restock: false });
    expect(rest.statusCode, rest.body).toBe(200);
    const after = await lookUp(order.orderReference);
    expect(shopperPaymentStatus(after)).toBe('refunded');
    const refunds = after.timeline.filter((e: { kind: string }) => e.kind === 'refunded');
    expect(
      refunds.map((e: { amount: string; taxLines: { amount: string }[] }) => [
        e.amount,
        e.taxLines[0]!.amount,
      ]),
    ).toEqual([
      ['20.00', '2.30'],
      ['43.27', '4.98'],
    ]);
  });

  it('shows the account the same timeline and refunded amount', async () => {
    const shopper = await createUser(t.db, { email: 'jane@example.com' });
    const client = new TestClient(t.app);
    await signInAs(t.db, client, shopper.id);
    const order = await paidOrder('20.00');
    await t.db.update(orders).set({ userId: shopper.id }).where(eq(orders.id, order.id));
    await admin.post(`/api/orders/${order.id}/refunds`, { amount: '5.00', restock: false });
    const mine = (await client.get('/api/orders/my-orders')).json();
    const listed = mine.find((o: { id: number }) => o.id === order.id);
    expect(listed.refundedAmount).toBe('5.00');
    expect(listed.timeline.map((e: { kind: string }) => e.kind)).toEqual(['placed', 'paid', 'refunded']);
  });
});

describe('a pickup order', () => {
  it('is accepted with a contact only, keeps no address and is taxed at the store province', async () => {
    // The shopper's address would be Quebec (14.975%); pickup is taxed in Ontario, the store's province:
    // 37.49 x 13% = 4.8737 -> 4.87; no shipping; total 42.36.
    const order = await paidOrder('37.49', { shippingMethod: 'pickup', state: 'QC' }, { noAddress: true });
    expect(order).toMatchObject({
      shippingAddress: null,
      shippingCost: '0.00',
      taxAmount: '4.87',
      total: '42.36',
      taxLines: [{ code: 'HST', rate: '13', amount: '4.87' }],
    });
    // The confirmation e-mail names the pickup place and its hours, not a shipping address.
    const mail = received.find(
      (r) => r.rcpt.includes('jane@example.com') && /confirm/i.test(r.mail.subject ?? ''),
    );
    expect(mail!.mail.text).toContain('1250 Clearance Road, Unit 4');
    expect(mail!.mail.text).toContain('Monday to Friday: 9 a.m. to 6 p.m.');
    expect(mail!.mail.text).not.toContain('Shipping to');
  });

  it('keeps no address sent with it', async () => {
    const order = await paidOrder('10.00', { shippingMethod: 'pickup' });
    expect(order.shippingAddress).toBeNull();
  });

  it('refuses a shipped order without an address, clearly and without writing anything', async () => {
    const product = await createProduct(t.db, { name: 'Fan', price: '15.00', stock: 5 });
    const client = new TestClient(t.app);
    const body = await validBody(client, [{ productId: product.id, quantity: 1 }]);
    body.orderData.shippingAddress = null;
    const before = await t.db.select({ id: orders.id }).from(orders);
    const res = await postCheckout(client, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(SHIPPING_ADDRESS_REQUIRED);
    expect(await t.db.select({ id: orders.id }).from(orders)).toHaveLength(before.length);
  });
});

describe('the pickup settings', () => {
  it('round-trip through PUT and GET /api/shipping, and the e-mails follow them', async () => {
    const place = {
      pickupAddress: '88 Depot Lane\nOttawa, ON K1A 0B1',
      pickupHours: 'Every day: 8 a.m. to 8 p.m.',
      pickupHoursFr: 'Tous les jours : de 8 h à 20 h',
      pickupInstructions: 'Use the side door.',
      pickupInstructionsFr: 'Passez par la porte de côté.',
    };
    const res = await admin.put('/api/shipping', {
      standardPrice: '5.99',
      expressPrice: '14.99',
      pickupAvailable: true,
      ...place,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject(place);
    expect((await new TestClient(t.app).get('/api/shipping')).json()).toMatchObject(place);

    const order = await paidOrder('10.00', { shippingMethod: 'pickup' }, { noAddress: true });
    expect(
      (await admin.patch(`/api/orders/${order.id}/status`, { status: 'ready-for-pickup' })).statusCode,
    ).toBe(200);
    const ready = received.find((r) => (r.mail.subject ?? '').includes('ready for pickup'));
    expect(ready!.mail.text).toContain('88 Depot Lane\n  Ottawa, ON K1A 0B1');
    expect(ready!.mail.text).toContain('Every day: 8 a.m. to 8 p.m.');
    expect(ready!.mail.text).toContain('Use the side door.');
  });

  it('refuses a blank pickup address and an over-long text, changing nothing', async () => {
    const before = (await new TestClient(t.app).get('/api/shipping')).json();
    const blank = await admin.put('/api/shipping', {
      standardPrice: '5.99',
      expressPrice: '14.99',
      pickupAddress: '  ',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain('Pickup address is required');
    const long = await admin.put('/api/shipping', {
      standardPrice: '5.99',
      expressPrice: '14.99',
      pickupInstructions: 'x'.repeat(1001),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain('Pickup instructions must be at most 1000 characters');
    expect((await new TestClient(t.app).get('/api/shipping')).json()).toEqual(before);
  });
});
