// The one writer of the products table (docs/decisions/0640-one-writer-per-table.md). The product form,
// the CSV import, a load's manifest drafts, phone intake, markdowns, bulk edits, recalls, stock
// adjustments, sales, refunds and the till all write products through these functions and no other
// way (product-writes.test.ts fails on a write elsewhere), so what every write does is decided here:
// - every change of a product's own fields marks it changed (`updated_at`, the sitemap's lastmod), and
//   bumps its version when asked, so a form opened before cannot save its older copy over it (0210);
// - stock moves only by a delta, never below 0 (the database's check says so too), and the caller says
//   why in the same transaction (stock-reason.ts; a trigger writes the stock history).
// Checks that belong to a feature (a lot on sale is never $0.00, a recalled lot stays off sale, who may
// do it) stay with the feature; this module only writes.
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '~/server/db/client';
import { products } from '~/server/db/schema';

export type NewProduct = typeof products.$inferInsert;
/** A product's own fields; its id, version, stock and timestamps are written only by this module's rules. */
export type ProductFields = Partial<Omit<NewProduct, 'id' | 'version' | 'stock' | 'createdAt' | 'updatedAt'>>;

/**
 * New products, in batches of 500 (a load's manifest may have thousands of lines). A product whose
 * lot number is taken already is updated instead when `onLotNumberTaken` names the columns to copy
 * from the new row (the CSV import keyed by lot number): an edit like any other, so it is marked
 * changed and its version bumped. Returns the ids and slugs written.
 */
export async function insertProducts(
  tx: DbOrTx,
  rows: NewProduct[],
  onLotNumberTaken?: Record<string, SQL>,
): Promise<{ id: number; slug: string }[]> {
  const written: { id: number; slug: string }[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const insert = tx.insert(products).values(rows.slice(i, i + 500));
    const batch = onLotNumberTaken
      ? insert.onConflictDoUpdate({
          target: products.lotNumber,
          set: { ...onLotNumberTaken, updatedAt: new Date(), version: sql`${products.version} + 1` },
        })
      : insert;
    written.push(...(await batch.returning({ id: products.id, slug: products.slug })));
  }
  return written;
}

/**
 * Writes products' own fields (`stock` too when a count replaces it: a manifest re-mapped, a draft
 * counted; the caller marks the reason), marks them changed and, with `bumpVersion`, bumps their
 * version. `onlyIf` writes only the rows still as the caller read them (a markdown step not taken by
 * another run). Returns the ids written.
 */
export async function updateProducts(
  tx: DbOrTx,
  ids: number | number[],
  fields: ProductFields & { stock?: number },
  options: { bumpVersion?: boolean; onlyIf?: SQL } = {},
): Promise<number[]> {
  const list = Array.isArray(ids) ? ids : [ids];
  if (list.length === 0) return [];
  const rows = await tx
    .update(products)
    .set({
      ...fields,
      ...(options.bumpVersion ? { version: sql`${products.version} + 1` } : {}),
      updatedAt: new Date(),
    })
    .where(options.onlyIf ? and(inArray(products.id, list), options.onlyIf) : inArray(products.id, list))
    .returning({ id: products.id });
  return rows.map((r) => r.id);
}

/**
 * Adds (`delta` > 0) or takes (`delta` < 0) units of one product. Taking is refused, writing nothing,
 * when fewer units are left: returns false. Callers that lock the row first (sales, adjustments) never
 * see false unless the database and the lock disagree.
 */
export async function moveStock(tx: DbOrTx, productId: number, delta: number): Promise<boolean> {
  const rows = await tx
    .update(products)
    .set({ stock: sql`${products.stock} + ${delta}`, updatedAt: new Date() })
    .where(and(eq(products.id, productId), sql`${products.stock} + ${delta} >= 0`))
    .returning({ id: products.id });
  return rows.length === 1;
}

/** Deletes a product that no order names (one that appears in orders is archived instead). */
export async function deleteProductRow(tx: DbOrTx, productId: number): Promise<void> {
  await tx.delete(products).where(eq(products.id, productId));
}
