// Booked pickup's e-mails and jobs through real HTTP, the fake Square API and a real SMTP server on
// loopback (docs/decisions/0622-pickup-reminder-and-qr.md, 0623-pickup-no-show.md): the 'ready' e-mail
// carries the slot and a QR image that decodes back to the order's pickup code; the reminder the day
// before goes once; a no-show is cancelled, refunded in full and its lot put back on sale.
import { eq, sql } from 'drizzle-orm';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderHistory, orderRefunds, orders, products } from '~/server/db/schema';
import { MANY_ORDER_EMAILS, postCheckout, validBody } from '~/server/features/checkout/test-support';
import type { FakeSquare } from '~/server/payments/fake-square';
import { createProduct, createUser, signInAs } from '~/server/test/fixtures';
import { type SmtpInbox, startSmtpInbox } from '~/server/test/smtp-inbox';
import { createSquareTestApp } from '~/server/test/square-test-app';
import { type TestApp, TestClient } from '~/server/test/test-app';
import { cancelPickupNoShows, sendPickupReminders } from './jobs';

const HOUR = 3_600_000;
let fake: FakeSquare;
let t: TestApp;
let admin: TestClient;
let inbox: SmtpInbox;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  ({ fake, t } = await createSquareTestApp({ ...MANY_ORDER_EMAILS, SMTP_URL: inbox.url }));
  const user = await createUser(t.db, { isAdmin: true });
  admin = new TestClient(t.app);
  await signInAs(t.db, admin, user.id);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
  await inbox?.close();
});

/** A paid pickup order of one $40.00 lot (stock 1) in the slot starting `hours` from now, in `email`'s name. */
async function paidPickup(email: string, hours: number) {
  // One clock reading for both ends, so the slot is exactly an hour long.
  const now = Date.now();
  const startsAt = new Date(now + hours * HOUR).toISOString();
  const endsAt = new Date(now + (hours + 1) * HOUR).toISOString();
  const slot = (await admin.post('/api/admin/pickup-slots', { startsAt, endsAt, capacity: 3 })).json();
  const p = await createProduct(t.db, { name: `Lot for ${email}`, price: '40.00', stock: 1 });
  const client = new TestClient(t.app);
  const body = await validBody(client, [{ productId: p.id, quantity: 1 }], { shippingMethod: 'pickup' });
  const res = await postCheckout(client, {
    ...body,
    orderData: { ...body.orderData, customerEmail: email, shippingAddress: null, pickupSlotId: slot.id },
  });
  expect(res.statusCode, res.body).toBe(200);
  const [order] = await t.db.select().from(orders).where(eq(orders.orderReference, res.json().orderId));
  fake.pay(order!.paymentLinkId!);
  const paid = await client.patch(`/api/orders/${order!.orderReference}/payment-status`, {
    paymentStatus: 'completed',
  });
  expect(paid.json().paymentStatus).toBe('completed');
  return { order: order!, productId: p.id, slotId: slot.id as number };
}

async function waitForMail(to: string, subject: RegExp) {
  for (let i = 0; i < 100; i++) {
    const mail = inbox.mailsTo(to).find((m) => subject.test(m.subject ?? ''));
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no e-mail to ${to} matching ${subject}`);
}

describe('booked pickup e-mails', () => {
  it("the 'ready' e-mail shows the slot and a QR image that decodes to the pickup code", async () => {
    const { order } = await paidPickup('ready@example.com', 72);
    const ready = await admin.patch(`/api/orders/${order.id}/status`, { status: 'ready-for-pickup' });
    expect(ready.statusCode, ready.body).toBe(200);
    const mail = await waitForMail('ready@example.com', /ready for pickup/);
    expect(mail.text).toContain(`Pickup code: ${order.pickupCode}`);
    expect(mail.text).toMatch(/Pickup time: \w+day, /);
    // Sent as cid:pickup-qr with an inline attachment (the parser puts the image in place as it reads).
    expect(mail.html).toContain(`alt="QR code of pickup code ${order.pickupCode}"`);
    const qr = mail.attachments.find((a) => a.cid === 'pickup-qr');
    expect(qr?.contentType).toBe('image/png');
    expect(qr?.related).toBe(true);
    const png = PNG.sync.read(qr!.content);
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toBe(order.pickupCode);
  });

  it('the reminder goes once, the day before the slot', async () => {
    const { order } = await paidPickup('remind@example.com', 20);
    // Booked two days before its slot (a checkout an hour ago would need no reminder).
    await t.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 48 * HOUR) })
      .where(eq(orders.id, order.id));
    expect(await sendPickupReminders(t.app.ctx)).toBe(1);
    expect(await sendPickupReminders(t.app.ctx)).toBe(0);
    const mail = await waitForMail('remind@example.com', /is tomorrow/);
    expect(mail.text).toContain(`Order ${order.id} is booked for pickup:`);
    expect(mail.attachments.find((a) => a.cid === 'pickup-qr')).toBeDefined();
    expect(
      inbox.mailsTo('remind@example.com').filter((m) => /is tomorrow/.test(m.subject ?? '')),
    ).toHaveLength(1);
  });

  it('a no-show past the set days is cancelled, refunded in full and its lot is back on sale', async () => {
    const { order, productId } = await paidPickup('noshow@example.com', 30);
    expect(
      (await admin.put('/api/admin/pickup-slots/rules', { leadHours: 2, noShowDays: 3 })).statusCode,
    ).toBe(200);
    expect(
      (await admin.patch(`/api/orders/${order.id}/status`, { status: 'ready-for-pickup' })).statusCode,
    ).toBe(200);
    const stock = async () =>
      (await t.db.select({ s: products.stock }).from(products).where(eq(products.id, productId)))[0]!.s;
    expect(await stock()).toBe(0);
    // Ready two days ago: within the three days, nothing happens.
    const readySince = (days: number) =>
      t.db
        .update(orderHistory)
        .set({ createdAt: new Date(Date.now() - days * 24 * HOUR) })
        .where(sql`${orderHistory.orderId} = ${order.id} and ${orderHistory.toValue} = 'ready-for-pickup'`);
    await readySince(2);
    expect(await cancelPickupNoShows(t.app.ctx)).toEqual([]);
    await readySince(4);
    expect(await cancelPickupNoShows(t.app.ctx)).toEqual([order.id]);
    const [after] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after!.status).toBe('cancelled');
    expect(after!.paymentStatus).toBe('refunded');
    // $40.00 and Ontario's 13% HST of 5.20: 45.20 paid, 45.20 given back.
    expect(after!.total).toBe('45.20');
    const refunds = await t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    expect(refunds.map((r) => [r.amount, r.status])).toEqual([['45.20', 'completed']]);
    expect(await stock()).toBe(1);
    await waitForMail('noshow@example.com', /cancel/i);
    // A second run finds nothing more to do.
    expect(await cancelPickupNoShows(t.app.ctx)).toEqual([]);
  });
});
