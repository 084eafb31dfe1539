// Gift cards sold in the storefront (docs/decisions/0534-gift-card-sales.md): a card bought at
// checkout as its own untaxed line, paid on the local payment page, issued once and e-mailed to the
// recipient (read from the SMTP loopback), then spent over two orders with the card payment taking
// the rest; a card beside taxed goods; a card refused as payment for a card. Amounts by hand.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateCheckout } from '~/shared/schemas/checkout';
import {
  giftCardMovements,
  giftCards,
  orderGiftCardLines,
  orderItems,
  orders,
  stockHolds,
} from '~/server/db/schema';
import {
  checkoutBody,
  MANY_ORDER_EMAILS,
  postCheckout,
  validBody,
  ZERO_FIGURES,
} from '~/server/features/checkout/test-support';
import { createProduct, createUser, signInAs } from '~/server/test/fixtures';
import { type SmtpInbox, startSmtpInbox } from '~/server/test/smtp-inbox';
import { createTestApp, type TestApp, TestClient } from '~/server/test/test-app';

const form = { 'content-type': 'application/x-www-form-urlencoded' };
let inbox: SmtpInbox;
let t: TestApp;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({ env: { TRUST_PROXY: 'true', SMTP_URL: inbox.url, ...MANY_ORDER_EMAILS } });
});
afterAll(async () => {
  await t?.close();
  await inbox?.close();
});

const orderOf = async (reference: string) =>
  (await t.db.select().from(orders).where(eq(orders.orderReference, reference)))[0]!;

