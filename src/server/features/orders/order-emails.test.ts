// The order e-mails (docs/decisions/0270-order-emails-through-the-outbox.md), through the real HTTP
// layer and a real SMTP server on loopback: each kind's subject, text, amounts (worked out by hand)
// and links, both parts present; one e-mail per change when two administrators press at once; the
// marketing opt-out changes nothing; the store hears of each paid order.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox, orders, users } from '~/server/db/schema';
import { createProduct, createUser, signInAs } from '~/server/test/fixtures';
import type { ParsedMail } from 'mailparser';
import { type MailingStore, startMailingStore } from '~/server/test/mailing-store';
import type { ReceivedMail, SmtpInbox } from '~/server/test/smtp-inbox';
import { TestClient, type TestApp } from '~/server/test/test-app';
import { type Destination, postCheckout, validBody } from '~/server/features/checkout/test-support';
import { retryOrderEmails } from './order-emails';

const form = { 'content-type': 'application/x-www-form-urlencoded' };
const STORE_EMAIL = 'shop@store.test';

/** Every message the loopback SMTP server accepted, parsed, with its envelope recipients. */
let inbox: SmtpInbox;
let received: ReceivedMail[];

let t: TestApp;
let admin: TestClient;
let store: MailingStore;
beforeAll(async () => {
  store = await startMailingStore({ STORE_NAME: 'Liquidation Depot', STORE_EMAIL });
  ({ t, inbox, received, admin } = store);
});
afterAll(() => store.close());
beforeEach(() => {
  received.length = 0;
  inbox.refuse = false;
});

/** A paid order of one 20.00 item (ON, standard shipping unless told), as a guest or as `client`. */
async function paidOrder(options: { client?: TestClient; email?: string; destination?: Destination } = {}) {
  const product = await createProduct(t.db, { name: 'Desk Lamp', price: '20.00', stock: 5 });
  const client = options.client ?? new TestClient(t.app);
  const body = await validBody(client, [{ productId: product.id, quantity: 1 }], options.destination);
  body.orderData.customerEmail = options.email ?? 'jane@example.com';
  const res = await postCheckout(client, body);
  expect(res.statusCode).toBe(200);
  const reference = res.json().orderId as string;
  const paid = await client.post(`/pay/${reference}/pay`, '', form);
  expect(paid.headers.location).toContain('status=success');
  return (await t.db.select().from(orders).where(eq(orders.orderReference, reference)))[0]!;
}

const mailsTo = (address: string, subjectPart = '') =>
  received.filter((r) => r.rcpt.includes(address) && (r.mail.subject ?? '').includes(subjectPart));

const setStatus = (id: number, body: Record<string, unknown>) =>
  admin.patch(`/api/orders/${id}/status`, body);

const outboxOf = (orderId: number) => t.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, orderId));

const guestLink = (reference: string) => `http://store.test/orders/lookup?reference=${reference}`;

/** Both parts present, the layout's header and footer in each. */
function expectBranded(mail: ParsedMail) {
  expect(mail.text).toContain('Liquidation Depot');
  expect(mail.text).toContain('1250 Clearance Road, Unit 4, Mississauga, ON L5T 2N7, Canada');
  expect(mail.text).toContain(`write to ${STORE_EMAIL} or visit http://store.test/contact`);
  expect(mail.html).toBeTruthy();
  expect(mail.html).toContain('src="http://store.test/email-logo.png"');
  expect(mail.html).toContain(`href="mailto:${STORE_EMAIL}"`);
  expect(mail.html).toContain('1250 Clearance Road, Unit 4');
}

