// Bulk import: a CSV file parsed as it streams in, rows
// created or updated by lot number in batches (one transaction per batch, so 50,000 rows never sit in
// memory and a failure never leaves half a product), every bad row reported with its row number and
// skipped; then pictures named `<lot number>_<n>` attached to their products
// (docs/decisions/0053-csv-import.md).
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { centsToString } from '~/shared/money';
import {
  IMPORT_COLUMNS,
  IMPORT_REQUIRED_COLUMNS,
  type ImagesOnlyResult,
  type ImportResult,
  LOT_NUMBER_MAX,
  lotImageName,
  MAX_IMAGES_PER_LOT,
  MAX_UPLOAD_IMAGE_BYTES,
  moneyMessage,
  PRODUCT_NAME_MAX,
  parseMoneyInput,
  parseStockInput,
  DESCRIPTION_MAX,
} from '~/shared/schemas/admin-products';
import { productSlug } from '~/shared/slug';
import type { Db, DbOrTx } from '~/server/db/client';
import { categories, productImages, products } from '~/server/db/schema';
import { recordAudit } from '~/server/lib/audit';
import { endDemoMode } from '~/server/lib/demo-mode';
import { badRequest, HttpError } from '~/server/lib/http-error';
import type { FileStorage } from '~/server/storage/file-storage';
import { storeProductImage } from '~/server/storage/images';
import { markStockChange } from '~/server/lib/stock-reason';

export const IMPORT_BATCH_SIZE = 500;
/** Enough to fix a file; a file with 50,000 bad rows does not need 50,000 lines of answer. */
export const MAX_MESSAGES = 500;

type Column = (typeof IMPORT_COLUMNS)[number] | 'applyDailyDiscount';

const HEADER_ALIASES: Record<string, Column> = {
  lotnumber: 'lotNumber',
  lot: 'lotNumber',
  lotno: 'lotNumber',
  name: 'name',
  description: 'description',
  price: 'price',
  compareatprice: 'compareAtPrice',
  stock: 'stock',
  categoryid: 'categoryId',
  category: 'categoryId',
  featured: 'featured',
  new: 'new',
  active: 'active',
  applydailydiscount: 'applyDailyDiscount',
};

/** A row that passed validation: undefined means "not given" (keep the product's value, or the default). */
type ImportRow = {
  row: number;
  lotNumber: string;
  name: string;
  price: string;
  description?: string;
  compareAtPrice?: string | null;
  stock?: number;
  categoryId?: number | null;
  featured?: boolean;
  new?: boolean;
  active?: boolean;
  applyDailyDiscount?: boolean;
};

/** Collects the answer's messages, keeping at most MAX_MESSAGES of them. */
class Report {
  messages: string[] = [];
  private dropped = 0;
  add(message: string) {
    if (this.messages.length < MAX_MESSAGES) this.messages.push(message);
    else this.dropped++;
  }
  finish(): string[] {
    return this.dropped > 0
      ? [...this.messages, `...and ${this.dropped} more messages not shown.`]
      : this.messages;
  }
}

function parseBoolean(value: string): boolean | null {
  const v = value.trim().toLowerCase();
  if (['true', 'yes', 'y', '1'].includes(v)) return true;
  if (['false', 'no', 'n', '0'].includes(v)) return false;
  return null;
}

type CategoryLookup = Map<string, number>;

async function loadCategories(db: DbOrTx): Promise<CategoryLookup> {
  const rows = await db
    .select({ id: categories.id, name: categories.name, slug: categories.slug })
    .from(categories);
  const lookup: CategoryLookup = new Map();
  for (const c of rows) {
    lookup.set(String(c.id), c.id);
    lookup.set(`name:${c.name.trim().toLowerCase()}`, c.id);
    lookup.set(`name:${c.slug}`, c.id);
  }
  return lookup;
}

