// What one client may hold (docs/decisions/0120-stock-hoarding.md): a shopper's new checkout replaces
// their previous unpaid one, and one client (account, else address) holds at most
// MAX_OPEN_CHECKOUTS_PER_CLIENT checkouts and MAX_HELD_UNITS_PER_CLIENT units, also when its
// checkouts arrive at the same time.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderHistory, orders, stockHolds } from '~/server/db/schema';
import {
  createProduct,
  createUser,
  seedStoreSettings,
  setWeekdayDiscounts,
  signInAs,
} from '~/server/test/fixtures';
import { createTestApp, TestClient, type TestApp } from '~/server/test/test-app';
import { postCheckout, validBody } from './test-support';

let t: TestApp;
beforeAll(async () => {
  // Clients are told apart by X-Forwarded-For here, so the app trusts the header (decision 0085).
  // The caps are the defaults: 50 units, 3 open checkouts.
  // The network budget and the catalogue share (hoarding.test.ts) are out of the way: every address
  // here is in one /24 and the file holds many units.
  t = await createTestApp({
    env: {
      TRUST_PROXY: 'true',
      MAX_HELD_UNITS_PER_NETWORK: '1000000',
      MAX_OPEN_CHECKOUTS_PER_NETWORK: '100000',
      HOLD_SHARE_MIN_UNITS: '10000000',
    },
  });
  await seedStoreSettings(t.db);
  await setWeekdayDiscounts(t.db);
});
afterAll(() => t.close());

let nextIp = 1;
/** A client address no other test uses. */
const newIp = () => `10.77.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;

async function checkout(
  client: TestClient,
  ip: string,
  lines: { productId: number; quantity: number }[],
  email = 'jane@example.com',
) {
  const body = await validBody(client, lines);
  body.orderData.customerEmail = email;
  return postCheckout(client, body, { 'x-forwarded-for': ip });
}

const orderByRef = async (reference: string) =>
  (await t.db.select().from(orders).where(eq(orders.orderReference, reference)))[0]!;
const activeHolds = async (orderId: number) =>
  t.db
    .select()
    .from(stockHolds)
    .where(
      and(
        eq(stockHolds.orderId, orderId),
        isNull(stockHolds.releasedAt),
        sql`${stockHolds.expiresAt} > now()`,
      ),
    );
const ordersOf = async (clientKey: string) =>
  t.db.select().from(orders).where(eq(orders.clientKey, clientKey));

describe('a new checkout replaces the previous unpaid one', () => {
  it("releases the previous checkout's holds at once, so another shopper can buy the unit", async () => {
    const lastUnit = await createProduct(t.db, { name: 'Last Armchair', price: '80.00', stock: 1 });
    const other = await createProduct(t.db, { name: 'Side Table', price: '30.00', stock: 5 });
    const shopper = new TestClient(t.app);
    const ip = newIp();
    const first = await checkout(shopper, ip, [{ productId: lastUnit.id, quantity: 1 }]);
    expect(first.statusCode).toBe(200);

    const someoneElse = new TestClient(t.app);
    const refused = await checkout(
      someoneElse,
      newIp(),
      [{ productId: lastUnit.id, quantity: 1 }],
      'sam@example.com',
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('out_of_stock');

    // The same shopper (address and e-mail) checks out again, with another cart.
    const second = await checkout(shopper, ip, [{ productId: other.id, quantity: 1 }]);
    expect(second.statusCode).toBe(200);
    const replaced = await orderByRef(first.json().orderId);
    expect(replaced.paymentStatus).toBe('failed');
    expect(await activeHolds(replaced.id)).toEqual([]);
    const notes = await t.db.select().from(orderHistory).where(eq(orderHistory.orderId, replaced.id));
    expect(notes.find((h) => h.field === 'note')!.toValue).toBe(
      `Replaced by the shopper's new checkout ${second.json().orderId}`,
    );
    expect(notes.find((h) => h.field === 'paymentStatus')).toMatchObject({
      fromValue: 'pending',
      toValue: 'failed',
      actor: 'checkout',
    });

    // The unit is free again at once, and the replaced checkout's payment page takes no payment.
    const bought = await checkout(
      someoneElse,
      newIp(),
      [{ productId: lastUnit.id, quantity: 1 }],
      'sam@example.com',
    );
    expect(bought.statusCode).toBe(200);
    const page = await new TestClient(t.app).get(`/pay/${first.json().orderId}`);
    expect(page.body).toContain('This payment is closed');
  });

  it("replaces a signed-in shopper's previous checkout from any address", async () => {
    const product = await createProduct(t.db, { price: '10.00', stock: 3 });
    const user = await createUser(t.db);
    const client = new TestClient(t.app);
    await signInAs(t.db, client, user.id);
    const first = await checkout(client, newIp(), [{ productId: product.id, quantity: 3 }], user.email);
    expect(first.statusCode).toBe(200);
    const second = await checkout(client, newIp(), [{ productId: product.id, quantity: 3 }], user.email);
    // Its own previous hold no longer counts: all three units are free for the new checkout.
    expect(second.statusCode).toBe(200);
    expect((await orderByRef(first.json().orderId)).paymentStatus).toBe('failed');
    const current = await orderByRef(second.json().orderId);
    expect(current).toMatchObject({ paymentStatus: 'pending', clientKey: `user:${user.id}` });
    expect((await activeHolds(current.id)).map((h) => h.quantity)).toEqual([3]);
  });

  it('leaves another e-mail on the same address alone (two people behind one address)', async () => {
    const product = await createProduct(t.db, { price: '10.00', stock: 5 });
    const ip = newIp();
    const jane = await checkout(new TestClient(t.app), ip, [{ productId: product.id, quantity: 1 }]);
    const sam = await checkout(
      new TestClient(t.app),
      ip,
      [{ productId: product.id, quantity: 1 }],
      'sam@example.com',
    );
    expect([jane.statusCode, sam.statusCode]).toEqual([200, 200]);
    expect((await orderByRef(jane.json().orderId)).paymentStatus).toBe('pending');
  });
});

