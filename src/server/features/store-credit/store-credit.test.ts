// Store credit's ledger (docs/decisions/0530-store-credit-ledger.md) through real HTTP and the fake
// Square API on loopback: a refund by line to store credit issues the credit with no provider call;
// the customer reads it at GET /api/account/store-credit; staff issue and take credit with a reason;
// a take that would go below zero, bad amounts, a guest's order and an unknown customer are refused
// with nothing written; many takes at once never overdraw the balance (on PGlite and PostgreSQL).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminAuditLog,
  mailOutbox,
  orderItems,
  orderRefunds,
  orders,
  storeCreditBalances,
  storeCreditMovements,
} from '~/server/db/schema';
import { MANY_ORDER_EMAILS, postCheckout, validBody } from '~/server/features/checkout/test-support';
import type { FakeSquare } from '~/server/payments/fake-square';
import { retryPendingRefunds } from '~/server/features/orders';
import { createProduct, createUser, signInAs } from '~/server/test/fixtures';
import { createSquareTestApp } from '~/server/test/square-test-app';
import { type TestApp, TestClient } from '~/server/test/test-app';

let fake: FakeSquare;
let t: TestApp;
let staff: TestClient;
let adminId: number;

beforeAll(async () => {
  ({ fake, t } = await createSquareTestApp(MANY_ORDER_EMAILS));
  const admin = await createUser(t.db, { isAdmin: true });
  adminId = admin.id;
  staff = new TestClient(t.app);
  await signInAs(t.db, staff, admin.id);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function customer() {
  const user = await createUser(t.db);
  const client = new TestClient(t.app);
  await signInAs(t.db, client, user.id);
  return { user, client };
}

/** Places (as `client`) and pays an Ontario order of one unit of a 20.00 product, shipped standard. */
async function paidOrder(client: TestClient) {
  const product = await createProduct(t.db, { price: '20.00', stock: 5, applyDailyDiscount: false });
  const lines = [{ productId: product.id, quantity: 1 }];
  const res = await postCheckout(client, await validBody(client, lines, { state: 'ON' }));
  expect(res.statusCode, res.body).toBe(200);
  const [order] = await t.db.select().from(orders).where(eq(orders.orderReference, res.json().orderId));
  fake.pay(order!.paymentLinkId!);
  const paid = await client.patch(`/api/orders/${order!.orderReference}/payment-status`, {
    paymentStatus: 'completed',
  });
  expect(paid.json().paymentStatus).toBe('completed');
  const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
  return { order: order!, itemId: item!.id };
}

const balanceOf = async (userId: number) =>
  (
    await t.db
      .select({ cents: storeCreditBalances.balanceCents })
      .from(storeCreditBalances)
      .where(eq(storeCreditBalances.userId, userId))
  )[0]?.cents ?? 0;
const movementsOf = (userId: number) =>
  t.db.select().from(storeCreditMovements).where(eq(storeCreditMovements.userId, userId));
const adjust = (userId: number, body: unknown) => staff.post(`/api/admin/users/${userId}/store-credit`, body);

describe('a refund to store credit', () => {
  it("issues the refund's total as the customer's credit, with no provider refund", async () => {
    const { user, client } = await customer();
    const { order, itemId } = await paidOrder(client);
    // 20.00 + shipping 5.99 = 25.99 taxable; HST 13%: 3.3787 -> 3.38; total 29.37.
    expect(order).toMatchObject({ userId: user.id, total: '29.37', taxAmount: '3.38' });
    const providerRefunds = fake.requests.filter((r) => r.path === '/v2/refunds').length;

    const res = await staff.post(`/api/orders/${order.id}/refunds`, {
      lines: [{ orderItemId: itemId, quantity: 1, restock: true }],
      shipping: 0,
      destination: 'store_credit',
      reason: 'Changed their mind',
    });
    expect(res.statusCode, res.body).toBe(200);
    // The unit alone: 20.00, HST 20.00 x 13% = 2.60, total 22.60.
    expect(res.json().refund).toMatchObject({ status: 'completed', total: '22.60' });
    expect(res.json().refundedAmount).toBe('22.60');
    expect(fake.requests.filter((r) => r.path === '/v2/refunds')).toHaveLength(providerRefunds);

    const mine = await client.get('/api/account/store-credit');
    expect(mine.statusCode, mine.body).toBe(200);
    const [refundRow] = await t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    expect(refundRow).toMatchObject({ destination: 'store_credit', providerRefundId: 'store-credit' });
    expect(mine.json()).toEqual({
      balance: '22.60',
      movements: [
        {
          id: expect.any(Number),
          amount: '22.60',
          kind: 'refund',
          reason: 'Changed their mind',
          orderId: order.id,
          refundId: refundRow!.id,
          balanceAfter: '22.60',
          createdAt: expect.any(String),
        },
      ],
    });
    // The customer's refund e-mail says where the money went.
    const mail = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'order-refunded'))).find(
      (m) => m.subject.includes(order.orderReference),
    );
    expect(mail?.text).toContain(
      `We have refunded $22.60 CAD for order ${order.id} as store credit. Its balance is shown in your account.`,
    );
    expect(mail?.text).not.toContain('Banks usually take');
    const audit = await t.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.entity, 'store_credit'), eq(adminAuditLog.entityId, String(user.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      userId: adminId,
      action: 'store-credit-refund',
      before: { balance: '0.00' },
      after: { balance: '22.60', amount: '22.60' },
    });
  });

  it("refuses a guest's order with a clear 400 and writes nothing", async () => {
    const guest = new TestClient(t.app);
    const { order, itemId } = await paidOrder(guest);
    const res = await staff.post(`/api/orders/${order.id}/refunds`, {
      lines: [{ orderItemId: itemId, quantity: 1, restock: false }],
      shipping: 0,
      destination: 'store_credit',
      reason: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'This order was placed without a customer account, so it cannot be refunded to store credit. Refund it to the original payment.',
    );
    expect(await t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id))).toEqual([]);
    const [after] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after).toMatchObject({ refundedAmount: '0.00', paymentStatus: 'completed' });
  });
});