/** Checks one record; the reason when it cannot be imported. */
function validateRecord(
  record: string[],
  columns: Map<Column, number>,
  lookup: CategoryLookup,
  row: number,
): ImportRow | string {
  const cell = (c: Column): string | undefined => {
    const index = columns.get(c);
    if (index === undefined) return undefined;
    const value = record[index];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  };
  const lotNumber = cell('lotNumber');
  if (!lotNumber) return 'Lot number is required';
  if (lotNumber.length > LOT_NUMBER_MAX) return `Lot number must be at most ${LOT_NUMBER_MAX} characters`;
  const name = cell('name');
  if (!name) return 'Name is required';
  if (name.length < 2) return 'Product name must be at least 2 characters.';
  if (name.length > PRODUCT_NAME_MAX) return `Product name must be at most ${PRODUCT_NAME_MAX} characters`;
  const priceText = cell('price');
  if (!priceText) return 'Price is required';
  const price = parseMoneyInput(priceText);
  if (!price.ok) return `${moneyMessage('Price', price.reason)} ("${priceText}")`;
  const out: ImportRow = { row, lotNumber, name, price: centsToString(price.cents) };

  const description = cell('description');
  if (description !== undefined) {
    if (description.length > DESCRIPTION_MAX)
      return `Description must be at most ${DESCRIPTION_MAX} characters`;
    out.description = description;
  }
  const compareAt = cell('compareAtPrice');
  if (compareAt !== undefined) {
    const parsed = parseMoneyInput(compareAt);
    if (!parsed.ok) return `${moneyMessage('Compare-at price', parsed.reason)} ("${compareAt}")`;
    out.compareAtPrice = parsed.cents > 0 ? centsToString(parsed.cents) : null;
  }
  const stockText = cell('stock');
  if (stockText !== undefined) {
    const parsed = parseStockInput(stockText);
    if (!parsed.ok) return `${parsed.message} ("${stockText}")`;
    out.stock = parsed.stock;
  }
  const category = cell('categoryId');
  if (category !== undefined) {
    const id = /^\d+$/.test(category)
      ? lookup.get(String(Number(category)))
      : (lookup.get(`name:${category.toLowerCase()}`) ?? undefined);
    if (id === undefined) {
      if (category.toLowerCase() !== 'none') return `Unknown category "${category}"`;
      out.categoryId = null;
    } else {
      out.categoryId = id;
    }
  }
  for (const flag of ['featured', 'new', 'active', 'applyDailyDiscount'] as const) {
    const text = cell(flag);
    if (text === undefined) continue;
    const value = parseBoolean(text);
    if (value === null) return `${flag} must be true or false ("${text}")`;
    out[flag] = value;
  }
  return out;
}

type Existing = typeof products.$inferSelect;

/** Values to write for a row: what the file gives, else the product's current value, else the default. */
function mergeRow(row: ImportRow, existing: Existing | undefined, slug: string) {
  return {
    lotNumber: row.lotNumber,
    name: row.name,
    slug: existing?.slug ?? slug,
    price: row.price,
    description: row.description ?? existing?.description ?? '',
    compareAtPrice:
      row.compareAtPrice !== undefined ? row.compareAtPrice : (existing?.compareAtPrice ?? null),
    stock: row.stock ?? existing?.stock ?? 0,
    categoryId: row.categoryId !== undefined ? row.categoryId : (existing?.categoryId ?? null),
    featured: row.featured ?? existing?.featured ?? false,
    new: row.new ?? existing?.new ?? false,
    active: row.active ?? existing?.active ?? true,
    applyDailyDiscount: row.applyDailyDiscount ?? existing?.applyDailyDiscount ?? true,
    updatedAt: new Date(),
  };
}

/**
 * Lookups by lot number must use the unique index. The trigram search index on lot_number also
 * answers equality, and the planner may pick it (its cost model ignores the pending list a bulk
 * insert leaves in a GIN index): seconds per batch instead of milliseconds. GIN indexes are only
 * read through bitmap scans, so turning those off for the transaction leaves the unique index.
 */
async function withoutBitmapScans(tx: DbOrTx) {
  await tx.execute(sql`set local enable_bitmapscan = off`);
}

