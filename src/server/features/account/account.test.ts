import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders, sessions, users } from '~/server/db/schema';
import { createProduct, createUser } from '~/server/test/fixtures';
import { createTestApp, type TestApp, TestClient } from '~/server/test/test-app';
import { COMMON_PASSWORD } from '~/server/lib/common-passwords';
import { USERNAME_MIXED_SCRIPTS } from '~/shared/usernames';
import { EMAIL_TAKEN, USERNAME_LOOKALIKE, USERNAME_TAKEN } from '~/server/features/auth';
import { awayFromWindowEdge } from '~/server/features/auth/test-support';
import { insertOrder } from '~/server/test/order-fixtures';
import { ADMIN_CANNOT_DELETE_SELF, WRONG_CURRENT_PASSWORD, WRONG_PASSWORD } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A user signed in through the real sign-in route. */
async function signedIn(values: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.db, values);
  const client = new TestClient(t.app);
  const res = await client.post('/api/auth/login', { username: user.username, password: user.plainPassword });
  expect(res.statusCode).toBe(200);
  return { user, client };
}

describe('PATCH /api/auth/update-profile', () => {
  it('changes username, email, phone and address, and /me shows them', async () => {
    const { user, client } = await signedIn();
    const res = await client.patch('/api/auth/update-profile', {
      username: 'renamed_user',
      email: 'renamed@example.com',
      phone: '416-555-0199',
      address: '12 King St W, Toronto',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: user.id,
      username: 'renamed_user',
      email: 'renamed@example.com',
      phone: '416-555-0199',
      address: '12 King St W, Toronto',
      isAdmin: false,
    });
    expect((await client.get('/api/auth/me')).json().username).toBe('renamed_user');
  });

  it('refuses a look-alike or mixed-alphabet username and keeps the old one', async () => {
    const { user, client } = await signedIn();
    for (const [username, message] of [
      ['\u0455\u0441\u043e\u0440\u0435', USERNAME_LOOKALIKE], // Cyrillic ѕсоре reads 'scope'
      ['sc\u043epe', USERNAME_MIXED_SCRIPTS], // Cyrillic о among Latin letters
    ]) {
      const res = await client.patch('/api/auth/update-profile', { username, email: user.email });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message, errors: { username: message } });
    }
    expect((await client.get('/api/auth/me')).json().username).toBe(user.username);
  });

  it('treats an empty phone or address as none', async () => {
    const { user, client } = await signedIn({ phone: '555-0100', address: 'Somewhere' });
    const res = await client.patch('/api/auth/update-profile', {
      username: user.username,
      email: user.email,
      phone: '',
      address: '  ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ phone: null, address: null });
    const omitted = await client.patch('/api/auth/update-profile', {
      username: user.username,
      email: user.email,
    });
    expect(omitted.statusCode).toBe(200);
  });

  it.each([
    [{ username: 'ab', email: 'ok@example.com' }, 'Username must be at least 3 characters'],
    [{ username: 'valid', email: 'nope' }, 'Please enter a valid email address'],
    [
      { username: 'valid', email: 'ok@example.com', phone: 'call me maybe' },
      'Please enter a valid phone number.',
    ],
    [
      { username: 'valid', email: 'ok@example.com', address: 'x'.repeat(501) },
      'Address must be at most 500 characters',
    ],
  ])('refuses %j with 400 and changes nothing', async (body, message) => {
    const { user, client } = await signedIn();
    const res = await client.patch('/api/auth/update-profile', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.username).toBe(user.username);
    expect(row!.email).toBe(user.email);
  });

  it("answers 409 for another account's username or email (any case), and keeps one's own", async () => {
    const other = await createUser(t.db, { username: 'OtherPerson', email: 'other.person@example.com' });
    const { user, client } = await signedIn();
    const taken = await client.patch('/api/auth/update-profile', {
      username: 'otherperson',
      email: user.email,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(USERNAME_TAKEN);
    const takenEmail = await client.patch('/api/auth/update-profile', {
      username: user.username,
      email: 'OTHER.PERSON@example.com',
    });
    expect(takenEmail.statusCode).toBe(409);
    expect(takenEmail.json().message).toBe(EMAIL_TAKEN);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.username).toBe(user.username);
    // Changing only the case of one's own name is fine.
    const own = await client.patch('/api/auth/update-profile', {
      username: user.username.toUpperCase(),
      email: user.email,
    });
    expect(own.statusCode).toBe(200);
    expect(other.id).not.toBe(user.id);
  });

  it('cannot make anyone an administrator or touch another account', async () => {
    const victim = await createUser(t.db);
    const { user, client } = await signedIn();
    const res = await client.patch('/api/auth/update-profile', {
      id: victim.id,
      userId: victim.id,
      username: 'still_me',
      email: 'still.me@example.com',
      isAdmin: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, isAdmin: false });
    const [v] = await t.db.select().from(users).where(eq(users.id, victim.id));
    expect(v!.username).toBe(victim.username);
    const [me] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(me!.isAdmin).toBe(false);
  });
});

describe('POST /api/auth/change-password', () => {
  it('needs the right current password', async () => {
    const { client } = await signedIn();
    const res = await client.post('/api/auth/change-password', {
      currentPassword: 'not-it',
      newPassword: 'brand-new-pass',
      confirmNewPassword: 'brand-new-pass',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: WRONG_CURRENT_PASSWORD,
      errors: { currentPassword: WRONG_CURRENT_PASSWORD },
    });
  });

  it.each([
    [
      { currentPassword: '', newPassword: 'abcdef', confirmNewPassword: 'abcdef' },
      'Current password is required',
    ],
    [
      { currentPassword: 'x', newPassword: 'abc', confirmNewPassword: 'abc' },
      'New password must be at least 6 characters',
    ],
    [
      { currentPassword: 'x', newPassword: 'abcdef', confirmNewPassword: 'abcdeg' },
      "New passwords don't match",
    ],
  ])('refuses %j with the message', async (body, message) => {
    const { client } = await signedIn();
    const res = await client.post('/api/auth/change-password', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('changes the password, keeps this device signed in and ends every other session', async () => {
    const { user, client } = await signedIn();
    const laptop = new TestClient(t.app);
    await laptop.post('/api/auth/login', { username: user.username, password: user.plainPassword });
    expect((await laptop.get('/api/auth/me')).statusCode).toBe(200);
    const before = client.cookies.get('sid');

    const res = await client.post('/api/auth/change-password', {
      currentPassword: user.plainPassword,
      newPassword: 'brand-new-pass',
      confirmNewPassword: 'brand-new-pass',
    });
    expect(res.statusCode).toBe(200);
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
    expect(client.cookies.get('sid')).not.toBe(before);
    expect((await laptop.get('/api/auth/me')).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);

    const oldPassword = await new TestClient(t.app).post('/api/auth/login', {
      username: user.username,
      password: user.plainPassword,
    });
    expect(oldPassword.statusCode).toBe(401);
    const newPassword = await new TestClient(t.app).post('/api/auth/login', {
      username: user.username,
      password: 'brand-new-pass',
    });
    expect(newPassword.statusCode).toBe(200);
  });

  it('refuses one of the most common passwords as the new one; the old password still works', async () => {
    const { user, client } = await signedIn();
    const res = await client.post('/api/auth/change-password', {
      currentPassword: user.plainPassword,
      newPassword: '123456',
      confirmNewPassword: '123456',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: COMMON_PASSWORD, errors: { newPassword: COMMON_PASSWORD } });
    const again = await new TestClient(t.app).post('/api/auth/login', {
      username: user.username,
      password: user.plainPassword,
    });
    expect(again.statusCode).toBe(200);
  });

  it('throttles wrong current passwords', async () => {
    await awayFromWindowEdge();
    const { user, client } = await signedIn();
    for (let i = 0; i < 5; i++) {
      const res = await client.post('/api/auth/change-password', {
        currentPassword: 'guess',
        newPassword: 'abcdef',
        confirmNewPassword: 'abcdef',
      });
      expect(res.statusCode).toBe(400);
    }
    const res = await client.post('/api/auth/change-password', {
      currentPassword: user.plainPassword,
      newPassword: 'abcdef',
      confirmNewPassword: 'abcdef',
    });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  }, 120_000);

  it('checks at most 5 current passwords when 20 guesses arrive at once', async () => {
    await awayFromWindowEdge();
    const { user, client } = await signedIn();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        client.post('/api/auth/delete-account', { password: `guess-${i}` }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(15);
    // The account is still there and the right password now waits too.
    expect(await t.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
    const res = await client.post('/api/auth/delete-account', { password: user.plainPassword });
    expect(res.statusCode).toBe(429);
  }, 120_000);
});

describe('PATCH /api/auth/preferences', () => {
  it('keeps the e-mail notifications choice', async () => {
    const { client } = await signedIn();
    expect((await client.get('/api/auth/me')).json().emailNotifications).toBe(true);
    const off = await client.patch('/api/auth/preferences', { emailNotifications: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().emailNotifications).toBe(false);
    expect((await client.get('/api/auth/me')).json().emailNotifications).toBe(false);
    const bad = await client.patch('/api/auth/preferences', { emailNotifications: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect((await client.get('/api/auth/me')).json().emailNotifications).toBe(false);
  });
});

describe('POST /api/auth/delete-account', () => {
  it('needs the password and deletes nothing without it', async () => {
    const { user, client } = await signedIn();
    const missing = await client.post('/api/auth/delete-account', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Password is required');
    const wrong = await client.post('/api/auth/delete-account', { password: 'nope' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(WRONG_PASSWORD);
    expect(await t.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
  });

  it('erases the account and ends its sessions but keeps its orders, with no one named (decision 0562)', async () => {
    const { user, client } = await signedIn();
    const phone = new TestClient(t.app);
    await phone.post('/api/auth/login', { username: user.username, password: user.plainPassword });
    const product = await createProduct(t.db);
    const order = await insertOrder(t.db, { userId: user.id }, [
      { productId: product.id, quantity: 2, price: '10.00' },
    ]);

    const res = await client.post('/api/auth/delete-account', { password: user.plainPassword });
    expect(res.statusCode).toBe(200);
    const [erased] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(erased).toMatchObject({ username: `deleted-${user.id}`, phone: null, address: null });
    expect(erased!.deletedAt).not.toBeNull();
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    const [kept] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept).toMatchObject({ userId: user.id, total: order.total, customerEmail: '', customerName: '' });
    expect(await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id))).toHaveLength(1);
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
    expect((await phone.get('/api/auth/me')).statusCode).toBe(401);
    const again = await new TestClient(t.app).post('/api/auth/login', {
      username: user.username,
      password: user.plainPassword,
    });
    expect(again.statusCode).toBe(401);
  });

  it('refuses to let an administrator delete their own account', async () => {
    const { user, client } = await signedIn({ isAdmin: true });
    const res = await client.post('/api/auth/delete-account', { password: user.plainPassword });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(ADMIN_CANNOT_DELETE_SELF);
    expect(await t.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
  });
});

describe('GET /api/orders/my-orders', () => {
  it("lists the user's orders newest first, with every field the account page shows", async () => {
    const { user, client } = await signedIn();
    const lamp = await createProduct(t.db, {
      name: 'Desk Lamp',
      imageUrl: '/uploads/lamp.webp',
      lotNumber: 'LOT-LAMP',
    });
    const fan = await createProduct(t.db, { name: 'Box Fan' });
    const older = await insertOrder(
      t.db,
      { userId: user.id, createdAt: new Date('2025-01-02T10:00:00Z'), status: 'delivered' },
      [{ productId: lamp.id, quantity: 1, price: '19.99' }],
    );
    const newer = await insertOrder(
      t.db,
      {
        userId: user.id,
        createdAt: new Date('2025-02-03T10:00:00Z'),
        status: 'shipped',
        trackingNumber: '1Z999',
        estimatedDeliveryDate: '2025-02-07',
        shippingMethod: 'express',
        notes: 'Leave at door',
      },
      [
        {
          productId: fan.id,
          quantity: 2,
          price: '15.00',
          productName: 'Box Fan (as sold)',
          sku: 'SKU-FAN',
          imageUrl: '/uploads/fan.webp',
        },
        { productId: lamp.id, quantity: 1, price: '19.99' },
        { productId: null, quantity: 1, price: '5.00', productName: '' },
      ],
    );
    const res = await client.get('/api/orders/my-orders');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.headers['cache-control']).toContain('no-store');
    const list = res.json();
    expect(list.map((o: { id: number }) => o.id)).toEqual([newer.id, older.id]);
    expect(list[0]).toMatchObject({
      id: newer.id,
      orderReference: newer.orderReference,
      status: 'shipped',
      paymentStatus: 'completed',
      trackingNumber: '1Z999',
      estimatedDeliveryDate: '2025-02-07',
      shippingMethod: 'express',
      subtotal: '20.00',
      shippingCost: '5.99',
      taxAmount: '3.38',
      total: '29.37',
      notes: 'Leave at door',
      createdAt: '2025-02-03T10:00:00.000Z',
      shippingAddress: { addressLine1: '12 King St W', city: 'Toronto' },
    });
    expect(list[0]).not.toHaveProperty('paymentLinkId');
    expect(list[0]).not.toHaveProperty('idempotencyKey');
    expect(list[0].items).toEqual([
      {
        id: expect.any(Number),
        productId: fan.id,
        name: 'Box Fan (as sold)',
        productName: 'Box Fan (as sold)',
        sku: 'SKU-FAN',
        imageUrl: '/uploads/fan.webp',
        price: '15.00',
        quantity: 2,
      },
      // No snapshot: the product's current name, image and lot number fill in.
      {
        id: expect.any(Number),
        productId: lamp.id,
        name: 'Desk Lamp',
        productName: 'Desk Lamp',
        sku: 'LOT-LAMP',
        imageUrl: '/uploads/lamp.webp',
        price: '19.99',
        quantity: 1,
      },
      {
        id: expect.any(Number),
        productId: null,
        name: '',
        productName: '',
        sku: null,
        imageUrl: null,
        price: '5.00',
        quantity: 1,
      },
    ]);
  });

  it('answers an empty list for a user without orders', async () => {
    const { client } = await signedIn();
    const res = await client.get('/api/orders/my-orders');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });
});

describe('/api/auth/checkout-details (a remembered checkout)', () => {
  const details = {
    firstName: 'Pat',
    lastName: 'Buyer',
    phone: '416-555-0199',
    addressLine1: '12 King St W',
    addressLine2: 'Unit 4',
    city: 'Toronto',
    state: 'ON',
    zipCode: 'M5H 1A1',
    country: 'Canada',
  };

  it('answers null until saved, then the details; saving also sets the profile phone and address', async () => {
    const { user, client } = await signedIn();
    const empty = await client.get('/api/auth/checkout-details');
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ details: null });
    const saved = await client.put('/api/auth/checkout-details', details);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ details });
    expect((await client.get('/api/auth/checkout-details')).json()).toEqual({ details });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      phone: '416-555-0199',
      address: '12 King St W, Unit 4, Toronto, ON M5H 1A1, Canada',
    });
  });

  it('refuses details the checkout form would refuse, changing nothing', async () => {
    const { user, client } = await signedIn();
    const res = await client.put('/api/auth/checkout-details', { ...details, state: 'ZZ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Province/State is required.');
    const short = await client.put('/api/auth/checkout-details', { ...details, firstName: 'P' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('First name must be at least 2 characters.');
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.checkoutDetails).toBeNull();
  });

  it('is for signed-in customers only', async () => {
    const guest = new TestClient(t.app);
    expect((await guest.get('/api/auth/checkout-details')).statusCode).toBe(401);
    expect((await guest.put('/api/auth/checkout-details', details)).statusCode).toBe(401);
  });
});
