// Checkouts and payments racing each other on a real PostgreSQL server (PGlite has one connection,
// so nothing there runs at the same time: these tests are skipped on it).
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, orderHistory, orders, products, stockHolds } from '~/server/db/schema';
import { createProduct, seedStoreSettings, setWeekdayDiscounts } from '~/server/test/fixtures';
import { createTestApp, TestClient, type TestApp } from '~/server/test/test-app';
import { testDbKind } from '~/server/test/test-database';
import { completeOrderPayment } from '~/server/features/orders';
import { MANY_ORDER_EMAILS, postCheckout, validBody } from './test-support';

const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe.skipIf(testDbKind() === 'pglite')('concurrency (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Stands for many clients by varying X-Forwarded-For (per-address limits), so it trusts the header.
    t = await createTestApp({ env: { TRUST_PROXY: 'true', ...MANY_ORDER_EMAILS } });
    await seedStoreSettings(t.db);
    await setWeekdayDiscounts(t.db);
  });
  afterAll(() => t.close());

  async function race(productId: number, shoppers: number) {
    const body = await validBody(new TestClient(t.app), [{ productId, quantity: 1 }]);
    const answers = await Promise.all(
      Array.from({ length: shoppers }, () => postCheckout(new TestClient(t.app), body)),
    );
    const ok = answers.filter((a) => a.statusCode === 200);
    const refused = answers.filter((a) => a.statusCode === 409);
    const [held] = await t.db
      .select({ n: sql<number>`coalesce(sum(${stockHolds.quantity}), 0)::int` })
      .from(stockHolds)
      .where(eq(stockHolds.productId, productId));
    return { ok, refused, held: held!.n, all: answers };
  }

  it('50 shoppers, 1 unit: exactly one hold, 49 clear refusals', async () => {
    const p = await createProduct(t.db, { name: 'Only One Sofa', price: '99.00', stock: 1 });
    const r = await race(p.id, 50);
    expect(r.ok).toHaveLength(1);
    expect(r.refused).toHaveLength(49);
    expect(r.held).toBe(1);
    for (const a of r.refused) {
      expect(a.json()).toMatchObject({
        code: 'out_of_stock',
        message: 'Sorry, "Only One Sofa" is out of stock.',
      });
    }
    const [n] = await t.db
      .select({ n: count() })
      .from(orders)
      .where(sql`${orders.id} in (select order_id from stock_holds where product_id = ${p.id})`);
    expect(n!.n).toBe(1);
  });

  it('200 shoppers, 10 units: exactly ten holds', async () => {
    const p = await createProduct(t.db, { name: 'Ten Lamps', price: '15.00', stock: 10 });
    const r = await race(p.id, 200);
    expect(r.all.every((a) => a.statusCode === 200 || a.statusCode === 409)).toBe(true);
    expect(r.ok).toHaveLength(10);
    expect(r.refused).toHaveLength(190);
    expect(r.held).toBe(10);
  });

  it('completing one order from the payment page, the return page and an admin at once takes the stock once and sends one e-mail', async () => {
    const p = await createProduct(t.db, { price: '20.00', stock: 3 });
    const client = new TestClient(t.app);
    const res = await postCheckout(client, await validBody(client, [{ productId: p.id, quantity: 2 }]));
    const reference = res.json().orderId as string;
    const [order] = await t.db.select().from(orders).where(eq(orders.orderReference, reference));
    // The shopper presses Pay; the confirmation page, a second tab and an admin complete at the same time.
    await Promise.all([
      client.post(`/pay/${reference}/pay`, '', form),
      client.post(`/pay/${reference}/pay`, '', form),
      client.patch(`/api/orders/${reference}/payment-status`, { paymentStatus: 'completed' }),
      client.patch(`/api/orders/${reference}/payment-status`, { paymentStatus: 'completed' }),
      completeOrderPayment(t.app.ctx, order!.id, { kind: 'admin' }),
      completeOrderPayment(t.app.ctx, order!.id, { kind: 'admin' }),
    ]);
    const [after] = await t.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(after).toMatchObject({
      paymentStatus: 'completed',
      inventoryReduced: true,
      confirmationEmailSent: true,
    });
    const [stock] = await t.db.select({ s: products.stock }).from(products).where(eq(products.id, p.id));
    expect(stock!.s).toBe(1);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, order!.id));
    expect(mails.filter((m) => m.kind === 'order-confirmation')).toHaveLength(1);
    const history = await t.db.select().from(orderHistory).where(eq(orderHistory.orderId, order!.id));
    expect(history.filter((h) => h.field === 'paymentStatus')).toHaveLength(1);
  });

  it('never takes stock below zero when paid orders outnumber what is left', async () => {
    const p = await createProduct(t.db, { price: '5.00', stock: 5 });
    const refs: string[] = [];
    for (let i = 0; i < 5; i++) {
      const c = new TestClient(t.app);
      refs.push(
        (await postCheckout(c, await validBody(c, [{ productId: p.id, quantity: 1 }]))).json().orderId,
      );
    }
    // Holds run out and an administrator counts only 2 left: five late payments race for two units.
    await t.db
      .update(stockHolds)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(stockHolds.productId, p.id));
    await t.db.update(products).set({ stock: 2 }).where(eq(products.id, p.id));
    await Promise.all(refs.map((ref) => new TestClient(t.app).post(`/pay/${ref}/pay`, '', form)));
    const [stock] = await t.db.select({ s: products.stock }).from(products).where(eq(products.id, p.id));
    expect(stock!.s).toBe(0);
    const paid = await t.db.select().from(orders).where(sql`${orders.orderReference} in ${refs}`);
    // Two get the units; the other three cannot be delivered, so they fail and their payments are
    // refunded (docs/decisions/0122-paid-after-the-stock-was-sold.md).
    const completed = paid.filter((o) => o.paymentStatus === 'completed');
    expect(completed).toHaveLength(2);
    expect(completed.every((o) => o.inventoryReduced)).toBe(true);
    const refunded = paid.filter((o) => o.paymentStatus === 'failed');
    expect(refunded).toHaveLength(3);
    expect(refunded.every((o) => o.refundStatus === 'refunded' && !o.inventoryReduced)).toBe(true);
    const attention = await t.db.select().from(orderHistory).where(eq(orderHistory.field, 'attention'));
    expect(attention.filter((h) => paid.some((o) => o.id === h.orderId))).toHaveLength(3);
  });
});
