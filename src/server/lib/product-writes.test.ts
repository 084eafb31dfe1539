// One writer per table (docs/decisions/0640-one-writer-per-table.md): no code that ships writes the
// products table but src/server/lib/product-writes.ts. Tests and their fixtures may set up rows directly.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Only the server reaches the database.
const SRC = fileURLToPath(new URL('../', import.meta.url));
const WRITER = 'lib/product-writes.ts';
/** A Drizzle write of the products table, or one in SQL text. */
const WRITES_PRODUCTS =
  /\.(insert|update|delete)\(\s*products\s*\)|\b(update|insert\s+into|delete\s+from)\s+"?products"?\b/i;

function shippedSources(): string[] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name))
    .filter((name) => !/\.test\.tsx?$/.test(name) && !name.startsWith('test/'))
    .filter((name) => !name.includes('/migrations/'));
}

describe('the products table has one writer', () => {
  it('finds the writes it looks for', () => {
    // The pattern must see the writer's own writes, or a change to it would make this test pass blind.
    const writer = readFileSync(`${SRC}${WRITER}`, 'utf8');
    expect(writer.match(new RegExp(WRITES_PRODUCTS, 'gi'))?.length ?? 0).toBeGreaterThanOrEqual(4);
    expect(WRITES_PRODUCTS.test('await tx.update(products).set({ stock: 1 })')).toBe(true);
    expect(WRITES_PRODUCTS.test('sql`update products set stock = 0`')).toBe(true);
    expect(WRITES_PRODUCTS.test('tx.select().from(products)')).toBe(false);
  });

  it('no other shipped file writes products', () => {
    const writers = shippedSources().filter(
      (name) => name !== WRITER && WRITES_PRODUCTS.test(readFileSync(`${SRC}${name}`, 'utf8')),
    );
    expect(writers).toEqual([]);
  });
});
