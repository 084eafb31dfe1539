// A payment the provider confirmed whose recording fails (the database's disk full, SQLSTATE 53100,
// made by a trigger that refuses once): the shopper hears the payment arrived (503, not 500), the
// completion is kept, and the maintenance job completes the order once with one confirmation and one
// new-order alert. A failure after the commit (the confirmation's claim) leaves the answer a success
// and the job sends the confirmation once (docs/decisions/0445-payments-completed-after-a-failed-write.md).
import { asc, eq, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderHistory, orders, paymentCompletions } from '~/server/db/schema';
import { runMaintenance } from '~/server/maintenance';
import { recordLocalPayment } from '~/server/payments/local';
import { createProduct, seedStoreSettings, setWeekdayDiscounts } from '~/server/test/fixtures';
import { type SmtpInbox, startSmtpInbox } from '~/server/test/smtp-inbox';
import { createTestApp, TestClient, type TestApp } from '~/server/test/test-app';
import { MANY_ORDER_EMAILS, postCheckout, validBody } from '~/server/features/checkout/test-support';
import { toPaymentOrder } from './repository';

const form = { 'content-type': 'application/x-www-form-urlencoded' };
const STORE_EMAIL = 'shop@store.test';

let t: TestApp;
let inbox: SmtpInbox;
beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({
    env: { TRUST_PROXY: 'true', ...MANY_ORDER_EMAILS, SMTP_URL: inbox.url, STORE_EMAIL },
  });
  await seedStoreSettings(t.db);
  await setWeekdayDiscounts(t.db);
  // Refuses, once per arming, the statement that matches: a sequence, because a raised error rolls
  // back any table write that would have said "done".
  for (const statement of [
    'create sequence fail_once_seq',
    'create table fail_once (what text primary key)',
    `create function refuse_once() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from fail_once where what = tg_argv[0]) and nextval('fail_once_seq') = 1 then
        raise exception 'could not extend file: No space left on device' using errcode = '53100';
      end if;
      return new;
    end $$`,
    `create trigger fail_paid before update on orders for each row
      when (old.payment_status = 'pending' and new.payment_status = 'completed')
      execute function refuse_once('paid')`,
    `create trigger fail_claim before update on orders for each row
      when (old.confirmation_email_status is null and new.confirmation_email_status = 'sending')
      execute function refuse_once('claim')`,
  ])
    await t.db.execute(sql.raw(statement));
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

/** The next statement `what` names fails once with "disk full". */
async function failOnce(what: 'paid' | 'claim') {
  await t.db.execute(sql`delete from fail_once`);
  await t.db.execute(sql`insert into fail_once values (${what})`);
  await t.db.execute(sql`alter sequence fail_once_seq restart`);
}

async function checkout(email: string) {
  const product = await createProduct(t.db, { name: 'Desk Lamp', price: '20.00', stock: 5 });
  const client = new TestClient(t.app);
  const body = await validBody(client, [{ productId: product.id, quantity: 1 }]);
  body.orderData.customerEmail = email;
  const res = await postCheckout(client, body);
  expect(res.statusCode).toBe(200);
  return { client, reference: res.json().orderId as string, productId: product.id };
}

const orderOf = async (reference: string) =>
  (await t.db.select().from(orders).where(eq(orders.orderReference, reference)))[0]!;

/** Messages received so far, parsed: recipient and subject. */
async function mails() {
  return Promise.all(
    inbox.received.map(async (raw) => {
      const mail = await simpleParser(raw);
      return { to: mail.to && !Array.isArray(mail.to) ? mail.to.text : '', subject: mail.subject ?? '' };
    }),
  );
}
const about = async (reference: string) => (await mails()).filter((m) => m.subject.includes(reference));

