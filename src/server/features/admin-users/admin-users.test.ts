// User management by administrators: who may call it,
// creation and duplicates, partial edits, the blank password, the self-protection rules and the last
// administrator, deletion keeping orders, the e-mail search, and no password hash in any answer.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndConfirm } from '~/server/features/auth/test-support';
import { adminAuditLog, orders, sessions, storeCreditMovements, users } from '~/server/db/schema';
import { COMMON_PASSWORD } from '~/server/lib/common-passwords';
import { USERNAME_MIXED_SCRIPTS } from '~/shared/usernames';
import { USERNAME_LOOKALIKE } from '~/server/features/auth';
import { verifyPassword } from '~/server/lib/passwords';
import { createUser } from '~/server/test/fixtures';
import { createTestApp, type TestApp, TestClient } from '~/server/test/test-app';
import { insertOrder } from '~/server/test/order-fixtures';
import { CANNOT_DELETE_SELF, CANNOT_DEMOTE_SELF, deleteUser, LAST_ADMIN, updateUser } from './service';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let adminClient: TestClient;
let customer: Awaited<ReturnType<typeof createUser>>;
let customerClient: TestClient;
const bodies: string[] = [];

/** Signs in through the real login route (so sign-in with a password is what is tested). */
async function login(username: string, password: string) {
  const client = new TestClient(t.app);
  const res = await client.post('/api/auth/login', { username, password });
  bodies.push(res.body);
  return { client, res };
}

async function call(
  client: TestClient,
  method: 'get' | 'post' | 'put' | 'delete',
  url: string,
  body?: unknown,
) {
  const res =
    method === 'get' || method === 'delete' ? await client[method](url) : await client[method](url, body);
  bodies.push(res.body);
  return res;
}

const userRow = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0];

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db, { username: 'root_admin', email: 'root@store.example', isAdmin: true });
  customer = await createUser(t.db, { username: 'plain_customer', email: 'plain@customer.example' });
  adminClient = (await login(admin.username, admin.plainPassword)).client;
  customerClient = (await login(customer.username, customer.plainPassword)).client;
});

afterAll(async () => {
  // Whatever each test asked, no answer ever carried a password hash.
  for (const body of bodies) expect(body).not.toMatch(/argon2/i);
  expect(bodies.length).toBeGreaterThan(0);
  await t?.close();
});

describe('access', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', '/api/admin/users'],
    ['GET', '/api/admin/users/1'],
    [
      'POST',
      '/api/admin/users',
      { username: 'x_new', email: 'x@new.example', password: 'secret-1', isAdmin: true },
    ],
    ['PUT', '/api/admin/users/1', { isAdmin: true }],
    ['DELETE', '/api/admin/users/1'],
    ['GET', '/api/users/search?email=example'],
  ];

  it.each(routes)(
    '%s %s refuses guests (401) and customers (403), changing nothing',
    async (method, url, body) => {
      const before = await t.db.select().from(users);
      const guest = await new TestClient(t.app).request({
        method: method as 'GET',
        url,
        payload: body as object,
      });
      expect(guest.statusCode).toBe(401);
      const asCustomer = await customerClient.request({
        method: method as 'GET',
        url,
        payload: body as object,
      });
      expect(asCustomer.statusCode).toBe(403);
      bodies.push(guest.body, asCustomer.body);
      expect(await t.db.select().from(users)).toEqual(before);
    },
  );
});

