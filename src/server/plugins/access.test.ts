// Deny by default (docs/decisions/0160-access-is-declared-and-denied-by-default.md): a route that declares
// no access stops the server from starting, and every registered route, walked as a guest, a customer and
// an administrator, answers as its declaration says. The routes come from the app itself, not from a list.
import fp from 'fastify-plugin';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, roleOf, roleSatisfies } from '~/server/lib/access';
import { createUser, signInAs } from '~/server/test/fixtures';
import { type RegisteredRoute, routeRegistry, samplePath } from '~/server/test/route-registry';
import { createTestApp, type TestApp, TestClient } from '~/server/test/test-app';
import { registerAccessControl, withAccess } from './access';

describe('the levels', () => {
  it('are ordered: admin satisfies staff, staff satisfies customer, nobody signed out passes a guard', () => {
    const table = (['customer', 'staff', 'admin', null] as const).map((role) => [
      role,
      roleSatisfies(role, 'public'),
      roleSatisfies(role, 'customer'),
      roleSatisfies(role, 'staff'),
      roleSatisfies(role, 'admin'),
    ]);
    expect(table).toEqual([
      ['customer', true, true, false, false],
      ['staff', true, true, true, false],
      ['admin', true, true, true, true],
      [null, true, false, false, false],
    ]);
  });

  it('read the role from the two flags: is_admin is an administrator, is_staff staff, neither a customer', () => {
    expect([
      roleOf({ isAdmin: true, isStaff: false }),
      roleOf({ isAdmin: false, isStaff: true }),
      roleOf({ isAdmin: false, isStaff: false }),
      roleOf({ isAdmin: false }),
    ]).toEqual(['admin', 'staff', 'customer', 'customer']);
  });

  it('decide inside handlers: administrators see and manage everything, staff the orders and products, customers none', () => {
    const admin = { isAdmin: true };
    const staff = { isAdmin: false, isStaff: true };
    const customer = { isAdmin: false };
    expect(
      (
        [
          'read-any-order',
          'set-payment-status',
          'see-hidden-products',
          'read-draft-faq-items',
          'manage-users',
        ] as const
      ).map((action) => [action, can(staff, action)]),
    ).toEqual([
      ['read-any-order', true],
      ['set-payment-status', true],
      ['see-hidden-products', true],
      ['read-draft-faq-items', false],
      ['manage-users', false],
    ]);
    for (const action of [
      'read-any-order',
      'set-payment-status',
      'see-hidden-products',
      'read-draft-faq-items',
      'manage-users',
    ] as const) {
      expect([can(admin, action), can(customer, action), can(null, action)], action).toEqual([
        true,
        false,
        false,
      ]);
    }
  });
});