describe('a payment whose recording fails', () => {
  it('is answered 503 "payment received", kept, and completed once by the job with one confirmation', async () => {
    const { client, reference } = await checkout('disk-full@example.com');
    await failOnce('paid');

    const paid = await client.post(`/pay/${reference}/pay`, '', form);
    expect(paid.statusCode).toBe(503);
    expect(paid.headers['retry-after']).toBe('30');
    expect(paid.body).toContain('We received your payment. Your order is being confirmed');
    // Nothing half-written: the order is still unpaid, its completion kept for the job.
    const before = await orderOf(reference);
    expect(before.paymentStatus).toBe('pending');
    const [kept] = await t.db
      .select()
      .from(paymentCompletions)
      .where(eq(paymentCompletions.orderId, before.id));
    expect(kept).toMatchObject({ completedAt: null, attempts: 0, actor: 'payment-page' });
    expect(kept!.lastError).toBe('53100: could not extend file: No space left on device');
    expect(await about(reference)).toEqual([]);

    expect(await runMaintenance(t.app)).toBe(true);
    const after = await orderOf(reference);
    expect(after.paymentStatus).toBe('completed');
    expect(after.inventoryReduced).toBe(true);
    expect(after.confirmationEmailSent).toBe(true);
    const [done] = await t.db
      .select()
      .from(paymentCompletions)
      .where(eq(paymentCompletions.orderId, after.id));
    expect(done!.completedAt).not.toBeNull();
    expect(done!.attempts).toBe(1);
    expect(done!.lastError).toBeNull();

    // A second run and the shopper's second press change nothing and send nothing more.
    await runMaintenance(t.app);
    const again = await client.post(`/pay/${reference}/pay`, '', form);
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toContain('status=success');
    const sent = await about(reference);
    expect(sent.filter((m) => m.to.includes('disk-full@example.com'))).toHaveLength(1);
    expect(sent.filter((m) => m.to.includes(STORE_EMAIL))).toHaveLength(1);
    const paidRows = await t.db
      .select({ toValue: orderHistory.toValue, actor: orderHistory.actor })
      .from(orderHistory)
      .where(eq(orderHistory.orderId, after.id))
      .orderBy(asc(orderHistory.id));
    expect(paidRows.filter((r) => r.toValue === 'completed')).toEqual([
      { toValue: 'completed', actor: 'system' },
    ]);
  });

  it('answers the return page in the shopper’s language', async () => {
    const { client, reference } = await checkout('retour@example.com');
    // The local provider's record of the payment, as its page would have left it.
    await recordLocalPayment(t.db, toPaymentOrder(await orderOf(reference), []), 'completed');
    await failOnce('paid');
    const res = await client.patch(
      `/api/orders/${reference}/payment-status`,
      { paymentStatus: 'completed' },
      { 'accept-language': 'fr-CA' },
    );
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('30');
    expect(res.json().message).toBe(
      'Nous avons bien reçu votre paiement. Votre commande est en cours de confirmation et votre courriel de confirmation suivra.',
    );
    await runMaintenance(t.app);
    expect((await orderOf(reference)).paymentStatus).toBe('completed');
    expect((await about(reference)).filter((m) => m.to.includes('retour@example.com'))).toHaveLength(1);
  });

  it('after the commit (the confirmation’s claim refused): the shopper sees success, the job sends it once', async () => {
    const { client, reference } = await checkout('claim@example.com');
    await failOnce('claim');
    const paid = await client.post(`/pay/${reference}/pay`, '', form);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toContain('status=success');
    const order = await orderOf(reference);
    expect(order.paymentStatus).toBe('completed');
    expect(order.confirmationEmailSent).toBe(false);
    expect((await about(reference)).filter((m) => m.to.includes('claim@example.com'))).toEqual([]);

    await runMaintenance(t.app);
    await runMaintenance(t.app);
    expect((await orderOf(reference)).confirmationEmailSent).toBe(true);
    expect((await about(reference)).filter((m) => m.to.includes('claim@example.com'))).toHaveLength(1);
  });
});
