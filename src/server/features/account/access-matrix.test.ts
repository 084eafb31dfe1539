// Who may read or change what: a guest, customer A, customer B and an administrator against every
// profile and order route of the account area. No one reads or changes what is not theirs.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, users } from '~/server/db/schema';
import { createProduct, createUser } from '~/server/test/fixtures';
import { routeRegistry } from '~/server/test/route-registry';
import { createTestApp, type TestApp, TestClient } from '~/server/test/test-app';
import { newOrderReference } from '~/server/features/checkout';
import { insertOrder } from '~/server/test/order-fixtures';

let t: TestApp;
type Actor = { name: string; client: TestClient; user: Awaited<ReturnType<typeof createUser>> | null };
let guest: Actor;
let a: Actor;
let b: Actor;
let admin: Actor;
const orderIds: Record<string, number[]> = {};
const registry = routeRegistry();

async function actor(name: string, isAdmin = false): Promise<Actor> {
  const user = await createUser(t.db, {
    username: `matrix_${name}`,
    email: `${name}@matrix.example`,
    isAdmin,
  });
  const client = new TestClient(t.app);
  const res = await client.post('/api/auth/login', { username: user.username, password: user.plainPassword });
  expect(res.statusCode).toBe(200);
  return { name, client, user };
}

const snapshot = async () =>
  (await t.db.select().from(users)).map(
    ({ id, username, email, phone, address, password, isAdmin, emailNotifications }) => ({
      id,
      username,
      email,
      phone,
      address,
      password,
      isAdmin,
      emailNotifications,
    }),
  );
const row = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

beforeAll(async () => {
  t = await createTestApp({ beforeRoutes: registry.beforeRoutes });
  guest = { name: 'guest', client: new TestClient(t.app), user: null };
  a = await actor('a');
  b = await actor('b');
  admin = await actor('admin', true);
  const product = await createProduct(t.db);
  for (const who of [a, b]) {
    orderIds[who.name] = [];
    for (let i = 0; i < 2; i++) {
      const order = await insertOrder(t.db, { userId: who.user!.id, customerEmail: who.user!.email }, [
        { productId: product.id, quantity: 1, price: '10.00' },
      ]);
      orderIds[who.name]!.push(order.id);
    }
  }
  // A guest order belongs to nobody's account.
  await insertOrder(t.db, { userId: null });
});
afterAll(() => t.close());

describe('a guest', () => {
  // Sample bodies that would be accepted from a signed-in customer. Which routes are checked is not this
  // list: it is every route the app declares for customers (src/server/test/route-registry.ts), and /me.
  const PAYLOADS: Record<string, object> = {
    'PATCH /api/auth/update-profile': { username: 'guesty', email: 'guest@example.com' },
    'PATCH /api/auth/preferences': { emailNotifications: false },
    'POST /api/auth/change-password': {
      currentPassword: 'x',
      newPassword: 'abcdef',
      confirmNewPassword: 'abcdef',
    },
    'POST /api/auth/delete-account': { password: 'x' },
  };
  const customerRoutes = () =>
    registry
      .routes()
      .filter((r) => r.access === 'customer' && r.method !== 'HEAD')
      .map((r) => [r.method, r.url] as const);

  it('is refused by every customer route, the profile and order routes among them', () => {
    const keys = customerRoutes().map(([method, url]) => `${method} ${url}`);
    for (const key of ['GET /api/orders/my-orders', ...Object.keys(PAYLOADS)]) expect(keys).toContain(key);
  });

  it('gets 401 from /me and every customer route, and changes nothing', async () => {
    for (const [method, url] of [['GET', '/api/auth/me'] as const, ...customerRoutes()]) {
      const before = await snapshot();
      const res = await guest.client.request({ method, url, payload: PAYLOADS[`${method} ${url}`] });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(typeof res.json().message).toBe('string');
      expect(await snapshot()).toEqual(before);
    }
  });
});