describe('create', () => {
  it('creates a customer or an administrator, answers without the password, and audits it', async () => {
    const res = await call(adminClient, 'post', '/api/admin/users', {
      username: 'new_helper',
      email: 'Helper@Store.example',
      password: 'helper-pass-1',
      isAdmin: true,
      phone: '416-555-0100',
      address: '1 Front St, Toronto',
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      username: 'new_helper',
      email: 'Helper@Store.example',
      isAdmin: true,
      phone: '416-555-0100',
      address: '1 Front St, Toronto',
      orderCount: 0,
    });
    expect(created).not.toHaveProperty('password');
    const row = await userRow(created.id);
    expect(await verifyPassword(row!.password, 'helper-pass-1')).toBe(true);
    const audit = await t.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.entity, 'user'), eq(adminAuditLog.entityId, String(created.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'create', userId: admin.id });
    expect(JSON.stringify(audit[0]!.after)).not.toMatch(/argon2/);
    // The new administrator can sign in and use the admin routes.
    const { res: signIn, client } = await login('new_helper', 'helper-pass-1');
    expect(signIn.statusCode).toBe(200);
    expect((await client.get('/api/admin/users')).statusCode).toBe(200);
  });

  it('defaults to a customer with no phone or address', async () => {
    const res = await call(adminClient, 'post', '/api/admin/users', {
      username: 'quiet_one',
      email: 'quiet@one.example',
      password: 'quiet-pass',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ isAdmin: false, phone: null, address: null });
  });

  it.each([
    [{ username: 'ROOT_ADMIN', email: 'other1@store.example' }, 'username'],
    [{ username: 'other_name', email: 'ROOT@store.EXAMPLE' }, 'email'],
  ])('refuses a duplicate (any case) with 409 %#', async (values, field) => {
    const count = (await t.db.select().from(users)).length;
    const res = await call(adminClient, 'post', '/api/admin/users', { ...values, password: 'whatever-1' });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toHaveProperty(field);
    expect((await t.db.select().from(users)).length).toBe(count);
  });

  it('refuses missing or invalid fields with 400 and the field message', async () => {
    const count = (await t.db.select().from(users)).length;
    const noPassword = await call(adminClient, 'post', '/api/admin/users', {
      username: 'abc',
      email: 'a@b.example',
    });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().errors).toHaveProperty('password');
    const badEmail = await call(adminClient, 'post', '/api/admin/users', {
      username: 'abcd',
      email: 'nope',
      password: 'secret-1',
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toBe('Please enter a valid email address');
    const badAdmin = await call(adminClient, 'post', '/api/admin/users', {
      username: 'abcde',
      email: 'ok@b.example',
      password: 'secret-1',
      isAdmin: 'yes',
    });
    expect(badAdmin.statusCode).toBe(400);
    expect((await t.db.select().from(users)).length).toBe(count);
  });
});

describe('list and search', () => {
  it('lists users by username with the total in X-Total-Count, paged and searchable', async () => {
    for (let i = 0; i < 3; i++) {
      await createUser(t.db, { username: `pager_${i}`, email: `pager${i}@list.example` });
    }
    const all = await call(adminClient, 'get', '/api/admin/users?limit=100');
    expect(all.statusCode).toBe(200);
    const total = Number(all.headers['x-total-count']);
    expect(total).toBe((await t.db.select().from(users)).length);
    const names = all.json().map((u: { username: string }) => u.username);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'en')));
    for (const u of all.json())
      expect(Object.keys(u).sort()).toEqual([
        'address',
        'createdAt',
        'email',
        'grants',
        'id',
        'isAdmin',
        'orderCount',
        'phone',
        'role',
        'username',
      ]);

    const search = await call(adminClient, 'get', '/api/admin/users?search=LIST.EXAMPLE&limit=2&page=2');
    expect(search.headers['x-total-count']).toBe('3');
    expect(search.json().map((u: { username: string }) => u.username)).toEqual(['pager_2']);
    const byName = await call(adminClient, 'get', '/api/admin/users?search=pager_1');
    expect(byName.json().map((u: { email: string }) => u.email)).toEqual(['pager1@list.example']);
    // A % typed by the administrator is a character, not a wildcard.
    const wildcard = await call(adminClient, 'get', '/api/admin/users?search=%25');
    expect(wildcard.json()).toEqual([]);
  });

  it('GET /api/users/search finds users by part of the e-mail, any case, with only id, username and email', async () => {
    const target = await createUser(t.db, { username: 'linkable', email: 'Link.Me@Customer.example' });
    const res = await call(adminClient, 'get', '/api/users/search?email=link.me@CUSTOMER');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ id: target.id, username: 'linkable', email: 'Link.Me@Customer.example' }]);
    const none = await call(adminClient, 'get', '/api/users/search?email=nobody-here');
    expect(none.json()).toEqual([]);
    const underscore = await call(adminClient, 'get', '/api/users/search?email=link_me');
    expect(underscore.json()).toEqual([]);
    const empty = await call(adminClient, 'get', '/api/users/search?email=%20');
    expect(empty.statusCode).toBe(400);
  });

  it('counts the orders of each user', async () => {
    const buyer = await createUser(t.db, { username: 'order_counter', email: 'counter@orders.example' });
    await insertOrder(t.db, { userId: buyer.id });
    await insertOrder(t.db, { userId: buyer.id });
    const res = await call(adminClient, 'get', `/api/admin/users/${buyer.id}`);
    expect(res.json().orderCount).toBe(2);
  });
});

