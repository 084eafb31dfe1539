// A guest's order opened by its reference shows its details only with proof: the confirmation
// address's signed token, the signed-in owner, staff, or the e-mail (POST /api/orders/lookup); the
// reference alone gives status and total, and reference guesses are limited per host and network
// (docs/decisions/0453-order-details-need-proof.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createUser, seedStoreSettings, signInAs } from '~/server/test/fixtures';
import { createTestApp, sourceRenderer, type TestApp, TestClient } from '~/server/test/test-app';
import { MANY_ORDER_EMAILS, postCheckout, validBody } from '~/server/features/checkout/test-support';
import { ORDER_REFERENCE_READS_PER_IP_PER_HOUR } from './routes';

const form = { 'content-type': 'application/x-www-form-urlencoded' };
/** What the shopper typed at checkout (checkout/test-support.ts): none of it may show without proof. */
const PERSONAL = ['Jane Shopper', 'Jane', 'jane@example.com', '416-555-0123', '123 Main Street', 'M5V 2T6'];

let t: TestApp;
let hostCounter = 0;
/** A host of its own on a network of its own, so that each test starts with untouched limits. */
const freshHost = () => `198.51.${++hostCounter}.7`;

beforeAll(async () => {
  t = await createTestApp({
    env: { TRUST_PROXY: 'true', ...MANY_ORDER_EMAILS },
    renderer: await sourceRenderer(),
  });
  await seedStoreSettings(t.db);
});
afterAll(() => t.close());

/** A guest buys 2 lamps at 20.00 and pays on the local page; returns where the page sent them. */
async function guestPurchase() {
  const product = await createProduct(t.db, { name: 'Proof Lamp', price: '20.00', stock: 5 });
  const client = new TestClient(t.app);
  const body = await validBody(client, [{ productId: product.id, quantity: 2 }]);
  const placed = await postCheckout(client, body, { 'x-forwarded-for': freshHost() });
  expect(placed.statusCode).toBe(200);
  const reference = placed.json().orderId as string;
  const paid = await client.post(`/pay/${reference}/pay`, '', form);
  expect(paid.statusCode).toBe(303);
  const confirmation = new URL(paid.headers.location as string, 'http://store.test');
  return { reference, confirmation };
}

// 2 x 20.00 = 40.00; standard 5.99; ON 13% of 45.99 = 5.98; total 51.97.
const summary = (reference: string) => ({
  orderReference: reference,
  status: 'pending',
  paymentStatus: 'completed',
  total: '51.97',
  currency: 'CAD',
  detailsHidden: true,
});

