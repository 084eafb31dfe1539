// A province the store has switched off (docs/decisions/0211-inactive-provinces.md) is not shipped to:
// a checkout for it is refused with a message and places nothing, instead of being charged the 13%
// default. Pickup and the provinces still on are unaffected. Figures are worked out by hand.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '~/server/db/schema';
import { createProduct, createUser, seedStoreSettings, signInAs } from '~/server/test/fixtures';
import { createTestApp, TestClient, type TestApp } from '~/server/test/test-app';
import { checkoutBody, postCheckout, quote, validBody } from './test-support';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  await seedStoreSettings(t.db);
  admin = new TestClient(t.app);
  await signInAs(t.db, admin, (await createUser(t.db, { isAdmin: true })).id);
});
afterAll(() => t.close());

const orderCount = async () => Number((await t.db.select({ n: count() }).from(orders))[0]!.n);
/** The admin's Taxes tab sends the province's rates with the switch (GST, PST/HST in percent). */
const RATES: Record<string, { gstRate: string; pstRate: string }> = {
  NU: { gstRate: '5', pstRate: '0' },
  ON: { gstRate: '5', pstRate: '8' },
};
const setActive = async (code: string, active: boolean) =>
  expect((await admin.patch(`/api/taxes/${code}`, { ...RATES[code], active })).statusCode).toBe(200);

describe('a province switched off', () => {
  it('is charged its own rate while on, and refused with a message once off, placing nothing', async () => {
    const product = await createProduct(t.db, { price: '100.00', stock: 5, applyDailyDiscount: false });
    const lines = [{ productId: product.id, quantity: 1 }];
    // Nunavut is GST only: $100.00 + $5.99 standard shipping = $105.99; 5% of it is $5.2995, $5.30.
    const on = await quote(new TestClient(t.app), lines, { state: 'NU' });
    expect(on).toMatchObject({ taxRate: '5', taxAmount: '5.30', total: '111.29' });
    const body = await validBody(new TestClient(t.app), lines, { state: 'NU' });

    await setActive('NU', false);
    expect(
      (await new TestClient(t.app).get('/api/taxes'))
        .json()
        .map((r: { provinceCode: string }) => r.provinceCode),
    ).not.toContain('NU');
    const before = await orderCount();
    const refused = await postCheckout(new TestClient(t.app), body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'province_unavailable',
      message:
        'Sorry, we are not shipping to Nunavut at the moment. Please choose another province or pickup at store.',
    });
    // In French, with the province's French name (decision 0390).
    const enFrancais = await postCheckout(new TestClient(t.app), body, { 'accept-language': 'fr-CA' });
    expect(enFrancais.json()).toMatchObject({
      code: 'province_unavailable',
      message:
        'Désolé, nous ne livrons pas pour le moment dans cette province (Nunavut). Veuillez choisir une autre province ou le ramassage en magasin.',
    });
    // Whatever figures are sent, even the 13% default's.
    const at13 = await postCheckout(new TestClient(t.app), checkoutBody(lines, { state: 'NU' }));
    expect(at13.json().code).toBe('province_unavailable');
    expect(await orderCount()).toBe(before);

    // Pickup ships nowhere and is taxed at the store's province (Ontario, 13% HST): $100.00 -> $113.00.
    const pickup = await validBody(new TestClient(t.app), lines, { shippingMethod: 'pickup', state: 'NU' });
    expect(pickup.orderData).toMatchObject({ taxAmount: '13.00', total: '113.00' });
    expect((await postCheckout(new TestClient(t.app), pickup)).statusCode).toBe(200);

    // Switched on again, Nunavut is charged its 5% once more.
    await setActive('NU', true);
    const again = await postCheckout(
      new TestClient(t.app),
      await validBody(new TestClient(t.app), lines, { state: 'NU' }),
    );
    expect(again.statusCode).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.orderReference, again.json().orderId));
    expect(order).toMatchObject({ taxAmount: '5.30', total: '111.29' });
  });

  it('does not touch orders to the US', async () => {
    await setActive('ON', false);
    const product = await createProduct(t.db, { price: '20.00', stock: 5, applyDailyDiscount: false });
    const body = await validBody(new TestClient(t.app), [{ productId: product.id, quantity: 1 }], {
      country: 'US',
      state: 'NY',
    });
    expect(body.orderData).toMatchObject({ taxAmount: '0.00', total: '25.99' });
    expect((await postCheckout(new TestClient(t.app), body)).statusCode).toBe(200);
    await setActive('ON', true);
  });
});
