// Order e-mails per recipient address (docs/decisions/0124-order-email-limit.md): at most
// MAX_ORDER_EMAILS_PER_RECIPIENT_PER_HOUR an hour to one address, whatever its case, counted in the
// database; a confirmation over the limit is not sent now and is retried after its back-off.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, orders } from '~/server/db/schema';
import { createProduct, seedStoreSettings, setWeekdayDiscounts } from '~/server/test/fixtures';
import { createTestApp, TestClient, type TestApp } from '~/server/test/test-app';
import { postCheckout, validBody } from '~/server/features/checkout/test-support';
import { ORDER_EMAIL_LIMITED, retryOrderConfirmations } from './completion';

const form = { 'content-type': 'application/x-www-form-urlencoded' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true', MAX_ORDER_EMAILS_PER_RECIPIENT_PER_HOUR: '2' } });
  await seedStoreSettings(t.db);
  await setWeekdayDiscounts(t.db);
});
afterAll(() => t.close());

/** A guest order to `email`, paid on the local payment page. */
async function paidOrder(email: string) {
  const product = await createProduct(t.db, { price: '20.00', stock: 5 });
  const client = new TestClient(t.app);
  const body = await validBody(client, [{ productId: product.id, quantity: 1 }]);
  body.orderData.customerEmail = email;
  const res = await postCheckout(client, body);
  expect(res.statusCode).toBe(200);
  const reference = res.json().orderId as string;
  const paid = await new TestClient(t.app).post(`/pay/${reference}/pay`, '', form);
  expect(paid.headers.location).toContain('status=success');
  return (await t.db.select().from(orders).where(eq(orders.orderReference, reference)))[0]!;
}

const confirmationsTo = async (address: string) =>
  (await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'order-confirmation'))).filter(
    (m) => m.to.toLowerCase() === address,
  );

describe('order e-mails per recipient', () => {
  it('sends at most the limit to one address in an hour, whatever its case; other addresses are unaffected', async () => {
    const first = await paidOrder('target@example.com');
    const second = await paidOrder('TARGET@example.com');
    const third = await paidOrder('Target@Example.com');
    expect(await confirmationsTo('target@example.com')).toHaveLength(2);
    const [a, b, c] = await Promise.all(
      [first, second, third].map(
        async (o) => (await t.db.select().from(orders).where(eq(orders.id, o.id)))[0]!,
      ),
    );
    expect(a).toMatchObject({ confirmationEmailSent: true, confirmationEmailStatus: 'queued' });
    expect(b).toMatchObject({ confirmationEmailSent: true, confirmationEmailStatus: 'queued' });
    // The third is not sent; the order itself is paid all the same.
    expect(c).toMatchObject({
      paymentStatus: 'completed',
      confirmationEmailSent: false,
      confirmationEmailStatus: 'failed',
      confirmationEmailError: ORDER_EMAIL_LIMITED,
    });

    const other = await paidOrder('someone-else@example.com');
    expect((await t.db.select().from(orders).where(eq(orders.id, other.id)))[0]!.confirmationEmailSent).toBe(
      true,
    );

    // Once the hour has passed (the counters are moved back an hour) the retry sends it.
    await t.db.execute(
      sql`update rate_limits set window_start = window_start - interval '1 hour' where key like 'order-email:%'`,
    );
    await t.db.execute(
      sql`update orders set confirmation_email_attempt_at = now() - interval '1 hour' where id = ${c!.id}`,
    );
    await retryOrderConfirmations(t.app.ctx);
    expect((await t.db.select().from(orders).where(eq(orders.id, c!.id)))[0]).toMatchObject({
      confirmationEmailSent: true,
      confirmationEmailStatus: 'queued',
    });
    expect(await confirmationsTo('target@example.com')).toHaveLength(3);
  });
});