describe('an order opened by its reference', () => {
  it('shows only status and total to someone holding the reference alone', async () => {
    const { reference } = await guestPurchase();
    const ip = freshHost();
    const stranger = new TestClient(t.app);
    const read = await stranger.get(`/api/orders/${reference}`, { 'x-forwarded-for': ip });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(summary(reference));
    for (const value of PERSONAL) expect(read.body).not.toContain(value);
    // The confirmation page's own call, without the token: the same summary.
    const confirm = await stranger.patch(
      `/api/orders/${reference}/payment-status`,
      { paymentStatus: 'completed' },
      { 'x-forwarded-for': ip },
    );
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toEqual(summary(reference));
    // A token that is not this order's proves nothing, nor does another order's.
    const other = await guestPurchase();
    for (const token of ['x'.repeat(43), other.confirmation.searchParams.get('token')!, '']) {
      const res = await stranger.get(`/api/orders/${reference}?token=${encodeURIComponent(token)}`, {
        'x-forwarded-for': ip,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(summary(reference));
    }
  });

  it('shows the whole order with the token the payment sent the shopper back with', async () => {
    const { reference, confirmation } = await guestPurchase();
    expect(confirmation.pathname).toBe('/checkout/confirmation');
    expect(confirmation.searchParams.get('order_id')).toBe(reference);
    const token = confirmation.searchParams.get('token');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The confirmation page's calls, from a browser with no cookie at all.
    const browser = new TestClient(t.app);
    const read = await browser.get(`/api/orders/${reference}?token=${token}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      orderReference: reference,
      customerName: 'Jane Shopper',
      customerEmail: 'jane@example.com',
      customerPhone: '416-555-0123',
      shippingAddress: { addressLine1: '123 Main Street', zipCode: 'M5V 2T6' },
      total: '51.97',
      items: [{ productName: 'Proof Lamp', quantity: 2, price: '20.00' }],
    });
    const confirm = await browser.patch(`/api/orders/${reference}/payment-status?token=${token}`, {
      paymentStatus: 'completed',
    });
    expect(confirm.json()).toMatchObject({ paymentStatus: 'completed', customerName: 'Jane Shopper' });
    // The shopper's reads never count against the guesses' limit.
    const ip = freshHost();
    for (let i = 0; i < ORDER_REFERENCE_READS_PER_IP_PER_HOUR + 5; i++) {
      const res = await browser.get(`/api/orders/${reference}?token=${token}`, { 'x-forwarded-for': ip });
      expect(res.statusCode).toBe(200);
    }
  });

  it('shows the whole order to the e-mail it was placed with, its signed-in owner and staff', async () => {
    const { reference } = await guestPurchase();
    const byEmail = await new TestClient(t.app).post(
      '/api/orders/lookup',
      { reference, email: 'JANE@example.com' },
      { 'x-forwarded-for': freshHost() },
    );
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json()).toMatchObject({ orderReference: reference, customerName: 'Jane Shopper' });

    // An account with the order's e-mail that confirms the payment takes the order, then reads it.
    const owner = new TestClient(t.app);
    await signInAs(t.db, owner, (await createUser(t.db, { email: 'jane@example.com' })).id);
    const linked = await owner.patch(`/api/orders/${reference}/payment-status`, {
      paymentStatus: 'completed',
    });
    expect(linked.json()).toMatchObject({ customerName: 'Jane Shopper' });
    expect((await owner.get(`/api/orders/${reference}`)).json()).toMatchObject({
      customerName: 'Jane Shopper',
    });
    const admin = new TestClient(t.app);
    await signInAs(t.db, admin, (await createUser(t.db, { isAdmin: true })).id);
    expect((await admin.get(`/api/orders/${reference}`)).json()).toMatchObject({
      customerEmail: 'jane@example.com',
    });
    // Another customer holding the reference does not.
    const other = new TestClient(t.app);
    await signInAs(t.db, other, (await createUser(t.db)).id);
    expect(
      (await other.get(`/api/orders/${reference}`, { 'x-forwarded-for': freshHost() })).json(),
    ).toMatchObject({ detailsHidden: true });
  });

  it('renders the confirmation page without the order details on the server', async () => {
    const { reference } = await guestPurchase();
    const page = await new TestClient(t.app).get(
      `/checkout/confirmation?order_id=${reference}&status=success`,
    );
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    for (const value of PERSONAL) expect(page.body).not.toContain(value);
  });
});

describe('reference guesses', () => {
  it('are limited per host, found or not, and the limit does not touch the shopper with the token', async () => {
    const { reference, confirmation } = await guestPurchase();
    const ip = freshHost();
    const guesser = new TestClient(t.app);
    const guess = (ref: string, from = ip) => guesser.get(`/api/orders/${ref}`, { 'x-forwarded-for': from });
    for (let i = 0; i < ORDER_REFERENCE_READS_PER_IP_PER_HOUR; i++) {
      const res = await guess(i % 2 ? reference : `ORD-${String(i).padStart(16, 'A')}`);
      expect(res.statusCode, `guess ${i}`).toBe(i % 2 ? 200 : 404);
    }
    const refused = await guess(reference);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^Too many order look-ups from this address\. Please try again in /,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another IPv4 address of the same /24 is another host, with a budget of its own.
    expect((await guess(reference, ip.replace(/\.7$/, '.8'))).statusCode).toBe(200);
    // The shopper with the token, from the same address, still reads the order.
    const token = confirmation.searchParams.get('token')!;
    const own = await guesser.get(`/api/orders/${reference}?token=${token}`, { 'x-forwarded-for': ip });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ customerName: 'Jane Shopper' });
  });

  it('are limited per network too (four times a host), across the hosts of one IPv6 /48', async () => {
    const { reference } = await guestPurchase();
    const net = `2001:db8:${(++hostCounter).toString(16)}`;
    const limit = ORDER_REFERENCE_READS_PER_IP_PER_HOUR * 4;
    let refusedAt = -1;
    for (let i = 0; i <= limit; i++) {
      // A new /64 every request: each host stays far under its own limit.
      const res = await new TestClient(t.app).get(`/api/orders/${reference}`, {
        'x-forwarded-for': `${net}:${i.toString(16)}::1`,
      });
      if (res.statusCode === 429) {
        refusedAt = i;
        break;
      }
      expect(res.statusCode).toBe(200);
    }
    expect(refusedAt).toBe(limit);
  });
});