describe('order e-mails', () => {
  it('confirms a paid order in the layout, with amounts and a link, and alerts the store', async () => {
    const order = await paidOrder();
    const [confirmation] = mailsTo('jane@example.com', 'confirmed');
    expect(confirmation).toBeDefined();
    const mail = confirmation!.mail;
    expect(mail.subject).toBe(`Liquidation Depot: order ${order.orderReference} confirmed`);
    expectBranded(mail);
    // 1 x 20.00; standard shipping 5.99; HST 13% of 25.99 = 3.3787 -> 3.38; total 29.37.
    expect(mail.text).toContain('- 1 x Desk Lamp @ $20.00 = $20.00');
    expect(mail.text).toContain('Subtotal: $20.00\nShipping: $5.99\nHST (13%): $3.38\nTotal: $29.37 CAD');
    expect(mail.text).toContain(`View your order: ${guestLink(order.orderReference)}`);
    expect(mail.html).toContain(`href="${guestLink(order.orderReference)}"`);
    expect(mail.html).toContain('$29.37 CAD');

    const [alert] = mailsTo(STORE_EMAIL, 'New order');
    expect(alert!.mail.subject).toBe(`New order ${order.id} (${order.orderReference}): $29.37 CAD`);
    expect(alert!.mail.text).toContain('Customer: Jane Shopper');
    expect(alert!.mail.text).toContain('E-mail: jane@example.com');
    expect(alert!.mail.text).toContain('Total: $29.37 CAD');
    expect(alert!.mail.text).toContain('Open the orders: http://store.test/admin/orders');
    expect(alert!.mail.html).toBeTruthy();
    const rows = await outboxOf(order.id);
    expect(rows.find((r) => r.kind === 'order-new-alert')).toMatchObject({ status: 'sent', to: STORE_EMAIL });
  });

  it('says shipped with the tracking number and the carrier link', async () => {
    const order = await paidOrder();
    const res = await setStatus(order.id, {
      status: 'shipped',
      trackingNumber: '1Z999AA10123456784',
      trackingCarrier: 'ups',
      estimatedDeliveryDate: '2026-12-03',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ trackingCarrier: 'ups', trackingNumber: '1Z999AA10123456784' });
    const shipped = mailsTo('jane@example.com', 'has shipped');
    expect(shipped).toHaveLength(1);
    const mail = shipped[0]!.mail;
    expect(mail.subject).toBe(`Liquidation Depot: order ${order.orderReference} has shipped`);
    expectBranded(mail);
    expect(mail.text).toContain('Carrier: UPS\nTracking number: 1Z999AA10123456784');
    const ups = 'https://www.ups.com/track?loc=en_CA&tracknum=1Z999AA10123456784';
    expect(mail.text).toContain(`Track your parcel with UPS: ${ups}`);
    expect(mail.html).toContain(`href="${ups.replaceAll('&', '&amp;')}"`);
    expect(mail.text).toContain('Estimated delivery: 2026-12-03');
    expect(mail.text).toContain('123 Main Street');
    expect(mail.text).toContain(`View your order: ${guestLink(order.orderReference)}`);
  });

  it.each([
    [
      'canada-post',
      'https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=7023210039414604',
    ],
    ['purolator', 'https://www.purolator.com/en/shipping/tracker?pin=7023210039414604'],
    ['fedex', 'https://www.fedex.com/fedextrack/?trknbr=7023210039414604'],
    ['usps', 'https://tools.usps.com/go/TrackConfirmAction?tLabels=7023210039414604'],
  ])('links %s tracking numbers to the carrier', async (carrier, url) => {
    const order = await paidOrder();
    await setStatus(order.id, {
      status: 'shipped',
      trackingNumber: '7023210039414604',
      trackingCarrier: carrier,
    });
    expect(mailsTo('jane@example.com', 'has shipped')[0]!.mail.text).toContain(url);
  });

  it('gives no tracking link without a carrier, and refuses an unknown carrier', async () => {
    const order = await paidOrder();
    const bad = await setStatus(order.id, { status: 'shipped', trackingCarrier: 'pigeon' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(
      'trackingCarrier must be one of canada-post, purolator, ups, fedex, usps',
    );
    expect(mailsTo('jane@example.com', 'has shipped')).toHaveLength(0);
    await setStatus(order.id, { status: 'shipped', trackingNumber: 'LOCAL-42' });
    const text = mailsTo('jane@example.com', 'has shipped')[0]!.mail.text!;
    expect(text).toContain('Tracking number: LOCAL-42');
    expect(text).not.toContain('Track your parcel');
  });

  it('says where and when to pick up, then thanks for the pickup', async () => {
    const order = await paidOrder({ destination: { shippingMethod: 'pickup' } });
    // Pickup: no shipping; HST 13% of 20.00 = 2.60; total 22.60.
    expect(mailsTo('jane@example.com', 'confirmed')[0]!.mail.text).toContain(
      'Subtotal: $20.00\nShipping: $0.00\nHST (13%): $2.60\nTotal: $22.60 CAD',
    );
    await setStatus(order.id, { status: 'ready-for-pickup' });
    const ready = mailsTo('jane@example.com', 'ready for pickup');
    expect(ready).toHaveLength(1);
    expect(ready[0]!.mail.subject).toBe(
      `Liquidation Depot: order ${order.orderReference} is ready for pickup`,
    );
    expectBranded(ready[0]!.mail);
    expect(ready[0]!.mail.text).toContain(
      'Where\n  Warehouse Store & Pickup\n  1250 Clearance Road, Unit 4\n  Mississauga, ON L5T 2N7\n  Canada',
    );
    expect(ready[0]!.mail.text).toContain('When\n  Monday to Friday: 9 a.m. to 6 p.m.');
    await setStatus(order.id, { status: 'picked-up' });
    const picked = mailsTo('jane@example.com', 'was picked up');
    expect(picked).toHaveLength(1);
    expect(picked[0]!.mail.text).toContain('Thank you for picking up your order');
  });

  it('says delivered and cancelled, each once per change', async () => {
    const order = await paidOrder();
    await setStatus(order.id, { status: 'delivered' });
    const delivered = mailsTo('jane@example.com', 'was delivered');
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.mail.text).toContain('Delivered to:\n  123 Main Street\n  Toronto, ON M5V 2T6');
    // The same status again is no change: no e-mail.
    await setStatus(order.id, { status: 'delivered' });
    expect(mailsTo('jane@example.com', 'was delivered')).toHaveLength(1);
    await setStatus(order.id, { status: 'cancelled' });
    const cancelled = mailsTo('jane@example.com', 'was cancelled');
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]!.mail.subject).toBe(`Liquidation Depot: order ${order.orderReference} was cancelled`);
    expect(cancelled[0]!.mail.text).toContain('Total: $29.37 CAD');
    // Statuses that are not news for the customer send nothing.
    await setStatus(order.id, { status: 'processing' });
    expect(mailsTo('jane@example.com')).toHaveLength(3);
  });

  it('says refunded with the amount when the administrator marks a paid order refunded', async () => {
    const order = await paidOrder();
    const res = await admin.patch(`/api/orders/${order.id}/payment-status`, { paymentStatus: 'refunded' });
    expect(res.statusCode).toBe(200);
    const refunded = mailsTo('jane@example.com', 'refund');
    expect(refunded).toHaveLength(1);
    expect(refunded[0]!.mail.subject).toBe(
      `Liquidation Depot: refund of $29.37 CAD for order ${order.orderReference}`,
    );
    expectBranded(refunded[0]!.mail);
    expect(refunded[0]!.mail.text).toContain('Refund: $29.37 CAD');
    expect(refunded[0]!.mail.text).toContain(`View your order: ${guestLink(order.orderReference)}`);
  });

  it('says refunded with the partial amount of a refund through the provider, once per refund', async () => {
    const order = await paidOrder();
    const first = await admin.post(`/api/orders/${order.id}/refunds`, { amount: '10.00', restock: false });
    expect(first.statusCode).toBe(200);
    const refunded = mailsTo('jane@example.com', 'refund');
    expect(refunded.map((m) => m.mail.subject)).toEqual([
      `Liquidation Depot: refund of $10.00 CAD for order ${order.orderReference}`,
    ]);
    // Order total 29.37 (20.00 + 5.99 shipping + HST 13% of 25.99 = 3.3787 -> 3.38), of which 10.00
    // refunded: its tax is 3.38 x 10.00 / 29.37 = 1.1508 -> 1.15.
    expect(refunded[0]!.mail.text).toContain(
      'Refund: $10.00 CAD\nOf which HST (13%): $1.15\nOrder total: $29.37 CAD',
    );
    await admin.post(`/api/orders/${order.id}/refunds`, { amount: '5.50', restock: false });
    const both = mailsTo('jane@example.com', 'refund');
    expect(both.map((m) => m.mail.subject)).toEqual([
      `Liquidation Depot: refund of $10.00 CAD for order ${order.orderReference}`,
      `Liquidation Depot: refund of $5.50 CAD for order ${order.orderReference}`,
    ]);
    // 15.50 refunded in all carries 3.38 x 15.50 / 29.37 = 1.7838 -> 1.78 of tax: this one's is 1.78 - 1.15.
    expect(both[1]!.mail.text).toContain(
      'Refund: $5.50 CAD\nOf which HST (13%): $0.63\nRefunded in all: $15.50 CAD\nOrder total: $29.37 CAD',
    );
  });

  it('cancelled with a refund: the cancellation arrives before the refund it announces', async () => {
    const order = await paidOrder();
    const res = await setStatus(order.id, { status: 'cancelled', refund: true });
    expect(res.statusCode, res.body).toBe(200);
    const subjects = mailsTo('jane@example.com')
      .map((m) => m.mail.subject ?? '')
      .filter((subject) => /cancelled|refund/.test(subject));
    expect(subjects).toEqual([
      `Liquidation Depot: order ${order.orderReference} was cancelled`,
      `Liquidation Depot: refund of $29.37 CAD for order ${order.orderReference}`,
    ]);
  });

  it('sends Shipped once per order, with what is known when it ships', async () => {
    const order = await paidOrder();
    const shipped = await setStatus(order.id, {
      status: 'shipped',
      trackingNumber: '1Z999AA10123456784',
      trackingCarrier: 'ups',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const [mail] = mailsTo('jane@example.com', 'has shipped');
    expect(mail!.mail.text).toContain('Carrier: UPS\nTracking number: 1Z999AA10123456784');
    expect(mail!.mail.text).toContain('https://www.ups.com/track?loc=en_CA&tracknum=1Z999AA10123456784');
    // Back to Processing by mistake and Shipped again: the customer is not told of a second parcel.
    expect((await setStatus(order.id, { status: 'processing' })).statusCode).toBe(200);
    expect((await setStatus(order.id, { status: 'shipped' })).statusCode).toBe(200);
    expect(mailsTo('jane@example.com', 'has shipped')).toHaveLength(1);
    expect(mailsTo('jane@example.com', 'tracking')).toHaveLength(0);
    expect((await outboxOf(order.id)).filter((r) => r.kind === 'order-shipped')).toHaveLength(1);
  });

  it('e-mails tracking added or corrected after shipping, once per change', async () => {
    const order = await paidOrder();
    // Tracking on an order not yet shipped is the store's note: no e-mail.
    await admin.patch(`/api/orders/${order.id}`, { trackingNumber: 'EARLY1' });
    expect(mailsTo('jane@example.com')).toHaveLength(1); // the confirmation
    await setStatus(order.id, { status: 'shipped', trackingNumber: '' });
    const [shipped] = mailsTo('jane@example.com', 'has shipped');
    expect(shipped!.mail.text).not.toContain('Tracking number');

    const added = await admin.patch(`/api/orders/${order.id}`, {
      trackingNumber: '7316 8429 0157 2231',
      trackingCarrier: 'canada-post',
    });
    expect(added.statusCode, added.body).toBe(200);
    const updates = mailsTo('jane@example.com', 'tracking');
    expect(updates.map((m) => m.mail.subject)).toEqual([
      `Liquidation Depot: new tracking details for order ${order.orderReference}`,
    ]);
    const text = updates[0]!.mail.text!;
    expect(text).toContain('Carrier: Canada Post\nTracking number: 7316 8429 0157 2231');
    expect(text).toContain(
      'https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=7316%208429%200157%202231',
    );
    expect(text).toContain(`View your order: ${guestLink(order.orderReference)}`);
    // The same details again change nothing and send nothing.
    await admin.patch(`/api/orders/${order.id}`, { trackingNumber: '7316 8429 0157 2231' });
    expect(mailsTo('jane@example.com', 'tracking')).toHaveLength(1);
    // A correction through a repeat of Shipped: one more update, no second 'has shipped'.
    await setStatus(order.id, { status: 'shipped', trackingNumber: '7316842901572232' });
    expect(mailsTo('jane@example.com', 'tracking')).toHaveLength(2);
    expect(mailsTo('jane@example.com', 'has shipped')).toHaveLength(1);
    // Clearing the number tells the customer nothing.
    await admin.patch(`/api/orders/${order.id}`, { trackingNumber: '' });
    expect(mailsTo('jane@example.com', 'tracking')).toHaveLength(2);
    const kinds = (await outboxOf(order.id)).map((r) => r.kind).sort();
    expect(kinds.filter((k) => k === 'order-tracking-updated')).toHaveLength(2);
  });

  it('sends one e-mail when two administrators change the status at once', async () => {
    const order = await paidOrder();
    const body = { status: 'shipped', trackingNumber: '1Z999AA10123456784', trackingCarrier: 'ups' };
    const answers = await Promise.all([setStatus(order.id, body), setStatus(order.id, body)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(mailsTo('jane@example.com', 'has shipped')).toHaveLength(1);
    expect((await outboxOf(order.id)).filter((r) => r.kind === 'order-shipped')).toHaveLength(1);
    // Two refunds pressed at once: one e-mail too.
    await Promise.all([
      admin.patch(`/api/orders/${order.id}/payment-status`, { paymentStatus: 'refunded' }),
      admin.patch(`/api/orders/${order.id}/payment-status`, { paymentStatus: 'refunded' }),
    ]);
    expect(mailsTo('jane@example.com', 'refund')).toHaveLength(1);
  });

  it('sends them to a customer who turned e-mail notifications off, linking to the account', async () => {
    const customer = await createUser(t.db, { emailNotifications: false });
    await t.db.update(users).set({ emailNotifications: false }).where(eq(users.id, customer.id));
    const client = new TestClient(t.app);
    await signInAs(t.db, client, customer.id);
    const order = await paidOrder({ client, email: customer.email });
    expect(order.userId).toBe(customer.id);
    await setStatus(order.id, { status: 'shipped' });
    const mails = mailsTo(customer.email);
    expect(mails.map((m) => m.mail.subject)).toEqual([
      `Liquidation Depot: order ${order.orderReference} confirmed`,
      `Liquidation Depot: order ${order.orderReference} has shipped`,
    ]);
    for (const m of mails)
      expect(m.mail.text).toContain('View your order: http://store.test/account?tab=orders');
  });

  it('sends no status e-mail for an unpaid checkout', async () => {
    const product = await createProduct(t.db, { price: '20.00', stock: 5 });
    const client = new TestClient(t.app);
    const body = await validBody(client, [{ productId: product.id, quantity: 1 }]);
    body.orderData.customerEmail = 'unpaid@example.com';
    const res = await postCheckout(client, body);
    const [order] = await t.db.select().from(orders).where(eq(orders.orderReference, res.json().orderId));
    await setStatus(order!.id, { status: 'cancelled' });
    expect(received).toHaveLength(0);
  });

  it('keeps a refused e-mail in the outbox and the maintenance job delivers it later', async () => {
    const order = await paidOrder();
    inbox.refuse = true;
    await setStatus(order.id, { status: 'delivered' });
    const [row] = (await outboxOf(order.id)).filter((r) => r.kind === 'order-delivered');
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row!.error).toContain('Mailbox unavailable');
    inbox.refuse = false;
    // Not before its back-off...
    await retryOrderEmails(t.app.ctx);
    expect(mailsTo('jane@example.com', 'was delivered')).toHaveLength(0);
    // ...then once.
    await t.db.execute(
      sql`update mail_outbox set attempt_at = now() - interval '6 minutes' where id = ${row!.id}`,
    );
    await retryOrderEmails(t.app.ctx);
    await retryOrderEmails(t.app.ctx);
    expect(mailsTo('jane@example.com', 'was delivered')).toHaveLength(1);
    const [after] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, row!.id));
    expect(after).toMatchObject({ status: 'sent', attempts: 2, error: null });
  });
});

describe('the outbox for administrators', () => {
  it('lists what was sent and shows each message; only to administrators', async () => {
    const order = await paidOrder();
    const list = await admin.get(`/api/admin/emails?orderId=${order.id}`);
    expect(list.statusCode).toBe(200);
    const kinds = list
      .json()
      .items.map((i: { kind: string }) => i.kind)
      .sort();
    expect(kinds).toEqual(['order-confirmation', 'order-new-alert']);
    expect(list.json().total).toBe(2);
    const id = list.json().items[0].id;
    const one = await admin.get(`/api/admin/emails/${id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().html).toContain('<html');
    expect(one.json().text).toContain('Liquidation Depot');
    expect((await admin.get('/api/admin/emails/999999')).json().message).toBe('E-mail not found.');
    expect((await new TestClient(t.app).get('/api/admin/emails')).statusCode).toBe(401);
    const customer = new TestClient(t.app);
    await signInAs(t.db, customer, (await createUser(t.db)).id);
    expect((await customer.get('/api/admin/emails')).statusCode).toBe(403);
    expect((await admin.get('/api/admin/emails?status=nope')).statusCode).toBe(400);
  });
});
