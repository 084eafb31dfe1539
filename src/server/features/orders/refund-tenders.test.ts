// Refunds to the original payment go back to the tenders that paid, in reverse
// (docs/decisions/0535-refunds-back-to-tenders-in-reverse.md), through real HTTP and the fake Square API
// on loopback: the card first (the provider asked for its share only), then the gift cards (the one
// spent last first), then store credit, amounts worked out by hand; 'Refunded' chosen by staff gives
// the rest back the same way; an order paid by gift cards alone is refunded with no provider; two
// refunds at once never give a card more than it paid (PGlite runs them one after the other,
// PostgreSQL at once).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  giftCards,
  orderHistory,
  orderItems,
  orderRefunds,
  orders,
  storeCreditBalances,
} from '~/server/db/schema';
import { MANY_ORDER_EMAILS, postCheckout, validBody } from '~/server/features/checkout/test-support';
import type { FakeSquare } from '~/server/payments/fake-square';
import { createProduct, createUser, signInAs } from '~/server/test/fixtures';
import { createSquareTestApp } from '~/server/test/square-test-app';
import { type TestApp, TestClient } from '~/server/test/test-app';

let fake: FakeSquare;
let t: TestApp;
let staff: TestClient;

beforeAll(async () => {
  ({ fake, t } = await createSquareTestApp(MANY_ORDER_EMAILS));
  const admin = await createUser(t.db, { isAdmin: true });
  staff = new TestClient(t.app);
  await signInAs(t.db, staff, admin.id);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function issueGiftCard(amount: string) {
  const res = await staff.post('/api/admin/gift-cards', { amount, recipientEmail: 'friend@example.com' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { card: { id: number }; code: string };
}
const cardBalance = async (id: number) =>
  (await t.db.select().from(giftCards).where(eq(giftCards.id, id)))[0]!.balanceCents;
const creditBalance = async (userId: number) =>
  (await t.db.select().from(storeCreditBalances).where(eq(storeCreditBalances.userId, userId)))[0]
    ?.balanceCents ?? 0;
const orderRow = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const refundsOf = (orderId: number) =>
  t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId)).orderBy(orderRefunds.id);

/** One unit of a 20.00 product shipped standard to Ontario: 20.00 + 5.99 = 25.99, HST 13% 3.3787 -> 3.38, total 29.37. */
async function ontarioBody(client: TestClient) {
  const product = await createProduct(t.db, { price: '20.00', stock: 5, applyDailyDiscount: false });
  const body = await validBody(client, [{ productId: product.id, quantity: 1 }], { state: 'ON' });
  expect(body.orderData.total).toBe('29.37');
  return body;
}

describe('a refund to the original payment of an order paid by credit, two gift cards and the card', () => {
  it('goes to the card first, then the gift card spent last, then the other, then store credit', async () => {
    const user = await createUser(t.db);
    const shopper = new TestClient(t.app);
    await signInAs(t.db, shopper, user.id);
    const credit = await staff.post(`/api/admin/users/${user.id}/store-credit`, {
      amount: '5.00',
      reason: 'Test',
    });
    expect(credit.statusCode, credit.body).toBe(200);
    const first = await issueGiftCard('4.00');
    const second = await issueGiftCard('6.00');

    // Credit pays first (5.00), then the cards in the order typed (4.00, then 6.00), the card the rest:
    // 29.37 - 5.00 - 10.00 = 14.37.
    const res = await postCheckout(shopper, {
      ...(await ontarioBody(shopper)),
      useStoreCredit: true,
      giftCardCodes: [first.code, second.code],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [placed] = await t.db.select().from(orders).where(eq(orders.orderReference, res.json().orderId));
    expect(placed).toMatchObject({ storeCreditAmount: '5.00', giftCardAmount: '10.00' });
    fake.pay(placed!.paymentLinkId!);
    const paid = await shopper.patch(`/api/orders/${placed!.orderReference}/payment-status`, {
      paymentStatus: 'completed',
    });
    expect(paid.json().paymentStatus).toBe('completed');
    const [payment] = [...fake.payments.values()].filter((p) => p.order_id === placed!.providerOrderId);
    expect(payment!.amount_money.amount).toBe(1437);
    expect([
      await cardBalance(first.card.id),
      await cardBalance(second.card.id),
      await creditBalance(user.id),
    ]).toEqual([0, 0, 0]);

    // 20.00 back: the card all it paid (14.37), then the gift card spent last (the 6.00 one) the
    // rest, 20.00 - 14.37 = 5.63. The provider is asked for 14.37 only.
    const refundsBefore = fake.refunds.size;
    const one = await staff.post(`/api/orders/${placed!.id}/refunds`, { amount: '20.00', restock: false });
    expect(one.statusCode, one.body).toBe(200);
    const asked = [...fake.refunds.values()].slice(refundsBefore);
    expect(asked.map((r) => r.amount_money.amount)).toEqual([1437]);
    expect([
      await cardBalance(first.card.id),
      await cardBalance(second.card.id),
      await creditBalance(user.id),
    ]).toEqual([0, 563, 0]);
    const [firstRefund] = await refundsOf(placed!.id);
    expect(firstRefund).toMatchObject({
      amount: '20.00',
      cardCents: 1437,
      giftCardCents: 563,
      storeCreditCents: 0,
      status: 'completed',
    });

    // Staff choose 'Refunded': the rest, 29.37 - 20.00 = 9.37, goes the same way with no card left:
    // the 6.00 card its last 0.37, the 4.00 card all of it, the credit 9.37 - 4.37 = 5.00. The
    // provider is not asked again.
    const rest = await staff.patch(`/api/orders/${placed!.id}/payment-status`, { paymentStatus: 'refunded' });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(fake.refunds.size).toBe(refundsBefore + 1);
    expect([
      await cardBalance(first.card.id),
      await cardBalance(second.card.id),
      await creditBalance(user.id),
    ]).toEqual([400, 600, 500]);
    expect(
      (await refundsOf(placed!.id)).map((r) => [r.amount, r.cardCents, r.giftCardCents, r.storeCreditCents]),
    ).toEqual([
      ['20.00', 1437, 563, 0],
      ['9.37', 0, 437, 500],
    ]);
    expect(await orderRow(placed!.id)).toMatchObject({ refundedAmount: '29.37', paymentStatus: 'refunded' });

    // The timeline and the order dialog say where each refund went.
    const history = await t.db.select().from(orderHistory).where(eq(orderHistory.orderId, placed!.id));
    const refundEntries = history.filter((h) => h.field === 'refund').map((h) => h.toValue);
    expect(refundEntries[0]).toMatch(/^20\.00 \(card 14\.37 \S+; gift cards 5\.63\)$/);
    expect(refundEntries[1]).toBe('9.37 (gift cards 4.37; store credit 5.00)');
    const detail = await staff.get(`/api/orders/admin/${placed!.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().refunds.map((r: { tenders: unknown }) => r.tenders)).toEqual([
      { card: '14.37', cash: '0.00', giftCards: '5.63', storeCredit: '0.00' },
      { card: '0.00', cash: '0.00', giftCards: '4.37', storeCredit: '5.00' },
    ]);
  });
});

describe('an order paid by a gift card alone', () => {
  /** A 40.00 card pays the whole 29.37: no provider payment; 40.00 - 29.37 = 10.63 left on it. */
  async function paidByGiftCard() {
    const { card, code } = await issueGiftCard('40.00');
    const shopper = new TestClient(t.app);
    const res = await postCheckout(shopper, { ...(await ontarioBody(shopper)), giftCardCodes: [code] });
    expect(res.statusCode, res.body).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.orderReference, res.json().orderId));
    expect(order).toMatchObject({
      paymentStatus: 'completed',
      paymentReference: null,
      giftCardAmount: '29.37',
    });
    expect(await cardBalance(card.id)).toBe(1063);
    return { order: order!, cardId: card.id };
  }

  it('is refunded by line back to the card, with no provider', async () => {
    const { order, cardId } = await paidByGiftCard();
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const refundsBefore = fake.refunds.size;
    // The line: 20.00 + HST 13% 2.60 = 22.60, all to the gift card: 10.63 + 22.60 = 33.23.
    const res = await staff.post(`/api/orders/${order.id}/refunds`, {
      lines: [{ orderItemId: item!.id, quantity: 1, restock: true }],
      shipping: 0,
      destination: 'original',
      reason: 'Returned',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await cardBalance(cardId)).toBe(3323);
    expect(fake.refunds.size).toBe(refundsBefore);
    expect((await refundsOf(order.id))[0]).toMatchObject({
      amount: '22.60',
      cardCents: 0,
      giftCardCents: 2260,
    });
  });

  it('two refunds at once never give the gift card more than it paid', async () => {
    const { order, cardId } = await paidByGiftCard();
    // 20.00 twice is 40.00, more than the 29.37 paid: one is given, the other refused.
    const answers = await Promise.all([
      staff.post(`/api/orders/${order.id}/refunds`, { amount: '20.00', restock: false }),
      staff.post(`/api/orders/${order.id}/refunds`, { amount: '20.00', restock: false }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe(
      'At most $9.37 can still be refunded on this order (total $29.37, already refunded or being refunded $20.00).',
    );
    // 10.63 + 20.00 = 30.63.
    expect(await cardBalance(cardId)).toBe(3063);
    expect(await orderRow(order.id)).toMatchObject({ refundedAmount: '20.00', paymentStatus: 'completed' });
  });
});
