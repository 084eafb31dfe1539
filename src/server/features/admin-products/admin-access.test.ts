// Every administrator route refuses guests (401) and customers (403) with a message, and changes nothing.
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminAuditLog,
  canadianTaxRates,
  products,
  shippingSettings,
  weekdayDiscounts,
} from '~/server/db/schema';
import { createProduct, seedStoreSettings, setWeekdayDiscounts } from '~/server/test/fixtures';
import { createTestApp, type TestApp, type TestClient } from '~/server/test/test-app';
import { multipart, signedInClients } from './test-support';

let t: TestApp;
let clients: Awaited<ReturnType<typeof signedInClients>>;
let productId: number;

beforeAll(async () => {
  t = await createTestApp();
  clients = await signedInClients(t);
  await seedStoreSettings(t.db);
  await setWeekdayDiscounts(t.db, [1, 2, 3, 4, 5, 6, 7]);
  productId = (await createProduct(t.db)).id;
});
afterAll(() => t.close());

const csv = multipart([
  { field: 'file', filename: 'p.csv', content: 'lotNumber,name,price\nLOT-X,Refused,1\n' },
]);
const image = multipart([{ field: 'image', filename: 'a.png', content: 'x' }]);

const ROUTES: {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: () => string;
  body?: unknown;
  raw?: typeof csv;
}[] = [
  { method: 'GET', url: () => '/api/admin/dashboard' },
  { method: 'POST', url: () => '/api/admin/demo-mode/dismiss' },
  { method: 'GET', url: () => '/api/products/admin' },
  { method: 'GET', url: () => `/api/products/admin/${productId}` },
  { method: 'POST', url: () => '/api/products', body: { name: 'Refused product', price: '5' } },
  { method: 'PUT', url: () => `/api/products/${productId}`, body: { name: 'Refused product', price: '5' } },
  { method: 'PATCH', url: () => `/api/products/${productId}/status`, body: { active: false } },
  { method: 'DELETE', url: () => `/api/products/${productId}` },
  { method: 'POST', url: () => '/api/upload/image', raw: image },
  { method: 'GET', url: () => '/api/products/template' },
  { method: 'POST', url: () => '/api/products/import', raw: csv },
  { method: 'POST', url: () => '/api/products/images-only', raw: image },
  { method: 'GET', url: () => '/api/discounts/weekday' },
  { method: 'PUT', url: () => '/api/discounts/weekday', body: { discounts: [{ day: 0, percentage: 50 }] } },
  { method: 'GET', url: () => '/api/discounts/category' },
  { method: 'PUT', url: () => '/api/discounts/category', body: { discounts: [] } },
  {
    method: 'PUT',
    url: () => '/api/shipping',
    body: { standardPrice: '1', expressPrice: '2', pickupAvailable: false },
  },
  { method: 'GET', url: () => '/api/taxes/all' },
  { method: 'PATCH', url: () => '/api/taxes/ON', body: { gstRate: 1, pstRate: 1 } },
];

async function snapshot() {
  return {
    products: await t.db.select().from(products),
    weekday: await t.db.select().from(weekdayDiscounts),
    shipping: await t.db.select().from(shippingSettings),
    taxes: await t.db.select().from(canadianTaxRates),
    audit: (await t.db.select({ n: count() }).from(adminAuditLog))[0]!.n,
  };
}

function send(client: TestClient, route: (typeof ROUTES)[number]) {
  if (route.raw) return client.request({ method: route.method, url: route.url(), ...route.raw });
  return client.request({ method: route.method, url: route.url(), payload: route.body as object });
}

describe('administrator routes', () => {
  it.each(ROUTES.map((r) => [`${r.method} ${r.url()}`, r] as const))(
    '%s refuses a guest with 401',
    async (_, route) => {
      const before = await snapshot();
      const res = await send(clients.guest, route);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toEqual(expect.any(String));
      expect(await snapshot()).toEqual(before);
    },
  );

  it.each(ROUTES.map((r) => [`${r.method} ${r.url()}`, r] as const))(
    '%s refuses a customer with 403',
    async (_, route) => {
      const before = await snapshot();
      const res = await send(clients.customer, route);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Administrator privileges required.');
      expect(await snapshot()).toEqual(before);
    },
  );

  it('lets the administrator in', async () => {
    const res = await clients.admin.get('/api/products/admin');
    expect(res.statusCode).toBe(200);
  });
});
