// Booked pickup through the HTTP layer (docs/decisions/0620-pickup-slots.md): the store's slots,
// the checkout's booking under the slot's row lock (on PostgreSQL the five checkouts really run at
// once; on PGlite they queue), the place given back by a checkout that ended, and the counter's scan.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderHistory, orders, pickupSlots, stockHolds } from '~/server/db/schema';
import {
  createProduct,
  createUser,
  seedStoreSettings,
  setWeekdayDiscounts,
  signInAs,
} from '~/server/test/fixtures';
import { createTestApp, TestClient, type TestApp } from '~/server/test/test-app';
import { completeOrderPayment } from '~/server/features/orders';
import { MANY_ORDER_EMAILS, postCheckout, validBody } from '~/server/features/checkout/test-support';

const HOUR = 3_600_000;
let t: TestApp;
let staff: TestClient;

beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true', ...MANY_ORDER_EMAILS } });
  await seedStoreSettings(t.db);
  await setWeekdayDiscounts(t.db);
  const user = await createUser(t.db, { isStaff: true });
  staff = new TestClient(t.app);
  await signInAs(t.db, staff, user.id);
});
afterAll(() => t.close());

async function addSlot(capacity: number, startsInHours = 48) {
  // One clock reading for both ends: two could be a millisecond apart, and the slot an hour and 1 ms long.
  const now = Date.now();
  const startsAt = new Date(now + startsInHours * HOUR).toISOString();
  const endsAt = new Date(now + (startsInHours + 1) * HOUR).toISOString();
  const res = await staff.post('/api/admin/pickup-slots', { startsAt, endsAt, capacity });
  expect(res.statusCode).toBe(200);
  return res.json() as { id: number; capacity: number; remaining: number };
}

async function pickupBody(productId: number, slotId: number | null) {
  const body = await validBody(new TestClient(t.app), [{ productId, quantity: 1 }], {
    shippingMethod: 'pickup',
  });
  return { ...body, orderData: { ...body.orderData, shippingAddress: null, pickupSlotId: slotId } };
}

