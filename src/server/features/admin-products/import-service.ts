// Bulk import: a CSV file parsed as it streams in (src/server/lib/csv-input.ts: encodings, separators, row limit), each row checked by the product
// schema's rules (import-rows.ts), rows created or updated by lot number in batches (import-write.ts:
// one transaction per batch, so 50,000 rows never sit in memory and a failure never leaves half a
// product), every bad row reported with its row number and skipped (import-report.ts), progress told
// as batches are written; then pictures named `<lot number>_<n>` attached to their products
// (import-images.ts; docs/decisions/0053-csv-import.md).
import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { IMPORT_COLUMNS, IMPORT_REQUIRED_COLUMNS } from '~/shared/schemas/admin-products';
import type { AppContext } from '~/server/context';
import type { DbOrTx } from '~/server/db/client';
import { categories } from '~/server/db/schema';
import { badRequest } from '~/server/lib/http-error';
import { csvRecords } from '~/server/lib/csv-input';
import type { Report, RowsResult } from './import-report';
import { type Column, headerColumns, type ImportRow, loadCategories, validateRecord } from './import-rows';
import { describeDbError, lotKey, writeBatch } from './import-write';

export const IMPORT_BATCH_SIZE = 500;

/**
 * Imports a CSV stream. Throws 400 (before anything is written) when the header lacks a required
 * column; otherwise bad rows are reported in `report` and skipped.
 */
export async function importCsv(
  ctx: Pick<AppContext, 'db'>,
  input: Readable,
  options: {
    userId: number;
    report: Report;
    batchSize?: number;
    /** Rows after the header one file may hold (MAX_IMPORT_ROWS); the reading stops with a 400 after. */
    maxRows?: number;
    /** Called after each batch is written and at the end: rows handled and bytes of the file read. */
    onProgress?: (progress: { rows: number; bytes: number }) => void;
  },
): Promise<RowsResult> {
  const { db } = ctx;
  const { report, onProgress } = options;
  const batchSize = options.batchSize ?? IMPORT_BATCH_SIZE;
  const lookup = await loadCategories(db);
  const result: RowsResult = { total: 0, success: 0, errors: 0, created: 0, updated: 0 };
  const seen = new Map<string, number>();
  let batch: ImportRow[] = [];
  let columns: Map<Column, number> | null = null;

  const flush = async () => {
    if (batch.length === 0) return;
    const rows = batch;
    batch = [];
    try {
      const written = await writeBatch(db, rows, options.userId);
      result.success += rows.length;
      result.created += written.created;
      result.updated += written.updated;
    } catch {
      // One bad row must not cost the others: retry them one by one to find it.
      for (const row of rows) {
        try {
          const written = await writeBatch(db, [row], options.userId);
          result.success++;
          result.created += written.created;
          result.updated += written.updated;
        } catch (error) {
          result.errors++;
          report.add(`Row ${row.row}: could not be saved (${describeDbError(error)})`);
        }
      }
    }
  };

  const records = csvRecords(
    input,
    (row, message) => {
      result.total++;
      result.errors++;
      report.add(`Row ${row}: could not be read (${message})`);
    },
    { maxRows: options.maxRows },
  );
  // Where the last record read ends in the file: after a batch is written, the file's real progress.
  let bytes = 0;
  for await (const { cells, row, bytes: readTo } of records) {
    bytes = readTo;
    if (cells.every((cell) => cell.trim() === '')) continue;
    if (!columns) {
      columns = headerColumns(cells);
      const missing = IMPORT_REQUIRED_COLUMNS.filter((c) => !columns!.has(c));
      if (missing.length > 0) {
        throw badRequest(
          `The CSV file must have a header row with the columns ${IMPORT_REQUIRED_COLUMNS.join(', ')} (missing: ${missing.join(', ')}).`,
        );
      }
      continue;
    }
    result.total++;
    const checked = validateRecord(cells, columns, lookup, row);
    if (typeof checked === 'string') {
      result.errors++;
      report.add(`Row ${row}: ${checked}`);
      continue;
    }
    const firstRow = seen.get(lotKey(checked.lotNumber));
    if (firstRow !== undefined) {
      result.errors++;
      report.add(`Row ${row}: Duplicate lot number "${checked.lotNumber}" (already in row ${firstRow})`);
      continue;
    }
    seen.set(lotKey(checked.lotNumber), row);
    batch.push(checked);
    if (batch.length >= batchSize) {
      await flush();
      onProgress?.({ rows: result.total, bytes });
    }
  }
  await flush();
  if (!columns) throw badRequest('The CSV file is empty.');
  onProgress?.({ rows: result.total, bytes });
  return result;
}

/**
 * GET /api/products/template: the header and two example rows that import as they are on this store:
 * the first names the store's first active category by id (none when there is no category), the
 * second has no category.
 */
export async function templateCsv(db: DbOrTx): Promise<string> {
  const [category] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.active, true))
    .orderBy(categories.id)
    .limit(1);
  return [
    IMPORT_COLUMNS.join(','),
    `LOT-1001,Wireless Earbuds,"Bluetooth 5.3 earbuds, charging case included",29.99,59.99,12,${category?.id ?? ''},true,true,true,New,,false,Écouteurs sans fil,"Écouteurs Bluetooth 5.3, étui de recharge inclus",`,
    // The French columns are optional: left empty, French pages show the English.
    'LOT-1002,Stainless Steel Water Bottle,"750 ml, keeps drinks cold for 24 hours",14.50,,40,,false,false,true,Used - good,Small dent near the base,true,,,Petite bosse près de la base',
  ]
    .join('\r\n')
    .concat('\r\n');
}