describe('the caps on what one client holds', () => {
  it('refuses a fourth open checkout from one address with a clear 409, changing nothing', async () => {
    const product = await createProduct(t.db, { price: '10.00', stock: 20 });
    const ip = newIp();
    for (const who of ['a', 'b', 'c']) {
      const res = await checkout(
        new TestClient(t.app),
        ip,
        [{ productId: product.id, quantity: 1 }],
        `${who}@example.com`,
      );
      expect(res.statusCode).toBe(200);
    }
    const before = await ordersOf(`ip:${ip}`);
    const refused = await checkout(
      new TestClient(t.app),
      ip,
      [{ productId: product.id, quantity: 1 }],
      'd@example.com',
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'hold_limit',
      message:
        'You already have 3 unpaid checkouts holding items. Please complete or cancel one, or wait for it to expire, before starting another.',
    });
    const after = await ordersOf(`ip:${ip}`);
    expect(after).toEqual(before);
    // A checkout that replaces one of the three is fine: the client still has three.
    const again = await checkout(
      new TestClient(t.app),
      ip,
      [{ productId: product.id, quantity: 2 }],
      'a@example.com',
    );
    expect(again.statusCode).toBe(200);
    const open = (await ordersOf(`ip:${ip}`)).filter((o) => o.paymentStatus === 'pending');
    expect(open).toHaveLength(3);
  });

  it('refuses more than 50 units held by one client, counting its other checkouts', async () => {
    const product = await createProduct(t.db, { name: 'Paint Tin', price: '2.00', stock: 200 });
    const ip = newIp();
    const tooMany = await checkout(new TestClient(t.app), ip, [{ productId: product.id, quantity: 51 }]);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({
      code: 'hold_limit',
      message:
        'A checkout can hold at most 50 items at a time. Please reduce the quantities, or contact us for a larger order.',
    });
    expect(await ordersOf(`ip:${ip}`)).toEqual([]);

    const held = await checkout(
      new TestClient(t.app),
      ip,
      [{ productId: product.id, quantity: 30 }],
      'a@example.com',
    );
    expect(held.statusCode).toBe(200);
    const more = await checkout(
      new TestClient(t.app),
      ip,
      [{ productId: product.id, quantity: 21 }],
      'b@example.com',
    );
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toBe(
      'A shopper can hold at most 50 items at a time, and 30 are already held in your unpaid checkouts. Please reduce the quantities or complete your other checkout first.',
    );
    // 30 + 20 = 50: exactly the cap is allowed.
    const fits = await checkout(
      new TestClient(t.app),
      ip,
      [{ productId: product.id, quantity: 20 }],
      'b@example.com',
    );
    expect(fits.statusCode).toBe(200);
  });

  it('holds under parallel checkouts of one client: 8 carts of 20 units, only 2 fit in 50', async () => {
    const ip = newIp();
    const carts = [];
    for (let i = 0; i < 8; i++) {
      const product = await createProduct(t.db, { price: '5.00', stock: 100 });
      const client = new TestClient(t.app);
      const body = await validBody(client, [{ productId: product.id, quantity: 20 }]);
      body.orderData.customerEmail = `parallel${i}@example.com`;
      carts.push({ client, body });
    }
    const answers = await Promise.all(
      carts.map(({ client, body }) => postCheckout(client, body, { 'x-forwarded-for': ip })),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 200, 409, 409, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().code).toBe('hold_limit');
    const [held] = (
      (await t.db.execute(sql`
        select coalesce(sum(h.quantity), 0)::int as units from stock_holds h
        join orders o on o.id = h.order_id where o.client_key = ${`ip:${ip}`} and h.released_at is null`)) as unknown as {
        rows: { units: number }[];
      }
    ).rows;
    // 2 x 20 = 40 units held; a third cart would make 60 > 50.
    expect(Number(held!.units)).toBe(40);
  });

  it('holds under parallel checkouts of one client: 6 one-unit carts, only 3 open checkouts', async () => {
    const ip = newIp();
    const product = await createProduct(t.db, { price: '5.00', stock: 100 });
    const carts = [];
    for (let i = 0; i < 6; i++) {
      const client = new TestClient(t.app);
      const body = await validBody(client, [{ productId: product.id, quantity: 1 }]);
      body.orderData.customerEmail = `six${i}@example.com`;
      carts.push({ client, body });
    }
    const answers = await Promise.all(
      carts.map(({ client, body }) => postCheckout(client, body, { 'x-forwarded-for': ip })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.statusCode === 409 && a.json().code === 'hold_limit')).toHaveLength(3);
    expect((await ordersOf(`ip:${ip}`)).filter((o) => o.paymentStatus === 'pending')).toHaveLength(3);
  });
});
