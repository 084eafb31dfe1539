// Staff permissions the administrator sets (docs/decisions/0459-staff-permissions.md): refunds up to an
// amount (counting what the order already gave back), the customer export and the e-mail outbox, each
// granted per staff user over the role's defaults, stored, enforced by the routes' declarations, and shown
// in /api/auth/me so the admin area offers only what the person may use.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderRefunds } from '~/server/db/schema';
import { createUser, signInAs } from '~/server/test/fixtures';
import { insertOrder } from '~/server/test/order-fixtures';
import { createTestApp, type TestApp, TestClient } from '~/server/test/test-app';
import { EMAILS_NOT_GRANTED, EXPORT_NOT_GRANTED } from '~/shared/permissions';
import { REFUND_LIMIT_MESSAGE } from '~/shared/schemas/admin-users';

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = new TestClient(t.app);
  await signInAs(t.db, admin, (await createUser(t.db, { isAdmin: true })).id);
});
afterAll(() => t?.close());

async function staffMember() {
  const user = await createUser(t.db, { isStaff: true });
  const client = new TestClient(t.app);
  await signInAs(t.db, client, user.id);
  return { user, client };
}
const grant = (id: number, grants: Record<string, unknown>) =>
  admin.put(`/api/admin/users/${id}`, { grants });
/** An order in the database that the handler refuses to refund (not paid): past the guard means 409, not 403. */
const unpaidOrder = () => insertOrder(t.db, { paymentStatus: 'pending', total: '900.00' });

describe('staff permissions', () => {
  it('by default: refunds up to 100.00, no customer export, no e-mails; /api/auth/me says so', async () => {
    const { client } = await staffMember();
    expect((await client.get('/api/auth/me')).json().permissions).toEqual({
      refundLimit: '100.00',
      exportCustomers: false,
      readEmails: false,
      useTill: false,
    });
    const emails = await client.get('/api/admin/emails');
    expect([emails.statusCode, emails.json().message]).toEqual([403, EMAILS_NOT_GRANTED]);
    const one = await client.get('/api/admin/emails/1');
    expect([one.statusCode, one.json().message]).toEqual([403, EMAILS_NOT_GRANTED]);
    const csv = await client.get('/api/orders/export.csv');
    expect([csv.statusCode, csv.json().message]).toEqual([403, EXPORT_NOT_GRANTED]);

    const order = await unpaidOrder();
    const over = await client.post(`/api/orders/${order.id}/refunds`, { amount: '100.01', restock: false });
    expect([over.statusCode, over.json().message]).toEqual([
      403,
      'This refund is over your limit of $100.00. An administrator can make it, or raise your limit in Users.',
    ]);
    // At the limit the guard lets it through; the handler then refuses an unpaid order.
    const atLimit = await client.post(`/api/orders/${order.id}/refunds`, {
      amount: '100.00',
      restock: false,
    });
    expect(atLimit.statusCode).toBe(409);
  });

  it('counts what the order already gave back: 80.00 refunded, 30.00 more is over 100.00, 20.00 is not', async () => {
    const { client } = await staffMember();
    const order = await unpaidOrder();
    await t.db.insert(orderRefunds).values({
      orderId: order.id,
      amount: '80.00',
      restock: false,
      status: 'completed',
      idempotencyKey: `refund-${order.orderReference}-1`,
    });
    // A refund the provider refused gave nothing back: it does not count.
    await t.db.insert(orderRefunds).values({
      orderId: order.id,
      amount: '500.00',
      restock: false,
      status: 'failed',
      idempotencyKey: `refund-${order.orderReference}-2`,
    });
    expect(
      (await client.post(`/api/orders/${order.id}/refunds`, { amount: '30.00', restock: false })).statusCode,
    ).toBe(403);
    expect(
      (await client.post(`/api/orders/${order.id}/refunds`, { amount: '20.00', restock: false })).statusCode,
    ).toBe(409);
  });

  it('granted by the administrator per staff user, stored, and taken back', async () => {
    const { user, client } = await staffMember();
    const { client: colleague } = await staffMember();
    const set = await grant(user.id, { refundLimit: '500', exportCustomers: true, readEmails: true });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().grants).toEqual({
      refundLimit: '500.00',
      exportCustomers: true,
      readEmails: true,
      useTill: null,
    });
    expect((await client.get('/api/auth/me')).json().permissions).toEqual({
      refundLimit: '500.00',
      exportCustomers: true,
      readEmails: true,
      useTill: false,
    });
    expect((await client.get('/api/admin/emails')).statusCode).toBe(200);
    expect((await client.get('/api/orders/export.csv')).statusCode).toBe(200);
    const order = await unpaidOrder();
    expect(
      (await client.post(`/api/orders/${order.id}/refunds`, { amount: '450.00', restock: false })).statusCode,
    ).toBe(409);
    expect(
      (await client.post(`/api/orders/${order.id}/refunds`, { amount: '500.01', restock: false })).statusCode,
    ).toBe(403);
    // Another staff user keeps the defaults.
    expect((await colleague.get('/api/admin/emails')).statusCode).toBe(403);
    // The list shows the grants; null puts a field back to the role's default.
    const listed = (await admin.get(`/api/admin/users?search=${user.username}`)).json();
    expect(listed.find((u: { id: number }) => u.id === user.id).grants.readEmails).toBe(true);
    await grant(user.id, { readEmails: null, refundLimit: '' });
    expect((await client.get('/api/auth/me')).json().permissions).toEqual({
      refundLimit: '100.00',
      exportCustomers: true,
      readEmails: false,
      useTill: false,
    });
    expect((await client.get('/api/admin/emails')).statusCode).toBe(403);
  });

  it('are set by administrators only, with a clear 400 for a bad limit', async () => {
    const { user, client } = await staffMember();
    expect(
      (await client.put(`/api/admin/users/${user.id}`, { grants: { readEmails: true } })).statusCode,
    ).toBe(403);
    const bad = await grant(user.id, { refundLimit: '-5' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(REFUND_LIMIT_MESSAGE);
    expect((await client.get('/api/auth/me')).json().permissions.readEmails).toBe(false);
  });

  it('administrators have all of them, customers none', async () => {
    expect((await admin.get('/api/auth/me')).json().permissions).toEqual({
      refundLimit: null,
      exportCustomers: true,
      readEmails: true,
      useTill: true,
    });
    expect((await admin.get('/api/admin/emails')).statusCode).toBe(200);
    const customer = new TestClient(t.app);
    await signInAs(t.db, customer, (await createUser(t.db)).id);
    expect((await customer.get('/api/auth/me')).json().permissions).toEqual({
      refundLimit: '0.00',
      exportCustomers: false,
      readEmails: false,
      useTill: false,
    });
  });
});
