// One writer per table (docs/decisions/0640-one-writer-per-table.md): no code that ships writes the
// products table but src/server/lib/product-writes.ts. Tests and their fixtures may set up rows directly.
import { describe, expect, it } from 'vitest';
import { otherWriters, writesIn, writesTable } from '~/server/test/table-writers';

const WRITER = 'lib/product-writes.ts';
const WRITES_PRODUCTS = writesTable('products');

describe('the products table has one writer', () => {
  it('finds the writes it looks for', () => {
    // The pattern must see the writer's own writes, or a change to it would make this test pass blind.
    expect(writesIn('products', WRITER)).toBeGreaterThanOrEqual(4);
    expect(WRITES_PRODUCTS.test('await tx.update(products).set({ stock: 1 })')).toBe(true);
    expect(WRITES_PRODUCTS.test('sql`update products set stock = 0`')).toBe(true);
    expect(WRITES_PRODUCTS.test('tx.select().from(products)')).toBe(false);
  });

  it('no other shipped file writes products', () => {
    expect(otherWriters('products', WRITER)).toEqual([]);
  });
});
