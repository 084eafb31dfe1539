// The privacy toolkit through HTTP: the data export (every order of the customer, nothing of another),
// erasure (orders and tax report unchanged, no personal field left, checked with SQL), a guest's request
// through the e-mailed link, the retention job and the published privacy officer.
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  guestSavedSearches,
  productWatches,
  savedSearches,
  adminAuditLog,
  contactMessages,
  mailOutbox,
  marketingConsents,
  orderHistory,
  orderItems,
  orders,
  privacyRequests,
  rateLimits,
  sessions,
  users,
} from '~/server/db/schema';
import { createProduct, createUser, signInAs } from '~/server/test/fixtures';
import { insertOrder } from '~/server/test/order-fixtures';
import { createTestApp, TestClient, type TestApp } from '~/server/test/test-app';
import { purgeByRetention } from './retention';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = new TestClient(t.app);
  await signInAs(t.db, admin, (await createUser(t.db, { isAdmin: true })).id);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(orders);
  await t.db.delete(contactMessages);
  await t.db.delete(marketingConsents);
  await t.db.delete(mailOutbox);
  await t.db.delete(privacyRequests);
  await t.db.delete(rateLimits);
});

const HOME = {
  addressLine1: '77 Rue Ste-Catherine',
  city: 'Montréal',
  state: 'QC',
  zipCode: 'H2X 1K4',
  country: 'Canada',
};

async function customerWithOrders() {
  const user = await createUser(t.db, { phone: '514-555-0199', address: '77 Rue Ste-Catherine, Montréal' });
  const client = new TestClient(t.app);
  await signInAs(t.db, client, user.id);
  const product = await createProduct(t.db, { name: 'Cordless Drill' });
  const mine = {
    userId: user.id,
    customerEmail: user.email,
    customerName: 'Marie Tremblay',
    customerPhone: '514-555-0199',
    shippingAddress: HOME,
  };
  // Two paid orders in Quebec (14.975 %) on 2026-03-10 and 2026-03-12, and one unpaid checkout.
  const first = await insertOrder(
    t.db,
    {
      ...mine,
      subtotal: '100.00',
      shippingCost: '0.00',
      taxRate: '14.975',
      taxAmount: '14.98',
      total: '114.98',
      taxLines: [
        { code: 'GST', rate: '5', amount: '5.00' },
        { code: 'QST', rate: '9.975', amount: '9.98' },
      ],
      notes: 'Leave at the back door',
      createdAt: new Date('2026-03-10T15:00:00Z'),
    },
    [{ productId: product.id, productName: 'Cordless Drill', quantity: 2, price: '50.00' }],
  );
  const second = await insertOrder(
    t.db,
    {
      ...mine,
      subtotal: '20.00',
      shippingCost: '0.00',
      taxRate: '14.975',
      taxAmount: '3.00',
      total: '23.00',
      taxLines: [
        { code: 'GST', rate: '5', amount: '1.00' },
        { code: 'QST', rate: '9.975', amount: '2.00' },
      ],
      createdAt: new Date('2026-03-12T15:00:00Z'),
    },
    [{ productId: product.id, productName: 'Cordless Drill', quantity: 1, price: '20.00' }],
  );
  const unpaid = await insertOrder(t.db, {
    ...mine,
    paymentStatus: 'pending',
    status: 'pending',
    createdAt: new Date('2026-03-13T15:00:00Z'),
  });
  return { user, client, orders: [first, second, unpaid] };
}