describe('GET /api/orders/my-orders', () => {
  it('shows each customer exactly their own orders', async () => {
    for (const who of [a, b]) {
      const res = await who.client.get('/api/orders/my-orders');
      expect(res.statusCode).toBe(200);
      const ids = res
        .json()
        .map((o: { id: number }) => o.id)
        .sort();
      expect(ids).toEqual([...orderIds[who.name]!].sort());
      for (const o of res.json()) expect(o.userId).toBe(who.user!.id);
    }
  });

  it("shows an administrator only their own orders here, not customers'", async () => {
    const res = await admin.client.get('/api/orders/my-orders');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('takes no user id from the query string', async () => {
    const res = await a.client.get(`/api/orders/my-orders?userId=${b.user!.id}`);
    expect(res.statusCode).toBe(200);
    for (const o of res.json()) expect(o.userId).toBe(a.user!.id);
  });
});

describe('GET /api/auth/me', () => {
  it('answers each actor with themselves', async () => {
    for (const who of [a, b, admin]) {
      const me = (await who.client.get('/api/auth/me')).json();
      expect(me).toMatchObject({ id: who.user!.id, username: who.user!.username, isAdmin: who === admin });
      expect(me).not.toHaveProperty('password');
    }
  });
});

describe('one order: GET /api/orders/{id} and PATCH /api/orders/{id}/payment-status', () => {
  // A's orders, addressed by numeric id (owner and admins only) and by reference (the capability a
  // shopper holds from the confirmation URL, docs/decisions/0045-order-access.md).
  async function ownOrder(values: Partial<typeof orders.$inferInsert> = {}) {
    const order = await insertOrder(t.db, {
      userId: a.user!.id,
      customerEmail: a.user!.email,
      orderReference: newOrderReference(),
      ...values,
    });
    orderIds.a!.push(order.id);
    return order;
  }
  const allOrders = () => t.db.select().from(orders).orderBy(orders.id);
  const NOT_FOUND = { message: 'Order not found.' };
  let paid: Awaited<ReturnType<typeof insertOrder>>;
  let pending: Awaited<ReturnType<typeof insertOrder>>;
  beforeAll(async () => {
    paid = await ownOrder();
    pending = await ownOrder({ paymentStatus: 'pending', status: 'pending' });
  });

  it.each([
    ['guest', 404],
    ['a', 200],
    ['b', 404],
    ['admin', 200],
  ])('GET by numeric id: %s gets %i', async (name, status) => {
    const who = { guest, a, b, admin }[name]!;
    const res = await who.client.get(`/api/orders/${paid.id}`);
    expect(res.statusCode).toBe(status);
    if (status === 404) expect(res.json()).toEqual(NOT_FOUND);
    else expect(res.json()).toMatchObject({ id: paid.id, orderReference: paid.orderReference });
  });

  it('GET by reference: its owner and admins read the order, anyone else its status and total', async () => {
    for (const who of [a, admin]) {
      const res = await who.client.get(`/api/orders/${paid.orderReference}`);
      expect(res.statusCode, who.name).toBe(200);
      expect(res.json()).toMatchObject({ id: paid.id, userId: a.user!.id });
    }
    // The reference alone is no proof (docs/decisions/0453-order-details-need-proof.md).
    for (const who of [guest, b]) {
      const res = await who.client.get(`/api/orders/${paid.orderReference}`);
      expect(res.statusCode, who.name).toBe(200);
      expect(res.json()).toEqual({
        orderReference: paid.orderReference,
        status: paid.status,
        paymentStatus: 'completed',
        total: paid.total,
        currency: 'CAD',
        detailsHidden: true,
      });
    }
  });

  it.each([
    ['guest', 404],
    ['b', 404],
  ])('PATCH by numeric id: %s gets 404 and changes nothing, whatever the status', async (name) => {
    const who = { guest, b }[name]!;
    for (const target of [paid, pending]) {
      for (const paymentStatus of ['completed', 'failed', 'refunded', 'pending']) {
        const before = await allOrders();
        const res = await who.client.patch(`/api/orders/${target.id}/payment-status`, {
          paymentStatus,
          userId: who.user?.id ?? null,
        });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual(NOT_FOUND);
        expect(await allOrders()).toEqual(before);
      }
    }
  });

  it('PATCH by numeric id or reference: a customer or guest asking for completed gets only what the provider confirms', async () => {
    const attempts: [Actor, string][] = [
      [a, String(pending.id)],
      [guest, pending.orderReference],
      [a, pending.orderReference],
      [b, pending.orderReference],
      [admin, pending.orderReference],
    ];
    for (const [who, id] of attempts) {
      const before = await allOrders();
      const res = await who.client.patch(`/api/orders/${id}/payment-status`, { paymentStatus: 'completed' });
      expect(res.statusCode, `${who.name} ${id}`).toBe(200);
      // No payment was made on the local payment page: the order stays pending. Only its owner and
      // admins see its details (docs/decisions/0453-order-details-need-proof.md).
      if (who === a || who === admin) {
        expect(res.json()).toMatchObject({ id: pending.id, paymentStatus: 'pending', userId: a.user!.id });
      } else {
        expect(res.json()).toMatchObject({ paymentStatus: 'pending', detailsHidden: true });
      }
      expect(await allOrders()).toEqual(before);
    }
  });

  it('PATCH: only an administrator by numeric id may set another status', async () => {
    for (const [who, id] of [
      [a, String(pending.id)],
      [guest, pending.orderReference],
      [b, pending.orderReference],
      [admin, pending.orderReference],
    ] as [Actor, string][]) {
      const before = await allOrders();
      const res = await who.client.patch(`/api/orders/${id}/payment-status`, { paymentStatus: 'failed' });
      expect(res.statusCode, `${who.name} ${id}`).toBe(403);
      expect(await allOrders()).toEqual(before);
    }
    const target = await ownOrder({ paymentStatus: 'pending', status: 'pending' });
    const res = await admin.client.patch(`/api/orders/${target.id}/payment-status`, {
      paymentStatus: 'failed',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: target.id, paymentStatus: 'failed', userId: a.user!.id });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, target.id));
    expect(row!.paymentStatus).toBe('failed');
  });

  it("PATCH by reference: customer B can neither link A's order to themselves nor take it over", async () => {
    for (const target of [paid, pending]) {
      const before = await allOrders();
      const other = await b.client.patch(`/api/orders/${target.orderReference}/payment-status`, {
        paymentStatus: 'completed',
        userId: a.user!.id,
      });
      expect(other.statusCode).toBe(403);
      const self = await b.client.patch(`/api/orders/${target.orderReference}/payment-status`, {
        paymentStatus: 'completed',
        userId: b.user!.id,
      });
      expect(self.statusCode).toBe(200);
      expect(self.json()).toMatchObject({ detailsHidden: true });
      expect(await allOrders()).toEqual(before);
    }
  });
});