/** `lot_number` is one of `lots` (a join with the list rather than `= any(...)`, see above). */
function lotNumberIn(lots: string[]): SQL {
  const list = sql.join(
    lots.map((lot) => sql`${lot}`),
    sql`, `,
  );
  return sql`${products.lotNumber} in (select unnest(array[${list}]::text[]))`;
}

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
async function writeBatch(
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
    const existing = new Map(existingRows.map((p) => [p.lotNumber!, p]));
    const fresh = rows.filter((r) => !existing.has(r.lotNumber));
    const slugs = await chooseSlugs(tx, fresh);
    const values = rows.map((r) => mergeRow(r, existing.get(r.lotNumber), slugs.get(r.lotNumber) ?? ''));
    await tx
      .insert(products)
      .values(values)
      .onConflictDoUpdate({
        target: products.lotNumber,
        set: {
          name: sql`excluded.name`,
          price: sql`excluded.price`,
          description: sql`excluded.description`,
          compareAtPrice: sql`excluded.compare_at_price`,
          stock: sql`excluded.stock`,
          categoryId: sql`excluded.category_id`,
          featured: sql`excluded.featured`,
          new: sql`excluded.new`,
          active: sql`excluded.active`,
          applyDailyDiscount: sql`excluded.apply_daily_discount`,
          updatedAt: sql`excluded.updated_at`,
          // An import is an edit: a product dialog opened before it must not write over it.
          version: sql`${products.version} + 1`,
        },
      });
    const updatedLots = rows.filter((r) => existing.has(r.lotNumber)).map((r) => r.lotNumber);
    await recordAudit(tx, {
      userId,
      action: 'import',
      entity: 'product',
      before: existingRows.length ? existingRows.map(({ searchVector: _, ...p }) => ({ ...p })) : null,
      after: { created: fresh.map((r) => r.lotNumber), updated: updatedLots, rows: values },
    });
    await endDemoMode(tx);
    return { created: fresh.length, updated: updatedLots.length };
  });
}

function describeDbError(error: unknown): string {
  for (let e = error as { message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (!e.cause && e.message) return e.message.split('\n')[0]!;
  }
  return 'database error';
}

export type RowsResult = { total: number; success: number; errors: number; created: number; updated: number };

/**
 * Imports a CSV stream. Throws 400 (before anything is written) when the header lacks a required
 * column; otherwise bad rows are reported in `report` and skipped.
 */
export async function importCsv(
  db: Db,
  input: Readable,
  options: {
    userId: number;
    report: Report;
    batchSize?: number;
    /** Called after each batch is written and at the end: rows handled and bytes of the file read. */
    onProgress?: (progress: { rows: number; bytes: number }) => void;
  },
): Promise<RowsResult> {
  const { report } = options;
  const batchSize = options.batchSize ?? IMPORT_BATCH_SIZE;
  const lookup = await loadCategories(db);
  const result: RowsResult = { total: 0, success: 0, errors: 0, created: 0, updated: 0 };
  const seen = new Map<string, number>();
  let batch: ImportRow[] = [];
  let columns: Map<Column, number> | null = null;
  // Row numbers as a spreadsheet shows them: the header is row 1 (a quoted line break stays in its row).
  let rowNumber = 0;

  const parser = parse({
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    // Blank lines are counted (a spreadsheet shows them as rows) and then ignored below.
    skip_empty_lines: false,
    skip_records_with_error: true,
    max_record_size: 1_000_000,
    info: true,
  });
  parser.on('skip', (error: Error & { records?: number }) => {
    result.total++;
    result.errors++;
    report.add(`Row ${(error.records ?? rowNumber) + 1}: could not be read (${error.message})`);
  });

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

  const records = input.pipe(parser);
  input.on('error', (error) => parser.destroy(error));
  // Where the last record read ends in the file: after a batch is written, the file's real progress.
  let bytes = 0;
  const { onProgress } = options;
  for await (const { record, info } of records as AsyncIterable<{
    record: string[];
    info: { records: number; bytes: number };
  }>) {
    rowNumber = info.records;
    bytes = info.bytes;
    if (record.every((cell) => cell.trim() === '')) continue;
    if (!columns) {
      columns = new Map();
      record.forEach((name, index) => {
        const column = HEADER_ALIASES[name.toLowerCase().replace(/[^a-z0-9]/g, '')];
        if (column && !columns!.has(column)) columns!.set(column, index);
      });
      const missing = IMPORT_REQUIRED_COLUMNS.filter((c) => !columns!.has(c));
      if (missing.length > 0) {
        throw badRequest(
          `The CSV file must have a header row with the columns ${IMPORT_REQUIRED_COLUMNS.join(', ')} (missing: ${missing.join(', ')}).`,
        );
      }
      continue;
    }
    result.total++;
    const checked = validateRecord(record, columns, lookup, rowNumber);
    if (typeof checked === 'string') {
      result.errors++;
      report.add(`Row ${rowNumber}: ${checked}`);
      continue;
    }
    const firstRow = seen.get(checked.lotNumber);
    if (firstRow !== undefined) {
      result.errors++;
      report.add(
        `Row ${rowNumber}: Duplicate lot number "${checked.lotNumber}" (already in row ${firstRow})`,
      );
      continue;
    }
    seen.set(checked.lotNumber, rowNumber);
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

// ---------------------------------------------------------------------------------------------------
// Pictures named by lot number.

export type StagedImage = { fileName: string; file: string; size: number; tooLarge: boolean };

/** Pictures are written to a temporary folder as they arrive, so the request never sits in memory. */
export class ImageStaging {
  private dir: string | null = null;
  readonly images: StagedImage[] = [];

  async add(fileName: string, stream: Readable): Promise<StagedImage> {
    this.dir ??= await mkdtemp(path.join(os.tmpdir(), 'store-import-'));
    const file = path.join(this.dir, `${this.images.length}.upload`);
    let size = 0;
    // Past the limit the bytes are counted and dropped: the picture is refused anyway.
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        done(null, size > MAX_UPLOAD_IMAGE_BYTES ? undefined : chunk);
      },
    });
    await pipeline(stream, limit, createWriteStream(file));
    const truncated = (stream as Readable & { truncated?: boolean }).truncated === true;
    const image = { fileName, file, size, tooLarge: truncated || size > MAX_UPLOAD_IMAGE_BYTES };
    this.images.push(image);
    return image;
  }

  async cleanup(): Promise<void> {
    if (this.dir) await rm(this.dir, { recursive: true, force: true });
    this.dir = null;
  }
}