describe('a refund to store credit left pending by a crash', () => {
  it('is completed by the maintenance job as credit, without asking the provider', async () => {
    const { user, client } = await customer();
    const { order } = await paidOrder(client);
    const providerRefunds = fake.requests.filter((r) => r.path === '/v2/refunds').length;
    const [pending] = await t.db
      .insert(orderRefunds)
      .values({
        orderId: order.id,
        amount: '5.00',
        restock: false,
        idempotencyKey: `refund-${order.orderReference}-1`,
        actorUserId: adminId,
        destination: 'store_credit',
        createdAt: new Date(Date.now() - 10 * 60_000),
      })
      .returning();
    await retryPendingRefunds(t.app.ctx);
    const [after] = await t.db.select().from(orderRefunds).where(eq(orderRefunds.id, pending!.id));
    expect(after).toMatchObject({ status: 'completed', providerRefundId: 'store-credit' });
    expect(await balanceOf(user.id)).toBe(500);
    const [refunded] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(refunded!.refundedAmount).toBe('5.00');
    expect(fake.requests.filter((r) => r.path === '/v2/refunds')).toHaveLength(providerRefunds);
  });
});

describe('staff movements from the customer record', () => {
  it('issues and takes credit with a reason, never below zero', async () => {
    const { user, client } = await customer();
    const issued = await adjust(user.id, { amount: '15.00', reason: 'Late delivery goodwill' });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json()).toMatchObject({ balance: '15.00' });
    const taken = await adjust(user.id, { amount: '-4.50', reason: 'Issued twice by mistake' });
    expect(taken.statusCode, taken.body).toBe(200);
    // 15.00 - 4.50 = 10.50
    expect(taken.json().balance).toBe('10.50');
    expect(taken.json().movements.map((m: { amount: string }) => m.amount)).toEqual(['-4.50', '15.00']);

    const over = await adjust(user.id, { amount: '-10.51', reason: 'Too much' });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('There is not enough store credit for this.');
    for (const bad of [
      { amount: '5.00', reason: '' },
      { amount: '0.00', reason: 'Nothing' },
      { amount: '1.234', reason: 'Too precise' },
      { amount: 'ten', reason: 'Words' },
      { amount: '10000.01', reason: 'Too large' },
    ]) {
      const res = await adjust(user.id, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await balanceOf(user.id)).toBe(1050);
    expect(await movementsOf(user.id)).toHaveLength(2);
    const mine = await client.get('/api/account/store-credit');
    expect(mine.json().balance).toBe('10.50');
    const staffView = await staff.get(`/api/admin/users/${user.id}/store-credit`);
    expect(staffView.json()).toEqual(mine.json());

    expect((await adjust(2_000_000, { amount: '1.00', reason: 'Nobody' })).statusCode).toBe(404);
    expect(
      (await client.post(`/api/admin/users/${user.id}/store-credit`, { amount: '5.00', reason: 'Me' }))
        .statusCode,
    ).toBe(403);
    expect((await new TestClient(t.app).get('/api/account/store-credit')).statusCode).toBe(401);
  });

  it('many takes at once never overdraw the balance', async () => {
    const { user } = await customer();
    expect((await adjust(user.id, { amount: '10.00', reason: 'Start' })).statusCode).toBe(200);
    // Eight takes of 3.00 from 10.00: exactly three fit (9.00), leaving 1.00; five are refused.
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => adjust(user.id, { amount: '-3.00', reason: `Take ${i}` })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(5);
    expect(await balanceOf(user.id)).toBe(100);
    const movements = await movementsOf(user.id);
    expect(movements).toHaveLength(4);
    expect(movements.reduce((sum, m) => sum + m.amountCents, 0)).toBe(100);
  });
});
