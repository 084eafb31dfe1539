// The staff role (docs/decisions/0250-staff-role.md): the users tab sets it, only administrators may, an
// administrator cannot take their own role away, the store keeps an administrator, a staff user signs in to
// the admin area and works orders and products but is refused users, settings, taxes and discounts.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_AND_IS_ADMIN_DISAGREE } from '~/shared/schemas/admin-users';
import { adminAuditLog, users } from '~/server/db/schema';
import { createProduct, createUser } from '~/server/test/fixtures';
import { createTestApp, type TestApp, TestClient } from '~/server/test/test-app';
import { CANNOT_DEMOTE_SELF, LAST_ADMIN, updateUser } from './service';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let adminClient: TestClient;

async function login(username: string, password: string) {
  const client = new TestClient(t.app);
  const res = await client.post('/api/auth/login', { username, password });
  return { client, res };
}

const flags = async (id: number) => {
  const [row] = await t.db
    .select({ isAdmin: users.isAdmin, isStaff: users.isStaff })
    .from(users)
    .where(eq(users.id, id));
  return row;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db, {
    username: 'role_admin',
    email: 'role-admin@store.example',
    isAdmin: true,
  });
  adminClient = (await login(admin.username, admin.plainPassword)).client;
});
afterAll(() => t?.close());