describe('start-up', () => {
  it('is refused, naming the method and URL, when a route declares no access', async () => {
    const app = Fastify();
    registerAccessControl(app);
    expect(() => app.get('/api/forgotten', async () => 'x')).toThrow(
      /GET \/api\/forgotten declares no access/,
    );
    await app.close();
  });

  it("is refused when a plugin's route declares none", async () => {
    const app = Fastify();
    registerAccessControl(app);
    const start = async () => {
      await app.register(async (plugin) => {
        plugin.post('/api/plugin-route', async () => 'x');
      });
      await app.ready();
    };
    await expect(start()).rejects.toThrow(/POST \/api\/plugin-route declares no access/);
    await app.close();
  });

  it("gives a third-party plugin's routes the access it is registered with; a route's own declaration wins", async () => {
    const app = Fastify();
    registerAccessControl(app);
    // Like @fastify/static: not encapsulated (fastify-plugin), `prefix` one of its own options.
    const plugin = fp(async (scope: FastifyInstance, options: { prefix: string; word: string }) => {
      scope.get(`${options.prefix}undeclared`, async () => options.word);
      scope.get(`${options.prefix}declared`, { config: { access: 'public' } }, async () => 'open');
    });
    await app.register(withAccess('admin', plugin, { prefix: '/files/', word: 'secret' }));
    expect((await app.inject({ url: '/files/undeclared' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/files/declared' })).body).toBe('open');
    await app.close();
  });
});

describe('every registered route', () => {
  const registry = routeRegistry();
  let t: TestApp;
  let routes: RegisteredRoute[];
  const callers = {} as Record<'guest' | 'customer' | 'staff' | 'admin', TestClient>;

  beforeAll(async () => {
    t = await createTestApp({ beforeRoutes: registry.beforeRoutes });
    routes = registry.routes();
    callers.guest = new TestClient(t.app);
    callers.customer = new TestClient(t.app);
    callers.staff = new TestClient(t.app);
    callers.admin = new TestClient(t.app);
    await signInAs(t.db, callers.customer, (await createUser(t.db)).id);
    await signInAs(t.db, callers.staff, (await createUser(t.db, { isStaff: true })).id);
    await signInAs(t.db, callers.admin, (await createUser(t.db, { isAdmin: true })).id);
  });
  afterAll(() => t?.close());

  // Nothing in a path reaches a row: ids that do not exist, so an administrator's request changes nothing.
  const send = (who: keyof typeof callers, route: RegisteredRoute) =>
    callers[who].request({ method: route.method, url: samplePath(route.url) });
  const label = (route: RegisteredRoute) => `${route.method} ${route.url} (${route.access})`;
  const guarded = () => routes.filter((r) => r.access !== 'public');

  it('are found, and each declares one of the four levels', () => {
    // The store has dozens of routes under each level but 'staff', which has the order and product work.
    const count = (level: string) => routes.filter((r) => r.access === level).length;
    expect(count('public')).toBeGreaterThan(20);
    expect(count('customer')).toBeGreaterThan(3);
    expect(count('staff')).toBeGreaterThan(10);
    expect(count('admin')).toBeGreaterThan(10);
    expect(
      routes.filter((r) => !['public', 'customer', 'staff', 'admin'].includes(String(r.access))),
    ).toEqual([]);
  });

  it("include the plugins' routes: uploaded pictures are public and served to a guest", async () => {
    expect(routes.filter((r) => r.url === '/uploads/*').map((r) => r.access)).toEqual(['public', 'public']);
    mkdirSync(path.join(t.dataDir, 'uploads', 'products'), { recursive: true });
    writeFileSync(path.join(t.dataDir, 'uploads', 'products', 'lamp.txt'), 'a lamp');
    const res = await callers.guest.get('/uploads/products/lamp.txt');
    expect([res.statusCode, res.body]).toEqual([200, 'a lamp']);
  });

  it('documented as administration, or under /api/admin/, are for staff or administrators', () => {
    const admin = routes.filter((r) => r.tags.includes('admin') || r.url.startsWith('/api/admin'));
    expect(admin.length).toBeGreaterThan(20);
    expect(admin.filter((r) => r.access !== 'staff' && r.access !== 'admin').map(label)).toEqual([]);
  });

  it('that is not public refuses a guest with 401 and the message of its level', async () => {
    const wrong: string[] = [];
    for (const route of guarded()) {
      const res = await send('guest', route);
      const message =
        route.access === 'customer' ? 'Please sign in to continue.' : 'Please sign in as an administrator.';
      if (res.statusCode !== 401 || (route.method !== 'HEAD' && res.json().message !== message))
        wrong.push(`${label(route)}: ${res.statusCode} ${res.body}`);
    }
    expect(wrong).toEqual([]);
  });

  it('for staff or administrators refuses a customer with 403', async () => {
    const wrong: string[] = [];
    for (const route of guarded().filter((r) => r.access === 'staff' || r.access === 'admin')) {
      const res = await send('customer', route);
      if (
        res.statusCode !== 403 ||
        (route.method !== 'HEAD' && res.json().message !== 'Administrator privileges required.')
      )
        wrong.push(`${label(route)}: ${res.statusCode} ${res.body}`);
    }
    expect(wrong).toEqual([]);
  });

  it('for administrators only refuses staff with 403: users, settings, taxes, discounts, content', async () => {
    const adminOnly = guarded().filter((r) => r.access === 'admin');
    const wrong: string[] = [];
    for (const route of adminOnly) {
      const res = await send('staff', route);
      if (
        res.statusCode !== 403 ||
        (route.method !== 'HEAD' && res.json().message !== 'Administrator privileges required.')
      )
        wrong.push(`${label(route)}: ${res.statusCode} ${res.body}`);
    }
    expect(wrong).toEqual([]);
    // The rule of docs/decisions/0250-staff-role.md, route by route: what staff may not touch is admin-only.
    const urls = adminOnly.map((r) => r.url);
    for (const url of [
      '/api/admin/users',
      '/api/admin/settings',
      '/api/taxes/:provinceCode',
      '/api/discounts/weekday',
      '/api/discounts/category',
      '/api/shipping',
      '/api/content-pages',
      '/api/faq-items',
    ])
      expect(urls, url).toContain(url);
  });

  it('for staff are the order, product, stock and import work and the dashboard', () => {
    const staffRoutes = routes.filter((r) => r.access === 'staff').map((r) => `${r.method} ${r.url}`);
    for (const route of [
      'GET /api/admin/dashboard',
      'GET /api/products/admin',
      'PUT /api/products/:id',
      'GET /api/orders/admin',
      'PATCH /api/orders/:id/status',
    ])
      expect(staffRoutes, route).toContain(route);
    // Nothing under users, settings, taxes or discounts is staff's.
    expect(
      staffRoutes.filter((r) =>
        /\/api\/(admin\/users|admin\/settings|taxes|discounts\/(weekday|category))/.test(r),
      ),
    ).toEqual([]);
  });

  it('lets in every caller its level admits (the answer is then the route’s own, never the guard’s)', async () => {
    const refusedByGuard = (res: { statusCode: number; body: string }) =>
      res.statusCode === 401 ||
      (res.statusCode === 403 && res.body.includes('Administrator privileges required.'));
    const wrong: string[] = [];
    for (const route of guarded()) {
      const admitted =
        route.access === 'customer'
          ? (['customer', 'staff', 'admin'] as const)
          : route.access === 'staff'
            ? (['staff', 'admin'] as const)
            : (['admin'] as const);
      for (const who of admitted) {
        const res = await send(who, route);
        if (refusedByGuard(res)) wrong.push(`${label(route)} as ${who}: ${res.statusCode} ${res.body}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
