// Four kinds of bad input that once answered 500 (found by fuzzing): each is a 4xx with a message and
// changes nothing (docs/decisions/0119-bad-input-is-a-4xx.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, products, users } from './db/schema';
import { realImage, sendMultipart, signedInClients } from './features/admin-products/test-support';
import { checkoutBody } from './features/checkout/test-support';
import { MALFORMED_MULTIPART_MESSAGE } from './plugins/errors';
import { NUL_TEXT_MESSAGE } from './plugins/input-guard';
import { createCategory, createProduct } from './test/fixtures';
import { createTestApp, type TestApp } from './test/test-app';

let t: TestApp;
let clients: Awaited<ReturnType<typeof signedInClients>>;
let productId: number;
beforeAll(async () => {
  t = await createTestApp();
  clients = await signedInClients(t);
  const category = await createCategory(t.db, { slug: 'lamps' });
  productId = (await createProduct(t.db, { slug: 'desk-lamp', categoryId: category.id })).id;
});
afterAll(() => t.close());

const count = async (table: typeof products | typeof users | typeof contactMessages) =>
  (await t.db.select().from(table)).length;

describe('a NUL character in JSON text', () => {
  const NUL = '\u0000';
  const cases: [string, 'guest' | 'customer' | 'admin', 'post' | 'patch' | 'put', string, unknown][] = [
    [
      'sign-in',
      'guest',
      'post',
      '/api/auth/login',
      { username: `adm${NUL}in`, password: 'whatever-password' },
    ],
    [
      'registration',
      'guest',
      'post',
      '/api/auth/register',
      { username: 'newbie', email: 'n@example.com', password: `secret${NUL}123` },
    ],
    [
      'contact',
      'guest',
      'post',
      '/api/contact',
      { name: `Ann${NUL}`, email: 'ann@example.com', subject: 'other', message: 'Hello there, a question.' },
    ],
    [
      'profile',
      'customer',
      'patch',
      '/api/auth/update-profile',
      { username: 'customer-renamed', email: 'c@example.com', phone: `416${NUL}` },
    ],
    ['product', 'admin', 'post', '/api/products', { name: `Lamp${NUL}`, price: '10.00', stock: '1' }],
    [
      'product key',
      'admin',
      'post',
      '/api/products',
      { name: 'Lamp', price: '10.00', stock: '1', [`x${NUL}`]: 1 },
    ],
    [
      'nested',
      'guest',
      'post',
      '/api/square/create-checkout',
      checkoutBody([{ productId: 1, quantity: 1, name: `Lamp${NUL}` }]),
    ],
  ];

  it.each(cases)('is refused with 400 in %s', async (_name, who, method, url, body) => {
    const before = [await count(products), await count(users), await count(contactMessages)];
    const res = await clients[who][method](url, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: NUL_TEXT_MESSAGE });
    expect([await count(products), await count(users), await count(contactMessages)]).toEqual(before);
  });
});

describe('a NUL character in a path or a query string', () => {
  it.each(['/api/content-pages/slug/%00', '/api/products/%00'])(
    'in the path parameter of %s is a 400, as in a body',
    async (url) => {
      const res = await clients.guest.get(url);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: NUL_TEXT_MESSAGE });
    },
  );

  it.each(['/api/orders/admin?search=%00', '/api/users/search?email=%00', '/api/products?search=a%00b'])(
    'in the query string of %s is a 400',
    async (url) => {
      const res = await clients.admin.get(url);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: NUL_TEXT_MESSAGE });
    },
  );
});