describe('changes', () => {
  it('update-profile changes only the caller, whatever ids the body carries', async () => {
    for (const who of [a, b, admin]) {
      const others = [a, b, admin].filter((x) => x !== who);
      const before = await Promise.all(others.map((o) => row(o.user!.id)));
      const res = await who.client.patch('/api/auth/update-profile', {
        id: others[0]!.user!.id,
        userId: others[0]!.user!.id,
        username: `${who.user!.username}_x`,
        email: who.user!.email,
        phone: '555-0101',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().id).toBe(who.user!.id);
      expect((await row(who.user!.id)).username).toBe(`${who.user!.username}_x`);
      expect(await Promise.all(others.map((o) => row(o.user!.id)))).toEqual(before);
      who.user!.username = `${who.user!.username}_x`;
    }
  });

  it("no one can take another account's email", async () => {
    const res = await a.client.patch('/api/auth/update-profile', {
      username: a.user!.username,
      email: b.user!.email,
    });
    expect(res.statusCode).toBe(409);
    expect((await row(a.user!.id)).email).toBe(a.user!.email);
  });

  it('preferences change only the caller', async () => {
    const before = await row(b.user!.id);
    const res = await a.client.patch('/api/auth/preferences', {
      emailNotifications: false,
      userId: b.user!.id,
    });
    expect(res.statusCode).toBe(200);
    expect((await row(a.user!.id)).emailNotifications).toBe(false);
    expect(await row(b.user!.id)).toEqual(before);
  });

  it("a customer's password change touches neither another account nor its sessions", async () => {
    const bBefore = await row(b.user!.id);
    const res = await a.client.post('/api/auth/change-password', {
      currentPassword: a.user!.plainPassword,
      newPassword: 'a-new-password',
      confirmNewPassword: 'a-new-password',
      userId: b.user!.id,
    });
    expect(res.statusCode).toBe(200);
    expect(await row(b.user!.id)).toEqual(bBefore);
    expect((await b.client.get('/api/auth/me')).statusCode).toBe(200);
    expect((await admin.client.get('/api/auth/me')).statusCode).toBe(200);
  });

  it("deleting one's account leaves other accounts and their orders alone", async () => {
    const res = await b.client.post('/api/auth/delete-account', {
      password: b.user!.plainPassword,
      userId: a.user!.id,
    });
    expect(res.statusCode).toBe(200);
    // B's row stays, erased (decision 0562); A's is untouched.
    const [bRow] = await t.db.select().from(users).where(eq(users.id, b.user!.id));
    expect(bRow).toMatchObject({
      email: `deleted-${b.user!.id}@deleted.invalid`,
      phone: null,
      address: null,
    });
    expect(bRow!.deletedAt).not.toBeNull();
    const [aRow] = await t.db.select().from(users).where(eq(users.id, a.user!.id));
    expect(aRow!.deletedAt).toBeNull();
    expect(aRow!.email).toBe(a.user!.email);
    const aOrders = await t.db.select().from(orders).where(eq(orders.userId, a.user!.id));
    expect(aOrders.map((o) => o.id).sort()).toEqual([...orderIds.a!].sort());
    // B's orders remain, with no one named on them; A's keep their customer.
    for (const id of orderIds.b!) {
      expect((await t.db.select().from(orders).where(eq(orders.id, id)))[0]).toMatchObject({
        userId: b.user!.id,
        customerEmail: '',
        customerName: '',
      });
    }
    for (const o of aOrders) expect(o.customerEmail).not.toBe('');
    expect((await a.client.get('/api/auth/me')).statusCode).toBe(200);
    expect((await b.client.get('/api/orders/my-orders')).statusCode).toBe(401);
  });
});
