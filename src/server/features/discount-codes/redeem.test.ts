import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountCodes, discountCodeUses, orders } from '~/server/db/schema';
import { createTestApp, type TestApp } from '~/server/test/test-app';
import { createUser } from '~/server/test/fixtures';
import { redeemDiscountCode, releaseDiscountCodeUse } from './redeem';
import { failPendingOrder } from '~/server/features/orders';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
async function order(email: string, userId: number | null = null) {
  n += 1;
  const [row] = await t.db
    .insert(orders)
    .values({
      orderReference: `REF-${n}`,
      customerEmail: email,
      customerName: 'Ann',
      subtotal: '10.00',
      total: '10.00',
      userId,
    })
    .returning({ id: orders.id });
  return row!.id;
}

/** One checkout's transaction: take a use, roll back when refused (as the checkout does). */
async function checkout(codeId: number, orderId: number, email: string, userId: number | null = null) {
  try {
    return await t.db.transaction(async (tx) => {
      const r = await redeemDiscountCode(tx, { codeId, orderId, userId, email });
      if (!r.ok) throw new Error(r.reason);
      return true;
    });
  } catch {
    return false;
  }
}

describe('discount code uses', () => {
  it('20 concurrent checkouts against a code with 5 uses give exactly 5', async () => {
    const [code] = await t.db
      .insert(discountCodes)
      .values({ code: 'FIVE', kind: 'percent', percentage: 10, maxUses: 5 })
      .returning();
    const ids = await Promise.all(Array.from({ length: 20 }, (_, i) => order(`s${i}@example.com`)));
    const results = await Promise.all(ids.map((id, i) => checkout(code!.id, id, `s${i}@example.com`)));
    expect(results.filter(Boolean)).toHaveLength(5);
    const [after] = await t.db.select().from(discountCodes).where(eq(discountCodes.id, code!.id));
    expect(after!.usedCount).toBe(5);
    expect(
      await t.db.select().from(discountCodeUses).where(eq(discountCodeUses.codeId, code!.id)),
    ).toHaveLength(5);
  });

  it('a per-customer limit counts the account or the e-mail (any case), even concurrently', async () => {
    const [code] = await t.db
      .insert(discountCodes)
      .values({ code: 'ONCE', kind: 'fixed', amount: '5.00', perCustomerLimit: 1 })
      .returning();
    const ids = await Promise.all([1, 2, 3, 4].map(() => order('Ann@Example.com')));
    const results = await Promise.all(
      ids.map((id, i) => checkout(code!.id, id, i % 2 ? 'ANN@example.com' : 'ann@example.com')),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    // The same account with another e-mail is the same customer.
    const user = await createUser(t.db, { email: 'bob@example.com' });
    expect(
      await checkout(code!.id, await order('bob@example.com', user.id), 'bob@example.com', user.id),
    ).toBe(true);
    expect(
      await checkout(
        code!.id,
        await order('bob.other@example.com', user.id),
        'bob.other@example.com',
        user.id,
      ),
    ).toBe(false);
    const [after] = await t.db.select().from(discountCodes).where(eq(discountCodes.id, code!.id));
    // Ann once, Bob once: the refused checkouts rolled their count back.
    expect(after!.usedCount).toBe(2);
  });

  it('releasing an unpaid checkout gives its use back, once', async () => {
    const [code] = await t.db
      .insert(discountCodes)
      .values({ code: 'ONE', kind: 'percent', percentage: 5, maxUses: 1 })
      .returning();
    const first = await order('c@example.com');
    expect(await checkout(code!.id, first, 'c@example.com')).toBe(true);
    expect(await checkout(code!.id, await order('d@example.com'), 'd@example.com')).toBe(false);
    await releaseDiscountCodeUse(t.db, first);
    await releaseDiscountCodeUse(t.db, first);
    const [after] = await t.db.select().from(discountCodes).where(eq(discountCodes.id, code!.id));
    expect(after!.usedCount).toBe(0);
    expect(await checkout(code!.id, await order('d@example.com'), 'd@example.com')).toBe(true);
  });

  it('an unpaid checkout that fails gives its use back', async () => {
    const [code] = await t.db
      .insert(discountCodes)
      .values({ code: 'LAST', kind: 'percent', percentage: 5, maxUses: 1 })
      .returning();
    const unpaid = await order('e@example.com');
    expect(await checkout(code!.id, unpaid, 'e@example.com')).toBe(true);
    await t.db.transaction((tx) => failPendingOrder(tx, unpaid, { kind: 'system' }, 'test'));
    const [after] = await t.db.select().from(discountCodes).where(eq(discountCodes.id, code!.id));
    expect(after!.usedCount).toBe(0);
    expect(await t.db.select().from(discountCodeUses).where(eq(discountCodeUses.orderId, unpaid))).toEqual(
      [],
    );
  });
});