type LotProduct = { id: number; lotNumber: string | null; imageUrl: string | null };

/**
 * Products by lower-cased lot number: lot numbers as the files spell them first (the unique index),
 * then, for those not found, ignoring case.
 */
async function productsForLots(db: Db, lotNumbers: string[]): Promise<Map<string, LotProduct>> {
  const byKey = new Map<string, LotProduct>();
  const written = [...new Set(lotNumbers)];
  const columns = { id: products.id, lotNumber: products.lotNumber, imageUrl: products.imageUrl };
  await db.transaction(async (tx) => {
    await withoutBitmapScans(tx);
    for (let i = 0; i < written.length; i += 1000) {
      const found = await tx
        .select(columns)
        .from(products)
        .where(and(lotNumberIn(written.slice(i, i + 1000)), isNull(products.archivedAt)));
      for (const f of found) byKey.set(f.lotNumber!.toLowerCase(), f);
    }
    const missing = [...new Set(written.map((w) => w.toLowerCase()))].filter((key) => !byKey.has(key));
    for (let i = 0; i < missing.length; i += 1000) {
      const list = sql.join(
        missing.slice(i, i + 1000).map((m) => sql`${m}`),
        sql`, `,
      );
      const found = await tx
        .select(columns)
        .from(products)
        .where(
          and(
            sql`lower(${products.lotNumber}) in (select unnest(array[${list}]::text[]))`,
            isNull(products.archivedAt),
          ),
        )
        .orderBy(products.id);
      for (const f of found)
        if (!byKey.has(f.lotNumber!.toLowerCase())) byKey.set(f.lotNumber!.toLowerCase(), f);
    }
  });
  return byKey;
}

export type ImageMatchResult = { total: number; matched: number; unmatched: number; errors: number };

/**
 * Attaches pictures to products by lot number: `<lot>_<n>` goes to position n (1 is the main image),
 * replacing the picture there or appending after the last one; up to 10 per product.
 */
