// 'Continue to Payment' in a second tab replaces the shopper's first checkout (decision 0120); paying
// the first one then says why it takes no payment, instead of 'declined'
// (docs/decisions/0503-a-replaced-checkout-says-so.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_FAILURE_MESSAGES } from '~/shared/payment-failures';
import { createProduct, seedStoreSettings, setWeekdayDiscounts } from '~/server/test/fixtures';
import { createTestApp, TestClient, type TestApp } from '~/server/test/test-app';
import { MANY_ORDER_EMAILS, postCheckout, validBody } from './test-support';

const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe('a checkout replaced by a second tab', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ...MANY_ORDER_EMAILS, TRUST_PROXY: 'true' } });
    await seedStoreSettings(t.db);
    await setWeekdayDiscounts(t.db);
  });
  afterAll(() => t.close());

  it('answers the first tab’s payment with "replaced", and the second tab pays', async () => {
    const product = await createProduct(t.db, { name: 'Desk Lamp', price: '40.00', stock: 5 });
    const client = new TestClient(t.app);
    const sameShopper = { 'x-forwarded-for': '10.91.0.7' };
    const body = await validBody(client, [{ productId: product.id, quantity: 1 }]);
    const first = await postCheckout(client, body, { ...sameShopper, 'idempotency-key': 'tab-one-key-0001' });
    expect(first.statusCode).toBe(200);
    const second = await postCheckout(client, body, {
      ...sameShopper,
      'idempotency-key': 'tab-two-key-0002',
    });
    expect(second.statusCode).toBe(200);
    const [one, two] = [first.json().orderId as string, second.json().orderId as string];
    expect(one).not.toBe(two);

    // The first tab's payment page, reloaded, says it was replaced.
    const page = await client.get(`/pay/${one}`);
    expect(page.body).toContain('This payment is closed');
    expect(page.body).toContain('replaced by the one you started later');

    // Paying it anyway: no money, and the confirmation names the reason.
    const paid = await client.post(`/pay/${one}/pay`, '', form);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/checkout/confirmation?order_id=${one}&status=failed&error=replaced`);
    expect(PAYMENT_FAILURE_MESSAGES.replaced).toContain('No money was taken.');

    // The second tab's checkout is the live one.
    const paidTwo = await client.post(`/pay/${two}/pay`, '', form);
    expect(paidTwo.headers.location).toContain(`order_id=${two}&status=success`);
  });

  it('still says "declined" for a checkout the shopper declined', async () => {
    const product = await createProduct(t.db, { name: 'Kettle', price: '15.00', stock: 5 });
    const client = new TestClient(t.app);
    const body = await validBody(client, [{ productId: product.id, quantity: 1 }]);
    const res = await postCheckout(client, body, { 'x-forwarded-for': '10.91.0.8' });
    const reference = res.json().orderId as string;
    await client.post(`/pay/${reference}/decline`, '', form);
    const again = await client.post(`/pay/${reference}/pay`, '', form);
    expect(again.headers.location).toBe(
      `/checkout/confirmation?order_id=${reference}&status=failed&error=declined`,
    );
  });
});
