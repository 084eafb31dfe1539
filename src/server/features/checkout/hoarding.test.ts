// Hoarding from many addresses (docs/decisions/0450-limits-that-count-people.md): a guest is an IPv4
// address or an IPv6 /64, its network (IPv4 /24, IPv6 /48) has a wider budget, and once unpaid
// checkouts hold an unusual share of what is for sale, holds shorten and then new ones are refused,
// so no set of addresses takes the catalogue off sale.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products, stockHolds } from '~/server/db/schema';
import { createProduct, seedStoreSettings, setWeekdayDiscounts } from '~/server/test/fixtures';
import { createTestApp, TestClient, type TestApp } from '~/server/test/test-app';
import { postCheckout, validBody } from './test-support';

let t: TestApp;
beforeAll(async () => {
  // Clients are told apart by X-Forwarded-For here; the limits are the defaults.
  t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  await seedStoreSettings(t.db);
  await setWeekdayDiscounts(t.db);
  // Only this file's products are for sale, so the shares below are of known totals.
  await t.db.update(products).set({ active: false });
});
afterAll(() => t.close());

async function checkout(ip: string, lines: { productId: number; quantity: number }[], email: string) {
  const client = new TestClient(t.app);
  const body = await validBody(client, lines);
  body.orderData.customerEmail = email;
  return postCheckout(client, body, { 'x-forwarded-for': ip });
}

async function heldOf(ids: number[]): Promise<number> {
  const rows = await t.db
    .select({ units: sql<number>`coalesce(sum(${stockHolds.quantity}), 0)::int` })
    .from(stockHolds)
    .where(
      and(
        inArray(stockHolds.productId, ids),
        isNull(stockHolds.releasedAt),
        sql`${stockHolds.expiresAt} > now()`,
      ),
    );
  return Number(rows[0]!.units);
}

async function releaseAll(ids: number[]) {
  await t.db.update(stockHolds).set({ releasedAt: new Date() }).where(inArray(stockHolds.productId, ids));
  await t.db.update(products).set({ active: false }).where(inArray(products.id, ids));
}

describe('one IPv6 host is one client', () => {
  it('four addresses in one /64 hold 50 units between them, not 200', async () => {
    const product = await createProduct(t.db, { name: 'Hoarded Kettle', price: '20.00', stock: 200 });
    const results = [];
    for (const [i, ip] of [
      '2001:db8:7:1::a',
      '2001:db8:7:1::b',
      '2001:db8:7:1:ffff::1',
      '2001:db8:7:1::d',
    ].entries()) {
      results.push(await checkout(ip, [{ productId: product.id, quantity: 50 }], `buyer${i}@example.com`));
    }
    expect(results.map((r) => r.statusCode)).toEqual([200, 409, 409, 409]);
    expect(results[1]!.json().code).toBe('hold_limit');
    expect(await heldOf([product.id])).toBe(50);
    // The orders count against the /64, whatever address inside it was used.
    const [order] = await t.db
      .select()
      .from(orders)
      .where(eq(orders.orderReference, results[0]!.json().orderId));
    expect(order).toMatchObject({ clientKey: 'ip:2001:db8:7:1::/64', networkKey: 'net:2001:db8:7::/48' });
    await releaseAll([product.id]);
  });

  it('an IPv4 /24 shares a budget of 150 units over its addresses', async () => {
    const product = await createProduct(t.db, { name: 'Office Chair', price: '20.00', stock: 1000 });
    const answers = [];
    for (const host of [1, 2, 3, 4]) {
      answers.push(
        (
          await checkout(
            `198.51.100.${host}`,
            [{ productId: product.id, quantity: 50 }],
            `office${host}@example.com`,
          )
        ).statusCode,
      );
    }
    expect(answers).toEqual([200, 200, 200, 409]);
    expect(await heldOf([product.id])).toBe(150);
    await releaseAll([product.id]);
  });
});

describe('the catalogue stays on sale', () => {
  it('17 addresses on 17 networks cannot hold 825 of 825 units: holds shorten, then are refused', async () => {
    // 825 units over 17 products of 48 or 49: each address asks for one product's whole stock.
    const made = [];
    for (let i = 0; i < 17; i++) {
      made.push(await createProduct(t.db, { name: `Lot ${i}`, price: '5.00', stock: i < 9 ? 49 : 48 }));
    }
    const ids = made.map((p) => p.id);
    const answers: { status: number; code?: string }[] = [];
    for (const [i, product] of made.entries()) {
      const res = await checkout(
        `203.0.${i + 1}.7`,
        [{ productId: product.id, quantity: product.stock }],
        `hoarder${i}@example.com`,
      );
      answers.push({ status: res.statusCode, code: res.statusCode === 200 ? undefined : res.json().code });
    }
    // 25% of 825 is 206.25 units: four whole products (at most 196 units) fit under it, the fifth does not.
    expect(answers.filter((a) => a.status === 200)).toHaveLength(4);
    expect(answers.filter((a) => a.code === 'holds_busy')).toHaveLength(13);
    const held = await heldOf(ids);
    expect(held).toBeLessThanOrEqual(206);
    // Each took more than half of a product's stock, so each hold is short: 10 minutes, not 30.
    const holds = await t.db
      .select({
        minutes: sql<number>`round(extract(epoch from (${stockHolds.expiresAt} - ${stockHolds.createdAt})) / 60)::int`,
      })
      .from(stockHolds)
      .where(and(inArray(stockHolds.productId, ids), isNull(stockHolds.releasedAt)))
      .orderBy(stockHolds.id);
    expect(holds.map((h) => Number(h.minutes))).toEqual([10, 10, 10, 10]);
    // Another shopper still buys from what is left.
    const later = await checkout(
      '192.0.2.50',
      [{ productId: made[16]!.id, quantity: 2 }],
      'real@example.com',
    );
    expect(later.statusCode).toBe(200);
    await releaseAll(ids);
  });
});