async function waitForMailTo(address: string) {
  for (let i = 0; i < 60; i++) {
    const found = inbox.mailsTo(address);
    if (found.length > 0) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail to ${address}`);
}

const card = (amount: string, recipientEmail: string, quantity = 1) => ({
  amount,
  quantity,
  recipientName: 'Sam Friend',
  recipientEmail,
  message: 'Happy birthday!',
});

/** A card-only order: nothing shipped (pickup method, no address), no tax, the cards' total. */
function cardOnlyBody(total: string, cards: ReturnType<typeof card>[]): CreateCheckout {
  const body = checkoutBody([], { shippingMethod: 'pickup' }, { ...ZERO_FIGURES, total });
  return { ...body, orderData: { ...body.orderData, shippingAddress: null }, giftCards: cards };
}

async function goodsBody(shopper: TestClient) {
  const product = await createProduct(t.db, { price: '20.00', stock: 5, applyDailyDiscount: false });
  return validBody(shopper, [{ productId: product.id, quantity: 1 }], { state: 'ON' });
}

describe('a gift card bought in the storefront', () => {
  it('is paid on the payment page, issued once, e-mailed, and spent over two orders', async () => {
    const buyer = new TestClient(t.app);
    const res = await postCheckout(buyer, cardOnlyBody('50.00', [card('50.00', 'sam@example.com')]));
    expect(res.statusCode, res.body).toBe(200);
    const bought = await orderOf(res.json().orderId);
    // $50.00 card: no tax, no shipping, no stock line or hold.
    expect(bought).toMatchObject({
      total: '50.00',
      giftCardSaleAmount: '50.00',
      taxAmount: '0.00',
      shippingCost: '0.00',
      subtotal: '0.00',
      paymentStatus: 'pending',
    });
    expect(await t.db.select().from(orderItems).where(eq(orderItems.orderId, bought.id))).toEqual([]);
    expect(await t.db.select().from(stockHolds).where(eq(stockHolds.orderId, bought.id))).toEqual([]);
    // No card issued before payment.
    expect(await t.db.select().from(giftCards).where(eq(giftCards.soldOrderId, bought.id))).toEqual([]);

    expect((await buyer.get(`/pay/${bought.orderReference}`)).body).toContain('data-testid="amount">$50.00<');
    expect((await buyer.post(`/pay/${bought.orderReference}/pay`, '', form)).statusCode).toBe(303);
    expect(await orderOf(bought.orderReference)).toMatchObject({ paymentStatus: 'completed' });
    // A second press finds the order paid: still one card.
    await buyer.post(`/pay/${bought.orderReference}/pay`, '', form);
    const issued = await t.db.select().from(giftCards).where(eq(giftCards.soldOrderId, bought.id));
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({
      initialCents: 5000,
      balanceCents: 5000,
      recipientEmail: 'sam@example.com',
      message: 'Happy birthday!',
    });
    const [movement] = await t.db
      .select()
      .from(giftCardMovements)
      .where(eq(giftCardMovements.giftCardId, issued[0]!.id));
    expect(movement).toMatchObject({ kind: 'issued', amountCents: 5000, orderId: bought.id });
    const [line] = await t.db
      .select()
      .from(orderGiftCardLines)
      .where(eq(orderGiftCardLines.orderId, bought.id));
    expect(line!.issuedAt).not.toBeNull();

    const [mail] = await waitForMailTo('sam@example.com');
    const text = mail!.text ?? '';
    expect(text).toContain('Happy birthday!');
    const code = /([A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4})/.exec(text)?.[1];
    expect(code).toMatch(/^[A-Z2-7-]{19}$/);
    expect(code!.replace(/-/g, '').slice(-4)).toBe(issued[0]!.last4);

    // Spent over two orders of one $20.00 product shipped standard to Ontario:
    // 20.00 + 5.99 = 25.99, HST 13% = 3.3787 -> 3.38, total 29.37 each.
    const shopper = new TestClient(t.app);
    const one = await postCheckout(shopper, { ...(await goodsBody(shopper)), giftCardCodes: [code!] });
    expect(one.statusCode, one.body).toBe(200);
    expect(await orderOf(one.json().orderId)).toMatchObject({
      total: '29.37',
      giftCardAmount: '29.37',
      paymentStatus: 'completed',
    });
    const two = await postCheckout(shopper, { ...(await goodsBody(shopper)), giftCardCodes: [code!] });
    expect(two.statusCode, two.body).toBe(200);
    // 50.00 - 29.37 = 20.63 left; the card payment takes 29.37 - 20.63 = 8.74.
    const second = await orderOf(two.json().orderId);
    expect(second).toMatchObject({ giftCardAmount: '20.63', paymentStatus: 'pending' });
    expect((await shopper.get(`/pay/${second.orderReference}`)).body).toContain(
      'data-testid="amount">$8.74<',
    );
    expect((await shopper.post(`/pay/${second.orderReference}/pay`, '', form)).statusCode).toBe(303);
    expect(await orderOf(second.orderReference)).toMatchObject({ paymentStatus: 'completed' });
    const [after] = await t.db.select().from(giftCards).where(eq(giftCards.id, issued[0]!.id));
    expect(after!.balanceCents).toBe(0);
  });

  it('beside taxed goods: the goods are taxed, the card is not', async () => {
    const shopper = new TestClient(t.app);
    const goods = await goodsBody(shopper);
    // Goods 29.37 (HST 3.38 on 25.99) + two $25.00 cards untaxed = 29.37 + 50.00 = 79.37.
    const body: CreateCheckout = {
      ...goods,
      orderData: { ...goods.orderData, total: '79.37' },
      giftCards: [card('25.00', 'twins@example.com', 2)],
    };
    const res = await postCheckout(shopper, body);
    expect(res.statusCode, res.body).toBe(200);
    const order = await orderOf(res.json().orderId);
    expect(order).toMatchObject({
      subtotal: '20.00',
      shippingCost: '5.99',
      taxAmount: '3.38',
      giftCardSaleAmount: '50.00',
      total: '79.37',
    });
    expect((await shopper.get(`/pay/${order.orderReference}`)).body).toContain(
      'data-testid="amount">$79.37<',
    );
    expect((await shopper.post(`/pay/${order.orderReference}/pay`, '', form)).statusCode).toBe(303);
    // One card per unit, each e-mailed.
    const issued = await t.db.select().from(giftCards).where(eq(giftCards.soldOrderId, order.id));
    expect(issued.map((c) => c.initialCents)).toEqual([2500, 2500]);
    for (let i = 0; i < 60 && inbox.mailsTo('twins@example.com').length < 2; i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(inbox.mailsTo('twins@example.com')).toHaveLength(2);

    // The cards sold stay live: a refund gives back at most the goods' 29.37 of the 79.37.
    const admin = await createUser(t.db, { isAdmin: true });
    const staff = new TestClient(t.app);
    await signInAs(t.db, staff, admin.id);
    const tooMuch = await staff.post(`/api/orders/${order.id}/refunds`, { amount: '29.38', restock: false });
    expect(tooMuch.statusCode, tooMuch.body).toBe(409);
    expect(tooMuch.json().message).toContain('At most $29.37 can still be refunded');
    const goodsBack = await staff.post(`/api/orders/${order.id}/refunds`, {
      amount: '29.37',
      restock: false,
    });
    expect(goodsBack.statusCode, goodsBack.body).toBe(200);
    expect(await orderOf(order.orderReference)).toMatchObject({
      refundedAmount: '29.37',
      paymentStatus: 'refunded',
    });
    const cards = await t.db.select().from(giftCards).where(eq(giftCards.soldOrderId, order.id));
    expect(cards.map((c) => c.balanceCents)).toEqual([2500, 2500]);
  });

  it('the page figures without the cards are a 409 with the total that includes them', async () => {
    const shopper = new TestClient(t.app);
    const goods = await goodsBody(shopper);
    const res = await postCheckout(shopper, { ...goods, giftCards: [card('25.00', 'x@example.com')] });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().current.total).toBe('54.37');
  });

  it('refuses a card paid with a card, and amounts outside the limits, writing nothing', async () => {
    const shopper = new TestClient(t.app);
    const [{ n: before } = { n: -1 }] = await t.db.select({ n: count() }).from(orders);
    const paidWithCard = await postCheckout(shopper, {
      ...cardOnlyBody('50.00', [card('50.00', 'sam@example.com')]),
      giftCardCodes: ['ABCD-EFGH-JKLM-NPQR'],
    });
    expect(paidWithCard.statusCode).toBe(400);
    expect(paidWithCard.json().code).toBe('gift_card_for_gift_card');
    expect(paidWithCard.json().message).toContain('A gift card cannot be paid for with a gift card');
    for (const amount of ['5.00', '501.00', '25.50']) {
      const res = await postCheckout(shopper, cardOnlyBody(amount, [card(amount, 'sam@example.com')]));
      expect(res.statusCode, amount).toBe(400);
      expect(res.body).toContain('A gift card is worth a whole number of dollars, from 10 to 500.');
    }
    const empty = await postCheckout(shopper, cardOnlyBody('0.00', []));
    expect(empty.statusCode).toBe(400);
    const [{ n: after } = { n: -2 }] = await t.db.select({ n: count() }).from(orders);
    expect(after).toBe(before);
  });

  it("the shopper's order answer lists the card lines, never a code; a card-only order books no slot", async () => {
    // The store offers pickup slots: a card-only order has nothing to collect and books none.
    const admin = await createUser(t.db, { isAdmin: true });
    const staff = new TestClient(t.app);
    await signInAs(t.db, staff, admin.id);
    // One clock reading for both ends, so the slot is exactly an hour long.
    const now = Date.now();
    const startsAt = new Date(now + 48 * 3_600_000).toISOString();
    const endsAt = new Date(now + 49 * 3_600_000).toISOString();
    const slot = await staff.post('/api/admin/pickup-slots', { startsAt, endsAt, capacity: 2 });
    expect(slot.statusCode, slot.body).toBe(200);
    try {
      const buyer = new TestClient(t.app);
      // Two $30.00 cards and one $10.00 card: 2 x 30.00 + 10.00 = 70.00.
      const res = await postCheckout(
        buyer,
        cardOnlyBody('70.00', [card('30.00', 'ana@example.com', 2), card('10.00', 'bo@example.com')]),
      );
      expect(res.statusCode, res.body).toBe(200);
      const order = await orderOf(res.json().orderId);
      expect(order.pickupSlotId).toBeNull();
      const lookup = await buyer.post('/api/orders/lookup', {
        reference: order.orderReference,
        email: order.customerEmail,
      });
      expect(lookup.statusCode, lookup.body).toBe(200);
      expect(lookup.json().giftCards).toEqual([
        expect.objectContaining({
          amount: '30.00',
          quantity: 2,
          recipientName: 'Sam Friend',
          recipientEmail: 'ana@example.com',
          issued: false,
        }),
        expect.objectContaining({
          amount: '10.00',
          quantity: 1,
          recipientEmail: 'bo@example.com',
          issued: false,
        }),
      ]);
      expect((await buyer.post(`/pay/${order.orderReference}/pay`, '', form)).statusCode).toBe(303);
      const paid = await buyer.post('/api/orders/lookup', {
        reference: order.orderReference,
        email: order.customerEmail,
      });
      expect(paid.json().giftCards.map((l: { issued: boolean }) => l.issued)).toEqual([true, true]);
      expect(paid.body).not.toMatch(/[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}/);
      // The buyer's confirmation lists the cards (2 x $30.00 = $60.00, then $10.00) and ships nothing.
      let confirmation: string | undefined;
      for (let i = 0; i < 60 && !confirmation; i++) {
        confirmation = inbox
          .mailsTo(order.customerEmail)
          .map((m) => m.text ?? '')
          .find((text) => text.includes(order.orderReference) && text.includes('Gift card for'));
        if (!confirmation) await new Promise((r) => setTimeout(r, 50));
      }
      expect(confirmation).toContain('Gift card for Sam Friend (ana@example.com)');
      expect(confirmation).toContain('$60.00');
      expect(confirmation).toContain('Gift card for Sam Friend (bo@example.com)');
      expect(confirmation).toContain('Each gift card is e-mailed to its recipient');
      expect(confirmation).not.toContain('Pickup');
    } finally {
      await staff.delete(`/api/admin/pickup-slots/${slot.json().id}`);
    }
  });

  it('a signed-in buyer finds the card lines on their account’s orders', async () => {
    const user = await createUser(t.db, {});
    const buyer = new TestClient(t.app);
    await signInAs(t.db, buyer, user.id);
    const res = await postCheckout(buyer, cardOnlyBody('25.00', [card('25.00', 'kim@example.com')]));
    expect(res.statusCode, res.body).toBe(200);
    const order = await orderOf(res.json().orderId);
    expect(order.userId).toBe(user.id);
    expect((await buyer.post(`/pay/${order.orderReference}/pay`, '', form)).statusCode).toBe(303);
    const mine = await buyer.get('/api/orders/my-orders');
    expect(mine.statusCode, mine.body).toBe(200);
    const listed = (mine.json() as { id: number; items: unknown[]; giftCards?: unknown[] }[]).find(
      (o) => o.id === order.id,
    );
    expect(listed?.items).toEqual([]);
    expect(listed?.giftCards).toEqual([
      expect.objectContaining({
        amount: '25.00',
        quantity: 1,
        recipientEmail: 'kim@example.com',
        issued: true,
      }),
    ]);
  });
});
