// A product whose units are all in other shoppers' unpaid checkouts says when one may come back: the
// product API's heldUntil is the end of the earliest active hold
// (docs/decisions/0502-held-units-say-when-they-may-return.md).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockHolds } from '~/server/db/schema';
import { createProduct, seedStoreSettings, setWeekdayDiscounts } from '~/server/test/fixtures';
import { createTestApp, TestClient, type TestApp } from '~/server/test/test-app';
import { postCheckout, validBody } from './test-support';

let t: TestApp;
let client: TestClient;
beforeAll(async () => {
  t = await createTestApp({ env: { STOCK_HOLD_MINUTES: '30', HOLD_SHARE_MIN_UNITS: '10000000' } });
  client = new TestClient(t.app);
  await seedStoreSettings(t.db);
  await setWeekdayDiscounts(t.db);
});
afterAll(() => t.close());

describe('GET /api/products/{slug}: heldUntil', () => {
  it('is null when nothing is held', async () => {
    const product = await createProduct(t.db, { slug: 'held-none', stock: 2 });
    const res = await client.get(`/api/products/${product.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ stock: 2, heldUntil: null });
  });

  it('is the end of the hold when the last unit is in an unpaid checkout, 30 minutes after it began', async () => {
    const product = await createProduct(t.db, { slug: 'held-last-unit', stock: 1 });
    const before = Date.now();
    const body = await validBody(client, [{ productId: product.id, quantity: 1 }]);
    const res = await postCheckout(client, body);
    expect(res.statusCode).toBe(200);
    const after = Date.now();

    const page = await client.get(`/api/products/${product.slug}`);
    expect(page.statusCode).toBe(200);
    const answer = page.json();
    expect(answer.stock).toBe(0);
    const [hold] = await t.db.select().from(stockHolds).where(eq(stockHolds.productId, product.id));
    expect(answer.heldUntil).toBe(hold!.expiresAt.toISOString());
    // 30 minutes = 1,800,000 ms after the checkout was created.
    const ends = Date.parse(answer.heldUntil);
    expect(ends).toBeGreaterThanOrEqual(before + 1_800_000 - 1000);
    expect(ends).toBeLessThanOrEqual(after + 1_800_000 + 1000);
  });

  it('names the earliest of several holds and forgets released ones', async () => {
    const product = await createProduct(t.db, { slug: 'held-two', stock: 2 });
    for (const email of ['first@example.com', 'second@example.com']) {
      const body = await validBody(client, [{ productId: product.id, quantity: 1 }]);
      body.orderData.customerEmail = email;
      expect((await postCheckout(client, body)).statusCode).toBe(200);
    }
    const holds = await t.db.select().from(stockHolds).where(eq(stockHolds.productId, product.id));
    expect(holds).toHaveLength(2);
    // The first hold ends in 5 minutes, the second keeps its 30.
    const soon = new Date(Date.now() + 5 * 60_000);
    const [first, second] = holds.sort((a, b) => a.id - b.id);
    await t.db.update(stockHolds).set({ expiresAt: soon }).where(eq(stockHolds.id, first!.id));
    expect((await client.get(`/api/products/${product.slug}`)).json().heldUntil).toBe(soon.toISOString());

    // Released (paid or cancelled), it no longer counts.
    await t.db.update(stockHolds).set({ releasedAt: new Date() }).where(eq(stockHolds.id, first!.id));
    const answer = (await client.get(`/api/products/${product.slug}`)).json();
    expect(answer.stock).toBe(1);
    expect(answer.heldUntil).toBe(second!.expiresAt.toISOString());
  });
});