describe('GET /api/account/data-export', () => {
  it('holds every order of the customer with its lines, and nothing of another customer', async () => {
    const { user, client, orders: mine } = await customerWithOrders();
    // Another customer, and a guest order that happens to use another address.
    const other = await createUser(t.db);
    await insertOrder(t.db, { userId: other.id, customerEmail: other.email, customerName: 'Someone Else' });
    await insertOrder(t.db, { customerEmail: 'guest@example.com', customerName: 'Guest Person' });
    await t.db.insert(contactMessages).values([
      { name: 'Marie', email: user.email, subject: 'general', message: 'Do you ship to Gaspé?' },
      { name: 'Other', email: other.email, subject: 'general', message: 'Not Marie’s message.' },
    ]);

    const res = await client.get('/api/account/data-export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const data = res.json();
    expect(data.profile).toMatchObject({ username: user.username, email: user.email, phone: '514-555-0199' });
    expect(data.profile.password).toBeUndefined();
    expect(data.orders.map((o: { reference: string }) => o.reference).sort()).toEqual(
      mine.map((o) => o.orderReference).sort(),
    );
    const first = data.orders.find((o: { reference: string }) => o.reference === mine[0]!.orderReference);
    expect(first).toMatchObject({
      total: '114.98',
      customerName: 'Marie Tremblay',
      shippingAddress: HOME,
      notes: 'Leave at the back door',
    });
    expect(first.lines).toEqual([
      expect.objectContaining({ name: 'Cordless Drill', quantity: 2, unitPrice: '50.00' }),
    ]);
    expect(data.contactMessages.map((m: { message: string }) => m.message)).toEqual([
      'Do you ship to Gaspé?',
    ]);
    expect(JSON.stringify(data)).not.toContain('Someone Else');
    expect(JSON.stringify(data)).not.toContain('Guest Person');
    expect(JSON.stringify(data)).not.toContain(other.email);
  });

  it('as CSV: one row per field, every order there', async () => {
    const { client, orders: mine } = await customerWithOrders();
    const res = await client.get('/api/account/data-export?format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = parse(res.body, { bom: true }) as string[][];
    expect(rows[0]).toEqual(['section', 'record', 'field', 'value']);
    // A cell a spreadsheet would run as a formula (= + - @) is written with a leading apostrophe; order
    // references are random and may start with '-'.
    const cell = (text: string) => (/^[=+\-@]/.test(text) ? `'${text}` : text);
    const totals = rows.filter((r) => r[0] === 'order' && r[2] === 'total').map((r) => [r[1], r[3]]);
    expect(totals.sort()).toEqual(
      [
        [cell(mine[0]!.orderReference), '114.98'],
        [cell(mine[1]!.orderReference), '23.00'],
        [cell(mine[2]!.orderReference), '29.37'],
      ].sort(),
    );
    expect(rows).toContainEqual(['order', cell(mine[0]!.orderReference), 'lines.0.name', 'Cordless Drill']);
  });

  it('needs a session, and a bad format is 400', async () => {
    expect((await t.app.inject('/api/account/data-export')).statusCode).toBe(401);
    const { client } = await customerWithOrders();
    expect((await client.get('/api/account/data-export?format=xml')).statusCode).toBe(400);
  });
});

describe('DELETE /api/account', () => {
  const taxReport = async () =>
    parse((await admin.get('/api/admin/reports/taxes?from=2026-03-01&to=2026-03-31')).body, {
      bom: true,
      columns: true,
    }) as Record<string, string>[];
  const salesReport = async () =>
    (await admin.get('/api/admin/reports/sales?from=2026-03-01&to=2026-03-31&by=month')).json();

  it('erases the person at once and leaves the orders and the tax and sales reports unchanged', async () => {
    const { user, client, orders: mine } = await customerWithOrders();
    const phone = new TestClient(t.app);
    await signInAs(t.db, phone, user.id);
    await client.put('/api/account/marketing', { subscribed: true });
    await t.db
      .insert(contactMessages)
      .values({ name: 'Marie', email: user.email, subject: 'general', message: 'Hello' });
    await t.db.insert(orderHistory).values({
      orderId: mine[0]!.id,
      field: 'shippingAddress',
      fromValue: '77 Rue Ste-Catherine',
      toValue: '78 Rue Ste-Catherine',
      actor: 'admin',
    });
    await t.db.insert(adminAuditLog).values({
      action: 'update',
      entity: 'order',
      entityId: String(mine[0]!.id),
      before: { customerName: 'Marie Tremblay', total: '114.98' },
    });
    const taxBefore = await taxReport();
    const salesBefore = await salesReport();
    // The Quebec lines of the two paid orders: GST 5.00 + 1.00 = 6.00, QST 9.98 + 2.00 = 11.98.
    expect(taxBefore).toHaveLength(2);
    expect(taxBefore.map((r) => Object.values(r).join(' '))).toEqual([
      expect.stringMatching(/^QC GST 5 2 .*6\.00/),
      expect.stringMatching(/^QC QST 9\.975 2 .*11\.98/),
    ]);

    expect(
      (await client.request({ method: 'DELETE', url: '/api/account', payload: { password: 'wrong' } }))
        .statusCode,
    ).toBe(400);
    expect((await client.request({ method: 'DELETE', url: '/api/account', payload: {} })).statusCode).toBe(
      400,
    );
    const res = await client.request({
      method: 'DELETE',
      url: '/api/account',
      payload: { password: user.plainPassword },
    });
    expect(res.statusCode).toBe(200);
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
    expect((await phone.get('/api/auth/me')).statusCode).toBe(401);

    // The orders and their lines stay, and so do the reports' figures.
    expect(await t.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, user.id))).toHaveLength(
      3,
    );
    expect(
      await t.db
        .select()
        .from(orderItems)
        .where(sql`${orderItems.orderId} in (${mine[0]!.id}, ${mine[1]!.id})`),
    ).toHaveLength(2);
    expect(await taxReport()).toEqual(taxBefore);
    expect(await salesReport()).toEqual(salesBefore);

    // No personal field is left, read with SQL.
    const left = (await t.db.execute(sql`
      select customer_name, customer_email, customer_phone, shipping_address, notes, client_key, network_key
      from orders where user_id = ${user.id}`)) as unknown as { rows: Record<string, unknown>[] };
    for (const row of left.rows) {
      expect(row).toEqual({
        customer_name: '',
        customer_email: '',
        customer_phone: null,
        shipping_address: { state: 'QC', country: 'Canada' },
        notes: null,
        client_key: null,
        network_key: null,
      });
    }
    const [account] = (
      (await t.db.execute(
        sql`select username, email, phone, address, checkout_details, deleted_at from users where id = ${user.id}`,
      )) as unknown as { rows: Record<string, unknown>[] }
    ).rows;
    expect(account).toMatchObject({
      username: `deleted-${user.id}`,
      email: `deleted-${user.id}@deleted.invalid`,
      phone: null,
      address: null,
      checkout_details: null,
    });
    expect(account!.deleted_at).not.toBeNull();
    const everywhere = (await t.db.execute(sql`
      select (select count(*) from sessions where user_id = ${user.id})::int as sessions,
        (select count(*) from contact_messages where lower(email) = lower(${user.email}))::int as messages,
        (select count(*) from marketing_consents where lower(email) = lower(${user.email}))::int as consents,
        (select count(*) from subscribers where lower(email) = lower(${user.email}))::int as subscribers,
        (select count(*) from mail_outbox where lower("to") = lower(${user.email}))::int as mails,
        (select count(*) from order_history where to_value like '%Ste-Catherine%' or from_value like '%Ste-Catherine%')::int as history,
        (select count(*) from admin_audit_log where before::text like '%Tremblay%')::int as audit,
        (select count(*) from orders where customer_name like '%Tremblay%' or shipping_address::text like '%Ste-Catherine%')::int as names`)) as unknown as {
      rows: Record<string, number>[];
    };
    expect(everywhere.rows[0]).toEqual({
      sessions: 0,
      messages: 0,
      consents: 0,
      subscribers: 0,
      mails: 0,
      history: 0,
      audit: 0,
      names: 0,
    });

    // A later status change queues no e-mail: the order has no address left.
    await t.db.delete(mailOutbox);
    const shipped = await admin.request({
      method: 'PATCH',
      url: `/api/orders/${mine[0]!.id}/status`,
      payload: { status: 'shipped' },
    });
    expect(shipped.statusCode).toBe(200);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, ''))).toEqual([]);

    // The old sign-in no longer works.
    const again = await new TestClient(t.app).post('/api/auth/login', {
      username: user.username,
      password: user.plainPassword,
    });
    expect(again.statusCode).toBe(401);
  });

  it('refuses an administrator’s own account (403) and changes nothing', async () => {
    const boss = await createUser(t.db, { isAdmin: true });
    const client = new TestClient(t.app);
    await signInAs(t.db, client, boss.id);
    const res = await client.request({
      method: 'DELETE',
      url: '/api/account',
      payload: { password: boss.plainPassword },
    });
    expect(res.statusCode).toBe(403);
    const [row] = await t.db.select().from(users).where(eq(users.id, boss.id));
    expect(row!.deletedAt).toBeNull();
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, boss.id))).toHaveLength(1);
  });
});

