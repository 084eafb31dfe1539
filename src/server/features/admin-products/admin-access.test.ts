// Every staff or administrator route the app registers (src/server/test/route-registry.ts) refuses guests
// (401) and customers (403) with a message, and changes nothing.
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminAuditLog,
  canadianTaxRates,
  products,
  shippingSettings,
  users,
  weekdayDiscounts,
} from '~/server/db/schema';
import { createProduct, seedStoreSettings, setWeekdayDiscounts } from '~/server/test/fixtures';
import { type RegisteredRoute, routeRegistry, samplePath } from '~/server/test/route-registry';
import { createTestApp, type TestApp, type TestClient } from '~/server/test/test-app';
import { multipart, signedInClients } from './test-support';

let t: TestApp;
let clients: Awaited<ReturnType<typeof signedInClients>>;
let productId: number;
const registry = routeRegistry();

beforeAll(async () => {
  t = await createTestApp({ beforeRoutes: registry.beforeRoutes });
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

// Realistic bodies for some routes, so a refused request is one that would otherwise have changed something.
// Which routes are checked is not this list: it is every staff or administrator route the app registers.
const BODIES: Record<string, { body?: unknown; raw?: typeof csv }> = {
  'POST /api/products': { body: { name: 'Refused product', price: '5' } },
  'PUT /api/products/:id': { body: { name: 'Refused product', price: '5' } },
  'PATCH /api/products/:id/status': { body: { active: false } },
  'POST /api/upload/image': { raw: image },
  'POST /api/products/import': { raw: csv },
  'POST /api/products/images-only': { raw: image },
  'PUT /api/discounts/weekday': { body: { discounts: [{ day: 0, percentage: 50 }] } },
  'PUT /api/discounts/category': { body: { discounts: [] } },
  'PUT /api/shipping': { body: { standardPrice: '1', expressPrice: '2', pickupAvailable: false } },
  'PATCH /api/taxes/:provinceCode': { body: { gstRate: 1, pstRate: 1 } },
};

const adminRoutes = () =>
  registry.routes().filter((r) => (r.access === 'staff' || r.access === 'admin') && r.method !== 'HEAD');

async function snapshot() {
  return {
    products: await t.db.select().from(products),
    weekday: await t.db.select().from(weekdayDiscounts),
    shipping: await t.db.select().from(shippingSettings),
    taxes: await t.db.select().from(canadianTaxRates),
    users: await t.db.select().from(users),
    audit: (await t.db.select({ n: count() }).from(adminAuditLog))[0]!.n,
  };
}

function send(client: TestClient, route: RegisteredRoute) {
  const url = samplePath(route.url, { id: String(productId), provinceCode: 'ON' });
  const { body, raw } = BODIES[`${route.method} ${route.url}`] ?? {};
  if (raw) return client.request({ method: route.method, url, ...raw });
  return client.request({ method: route.method, url, payload: body as object | undefined });
}

describe('administrator routes', () => {
  it('are drawn from the app: the products, discounts, settings, dashboard, orders and users routes among them', () => {
    const keys = adminRoutes().map((r) => `${r.method} ${r.url}`);
    for (const key of [
      'GET /api/admin/dashboard',
      'GET /api/products/admin',
      'GET /api/taxes/all',
      'GET /api/orders/admin',
      'GET /api/admin/users',
      ...Object.keys(BODIES),
    ])
      expect(keys).toContain(key);
  });

  it('each refuse a guest with 401 and change nothing', async () => {
    for (const route of adminRoutes()) {
      const before = await snapshot();
      const res = await send(clients.guest, route);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json().message).toEqual(expect.any(String));
      expect(await snapshot()).toEqual(before);
    }
  });

  it('each refuse a customer with 403 and change nothing', async () => {
    for (const route of adminRoutes()) {
      const before = await snapshot();
      const res = await send(clients.customer, route);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json().message).toBe('Administrator privileges required.');
      expect(await snapshot()).toEqual(before);
    }
  });

  it('lets the administrator in', async () => {
    const res = await clients.admin.get('/api/products/admin');
    expect(res.statusCode).toBe(200);
  });
});
