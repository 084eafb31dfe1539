// The reminder before a hold expires (docs/decisions/0582-hold-expiry-reminder.md), through real checkouts
// and the real payment page, read from a real SMTP server on loopback: one e-mail with the time of day in
// the store's zone and the order's language, only with the checkout's marketing box ticked, never twice,
// never after paying.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, stockHolds } from '~/server/db/schema';
import { PICKUP_DEFAULTS } from '~/shared/pickup';
import { createProduct, seedStoreSettings, setWeekdayDiscounts } from '~/server/test/fixtures';
import { type SmtpInbox, startSmtpInbox } from '~/server/test/smtp-inbox';
import { createTestApp, type TestApp, TestClient } from '~/server/test/test-app';
import { MANY_ORDER_EMAILS, postCheckout, validBody } from '~/server/features/checkout/test-support';
import { sendHoldReminders } from './hold-reminder';

let t: TestApp;
let inbox: SmtpInbox;
beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({
    env: { SMTP_URL: inbox.url, STORE_TIMEZONE: 'America/Toronto', ...MANY_ORDER_EMAILS },
  });
  await seedStoreSettings(t.db);
  await setWeekdayDiscounts(t.db);
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

// 2030-01-15 is in winter: Toronto is UTC-5, so 20:40 UTC is 3:40 pm there.
const PLACED = new Date('2030-01-15T20:10:00Z');
const HELD_UNTIL = new Date('2030-01-15T20:40:00Z');
const form = { 'content-type': 'application/x-www-form-urlencoded' };

/** A checkout of one lot as the shopper places it, dated and held as the test's clock says. */
async function checkout(email: string, marketingOptIn: boolean, headers: Record<string, string> = {}) {
  const product = await createProduct(t.db, { price: '20.00', stock: 1 });
  const client = new TestClient(t.app);
  const body = await validBody(client, [{ productId: product.id, quantity: 1 }]);
  const res = await postCheckout(
    client,
    { ...body, orderData: { ...body.orderData, customerEmail: email, marketingOptIn } },
    headers,
  );
  expect(res.statusCode).toBe(200);
  const reference = res.json().orderId as string;
  const [order] = await t.db.select().from(orders).where(eq(orders.orderReference, reference));
  await t.db.update(orders).set({ createdAt: PLACED }).where(eq(orders.id, order!.id));
  await t.db.update(stockHolds).set({ expiresAt: HELD_UNTIL }).where(eq(stockHolds.orderId, order!.id));
  return { client, reference };
}

describe('the hold-expiry reminder', () => {
  it('sends one e-mail to a shopper who ticked the box, with the time in the store zone, and never twice', async () => {
    await checkout('hold-yes@example.com', true);
    await checkout('hold-no@example.com', false);
    // Five minutes after the checkout the shopper may still be paying: nothing yet.
    expect(await sendHoldReminders(t.app.ctx, new Date('2030-01-15T20:15:00Z'))).toBe(0);
    // Fifteen minutes after: one reminder, to the shopper who consented.
    expect(await sendHoldReminders(t.app.ctx, new Date('2030-01-15T20:25:00Z'))).toBe(1);
    await inbox.next();
    const [mail, ...more] = inbox.mailsTo('hold-yes@example.com');
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Your items are held until 3:40 p.m.');
    expect(mail!.text).toContain('Your items are held until 3:40 p.m.; after that they go back on sale');
    expect(mail!.text).toContain('Finish your order: http://store.test/cart');
    expect(mail!.text).toMatch(/Unsubscribe in one click: http:\/\/store\.test\/api\/unsubscribe\/[\w.-]+/);
    // The sender named with the store's postal address (no mailing address set: the pickup place).
    const address = PICKUP_DEFAULTS.address.replaceAll('\n', ', ');
    expect(mail!.text).toContain(
      `This message is sent by ${t.app.ctx.config.STORE_NAME}, ${address}. Contact: ${t.app.ctx.config.STORE_EMAIL}.`,
    );
    const raw = inbox.messages.find((m) => m.mail === mail)!.raw.replace(/\r?\n[ \t]+/g, ' ');
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(inbox.mailsTo('hold-no@example.com')).toEqual([]);

    // Later runs: nothing more, and nothing once less than 5 minutes are left.
    expect(await sendHoldReminders(t.app.ctx, new Date('2030-01-15T20:30:00Z'))).toBe(0);
    expect(await sendHoldReminders(t.app.ctx, new Date('2030-01-15T20:36:00Z'))).toBe(0);
    expect(inbox.mailsTo('hold-yes@example.com')).toHaveLength(1);
  });

  it('sends nothing after paying', async () => {
    const { client, reference } = await checkout('hold-paid@example.com', true);
    const paid = await client.post(`/pay/${reference}/pay`, '', form);
    expect(paid.statusCode).toBeLessThan(400);
    const [order] = await t.db.select().from(orders).where(eq(orders.orderReference, reference));
    expect(order!.paymentStatus).toBe('completed');
    expect(await sendHoldReminders(t.app.ctx, new Date('2030-01-15T20:25:00Z'))).toBe(0);
    const [after] = await t.db.select().from(orders).where(eq(orders.orderReference, reference));
    expect(after!.holdReminderSentAt).toBeNull();
    expect(inbox.mailsTo('hold-paid@example.com').filter((m) => m.subject?.includes('held until'))).toEqual(
      [],
    );
  });

  it('is French for a French order: the time as Quebec writes it', async () => {
    await checkout('hold-fr@example.com', true, { 'accept-language': 'fr-CA' });
    expect(await sendHoldReminders(t.app.ctx, new Date('2030-01-15T20:25:00Z'))).toBe(1);
    await inbox.next();
    const [mail] = inbox.mailsTo('hold-fr@example.com');
    expect(mail!.subject).toBe('Vos articles sont réservés jusqu’à 15 h 40');
    expect(mail!.text).toContain('Terminer votre commande: http://store.test/fr/cart');
  });
});
