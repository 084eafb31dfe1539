// The sign-in and account pages as the server renders them: redirects by sign-in state, and the
// data already in the HTML.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createUser, setWeekdayDiscounts, signInAs } from '~/server/test/fixtures';
import { createTestApp, sourceRenderer, type TestApp, TestClient } from '~/server/test/test-app';
import { insertOrder } from '~/server/test/order-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ renderer: await sourceRenderer() });
  await setWeekdayDiscounts(t.db, [15, 15, 15, 15, 15, 15, 15]);
});
afterAll(() => t.close());

describe('/auth', () => {
  it('shows the welcome, the benefits, the deals box and the Login and Register tabs to a guest', async () => {
    const res = await new TestClient(t.app).get('/auth');
    expect(res.statusCode).toBe(200);
    for (const text of [
      'Track your orders',
      'Save your shipping information',
      'Get exclusive deals',
      'Receive notifications',
      'Today&#x27;s Deals',
      '15% OFF',
      '>Login<',
      '>Register<',
      'Username',
      'Password',
    ]) {
      expect(res.body).toContain(text);
    }
  });

  it('redirects a signed-in visitor to /account', async () => {
    const user = await createUser(t.db);
    const client = new TestClient(t.app);
    await signInAs(t.db, client, user.id);
    const res = await client.get('/auth');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/account');
  });
});

describe('/account', () => {
  it('redirects a guest to /auth', async () => {
    const res = await new TestClient(t.app).get('/account?tab=orders');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/auth');
  });

  it('renders the profile of the signed-in user, not indexed and not cached', async () => {
    const user = await createUser(t.db, { phone: '416-555-0101' });
    const client = new TestClient(t.app);
    await signInAs(t.db, client, user.id);
    const res = await client.get('/account');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toContain('noindex');
    expect(res.body).toContain('Update Profile');
    expect(res.body).toContain(`value="${user.username}"`);
    expect(res.body).toContain('value="416-555-0101"');
    for (const label of ['Profile', 'Orders', 'Payment Methods', 'Settings', 'Logout'])
      expect(res.body).toContain(`>${label}<`);
  });

  it('arrives on the Orders tab with the orders in the HTML', async () => {
    const user = await createUser(t.db);
    const product = await createProduct(t.db, { name: 'Cordless Drill' });
    const order = await insertOrder(
      t.db,
      { userId: user.id, status: 'shipped', trackingNumber: 'TRACK-42', shippingMethod: 'express' },
      [{ productId: product.id, quantity: 2, price: '49.50' }],
    );
    const client = new TestClient(t.app);
    await signInAs(t.db, client, user.id);
    const res = await client.get('/account?tab=orders');
    expect(res.statusCode).toBe(200);
    for (const text of [
      'Order History',
      'Refresh Orders',
      `Order #${order.id}`,
      'TRACK-42',
      'Express Shipping',
      'Cordless Drill',
      '$29.37',
      'Shipped',
    ]) {
      expect(res.body).toContain(text);
    }
    expect(res.body).toMatch(/data-step="Shipped" data-lit="true"/);
    expect(res.body).toMatch(/data-step="Delivered" data-lit="false"/);
  });

  it("says 'No orders yet' with 'Start Shopping' when there are none", async () => {
    const user = await createUser(t.db);
    const client = new TestClient(t.app);
    await signInAs(t.db, client, user.id);
    const res = await client.get('/account?tab=orders');
    expect(res.body).toContain('No orders yet');
    expect(res.body).toContain('Start Shopping');
  });
});