describe('alerts in the export and the erasure', () => {
  it("exports the account's saved searches, watches and searches saved by e-mail; erasing removes them", async () => {
    const { user, client } = await customerWithOrders();
    const lamp = await createProduct(t.db, { name: 'Desk Lamp' });
    await t.db.insert(savedSearches).values({ userId: user.id, name: 'dyson', query: 'search=dyson' });
    await t.db.insert(productWatches).values({ userId: user.id, productId: lamp.id, watchedCents: 14_999 });
    await t.db.insert(guestSavedSearches).values({
      email: user.email.toUpperCase(),
      name: 'lamps',
      query: 'search=lamp',
      tokenHash: `privacy-test-${user.id}`,
      confirmedAt: new Date(),
    });
    const other = await createUser(t.db);
    await t.db.insert(savedSearches).values({ userId: other.id, name: 'other-secret', query: 'search=x' });

    const data = (await client.get('/api/account/data-export')).json();
    expect(data.alerts).toEqual([
      expect.objectContaining({ kind: 'saved search', name: 'dyson', query: 'search=dyson' }),
      expect.objectContaining({ kind: 'price watch', productId: lamp.id, watchedPrice: '149.99' }),
      expect.objectContaining({ kind: 'saved search by e-mail', name: 'lamps', query: 'search=lamp' }),
    ]);
    expect(JSON.stringify(data)).not.toContain('other-secret');

    const res = await client.request({
      method: 'DELETE',
      url: '/api/account',
      payload: { password: user.plainPassword },
    });
    expect(res.statusCode).toBe(200);
    expect(await t.db.select().from(savedSearches).where(eq(savedSearches.userId, user.id))).toEqual([]);
    expect(await t.db.select().from(productWatches).where(eq(productWatches.userId, user.id))).toEqual([]);
    expect(
      await t.db
        .select()
        .from(guestSavedSearches)
        .where(sql`lower(${guestSavedSearches.email}) = lower(${user.email})`),
    ).toEqual([]);
    expect(await t.db.select().from(savedSearches).where(eq(savedSearches.userId, other.id))).toHaveLength(1);
  });
});

