// Writing validated rows: one transaction per batch, products created or updated by lot number
// (docs/decisions/0053-csv-import.md), with the audit row.
import { randomBytes } from 'node:crypto';
import { and, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { productSlug } from '~/shared/slug';
import type { Db, DbOrTx } from '~/server/db/client';
import { products } from '~/server/db/schema';
import { recordAudit } from '~/server/lib/audit';
import { endDemoMode } from '~/server/lib/demo-mode';
import { markStockChange } from '~/server/lib/stock-reason';
import type { ImportRow } from './import-rows';
import { insertProducts } from '~/server/lib/product-writes';

type Existing = typeof products.$inferSelect;

/** Values to write for a row: what the file gives, else the product's current value, else the default. */
function mergeRow(row: ImportRow, existing: Existing | undefined, slug: string) {
  return {
    // Lot numbers match without regard to case; an existing product keeps its spelling, so the
    // ON CONFLICT (lot_number) below finds it (docs/decisions/0242-lot-numbers-ignore-case.md).
    lotNumber: existing?.lotNumber ?? row.lotNumber,
    name: row.name,
    slug: existing?.slug ?? slug,
    price: row.price,
    description: row.description ?? existing?.description ?? '',
    nameFr: row.nameFr ?? existing?.nameFr ?? '',
    descriptionFr: row.descriptionFr ?? existing?.descriptionFr ?? '',
    compareAtPrice:
      row.compareAtPrice !== undefined ? row.compareAtPrice : (existing?.compareAtPrice ?? null),
    stock: row.stock ?? existing?.stock ?? 0,
    categoryId: row.categoryId !== undefined ? row.categoryId : (existing?.categoryId ?? null),
    featured: row.featured ?? existing?.featured ?? false,
    new: row.new ?? existing?.new ?? false,
    active: row.active ?? existing?.active ?? true,
    applyDailyDiscount: row.applyDailyDiscount ?? existing?.applyDailyDiscount ?? true,
    condition: row.condition ?? existing?.condition ?? 'new',
    conditionNotes: row.conditionNotes ?? existing?.conditionNotes ?? '',
    conditionNotesFr: row.conditionNotesFr ?? existing?.conditionNotesFr ?? '',
    finalSale: row.finalSale ?? existing?.finalSale ?? false,
    updatedAt: new Date(),
  };
}

/**
 * Lookups by lot number must use the unique index. The trigram search index on lot_number also
 * answers equality, and the planner may pick it (its cost model ignores the pending list a bulk
 * insert leaves in a GIN index): seconds per batch instead of milliseconds. GIN indexes are only
 * read through bitmap scans, so turning those off for the transaction leaves the unique index.
 */
export async function withoutBitmapScans(tx: DbOrTx) {
  await tx.execute(sql`set local enable_bitmapscan = off`);
}

/**
 * `lot_number` is one of `lots` without regard to case (a join with the list rather than
 * `= any(...)`, see above), read through the unique index on lower(lot_number).
 */
export function lotNumberIn(lots: string[]): SQL {
  const list = sql.join(
    lots.map((lot) => sql`${lot.toLowerCase()}`),
    sql`, `,
  );
  return sql`lower(${products.lotNumber}) in (select unnest(array[${list}]::text[]))`;
}

/** The key lot numbers are compared by: the same product whatever the case. */
export const lotKey = (lot: string) => lot.toLowerCase();

/** Free slugs for new products: the name's slug, else name plus lot number, else a random suffix. */
async function chooseSlugs(tx: DbOrTx, rows: ImportRow[]): Promise<Map<string, string>> {
  const candidates = rows.map((r) => {
    const base = productSlug(r.name) || productSlug(r.lotNumber) || 'product';
    const withLot = productSlug(`${base}-${r.lotNumber}`) || `${base}-${randomBytes(3).toString('hex')}`;
    return { lot: r.lotNumber, options: [base, withLot] };
  });
  const all = [...new Set(candidates.flatMap((c) => c.options))];
  const taken = new Set<string>();
  for (let i = 0; i < all.length; i += 1000) {
    const found = await tx
      .select({ slug: products.slug })
      .from(products)
      .where(inArray(products.slug, all.slice(i, i + 1000)));
    for (const f of found) taken.add(f.slug);
  }
  const chosen = new Map<string, string>();
  for (const c of candidates) {
    let slug = c.options.find((s) => !taken.has(s));
    while (!slug || taken.has(slug)) slug = `${c.options[1]}-${randomBytes(3).toString('hex')}`;
    taken.add(slug);
    chosen.set(c.lot, slug);
  }
  return chosen;
}

/** Writes a batch in one transaction; created and updated lot numbers. */
export async function writeBatch(
  db: Db,
  rows: ImportRow[],
  userId: number,
): Promise<{ created: number; updated: number }> {
  return db.transaction(async (tx) => {
    await withoutBitmapScans(tx);
    await markStockChange(tx, { reason: 'import', userId });
    const lots = rows.map((r) => r.lotNumber);
    const existingRows = await tx
      .select()
      .from(products)
      .where(and(lotNumberIn(lots), isNull(products.archivedAt)));
    const existing = new Map(existingRows.map((p) => [lotKey(p.lotNumber!), p]));
    const fresh = rows.filter((r) => !existing.has(lotKey(r.lotNumber)));
    const slugs = await chooseSlugs(tx, fresh);
    const values = rows.map((r) =>
      mergeRow(r, existing.get(lotKey(r.lotNumber)), slugs.get(r.lotNumber) ?? ''),
    );
    await insertProducts(tx, values, {
      name: sql`excluded.name`,
      price: sql`excluded.price`,
      description: sql`excluded.description`,
      nameFr: sql`excluded.name_fr`,
      descriptionFr: sql`excluded.description_fr`,
      compareAtPrice: sql`excluded.compare_at_price`,
      stock: sql`excluded.stock`,
      categoryId: sql`excluded.category_id`,
      featured: sql`excluded.featured`,
      new: sql`excluded.new`,
      active: sql`excluded.active`,
      applyDailyDiscount: sql`excluded.apply_daily_discount`,
      condition: sql`excluded.condition`,
      conditionNotes: sql`excluded.condition_notes`,
      conditionNotesFr: sql`excluded.condition_notes_fr`,
      finalSale: sql`excluded.final_sale`,
    });
    const updatedLots = rows.filter((r) => existing.has(lotKey(r.lotNumber))).map((r) => r.lotNumber);
    await recordAudit(tx, {
      userId,
      action: 'import',
      entity: 'product',
      before: existingRows.length
        ? existingRows.map(({ searchVector: _, searchVectorFr: __, ...p }) => ({ ...p }))
        : null,
      after: { created: fresh.map((r) => r.lotNumber), updated: updatedLots, rows: values },
    });
    await endDemoMode(tx);
    return { created: fresh.length, updated: updatedLots.length };
  });
}

export function describeDbError(error: unknown): string {
  for (let e = error as { message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (!e.cause && e.message) return e.message.split('\n')[0]!;
  }
  return 'database error';
}