describe('an id beyond PostgreSQL integer (2147483648)', () => {
  it('in a checkout body is a 400 naming the field', async () => {
    const res = await clients.guest.post(
      '/api/square/create-checkout',
      checkoutBody([{ productId: 2_147_483_648, quantity: 1 }]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ 'items.0.productId': 'productId must be a product id.' });
  });

  it('as the user of a checkout or a payment status is a 400', async () => {
    const body = checkoutBody([{ productId, quantity: 1 }]);
    body.orderData.userId = 2_147_483_648;
    expect((await clients.guest.post('/api/square/create-checkout', body)).statusCode).toBe(400);
    const status = await clients.guest.patch('/api/orders/ORD-AAAAAAAAAAAAAAAA/payment-status', {
      paymentStatus: 'completed',
      userId: 2_147_483_648,
    });
    expect(status.statusCode).toBe(400);
  });

  it('as the user an order is associated with is a 400', async () => {
    const res = await clients.admin.post('/api/orders/1/associate', { userId: 2_147_483_648 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('userId must be a user id');
  });

  it('in admin bodies is a 400 naming the field', async () => {
    const product = await clients.admin.post('/api/products', {
      name: 'Lamp',
      price: '10.00',
      stock: '1',
      categoryId: 2_147_483_648,
    });
    expect(product.statusCode).toBe(400);
    expect(product.json().errors).toEqual({ categoryId: 'Please choose a category or None' });
    const discount = await clients.admin.put('/api/discounts/category', {
      discounts: [{ categoryId: 2_147_483_648, percentage: 10 }],
    });
    expect(discount.statusCode).toBe(400);
    expect(discount.json().errors).toEqual({ 'discounts.0.categoryId': 'Unknown category' });
  });

  it.each([
    ['admin', 'GET', '/api/products/admin/2147483648'],
    ['admin', 'PUT', '/api/products/2147483648'],
    ['admin', 'DELETE', '/api/products/2147483648'],
    ['admin', 'PATCH', '/api/products/2147483648/status'],
    ['admin', 'GET', '/api/admin/users/2147483648'],
    ['admin', 'GET', '/api/orders/admin/2147483648'],
    ['admin', 'PUT', '/api/faq-items/2147483648'],
    ['admin', 'DELETE', '/api/content-pages/2147483648'],
    ['guest', 'GET', '/api/products/2147483648'],
    ['guest', 'GET', '/api/categories/2147483648/products'],
    ['guest', 'GET', '/api/orders/2147483648'],
  ] as const)('in the path of %s %s %s is a 4xx', async (who, method, url) => {
    const res = await clients[who].request({ method, url, payload: method === 'GET' ? undefined : {} });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(typeof res.json().message).toBe('string');
  });
});

describe('HEAD with a matching If-None-Match on the catalogue', () => {
  it.each(['/api/products', '/api/categories', '/api/products/desk-lamp', '/api/products/featured'])(
    '%s answers 304 with no body',
    async (url) => {
      const { etag } = (await clients.guest.get(url)).headers;
      for (const tag of [etag as string, '*']) {
        const head = await clients.guest.request({ method: 'HEAD', url, headers: { 'if-none-match': tag } });
        expect(head.statusCode).toBe(304);
        expect(head.body).toBe('');
      }
      // And a plain HEAD still answers 200.
      expect((await clients.guest.request({ method: 'HEAD', url })).statusCode).toBe(200);
    },
  );
});

const LONG_BOUNDARY = 'b'.repeat(300);

describe('malformed multipart on the admin upload routes', () => {
  const bodies: [string, string, string][] = [
    [
      'cut off',
      'multipart/form-data; boundary=xx',
      '--xx\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nabc',
    ],
    ['not multipart at all', 'multipart/form-data; boundary=xx', 'garbage'],
    ['without a boundary', 'multipart/form-data', 'garbage'],
    // Busboy takes at most 256 characters of boundary (RFC 2046 allows 70) and throws a plain Error past that.
    [
      'with a boundary over 256 characters',
      `multipart/form-data; boundary=${LONG_BOUNDARY}`,
      `--${LONG_BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nabc\r\n--${LONG_BOUNDARY}--\r\n`,
    ],
  ];
  // Every route that takes multipart: the parts are read before the lot or load is looked up.
  const routes = [
    '/api/upload/image',
    '/api/products/import',
    '/api/products/images-only',
    '/api/admin/intake/products/999999/images',
    '/api/admin/loads/999999/manifest',
  ];

  it.each(routes.flatMap((url) => bodies.map(([name, type, payload]) => [url, name, type, payload])))(
    '%s refuses a body %s with 400',
    async (url, _name, type, payload) => {
      const before = await count(products);
      const res = await clients.admin.request({
        method: 'POST',
        url,
        payload,
        headers: { 'content-type': type },
      });
      expect(res.statusCode).toBe(400);
      // The manifest route refuses the cut-off picture by its name before the body ends.
      expect([MALFORMED_MULTIPART_MESSAGE, 'Please select a CSV file.']).toContain(res.json().message);
      expect(await count(products)).toBe(before);
    },
  );

  it('still takes a well-formed upload afterwards', async () => {
    const res = await sendMultipart(clients.admin, '/api/upload/image', [
      { field: 'image', filename: 'ok.png', content: await realImage('png'), contentType: 'image/png' },
    ]);
    expect(res.statusCode).toBe(200);
  });
});