describe('the users tab sets the role', () => {
  it("creates a staff user with role 'staff'; the list and sign-in say staff, isAdmin false", async () => {
    const res = await adminClient.post('/api/admin/users', {
      username: 'clerk_one',
      email: 'clerk1@store.example',
      password: 'a-long-enough-secret',
      role: 'staff',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ username: 'clerk_one', role: 'staff', isAdmin: false });
    expect(await flags(res.json().id)).toEqual({ isAdmin: false, isStaff: true });

    const list = await adminClient.get('/api/admin/users?search=clerk_one');
    expect(list.json().map((u: { role: string }) => u.role)).toEqual(['staff']);

    const { client, res: signIn } = await login('clerk_one', 'a-long-enough-secret');
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toMatchObject({ role: 'staff', isAdmin: false });
    expect((await client.get('/api/auth/me')).json()).toMatchObject({ role: 'staff', isAdmin: false });
  });

  it("keeps the specification's isAdmin: true makes an administrator, absent a customer", async () => {
    const a = await adminClient.post('/api/admin/users', {
      username: 'second_boss',
      email: 'boss2@store.example',
      password: 'a-long-enough-secret',
      isAdmin: true,
    });
    expect(a.json()).toMatchObject({ role: 'admin', isAdmin: true });
    const c = await adminClient.post('/api/admin/users', {
      username: 'just_shopper',
      email: 'shopper@store.example',
      password: 'a-long-enough-secret',
    });
    expect(c.json()).toMatchObject({ role: 'customer', isAdmin: false });
  });

  it('refuses an unknown role or a role that contradicts isAdmin with 400, creating nothing', async () => {
    const before = (await t.db.select().from(users)).length;
    const unknown = await adminClient.post('/api/admin/users', {
      username: 'bad_role',
      email: 'bad@store.example',
      password: 'a-long-enough-secret',
      role: 'owner',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain("Role must be 'customer', 'staff' or 'admin'");
    const contradicts = await adminClient.post('/api/admin/users', {
      username: 'bad_role',
      email: 'bad@store.example',
      password: 'a-long-enough-secret',
      role: 'staff',
      isAdmin: true,
    });
    expect(contradicts.statusCode).toBe(400);
    expect(contradicts.json().message).toContain(ROLE_AND_IS_ADMIN_DISAGREE);
    expect((await t.db.select().from(users)).length).toBe(before);
  });

  it('changes a role customer -> staff -> admin -> customer, each change audited', async () => {
    const u = await createUser(t.db, { username: 'moving_user', email: 'moving@store.example' });
    const put = (body: unknown) => adminClient.put(`/api/admin/users/${u.id}`, body);
    expect((await put({ role: 'staff' })).json()).toMatchObject({ role: 'staff', isAdmin: false });
    expect(await flags(u.id)).toEqual({ isAdmin: false, isStaff: true });
    // isAdmin false on a staff user takes away nothing they have.
    expect((await put({ isAdmin: false })).json()).toMatchObject({ role: 'staff' });
    expect((await put({ role: 'admin' })).json()).toMatchObject({ role: 'admin', isAdmin: true });
    expect(await flags(u.id)).toEqual({ isAdmin: true, isStaff: false });
    expect((await put({ isAdmin: false })).json()).toMatchObject({ role: 'customer', isAdmin: false });
    expect(await flags(u.id)).toEqual({ isAdmin: false, isStaff: false });
    const audits = await t.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.entityId, String(u.id)));
    expect(audits.filter((a) => a.entity === 'user' && a.action === 'update')).toHaveLength(3);
  });

  it('a role change applies to the next request of a user already signed in', async () => {
    const u = await createUser(t.db, {
      username: 'signed_in_clerk',
      email: 'sic@store.example',
      isStaff: true,
    });
    const { client } = await login(u.username, u.plainPassword);
    expect((await client.get('/api/orders/admin')).statusCode).toBe(200);
    await adminClient.put(`/api/admin/users/${u.id}`, { role: 'customer' });
    expect((await client.get('/api/orders/admin')).statusCode).toBe(403);
  });

  it('an administrator cannot make themselves staff or a customer; nothing changes', async () => {
    for (const role of ['staff', 'customer']) {
      const res = await adminClient.put(`/api/admin/users/${admin.id}`, { role, phone: '555' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(CANNOT_DEMOTE_SELF);
    }
    expect(await flags(admin.id)).toEqual({ isAdmin: true, isStaff: false });
  });

  it('the last administrator cannot be made staff', async () => {
    const lone = await createTestApp();
    try {
      const only = await createUser(lone.db, { isAdmin: true });
      const clerk = await createUser(lone.db, { isStaff: true });
      await expect(
        updateUser(lone.app.ctx, { userId: clerk.id, sessionId: null }, only.id, { role: 'staff' }),
      ).rejects.toMatchObject({ statusCode: 409, message: LAST_ADMIN });
    } finally {
      await lone.close();
    }
  });

  it('the database refuses a user who is both administrator and staff', async () => {
    await expect(createUser(t.db, { isAdmin: true, isStaff: true })).rejects.toThrow();
  });
});

describe('a staff user', () => {
  let staff: TestClient;
  beforeAll(async () => {
    const u = await createUser(t.db, { username: 'desk_clerk', email: 'desk@store.example', isStaff: true });
    staff = (await login(u.username, u.plainPassword)).client;
  });

  it('works orders, products and the dashboard', async () => {
    const product = await createProduct(t.db, { stock: 4 });
    expect((await staff.get('/api/admin/dashboard')).statusCode).toBe(200);
    expect((await staff.get('/api/orders/admin')).statusCode).toBe(200);
    expect((await staff.get('/api/products/admin')).statusCode).toBe(200);
    const status = await staff.patch(`/api/products/${product.id}/status`, { active: false });
    expect(status.statusCode).toBe(200);
  });

  it('is refused users, settings, taxes and discounts with 403, changing nothing', async () => {
    const calls = [
      staff.get('/api/admin/users'),
      staff.post('/api/admin/users', {
        username: 'sneaky',
        email: 'sneaky@store.example',
        password: 'a-long-enough-secret',
        role: 'admin',
      }),
      staff.put(`/api/admin/users/${admin.id}`, { role: 'customer' }),
      staff.get('/api/admin/settings'),
      staff.patch('/api/admin/settings', { lowStockThreshold: 9 }),
      staff.patch('/api/taxes/ON', { gstRate: '0', pstRate: '0' }),
      staff.put('/api/discounts/weekday', { discounts: [] }),
      staff.put('/api/shipping', { standardPrice: '0', expressPrice: '0' }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Administrator privileges required.');
    }
    expect(await t.db.select().from(users).where(eq(users.username, 'sneaky'))).toEqual([]);
    expect(await flags(admin.id)).toEqual({ isAdmin: true, isStaff: false });
  });
});