describe('a guest request by e-mailed link', () => {
  const ask = (email: string, kind: string) =>
    t.app.inject({ method: 'POST', url: '/api/privacy-requests', payload: { email, kind } });
  /** The token the request e-mail carries: the outbox keeps it sealed, so the test reads it as SMTP would. */
  async function linkToken(email: string): Promise<string> {
    const { openOutboxSecret } = await import('~/server/mail/outbox-secret');
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(mail!.kind).toBe('privacy-request');
    expect(mail!.text).toContain('/api/privacy-requests/SECRET-SENT-BY-EMAIL-ONLY');
    return openOutboxSecret(t.config.sessionSecret, mail!.sealedSecret!)!;
  }

  it('answers alike for an unknown address and mails nothing', async () => {
    const res = await ask('nobody@example.com', 'export');
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toBe(
      'If we keep orders or messages under this address, we have sent it a link. It works for 24 hours.',
    );
    expect(await t.db.select().from(mailOutbox)).toEqual([]);
  });

  it('exports the guest orders of the address only, through the link', async () => {
    const guest = await insertOrder(t.db, {
      customerEmail: 'guest@example.com',
      customerName: 'Guest Person',
    });
    await insertOrder(t.db, { customerEmail: 'else@example.com', customerName: 'Else Person' });
    const res = await ask('Guest@Example.com', 'export');
    expect(res.json().message).toBe(
      'If we keep orders or messages under this address, we have sent it a link. It works for 24 hours.',
    );
    const token = await linkToken('Guest@Example.com');
    const page = await t.app.inject(`/api/privacy-requests/${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`/api/privacy-requests/${token}/data?format=csv`);
    const data = (await t.app.inject(`/api/privacy-requests/${token}/data`)).json();
    expect(data.orders.map((o: { reference: string }) => o.reference)).toEqual([guest.orderReference]);
    expect(JSON.stringify(data)).not.toContain('Else Person');
    expect((await t.app.inject('/api/privacy-requests/not-a-real-token-at-all-xxxxx')).statusCode).toBe(404);
  });

  it('deletes on the confirmation (POST) only, once', async () => {
    const guest = await insertOrder(t.db, {
      customerEmail: 'guest@example.com',
      customerName: 'Guest Person',
    });
    await ask('guest@example.com', 'delete');
    const token = await linkToken('guest@example.com');
    // Opening the link (as a mail scanner would) deletes nothing.
    const page = await t.app.inject(`/api/privacy-requests/${token}`);
    expect(page.body).toContain(`action="/api/privacy-requests/${token}/delete"`);
    expect((await t.db.select().from(orders).where(eq(orders.id, guest.id)))[0]!.customerName).toBe(
      'Guest Person',
    );
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/privacy-requests/${token}/delete`,
      headers: { origin: 'http://store.test' },
    });
    expect(done.statusCode).toBe(200);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, guest.id));
    expect(row).toMatchObject({ customerName: '', customerEmail: '', customerPhone: null, total: '29.37' });
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/privacy-requests/${token}/delete`,
      headers: { origin: 'http://store.test' },
    });
    expect(again.statusCode).toBe(404);
  });

  it('refuses a bad request with 400', async () => {
    expect((await ask('nope', 'export')).statusCode).toBe(400);
    expect((await ask('a@example.com', 'everything')).statusCode).toBe(400);
  });
});

describe('the retention job', () => {
  it('removes old contact messages, abandoned checkouts and old sessions, and keeps the rest', async () => {
    const now = new Date();
    const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);
    const msg = { name: 'A', email: 'a@example.com', subject: 'general', message: 'Hello there' };
    await t.db.insert(contactMessages).values([
      { ...msg, createdAt: daysAgo(800) },
      { ...msg, createdAt: daysAgo(10) },
    ]);
    const oldCheckout = await insertOrder(t.db, {
      paymentStatus: 'pending',
      status: 'pending',
      createdAt: daysAgo(120),
    });
    const oldFailed = await insertOrder(t.db, {
      paymentStatus: 'failed',
      status: 'cancelled',
      createdAt: daysAgo(120),
    });
    const freshCheckout = await insertOrder(t.db, {
      paymentStatus: 'pending',
      status: 'pending',
      createdAt: daysAgo(5),
    });
    const oldPaid = await insertOrder(t.db, { createdAt: daysAgo(1000) });
    const strayPayment = await insertOrder(t.db, {
      paymentStatus: 'failed',
      refundStatus: 'refunded',
      createdAt: daysAgo(200),
    });
    const user = await createUser(t.db);
    await t.db.insert(sessions).values([
      {
        id: 'old-session',
        userId: user.id,
        createdAt: daysAgo(100),
        lastSeenAt: daysAgo(1),
        expiresAt: daysAgo(-10),
      },
      {
        id: 'new-session',
        userId: user.id,
        createdAt: daysAgo(3),
        lastSeenAt: daysAgo(1),
        expiresAt: daysAgo(-10),
      },
    ]);

    // Defaults: messages 730 days, abandoned checkouts 90 days, sessions 90 days.
    expect(await purgeByRetention(t.app.ctx, now)).toMatchObject({
      contactMessages: 1,
      abandonedCheckouts: 2,
    });
    expect((await t.db.select().from(contactMessages)).map((m) => m.createdAt)).toEqual([daysAgo(10)]);
    const kept = (await t.db.select({ id: orders.id }).from(orders)).map((o) => o.id).sort((a, b) => a - b);
    expect(kept).toEqual([freshCheckout.id, oldPaid.id, strayPayment.id].sort((a, b) => a - b));
    expect(kept).not.toContain(oldCheckout.id);
    expect(kept).not.toContain(oldFailed.id);
    expect(
      (await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id))).map(
        (s) => s.id,
      ),
    ).toEqual(['new-session']);
  });
});

describe('GET /api/privacy-contact', () => {
  it('publishes the officer the administrator names (the store address until then)', async () => {
    expect((await t.app.inject('/api/privacy-contact')).json()).toEqual({
      name: '',
      title: '',
      titleFr: '',
      email: t.config.STORE_EMAIL,
      phone: '',
    });
    const saved = await admin.patch('/api/admin/settings', {
      privacyOfficerName: 'Sophie Gagnon',
      privacyOfficerTitle: 'Privacy Officer',
      privacyOfficerTitleFr: 'Responsable de la protection des renseignements personnels',
      privacyOfficerEmail: 'privacy@store.example',
      privacyOfficerPhone: '514-555-0100',
    });
    expect(saved.statusCode).toBe(200);
    expect((await t.app.inject('/api/privacy-contact')).json()).toEqual({
      name: 'Sophie Gagnon',
      title: 'Privacy Officer',
      titleFr: 'Responsable de la protection des renseignements personnels',
      email: 'privacy@store.example',
      phone: '514-555-0100',
    });
    expect(
      (await admin.patch('/api/admin/settings', { privacyOfficerEmail: 'not-an-address' })).statusCode,
    ).toBe(400);
    expect((await admin.patch('/api/admin/settings', { privacyOfficerName: 'Two\nlines' })).statusCode).toBe(
      400,
    );
  });
});