describe('pickup slots', () => {
  it('are added, listed, changed and deleted by staff; anonymous and bad input are refused', async () => {
    expect((await new TestClient(t.app).get('/api/admin/pickup-slots')).statusCode).toBe(401);
    const bad = await staff.post('/api/admin/pickup-slots', {
      startsAt: '2026-12-05T10:00:00-05:00',
      endsAt: '2026-12-05T09:00:00-05:00',
      capacity: 0,
    });
    expect(bad.statusCode).toBe(400);
    const slot = await addSlot(3, 30);
    const list = (await staff.get('/api/admin/pickup-slots')).json();
    expect(list.slots.find((s: { id: number }) => s.id === slot.id)).toMatchObject({
      capacity: 3,
      booked: 0,
    });
    expect(list.rules).toEqual({ leadHours: 2, noShowDays: 7 });
    const patched = await staff.patch(`/api/admin/pickup-slots/${slot.id}`, { capacity: 5 });
    expect(patched.json()).toMatchObject({ capacity: 5, remaining: 5 });
    expect((await staff.delete(`/api/admin/pickup-slots/${slot.id}`)).statusCode).toBe(204);
    expect((await staff.delete(`/api/admin/pickup-slots/${slot.id}`)).statusCode).toBe(404);
  });

  it('the public list offers slots past the lead time and within the days asked', async () => {
    const soon = await addSlot(2, 1); // inside the 2-hour lead time
    const later = await addSlot(2, 24 * 10);
    const inThree = (await new TestClient(t.app).get('/api/pickup-slots?days=3')).json().slots as {
      id: number;
    }[];
    expect(inThree.map((s) => s.id)).not.toContain(soon.id);
    expect(inThree.map((s) => s.id)).not.toContain(later.id);
    const inTwelve = (await new TestClient(t.app).get('/api/pickup-slots?days=12')).json().slots as {
      id: number;
    }[];
    expect(inTwelve.map((s) => s.id)).toContain(later.id);
    expect((await new TestClient(t.app).get('/api/pickup-slots?days=3')).json().offered).toBe(true);
    expect((await new TestClient(t.app).get('/api/pickup-slots?days=0')).statusCode).toBe(400);
    await t.db.delete(pickupSlots).where(sql`${pickupSlots.id} in (${soon.id}, ${later.id})`);
  });

  it('capacity 2, five checkouts at once: two are booked, three refused as full', async () => {
    const slot = await addSlot(2);
    const p = await createProduct(t.db, { name: 'Pallet Lamp', price: '20.00', stock: 10 });
    const body = await pickupBody(p.id, slot.id);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => postCheckout(new TestClient(t.app), body)),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(2);
    const refused = answers.filter((a) => a.statusCode === 409);
    expect(refused).toHaveLength(3);
    for (const r of refused) expect(r.json()).toMatchObject({ code: 'pickup_slot_full' });
    const booked = await t.db.select().from(orders).where(eq(orders.pickupSlotId, slot.id));
    expect(booked).toHaveLength(2);
    for (const o of booked) expect(o.pickupCode).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    expect(new Set(booked.map((o) => o.pickupCode)).size).toBe(2);

    // One of them ends unpaid (its holds ran out): its place is given back.
    await t.db
      .update(stockHolds)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(stockHolds.orderId, booked[0]!.id));
    const again = await postCheckout(new TestClient(t.app), body);
    expect(again.statusCode).toBe(200);
    expect((await postCheckout(new TestClient(t.app), body)).json()).toMatchObject({
      code: 'pickup_slot_full',
    });
    // Its capacity cannot go under the two live orders.
    expect((await staff.patch(`/api/admin/pickup-slots/${slot.id}`, { capacity: 1 })).statusCode).toBe(409);
    expect((await staff.delete(`/api/admin/pickup-slots/${slot.id}`)).statusCode).toBe(409);
  });

  it('while slots are offered, a pickup order must choose one; a bad id is a 400', async () => {
    await addSlot(5);
    const p = await createProduct(t.db, { name: 'Bin Chair', price: '12.00', stock: 5 });
    const none = await postCheckout(new TestClient(t.app), await pickupBody(p.id, null));
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ code: 'pickup_slot_required' });
    const bad = await postCheckout(new TestClient(t.app), await pickupBody(p.id, -3));
    expect(bad.statusCode).toBe(400);
  });

  it('staff look an order up by its pickup code and mark it picked up once', async () => {
    const slot = await addSlot(5, 72);
    const p = await createProduct(t.db, { name: 'Scanned Desk', price: '40.00', stock: 1 });
    const res = await postCheckout(new TestClient(t.app), await pickupBody(p.id, slot.id));
    expect(res.statusCode).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.pickupSlotId, slot.id));
    const code = order!.pickupCode!;
    // Not paid yet: it cannot be handed over.
    expect((await staff.post(`/api/admin/pickup/${code}`)).statusCode).toBe(409);
    await completeOrderPayment(t.app.ctx, order!.id, { kind: 'admin' });

    const found = await staff.get(`/api/admin/pickup/${code.toLowerCase()}`);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({
      id: order!.id,
      pickupCode: code,
      items: [{ productName: 'Scanned Desk', quantity: 1 }],
      slot: { startsAt: (await slotStart(slot.id)).toISOString() },
    });
    // The order page shows the slot and the code.
    const page = (await staff.get(`/api/orders/${order!.id}`)).json();
    expect(page.pickupCode).toBe(code);
    expect(page.pickupSlot).toEqual({
      startsAt: (await slotStart(slot.id)).toISOString(),
      endsAt: new Date((await slotStart(slot.id)).getTime() + HOUR).toISOString(),
    });
    const done = await staff.post(`/api/admin/pickup/${code}`);
    expect(done.statusCode).toBe(200);
    expect(done.json().status).toBe('picked-up');
    expect((await staff.post(`/api/admin/pickup/${code}`)).json().status).toBe('picked-up');
    const history = await t.db
      .select()
      .from(orderHistory)
      .where(sql`${orderHistory.orderId} = ${order!.id} and ${orderHistory.toValue} = 'picked-up'`);
    expect(history).toHaveLength(1);

    expect((await staff.get('/api/admin/pickup/ZZZZZZZZ')).statusCode).toBe(404);
    expect((await staff.get('/api/admin/pickup/not-a-code')).statusCode).toBe(400);
    expect((await new TestClient(t.app).get(`/api/admin/pickup/${code}`)).statusCode).toBe(401);
  });
});

async function slotStart(id: number): Promise<Date> {
  const [row] = await t.db.select().from(pickupSlots).where(eq(pickupSlots.id, id));
  return row!.startsAt;
}
