// Personal answers are never cached (Cache-Control: private, no-store) and an https store tells browsers
// to use HTTPS only (docs/decisions/0111-transport-and-cache-headers.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrder } from '~/server/test/order-fixtures';
import { createProduct, createUser } from '~/server/test/fixtures';
import { createTestApp, type TestApp, TestClient } from '~/server/test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function signedIn(isAdmin = false) {
  const user = await createUser(t.db, { isAdmin });
  const client = new TestClient(t.app);
  const res = await client.post('/api/auth/login', { username: user.username, password: user.plainPassword });
  expect(res.statusCode).toBe(200);
  return { user, client };
}

type Call = [method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown];

async function expectPrivate(client: TestClient, calls: Call[]) {
  const wrong: string[] = [];
  for (const [method, url, body] of calls) {
    const res = await client.request({ method, url, payload: body as string | undefined });
    // Every call reaches a real route (a typo in this list would prove nothing).
    expect(res.body, `${method} ${url}`).not.toMatch(/No API route/);
    const header = res.headers['cache-control'];
    if (header !== 'private, no-store') wrong.push(`${method} ${url} (${res.statusCode}): ${header}`);
  }
  // Listed together so a failure names every route that is wrong.
  expect(wrong).toEqual([]);
}

describe('Cache-Control on personal answers', () => {
  it('marks sign-in, registration, sign-out and /me private, no-store, signed in or not', async () => {
    const guest = new TestClient(t.app);
    const u = await createUser(t.db);
    await expectPrivate(guest, [
      ['GET', '/api/auth/me'],
      ['POST', '/api/auth/login', { username: u.username, password: 'wrong-password' }],
      ['POST', '/api/auth/login', { username: u.username, password: u.plainPassword }],
      ['GET', '/api/auth/me'],
      ['POST', '/api/auth/logout'],
      [
        'POST',
        '/api/auth/register',
        { username: 'cachecheck', email: 'cachecheck@example.com', password: 'Qx7-parsnip-lantern' },
      ],
      ['POST', '/api/auth/register', { username: 'x' }],
    ]);
  });

  it("marks a customer's account and order answers private, no-store", async () => {
    const { user, client } = await signedIn();
    const product = await createProduct(t.db);
    const order = await insertOrder(t.db, { userId: user.id, customerEmail: user.email }, [
      { productId: product.id, quantity: 1, price: '10.00' },
    ]);
    await expectPrivate(client, [
      ['GET', '/api/auth/me'],
      ['PATCH', '/api/auth/update-profile', { username: user.username, email: user.email }],
      ['PATCH', '/api/auth/preferences', { emailNotifications: false }],
      [
        'POST',
        '/api/auth/change-password',
        { currentPassword: 'nope', newPassword: 'x', confirmNewPassword: 'y' },
      ],
      ['GET', '/api/orders/my-orders'],
      ['GET', `/api/orders/${order.id}`],
      ['GET', `/api/orders/${order.orderReference}`],
      ['GET', '/api/orders/999999'],
      ['POST', '/api/square/create-checkout', {}],
    ]);
  });

  it("marks the administrator's answers private, no-store", async () => {
    const { user, client } = await signedIn(true);
    await expectPrivate(client, [
      ['GET', '/api/admin/dashboard'],
      ['GET', '/api/admin/users'],
      ['GET', `/api/admin/users/${user.id}`],
      ['GET', `/api/users/search?email=${encodeURIComponent(user.email)}`],
      ['GET', '/api/orders/admin'],
      ['GET', '/api/orders/export.csv'],
      ['GET', '/api/products/admin'],
      ['GET', '/api/discounts/weekday'],
      ['GET', '/api/taxes/all'],
      ['GET', '/api/subscribers/export'],
    ]);
  });

  it('leaves the public catalogue cacheable with revalidation', async () => {
    await createProduct(t.db);
    const res = await new TestClient(t.app).get('/api/products');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

describe('Strict-Transport-Security', () => {
  const paths = ['/api/health', '/api/products', '/api/auth/me', '/api/no-such-route'];

  it('is on every answer when PUBLIC_URL is https', async () => {
    const https = await createTestApp({ env: { PUBLIC_URL: 'https://shop.example' } });
    try {
      for (const url of paths) {
        const res = await new TestClient(https.app).get(url);
        expect([url, res.headers['strict-transport-security']]).toEqual([
          url,
          'max-age=31536000; includeSubDomains',
        ]);
      }
    } finally {
      await https.close();
    }
  });

  it('is absent when PUBLIC_URL is http', async () => {
    for (const url of paths) {
      const res = await new TestClient(t.app).get(url);
      expect([url, res.headers['strict-transport-security']]).toEqual([url, undefined]);
    }
  });
});
