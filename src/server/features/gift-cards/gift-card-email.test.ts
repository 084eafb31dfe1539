// A gift card's code travels by e-mail only (docs/decisions/0533-gift-cards.md): issued to a recipient,
// its e-mail is read from a real SMTP server on loopback (in the language asked for), the outbox keeps
// no live code, and the code from the e-mail is spent over two orders with the card payment taking
// the rest (amounts and tax by hand).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftCards, mailOutbox, orders } from '~/server/db/schema';
import { MANY_ORDER_EMAILS, postCheckout, validBody } from '~/server/features/checkout/test-support';
import { createProduct, createUser, signInAs } from '~/server/test/fixtures';
import { type SmtpInbox, startSmtpInbox } from '~/server/test/smtp-inbox';
import { createTestApp, type TestApp, TestClient } from '~/server/test/test-app';

const form = { 'content-type': 'application/x-www-form-urlencoded' };
let inbox: SmtpInbox;
let t: TestApp;
let staff: TestClient;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ env: { TRUST_PROXY: 'true', SMTP_URL: inbox.url, ...MANY_ORDER_EMAILS } });
  const admin = await createUser(t.db, { isAdmin: true });
  staff = new TestClient(t.app);
  await signInAs(t.db, staff, admin.id);
});
afterAll(async () => {
  await t?.close();
  await inbox?.close();
});

const orderOf = async (reference: string) =>
  (await t.db.select().from(orders).where(eq(orders.orderReference, reference)))[0]!;

async function waitForMailTo(address: string, subjectPart = '') {
  for (let i = 0; i < 50; i++) {
    const found = inbox.mailsTo(address).filter((m) => (m.subject ?? '').includes(subjectPart));
    if (found.length > 0) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail to ${address}`);
}

describe('the gift card e-mail', () => {
  it('carries the code to the recipient in French; the outbox keeps none; the code pays two orders', async () => {
    const res = await staff.post(
      '/api/admin/gift-cards',
      { amount: '40.00', recipientEmail: 'ami@example.com', message: 'Bonne fête!' },
      { 'accept-language': 'fr-CA' },
    );
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await waitForMailTo('ami@example.com');
    expect(mail!.subject).toBe('Votre carte-cadeau Liquidation Depot de 40,00\u00a0$');
    const text = mail!.text ?? '';
    expect(text).toContain('Son message\u00a0: Bonne fête!');
    const code = /Code de la carte-cadeau\s*:\s*([A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4})/.exec(
      text,
    )?.[1];
    expect(code).toBe(res.json().code);
    // The outbox keeps the placeholder, never the code.
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'gift-card'));
    expect(row!.text).not.toContain(code!);
    expect(row!.text).toContain('SECRET-SENT-BY-EMAIL-ONLY');

    // Spent over two orders of one unit of a 20.00 product shipped standard to Ontario:
    // 20.00 + 5.99 = 25.99, HST 13% 3.3787 -> 3.38, total 29.37 each.
    const shopper = new TestClient(t.app);
    const body = async () => {
      const product = await createProduct(t.db, { price: '20.00', stock: 5, applyDailyDiscount: false });
      const b = await validBody(shopper, [{ productId: product.id, quantity: 1 }], { state: 'ON' });
      expect([b.orderData.total, b.orderData.taxAmount]).toEqual(['29.37', '3.38']);
      return b;
    };
    const one = await postCheckout(shopper, { ...(await body()), giftCardCodes: [code!] });
    expect(one.statusCode, one.body).toBe(200);
    expect(await orderOf(one.json().orderId)).toMatchObject({
      giftCardAmount: '29.37',
      paymentStatus: 'completed',
    });
    const two = await postCheckout(shopper, { ...(await body()), giftCardCodes: [code!] });
    expect(two.statusCode, two.body).toBe(200);
    // 40.00 - 29.37 = 10.63 left on the card; the card payment 29.37 - 10.63 = 18.74.
    const second = await orderOf(two.json().orderId);
    expect(second).toMatchObject({ giftCardAmount: '10.63', paymentStatus: 'pending' });
    expect((await shopper.get(`/pay/${second.orderReference}`)).body).toContain(
      'data-testid="amount">$18.74<',
    );
    expect((await shopper.post(`/pay/${second.orderReference}/pay`, '', form)).statusCode).toBe(303);
    expect(await orderOf(second.orderReference)).toMatchObject({ paymentStatus: 'completed' });
    const [card] = await t.db.select().from(giftCards).where(eq(giftCards.id, res.json().card.id));
    expect(card!.balanceCents).toBe(0);
    // The shopper's confirmation e-mail of the second order shows how it was paid.
    const [confirmation] = await waitForMailTo('jane@example.com', second.orderReference);
    expect(confirmation?.text).toContain('Gift cards: -$10.63\nPaid by card: $18.74');
  });
});
