// The guest order look-up (POST /api/orders/lookup), and checkouts that were never paid staying out of
// the customer's history and the look-up (docs/decisions/0220-unpaid-checkouts.md).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orderHistory, stockHolds } from '~/server/db/schema';
import { createProduct, createUser, signInAs } from '~/server/test/fixtures';
import { insertOrder } from '~/server/test/order-fixtures';
import { createTestApp, type TestApp, TestClient } from '~/server/test/test-app';
import { awayFromWindowEdge } from '~/server/features/auth/test-support';
import { ORDER_LOOKUP_NOT_FOUND } from '~/shared/schemas/orders';
import { ORDER_LOOKUPS_PER_IP_PER_HOUR } from './routes';

let t: TestApp;
let ipCounter = 0;
let ip: string;
beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(() => t.close());
beforeEach(() => {
  ip = `192.0.2.${++ipCounter}`;
});

const lookup = (body: unknown) =>
  new TestClient(t.app).post('/api/orders/lookup', body, { 'x-forwarded-for': ip });

/** A pending checkout with one hold ending `minutes` from now (negative: already passed). */
async function pendingCheckout(values: Parameters<typeof insertOrder>[1], minutes: number) {
  const product = await createProduct(t.db);
  const order = await insertOrder(t.db, { status: 'pending', paymentStatus: 'pending', ...values }, [
    { productId: product.id },
  ]);
  await t.db.insert(stockHolds).values({
    orderId: order.id,
    productId: product.id,
    quantity: 1,
    expiresAt: sql`now() + make_interval(mins => ${minutes})`,
  });
  return order;
}

describe('POST /api/orders/lookup', () => {
  it('answers the order with its items when the reference and e-mail match', async () => {
    const product = await createProduct(t.db, { name: 'Lookup Lamp' });
    const order = await insertOrder(t.db, { customerEmail: 'Guest.Buyer@Example.com' }, [
      { productId: product.id, productName: 'Lookup Lamp', quantity: 2, price: '10.00' },
    ]);
    // The e-mail in other capitals and with spaces around it is the same.
    const res = await lookup({ reference: ` ${order.orderReference} `, email: ' guest.buyer@example.COM ' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const body = res.json();
    expect(body).toMatchObject({
      id: order.id,
      orderReference: order.orderReference,
      status: 'processing',
      paymentStatus: 'completed',
      total: '29.37',
    });
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({ name: 'Lookup Lamp', quantity: 2, price: '10.00' });
  });

  it('takes a printed reference in any case', async () => {
    const order = await insertOrder(t.db, { orderReference: 'ORD-ABCDEFGH2345WXYZ' });
    const res = await lookup({ reference: 'ord-abcdefgh2345wxyz', email: 'buyer@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(order.id);
  });

  it('gives one refusal for a wrong e-mail, a wrong reference, or both', async () => {
    const order = await insertOrder(t.db, { customerEmail: 'right@example.com' });
    const other = await insertOrder(t.db, { customerEmail: 'other@example.com' });
    for (const body of [
      { reference: order.orderReference, email: 'wrong@example.com' },
      { reference: 'ORD-NOSUCHREFERENCE1', email: 'right@example.com' },
      { reference: 'ORD-NOSUCHREFERENCE1', email: 'wrong@example.com' },
      // Another order's e-mail with this reference.
      { reference: order.orderReference, email: other.customerEmail },
    ]) {
      const res = await lookup(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(404);
      expect(res.json().message).toBe(ORDER_LOOKUP_NOT_FOUND);
    }
  });

  it('refuses a missing reference or a malformed e-mail with 400 and a message', async () => {
    const missing = await lookup({ reference: ' ', email: 'a@example.com' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Please enter your order reference.');
    const email = await lookup({ reference: 'ORD-X', email: 'nope' });
    expect(email.statusCode).toBe(400);
    expect(email.json().message).toBe('Please enter a valid email address.');
  });

  it('does not answer checkouts that were never paid, but does one awaiting payment now', async () => {
    const declined = await insertOrder(t.db, { status: 'pending', paymentStatus: 'failed' });
    const expired = await pendingCheckout({}, -5);
    const awaiting = await pendingCheckout({}, 25);
    const refunded = await insertOrder(t.db, { paymentStatus: 'refunded', status: 'cancelled' });
    const answer = async (reference: string) =>
      (await lookup({ reference, email: 'buyer@example.com' })).statusCode;
    expect(await answer(declined.orderReference)).toBe(404);
    expect(await answer(expired.orderReference)).toBe(404);
    expect(await answer(awaiting.orderReference)).toBe(200);
    expect(await answer(refunded.orderReference)).toBe(200);
  });

  it('is rate limited per client address', async () => {
    await awayFromWindowEdge(3600);
    for (let i = 0; i < ORDER_LOOKUPS_PER_IP_PER_HOUR; i++) {
      expect((await lookup({ reference: `ORD-TRY${i}`, email: 'a@example.com' })).statusCode).toBe(404);
    }
    const res = await lookup({ reference: 'ORD-TRY-LAST', email: 'a@example.com' });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Too many order look-ups from this address\./);
  });
});

describe("the customer's history leaves out checkouts that were never paid", () => {
  it('shows paid, refunded and awaiting orders; not declined, abandoned or expired ones', async () => {
    const user = await createUser(t.db);
    const mine = { userId: user.id, customerEmail: user.email };
    const paid = await insertOrder(t.db, mine);
    const refunded = await insertOrder(t.db, { ...mine, paymentStatus: 'refunded', status: 'cancelled' });
    const awaiting = await pendingCheckout(mine, 25);
    await insertOrder(t.db, { ...mine, status: 'pending', paymentStatus: 'failed' });
    // Its hold has passed: gone at once, before the maintenance job marks it failed.
    await pendingCheckout(mine, -1);
    // Put back to pending by an administrator after its holds passed: an order again.
    const reopened = await pendingCheckout(mine, -30);
    await t.db.insert(orderHistory).values({
      orderId: reopened.id,
      field: 'paymentStatus',
      fromValue: 'failed',
      toValue: 'pending',
      actor: 'admin',
    });

    const c = new TestClient(t.app);
    await signInAs(t.db, c, user.id);
    const res = await c.get('/api/orders/my-orders');
    expect(res.statusCode).toBe(200);
    const ids = (res.json() as { id: number }[]).map((o) => o.id).sort((a, b) => a - b);
    expect(ids).toEqual([paid.id, refunded.id, awaiting.id, reopened.id].sort((a, b) => a - b));
    expect(res.headers['x-total-count']).toBe('4');
  });
});
