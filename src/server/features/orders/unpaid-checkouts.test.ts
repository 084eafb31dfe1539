// The SQL of unpaid checkouts against the shared predicate (docs/decisions/0220-unpaid-checkouts.md):
// every payment status with every shape of stock holds, each case's answer written by hand, on PGlite
// and PostgreSQL.
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_STATUSES } from '~/shared/constants';
import { isUnpaidCheckout } from '~/shared/orders';
import { orderHistory, orders, stockHolds } from '~/server/db/schema';
import { createProduct } from '~/server/test/fixtures';
import { createTestApp, type TestApp } from '~/server/test/test-app';
import { insertOrder } from '~/server/test/order-fixtures';
import { holdsExpiredSql, unpaidCheckoutSql } from './unpaid-checkouts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const MINUTE = 60_000;
type Hold = 'active' | 'expired' | 'released' | 'expired-released';

/** Holds of a checkout, and whether an administrator set its payment status since: the pending answer. */
const SHAPES: { holds: Hold[]; reopened: boolean; expiredWhenPending: boolean }[] = [
  { holds: [], reopened: false, expiredWhenPending: false },
  { holds: ['active'], reopened: false, expiredWhenPending: false },
  { holds: ['expired'], reopened: false, expiredWhenPending: true },
  { holds: ['expired', 'expired'], reopened: false, expiredWhenPending: true },
  { holds: ['expired', 'active'], reopened: false, expiredWhenPending: false },
  { holds: ['expired-released', 'expired'], reopened: false, expiredWhenPending: true },
  // Released before it expired (paid, failed, replaced) with nothing that ran out by time.
  { holds: ['released'], reopened: false, expiredWhenPending: false },
  { holds: ['expired'], reopened: true, expiredWhenPending: false },
];

describe('unpaid checkouts: SQL and shared predicate agree', () => {
  it('for every payment status and shape of holds', async () => {
    const product = await createProduct(t.db, { stock: 100 });
    const cases: { id: number; paymentStatus: string; expected: boolean; label: string }[] = [];
    for (const paymentStatus of PAYMENT_STATUSES) {
      for (const shape of SHAPES) {
        const order = await insertOrder(t.db, { paymentStatus, status: 'pending' });
        for (const hold of shape.holds) {
          const expired = hold === 'expired' || hold === 'expired-released';
          await t.db.insert(stockHolds).values({
            orderId: order.id,
            productId: product.id,
            quantity: 1,
            expiresAt: new Date(Date.now() + (expired ? -10 : 10) * MINUTE),
            releasedAt: hold === 'released' || hold === 'expired-released' ? new Date() : null,
          });
        }
        if (shape.reopened) {
          await t.db.insert(orderHistory).values({
            orderId: order.id,
            field: 'paymentStatus',
            fromValue: 'failed',
            toValue: paymentStatus,
            actor: 'admin',
          });
        }
        // By hand: failed is always an unpaid checkout; pending only when its holds ran out; paid or
        // refunded never.
        const expected =
          paymentStatus === 'failed' || (paymentStatus === 'pending' && shape.expiredWhenPending);
        cases.push({
          id: order.id,
          paymentStatus,
          expected,
          label: `${paymentStatus} ${JSON.stringify(shape)}`,
        });
      }
    }
    const rows = await t.db
      .select({ id: orders.id, unpaid: unpaidCheckoutSql, holdsExpired: holdsExpiredSql })
      .from(orders)
      .where(
        inArray(
          orders.id,
          cases.map((c) => c.id),
        ),
      );
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const c of cases) {
      const row = byId.get(c.id)!;
      expect(row.unpaid, c.label).toBe(c.expected);
      expect(
        isUnpaidCheckout({ paymentStatus: c.paymentStatus, holdsExpired: row.holdsExpired }),
        c.label,
      ).toBe(c.expected);
    }
  });
});
