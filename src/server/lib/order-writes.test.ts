// One writer per table (docs/decisions/0640-one-writer-per-table.md): no code that ships writes the
// orders table but src/server/lib/order-writes.ts. Tests, their fixtures and test-support files may set
// up rows directly.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '~/server/db/schema';
import { insertOrder as insertOrderRow } from '~/server/test/order-fixtures';
import { otherWriters, writesIn, writesTable } from '~/server/test/table-writers';
import { createTestDatabase } from '~/server/test/test-database';
import { deleteOrders, updateOrder, updateOrders } from './order-writes';

const WRITER = 'lib/order-writes.ts';
const WRITES_ORDERS = writesTable('orders');

describe('the orders table has one writer', () => {
  it('finds the writes it looks for', () => {
    // The pattern must see the writer's own writes, or a change to it would make this test pass blind.
    expect(writesIn('orders', WRITER)).toBeGreaterThanOrEqual(3);
    expect(WRITES_ORDERS.test('await tx.update(orders).set({ status: "shipped" })')).toBe(true);
    expect(WRITES_ORDERS.test('await db\n    .insert(orders)\n    .values(row)')).toBe(true);
    expect(WRITES_ORDERS.test('sql`update orders set user_id = null`')).toBe(true);
    expect(WRITES_ORDERS.test('sql`INSERT INTO "orders" (total) values (1)`')).toBe(true);
    expect(WRITES_ORDERS.test('sql`delete from orders where id = 1`')).toBe(true);
    expect(WRITES_ORDERS.test('tx.select().from(orders)')).toBe(false);
    expect(WRITES_ORDERS.test('tx.update(orderHistory).set({ toValue: null })')).toBe(false);
    expect(WRITES_ORDERS.test('sql`update order_items set price = 0`')).toBe(false);
  });

  it('no other shipped file writes orders', () => {
    expect(otherWriters('orders', WRITER)).toEqual([]);
  });
});

describe('what a write of an order does', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const LONG_AGO = new Date('2020-01-01T00:00:00Z');

  it('marks the order changed, unless the write is bookkeeping', async () => {
    const order = await insertOrderRow(database.db, { updatedAt: LONG_AGO });
    const stamped = await updateOrder(
      database.db,
      order.id,
      { holdReminderSentAt: new Date() },
      { marksChanged: false },
    );
    expect(stamped!.holdReminderSentAt).not.toBeNull();
    expect(stamped!.updatedAt).toEqual(LONG_AGO);

    const shipped = await updateOrder(database.db, order.id, { status: 'shipped' });
    expect(shipped!.status).toBe('shipped');
    expect(shipped!.updatedAt.getTime()).toBeGreaterThan(LONG_AGO.getTime());
  });

  it('writes only the rows onlyIf still finds, and returns them', async () => {
    const order = await insertOrderRow(database.db, { paymentStatus: 'pending', updatedAt: LONG_AGO });
    const refused = await updateOrder(
      database.db,
      order.id,
      { paymentStatus: 'failed' },
      { onlyIf: eq(orders.paymentStatus, 'completed') },
    );
    expect(refused).toBeUndefined();
    const [row] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.paymentStatus).toBe('pending');
    expect(row!.updatedAt).toEqual(LONG_AGO);
  });

  it('refuses a write or delete with no condition, which would reach every order', async () => {
    await expect(updateOrders(database.db, undefined, { notes: 'all' })).rejects.toThrow(/condition/);
    await expect(deleteOrders(database.db, undefined)).rejects.toThrow(/condition/);
  });

  it('deletes the orders selected and returns their ids', async () => {
    const gone = await insertOrderRow(database.db, { paymentStatus: 'failed' });
    const kept = await insertOrderRow(database.db, { paymentStatus: 'failed' });
    expect(await deleteOrders(database.db, eq(orders.id, gone.id))).toEqual([gone.id]);
    const left = await database.db.select({ id: orders.id }).from(orders).where(eq(orders.id, kept.id));
    expect(left).toEqual([{ id: kept.id }]);
  });
});
