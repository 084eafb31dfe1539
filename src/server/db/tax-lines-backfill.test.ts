// The backfill of migration 0009_order-tax-lines (docs/decisions/0136-tax-lines.md): orders placed before
// taxes were kept by component get one combined line of what they were charged; untaxed orders none.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrder } from '~/server/test/order-fixtures';
import { createTestApp, type TestApp } from '~/server/test/test-app';
import { orders } from './schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The hand-written UPDATE at the end of the migration, run again over rows written as before it. */
function backfillStatement(): string {
  const file = readFileSync(path.join(__dirname, 'migrations/0009_order-tax-lines.sql'), 'utf8');
  const update = file.split('--> statement-breakpoint').find((s) => s.includes('UPDATE "orders"'));
  if (!update) throw new Error('no backfill in 0009_order-tax-lines.sql');
  return update.replace(/^\s*--.*$/gm, '').trim();
}

describe('migration 0009 backfill', () => {
  it('gives a taxed old order one combined TAX line and leaves an untaxed one without lines', async () => {
    // Rows as they were before the migration: no lines (the column default).
    const taxed = await insertOrder(t.db, { taxRate: '14.975', taxAmount: '7.64', total: '58.63' });
    const untaxed = await insertOrder(t.db, { taxRate: '0', taxAmount: '0', total: '55.99' });
    const lines = async (id: number) =>
      (await t.db.select({ l: orders.taxLines }).from(orders).where(eq(orders.id, id)))[0]!.l;
    expect(await lines(taxed.id)).toEqual([]);

    await t.db.execute(sql.raw(backfillStatement()));

    expect(await lines(taxed.id)).toEqual([{ code: 'TAX', rate: '14.975', amount: '7.64' }]);
    expect(await lines(untaxed.id)).toEqual([]);
    const [row] = await t.db.select({ c: orders.currency }).from(orders).where(eq(orders.id, taxed.id));
    expect(row!.c).toBe('CAD');
  });
});
