// The local payment page in the order's language: a checkout sent with Accept-Language fr
// is paid on a French page, in French money, and comes back to /fr/checkout/confirmation; an English
// one stays as it was (docs/decisions/0380-french-checkout-and-account.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, seedStoreSettings, setWeekdayDiscounts } from '~/server/test/fixtures';
import { createTestApp, TestClient, type TestApp } from '~/server/test/test-app';
import { orderProofToken } from '~/server/lib/order-proof';
import { MANY_ORDER_EMAILS, postCheckout, validBody } from './test-support';

const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe('the payment page in the order’s language', () => {
  let t: TestApp;
  const proof = (reference: string) => orderProofToken(t.app.ctx.config.sessionSecret, reference);
  beforeAll(async () => {
    t = await createTestApp({ env: { ...MANY_ORDER_EMAILS } });
    await seedStoreSettings(t.db);
    await setWeekdayDiscounts(t.db);
  });
  afterAll(() => t.close());

  async function order(acceptLanguage: string) {
    const product = await createProduct(t.db, { name: 'Desk Lamp', price: '1234.50', stock: 5 });
    const client = new TestClient(t.app);
    const body = await validBody(client, [{ productId: product.id, quantity: 1 }], { state: 'QC' });
    const res = await postCheckout(client, body, { 'accept-language': acceptLanguage });
    expect(res.statusCode).toBe(200);
    return { client, reference: res.json().orderId as string };
  }

  it('shows a French order’s page in French and comes back to the French confirmation', async () => {
    const { client, reference } = await order('fr-CA');
    const page = await client.get(`/pay/${reference}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="fr-CA">');
    expect(page.body).toContain(`Paiement sécurisé de la commande ${reference}`);
    expect(page.body).toContain('>Payer</button>');
    expect(page.body).toContain('>Refuser</button>');
    // One lamp at 1 234,50 $ with its no-break spaces.
    expect(page.body).toContain('1\u00a0234,50\u00a0$');
    const paid = await client.post(`/pay/${reference}/pay`, '', form);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(
      `/fr/checkout/confirmation?order_id=${reference}&status=success&token=${proof(reference)}`,
    );
    // Paid already: the closed page says so in French and links to the French confirmation (without
    // the token: this page opens with the reference alone, decision 0453).
    const again = await client.get(`/pay/${reference}`);
    expect(again.body).toContain('Cette commande est déjà payée');
    expect(again.body).toContain(`href="/fr/checkout/confirmation?order_id=${reference}&amp;status=success"`);
  });

  it('sends a declined French order back to the French confirmation with its code', async () => {
    const { client, reference } = await order('fr-CA');
    const declined = await client.post(`/pay/${reference}/decline`, '', form);
    expect(declined.headers.location).toBe(
      `/fr/checkout/confirmation?order_id=${reference}&status=failed&error=declined`,
    );
  });

  it('keeps an English order’s page and return as they were', async () => {
    const { client, reference } = await order('en-CA');
    const page = await client.get(`/pay/${reference}`);
    expect(page.body).toContain('<html lang="en-CA">');
    expect(page.body).toContain(`Secure payment for order ${reference}`);
    expect(page.body).toContain('>Pay</button>');
    expect(page.body).toContain('$1,234.50');
    const paid = await client.post(`/pay/${reference}/pay`, '', form);
    expect(paid.headers.location).toBe(
      `/checkout/confirmation?order_id=${reference}&status=success&token=${proof(reference)}`,
    );
  });
});
