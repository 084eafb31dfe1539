// GET /api/products/export (docs/decisions/0245-product-export.md): every product in the product list
// as a CSV with the import's columns, in the import's own spelling, so a file exported, edited in a
// spreadsheet and imported again changes only the cells that were edited.
import { asc, isNull } from 'drizzle-orm';
import { IMPORT_COLUMNS } from '~/shared/schemas/admin-products';
import type { DbOrTx } from '~/server/db/client';
import { products } from '~/server/db/schema';
import { type CsvColumn, toCsv } from '~/server/lib/csv';

type Row = Pick<typeof products.$inferSelect, (typeof IMPORT_COLUMNS)[number]>;

const VALUES: Record<(typeof IMPORT_COLUMNS)[number], (row: Row) => unknown> = {
  lotNumber: (r) => r.lotNumber,
  name: (r) => r.name,
  description: (r) => r.description,
  price: (r) => r.price,
  compareAtPrice: (r) => r.compareAtPrice,
  stock: (r) => r.stock,
  categoryId: (r) => r.categoryId,
  featured: (r) => r.featured,
  new: (r) => r.new,
  active: (r) => r.active,
  // The stored code (new, like-new, ...) is one the import reads back as the same condition.
  condition: (r) => r.condition,
  conditionNotes: (r) => r.conditionNotes,
  finalSale: (r) => r.finalSale,
  nameFr: (r) => r.nameFr,
  descriptionFr: (r) => r.descriptionFr,
  conditionNotesFr: (r) => r.conditionNotesFr,
};

const COLUMNS: CsvColumn<Row>[] = IMPORT_COLUMNS.map((header) => ({ header, value: VALUES[header] }));

/**
 * The CSV document, oldest product first. Cells a spreadsheet would run as a formula are written with
 * a leading apostrophe (src/server/lib/csv.ts); the import takes that apostrophe off again.
 */
export async function exportProductsCsv(db: DbOrTx): Promise<string> {
  const rows = await db
    .select({
      lotNumber: products.lotNumber,
      name: products.name,
      description: products.description,
      price: products.price,
      compareAtPrice: products.compareAtPrice,
      stock: products.stock,
      categoryId: products.categoryId,
      featured: products.featured,
      new: products.new,
      active: products.active,
      condition: products.condition,
      conditionNotes: products.conditionNotes,
      finalSale: products.finalSale,
      nameFr: products.nameFr,
      descriptionFr: products.descriptionFr,
      conditionNotesFr: products.conditionNotesFr,
    })
    .from(products)
    .where(isNull(products.archivedAt))
    .orderBy(asc(products.id));
  return toCsv(rows, COLUMNS);
}