export async function attachLotImages(
  db: Db,
  storage: FileStorage,
  staged: StagedImage[],
  options: {
    userId: number;
    report: Report;
    /** Called as pictures are handled (matched, refused or unmatched), with how many so far. */
    onProgress?: (handled: number) => void;
  },
): Promise<ImageMatchResult> {
  const { report, onProgress } = options;
  const result: ImageMatchResult = { total: staged.length, matched: 0, unmatched: 0, errors: 0 };
  const byLot = new Map<string, { lotNumber: string; position: number; image: StagedImage }[]>();
  for (const image of staged) {
    const parsed = lotImageName(image.fileName);
    if (!parsed) {
      result.unmatched++;
      report.add(
        `Image ${image.fileName}: the name must be the lot number with a suffix _1 to _${MAX_IMAGES_PER_LOT}, such as LOT-123_1.jpg`,
      );
      continue;
    }
    const key = parsed.lotNumber.toLowerCase();
    const list = byLot.get(key) ?? [];
    list.push({ ...parsed, image });
    byLot.set(key, list);
  }

  const byKey = await productsForLots(
    db,
    [...byLot.values()].flatMap((entries) => entries.map((e) => e.lotNumber)),
  );
  // Reported at the start of each lot's turn and at the end: what is counted then is done (pictures
  // with a bad name, the earlier lots).
  let handled = result.unmatched;
  for (const [key, entries] of byLot) {
    onProgress?.(handled);
    handled += entries.length;
    const product = byKey.get(key);
    if (!product) {
      result.unmatched += entries.length;
      for (const e of entries)
        report.add(`Image ${e.image.fileName}: no product with lot number "${e.lotNumber}"`);
      continue;
    }
    entries.sort((a, b) => a.position - b.position);
    const stored: { position: number; url: string }[] = [];
    for (const entry of entries) {
      const { image } = entry;
      if (stored.some((s) => s.position === entry.position)) {
        result.errors++;
        report.add(
          `Image ${image.fileName}: another picture already takes position ${entry.position} of ${entry.lotNumber}`,
        );
        continue;
      }
      if (image.tooLarge) {
        result.errors++;
        report.add(`Image ${image.fileName}: larger than ${MAX_UPLOAD_IMAGE_BYTES / 1024 / 1024} MB`);
        continue;
      }
      try {
        const url = await storeProductImage(
          storage,
          await readFile(image.file),
          `${entry.lotNumber}-${entry.position}`,
        );
        stored.push({ position: entry.position, url });
      } catch (error) {
        result.errors++;
        report.add(
          `Image ${image.fileName}: ${error instanceof HttpError ? error.message : 'could not be processed'}`,
        );
      }
    }
    if (stored.length === 0) continue;
    await db.transaction(async (tx) => {
      const current = await tx
        .select({ imageUrl: productImages.imageUrl })
        .from(productImages)
        .where(eq(productImages.productId, product.id))
        .orderBy(productImages.sortOrder, productImages.id);
      const before =
        current.length > 0 ? current.map((c) => c.imageUrl) : product.imageUrl ? [product.imageUrl] : [];
      const after = [...before];
      for (const s of stored) {
        if (s.position - 1 < after.length) after[s.position - 1] = s.url;
        else after.push(s.url);
      }
      const images = after.slice(0, MAX_IMAGES_PER_LOT);
      await tx.delete(productImages).where(eq(productImages.productId, product.id));
      await tx.insert(productImages).values(
        images.map((imageUrl, i) => ({
          productId: product.id,
          imageUrl,
          isPrimary: i === 0,
          sortOrder: i,
        })),
      );
      await tx
        .update(products)
        .set({ imageUrl: images[0] ?? null, updatedAt: new Date() })
        .where(eq(products.id, product.id));
      await recordAudit(tx, {
        userId: options.userId,
        action: 'import-images',
        entity: 'product',
        entityId: product.id,
        before: { images: before },
        after: { images },
      });
      await endDemoMode(tx);
    });
    result.matched += stored.length;
  }
  onProgress?.(handled);
  return result;
}

export function newReport(): Report {
  return new Report();
}
export type { Report };

export function importResult(rows: RowsResult, images: ImageMatchResult, report: Report): ImportResult {
  return {
    total: rows.total,
    success: rows.success,
    errors: rows.errors + images.errors + images.unmatched,
    messages: report.finish(),
    created: rows.created,
    updated: rows.updated,
    images: { total: images.total, matched: images.matched, unmatched: images.unmatched },
  };
}

export function imagesOnlyResult(images: ImageMatchResult, report: Report): ImagesOnlyResult {
  return { ...images, messages: report.finish() };
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
    `LOT-1001,Wireless Earbuds,"Bluetooth 5.3 earbuds, charging case included",29.99,59.99,12,${category?.id ?? ''},true,true,true`,
    'LOT-1002,Stainless Steel Water Bottle,"750 ml, keeps drinks cold for 24 hours",14.50,,40,,false,false,true',
  ]
    .join('\r\n')
    .concat('\r\n');
}