describe('edit', () => {
  it('changes only the fields sent, and a blank password keeps the current one', async () => {
    const user = await createUser(t.db, {
      username: 'partial_edit',
      email: 'partial@edit.example',
      phone: '555-0101',
      address: 'Old address',
    });
    const before = await userRow(user.id);
    const res = await call(adminClient, 'put', `/api/admin/users/${user.id}`, {
      phone: '555-0202',
      password: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      username: 'partial_edit',
      email: 'partial@edit.example',
      phone: '555-0202',
      address: 'Old address',
      isAdmin: false,
    });
    const after = await userRow(user.id);
    expect(after!.password).toBe(before!.password);
    expect((await login('partial_edit', user.plainPassword)).res.statusCode).toBe(200);

    const cleared = await call(adminClient, 'put', `/api/admin/users/${user.id}`, { address: '' });
    expect(cleared.json()).toMatchObject({ phone: '555-0202', address: null });
    const empty = await call(adminClient, 'put', `/api/admin/users/${user.id}`, {});
    expect(empty.statusCode).toBe(200);
    expect((await userRow(user.id))!.password).toBe(before!.password);
  });

  it('sets a new password: the user signs in with it (not the old one) and their other sessions end', async () => {
    const user = await createUser(t.db, { username: 'reset_me', email: 'reset@me.example' });
    const { client: theirSession } = await login('reset_me', user.plainPassword);
    expect((await theirSession.get('/api/auth/me')).statusCode).toBe(200);
    const res = await call(adminClient, 'put', `/api/admin/users/${user.id}`, { password: 'brand-new-pass' });
    expect(res.statusCode).toBe(200);
    expect((await theirSession.get('/api/auth/me')).statusCode).toBe(401);
    expect((await login('reset_me', user.plainPassword)).res.statusCode).toBe(401);
    expect((await login('reset_me', 'brand-new-pass')).res.statusCode).toBe(200);
    const audit = await t.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.entity, 'user'), eq(adminAuditLog.entityId, String(user.id))));
    expect(audit.map((a) => a.action)).toEqual(['update']);
    expect(JSON.stringify(audit)).not.toMatch(/argon2/);
  });

  it('refuses a too-short new password', async () => {
    const user = await createUser(t.db, { username: 'short_pw', email: 'short@pw.example' });
    const before = await userRow(user.id);
    const res = await call(adminClient, 'put', `/api/admin/users/${user.id}`, { password: 'abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Password must be at least 6 characters');
    expect(await userRow(user.id)).toEqual(before);
  });

  it('refuses one of the most common passwords, on creation and on edit, and changes nothing', async () => {
    const created = await call(adminClient, 'post', '/api/admin/users', {
      username: 'common_pw_new',
      email: 'common@pw.example',
      password: 'Qwerty123',
      isAdmin: true,
    });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({ message: COMMON_PASSWORD, errors: { password: COMMON_PASSWORD } });
    expect(await t.db.select().from(users).where(eq(users.username, 'common_pw_new'))).toHaveLength(0);

    const user = await createUser(t.db, { username: 'common_pw', email: 'common_edit@pw.example' });
    const before = await userRow(user.id);
    const res = await call(adminClient, 'put', `/api/admin/users/${user.id}`, { password: 'iloveyou' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(COMMON_PASSWORD);
    expect(await userRow(user.id)).toEqual(before);
  });

  it('refuses look-alike usernames on creation and on edit, and normalises the one it keeps', async () => {
    const mixed = await call(adminClient, 'post', '/api/admin/users', {
      username: '\u0430dmin', // Cyrillic а
      email: 'fake-admin@names.example',
      password: 'kettle-moss-41',
      isAdmin: true,
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json()).toMatchObject({
      message: USERNAME_MIXED_SCRIPTS,
      errors: { username: USERNAME_MIXED_SCRIPTS },
    });
    expect(await t.db.select().from(users).where(eq(users.email, 'fake-admin@names.example'))).toHaveLength(
      0,
    );

    const user = await createUser(t.db, { username: 'rename_me', email: 'rename@names.example' });
    const before = await userRow(user.id);
    const lookalike = await call(adminClient, 'put', `/api/admin/users/${user.id}`, {
      username: '\u0440\u0430\u0443', // Cyrillic рау reads 'pay'
    });
    expect(lookalike.statusCode).toBe(400);
    expect(lookalike.json().message).toBe(USERNAME_LOOKALIKE);
    expect(await userRow(user.id)).toEqual(before);

    const wide = await call(adminClient, 'put', `/api/admin/users/${user.id}`, {
      username: '\uff52\uff45\uff4e\uff41\uff4d\uff45\uff44', // ｒｅｎａｍｅｄ
    });
    expect(wide.statusCode).toBe(200);
    expect((await userRow(user.id))!.username).toBe('renamed');
  });

  it('promotes and demotes another user', async () => {
    const user = await createUser(t.db, { username: 'promote_me', email: 'promote@me.example' });
    const up = await call(adminClient, 'put', `/api/admin/users/${user.id}`, { isAdmin: true });
    expect(up.json().isAdmin).toBe(true);
    const down = await call(adminClient, 'put', `/api/admin/users/${user.id}`, { isAdmin: false });
    expect(down.statusCode).toBe(200);
    expect(down.json().isAdmin).toBe(false);
  });

  it('refuses a duplicate username or e-mail (any case) with 409 and changes nothing', async () => {
    const user = await createUser(t.db, { username: 'dup_target', email: 'dup@target.example' });
    const before = await userRow(user.id);
    const byName = await call(adminClient, 'put', `/api/admin/users/${user.id}`, {
      username: 'Plain_Customer',
    });
    expect(byName.statusCode).toBe(409);
    const byEmail = await call(adminClient, 'put', `/api/admin/users/${user.id}`, {
      phone: '123',
      email: 'PLAIN@customer.example',
    });
    expect(byEmail.statusCode).toBe(409);
    expect(await userRow(user.id)).toEqual(before);
    // Its own name in another case is not a duplicate.
    const own = await call(adminClient, 'put', `/api/admin/users/${user.id}`, { username: 'DUP_target' });
    expect(own.statusCode).toBe(200);
  });

  it('answers 404 for an unknown user', async () => {
    const res = await call(adminClient, 'put', '/api/admin/users/999999', { phone: '1' });
    expect(res.statusCode).toBe(404);
  });
});

describe('self-protection and the last administrator', () => {
  it('an administrator cannot remove their own admin role (the server refuses, nothing changes)', async () => {
    const res = await call(adminClient, 'put', `/api/admin/users/${admin.id}`, {
      isAdmin: false,
      phone: '999',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(CANNOT_DEMOTE_SELF);
    expect(await userRow(admin.id)).toMatchObject({ isAdmin: true, phone: null });
    // Other changes to their own account are fine.
    const ok = await call(adminClient, 'put', `/api/admin/users/${admin.id}`, {
      isAdmin: true,
      phone: '416',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ isAdmin: true, phone: '416' });
  });

  it('an administrator cannot delete their own account', async () => {
    const res = await call(adminClient, 'delete', `/api/admin/users/${admin.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(CANNOT_DELETE_SELF);
    expect(await userRow(admin.id)).toBeDefined();
  });

  it('changing your own password keeps your current session', async () => {
    const me = await createUser(t.db, {
      username: 'self_pw_admin',
      email: 'selfpw@store.example',
      isAdmin: true,
    });
    const { client } = await login('self_pw_admin', me.plainPassword);
    const { client: elsewhere } = await login('self_pw_admin', me.plainPassword);
    const res = await call(client, 'put', `/api/admin/users/${me.id}`, { password: 'my-new-password' });
    expect(res.statusCode).toBe(200);
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
    expect((await elsewhere.get('/api/auth/me')).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, me.id))).toHaveLength(1);
  });

  it('the last administrator cannot be demoted or deleted', async () => {
    // Only reachable when the actor is not (or no longer) an administrator: the service is called
    // directly, as a request racing another one would.
    await t.db.update(users).set({ isAdmin: false }).where(eq(users.isAdmin, true));
    const only = await createUser(t.db, {
      username: 'the_only_admin',
      email: 'only@store.example',
      isAdmin: true,
    });
    const actor = { userId: customer.id, sessionId: null };
    await expect(updateUser(t.app.ctx, actor, only.id, { isAdmin: false })).rejects.toMatchObject({
      statusCode: 409,
      message: LAST_ADMIN,
    });
    await expect(deleteUser(t.app.ctx, actor, only.id)).rejects.toMatchObject({
      statusCode: 409,
      message: LAST_ADMIN,
    });
    expect(await userRow(only.id)).toMatchObject({ isAdmin: true });
    await t.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
  });

  it('two administrators removing each other at once: one wins, the store keeps an administrator', async () => {
    const a = await createUser(t.db, {
      username: 'mutual_a',
      email: 'mutual_a@store.example',
      isAdmin: true,
    });
    const b = await createUser(t.db, {
      username: 'mutual_b',
      email: 'mutual_b@store.example',
      isAdmin: true,
    });
    await t.db
      .update(users)
      .set({ isAdmin: false })
      .where(and(eq(users.isAdmin, true)));
    await t.db.update(users).set({ isAdmin: true }).where(eq(users.id, a.id));
    await t.db.update(users).set({ isAdmin: true }).where(eq(users.id, b.id));
    const { client: ca } = await login('mutual_a', a.plainPassword);
    const { client: cb } = await login('mutual_b', b.plainPassword);
    const [r1, r2] = await Promise.all([
      call(ca, 'put', `/api/admin/users/${b.id}`, { isAdmin: false }),
      call(cb, 'delete', `/api/admin/users/${a.id}`),
    ]);
    const codes = [r1.statusCode, r2.statusCode].sort();
    expect(codes[0]).toBe(200);
    expect([403, 409]).toContain(codes[1]);
    const admins = await t.db.select().from(users).where(eq(users.isAdmin, true));
    expect(admins).toHaveLength(1);
    await t.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
  });
});

describe('delete', () => {
  it('deletes a user, keeps their orders detached, ends their sessions and audits it', async () => {
    const user = await createUser(t.db, { username: 'leaving', email: 'leaving@user.example' });
    const { client } = await login('leaving', user.plainPassword);
    const o1 = await insertOrder(t.db, { userId: user.id });
    const o2 = await insertOrder(t.db, { userId: user.id });
    const res = await call(adminClient, 'delete', `/api/admin/users/${user.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().detachedOrders).toBe(2);
    expect(await userRow(user.id)).toBeUndefined();
    for (const o of [o1, o2]) {
      const [row] = await t.db.select().from(orders).where(eq(orders.id, o.id));
      expect(row).toMatchObject({ userId: null, customerEmail: o.customerEmail, total: o.total });
    }
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
    const audit = await t.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.entity, 'user'), eq(adminAuditLog.entityId, String(user.id))));
    expect(audit.map((a) => a.action)).toEqual(['delete']);
    expect(audit[0]!.before).toMatchObject({ username: 'leaving', detachedOrderIds: [o1.id, o2.id] });
  });

  it('deletes another administrator while one remains', async () => {
    const other = await createUser(t.db, {
      username: 'other_admin',
      email: 'other_admin@store.example',
      isAdmin: true,
    });
    const res = await call(adminClient, 'delete', `/api/admin/users/${other.id}`);
    expect(res.statusCode).toBe(200);
  });

  it('refuses to delete a customer who holds store credit; at zero it deletes and keeps the ledger', async () => {
    const holder = await createUser(t.db, { username: 'credit_holder', email: 'holder@user.example' });
    const credit = (amount: string) =>
      call(adminClient, 'post', `/api/admin/users/${holder.id}/store-credit`, { amount, reason: 'Goodwill' });
    expect((await credit('12.50')).statusCode).toBe(200);
    const refused = await call(adminClient, 'delete', `/api/admin/users/${holder.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This customer holds $12.50 of store credit. Take it back with a reason, or let them spend it, before deleting the account.',
    );
    expect(await userRow(holder.id)).toMatchObject({ username: 'credit_holder' });

    // Taken back to 0.00, the account can go; its two movements stay, so a past day's liability is unchanged.
    expect((await credit('-12.50')).statusCode).toBe(200);
    expect((await call(adminClient, 'delete', `/api/admin/users/${holder.id}`)).statusCode).toBe(200);
    expect(await userRow(holder.id)).toBeUndefined();
    const kept = await t.db
      .select({ amountCents: storeCreditMovements.amountCents })
      .from(storeCreditMovements)
      .where(eq(storeCreditMovements.userId, holder.id))
      .orderBy(storeCreditMovements.id);
    expect(kept).toEqual([{ amountCents: 1250 }, { amountCents: -1250 }]);
  });

  it('answers 404 for an unknown user and 400 for a bad id', async () => {
    expect((await call(adminClient, 'delete', '/api/admin/users/999999')).statusCode).toBe(404);
    expect((await call(adminClient, 'delete', '/api/admin/users/abc')).statusCode).toBe(400);
  });
});

describe('no password hash in any answer', () => {
  it('auth and account answers carry no hash either', async () => {
    const reg = await registerAndConfirm(t, new TestClient(t.app), {
      username: 'hashless',
      email: 'hashless@x.example',
      password: 'hashless-pass',
    });
    bodies.push(reg.body);
    const { client, res } = await login('hashless', 'hashless-pass');
    expect(res.statusCode).toBe(200);
    bodies.push((await client.get('/api/auth/me')).body);
    bodies.push(
      (
        await client.request({
          method: 'PATCH',
          url: '/api/auth/update-profile',
          payload: { username: 'hashless', email: 'hashless@x.example' },
        })
      ).body,
    );
    bodies.push((await adminClient.get('/api/auth/me')).body);
    for (const body of bodies) expect(body).not.toMatch(/argon2/i);
  });
});
