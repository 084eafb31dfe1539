// Loads, manifest intake, publishing drafts and the recovery figures
// (docs/decisions/0310-loads-and-manifest-intake.md).
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  DEFAULT_SUGGESTED_PRICE_PERCENT,
  type ManifestField,
  REQUIRED_MANIFEST_FIELDS,
  MANIFEST_FIELDS,
  MANIFEST_FIELD_LABELS,
  spreadPerUnit,
  suggestedPriceCents,
  supplierKey,
} from '~/shared/loads';
import { centsToString, toCents } from '~/shared/money';
import type {
  DraftEditSchema,
  LoadInputSchema,
  ManifestGrades,
  ManifestMapping,
} from '~/shared/schemas/admin-loads';
import { productSlug } from '~/shared/slug';
import type { z } from 'zod';
import type { AppContext } from '~/server/context';
import type { DbOrTx } from '~/server/db/client';
import { loads, products, storeMeta, supplierManifestMappings } from '~/server/db/schema';
import {
  lineRefund,
  lineRefundedUnits,
  paidOrdersWithRefunds,
  rowsOf,
} from '~/server/features/admin-reports';
import { recordAudit } from '~/server/lib/audit';
import { badRequest, conflict, HttpError, notFound } from '~/server/lib/http-error';
import { markStockChange } from '~/server/lib/stock-reason';
import { RECALLED_LOT_NOT_ON_SALE } from '~/server/lib/recalled-lot';
import {
  type GradeMap,
  gradeKey,
  guessMapping,
  manifestCondition,
  manifestLine,
  readManifest,
} from './manifest';
import { insertProducts, updateProducts } from '~/server/lib/product-writes';

export const LOAD_NOT_FOUND = 'Load not found.';
const SUGGESTED_PERCENT_KEY = 'suggestedPricePercent';
/** Messages kept in an answer: enough to fix a file. */
const MAX_MESSAGES = 500;

type LoadRow = typeof loads.$inferSelect;

function toLoad(row: LoadRow) {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

async function findLoad(db: DbOrTx, id: number, lock = false): Promise<LoadRow> {
  const query = db.select().from(loads).where(eq(loads.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(LOAD_NOT_FOUND);
  return row;
}

export async function createLoad(ctx: AppContext, input: z.output<typeof LoadInputSchema>, userId: number) {
  return ctx.db.transaction(async (tx) => {
    const [clash] = await tx
      .select({ id: loads.id })
      .from(loads)
      .where(sql`lower(${loads.reference}) = lower(${input.reference})`);
    if (clash) throw conflict(`A load with the reference "${input.reference}" already exists.`);
    const [row] = await tx
      .insert(loads)
      .values({
        supplier: input.supplier,
        receivedOn: input.receivedOn,
        reference: input.reference,
        totalCost: centsToString(input.totalCost),
      })
      .returning();
    await recordAudit(tx, { userId, action: 'create', entity: 'load', entityId: row!.id, after: row });
    return toLoad(row!);
  });
}

export async function getSuggestedPercent(db: DbOrTx): Promise<number> {
  const [row] = await db.select().from(storeMeta).where(eq(storeMeta.key, SUGGESTED_PERCENT_KEY));
  return typeof row?.value === 'number' ? row.value : DEFAULT_SUGGESTED_PRICE_PERCENT;
}

export async function setSuggestedPercent(ctx: AppContext, percent: number, userId: number) {
  await ctx.db.transaction(async (tx) => {
    const before = await getSuggestedPercent(tx);
    await tx
      .insert(storeMeta)
      .values({ key: SUGGESTED_PERCENT_KEY, value: percent })
      .onConflictDoUpdate({ target: storeMeta.key, set: { value: percent } });
    await recordAudit(tx, {
      userId,
      action: 'update',
      entity: 'setting',
      entityId: SUGGESTED_PERCENT_KEY,
      before: { percent: before },
      after: { percent },
    });
  });
  return { percent };
}

async function savedSettings(db: DbOrTx, supplier: string) {
  const [row] = await db
    .select()
    .from(supplierManifestMappings)
    .where(eq(supplierManifestMappings.supplierKey, supplierKey(supplier)));
  return row ? { mapping: row.mapping, grades: row.grades as GradeMap } : null;
}

/** The grade words sent with an upload, keyed as they are compared. */
function gradeMapOf(grades: ManifestGrades | undefined): GradeMap {
  return Object.fromEntries(Object.entries(grades ?? {}).map(([word, c]) => [gradeKey(word), c]));
}

/** Each field's column position; a column the file does not have is refused (or dropped: `loose`). */
function columnIndex(columns: string[], mapping: ManifestMapping, loose = false) {
  const index: Partial<Record<ManifestField, number>> = {};
  for (const field of MANIFEST_FIELDS) {
    const column = mapping[field];
    if (!column) continue;
    const at = columns.indexOf(column);
    if (at >= 0) index[field] = at;
    else if (!loose) throw badRequest(`The column "${column}" is not in this manifest.`);
  }
  return index;
}

const PREVIEW_LINES = 5;
const MAX_GRADE_WORDS = 200;

/**
 * The first step of an upload, and every change of its mapping: the file's columns and first rows, the
 * mapping (the one sent, else the supplier's saved one, else a guess from the column names), the grade
 * words of the condition column with what each maps to, and the first lines as they would be drafted.
 * Nothing is written.
 */
export async function previewManifest(
  ctx: AppContext,
  loadId: number,
  file: Buffer,
  sent?: { mapping: ManifestMapping; grades?: ManifestGrades },
) {
  const load = await findLoad(ctx.db, loadId);
  const { columns, records } = await parseOrRefuse(ctx, file);
  const saved = await savedSettings(ctx.db, load.supplier);
  const base = sent?.mapping ?? saved?.mapping;
  // A column the file does not have is dropped: staff map that field again.
  const mapping = base
    ? Object.fromEntries(
        MANIFEST_FIELDS.map((f) => [f, base[f] && columns.includes(base[f]!) ? base[f]! : null]),
      )
    : guessMapping(columns);
  const grades = { ...(saved?.grades ?? {}), ...gradeMapOf(sent?.grades) };
  const index = columnIndex(columns, mapping, true);
  const words = new Map<string, number>();
  if (index.condition !== undefined) {
    for (const r of records) {
      const word = (r.cells[index.condition] ?? '').trim();
      if (word && (words.has(word) || words.size < MAX_GRADE_WORDS))
        words.set(word, (words.get(word) ?? 0) + 1);
    }
  }
  return {
    columns,
    rows: records.slice(0, PREVIEW_LINES).map((r) => r.cells),
    mapping,
    saved: saved !== null,
    grades: [...words].map(([word, lines]) => ({ word, lines, condition: manifestCondition(word, grades) })),
    drafts: records.slice(0, PREVIEW_LINES).map((record) => {
      const line = manifestLine(record, index, grades);
      if (typeof line === 'string')
        return {
          row: record.row,
          title: null,
          upc: null,
          brand: null,
          quantity: null,
          unitRetail: null,
          condition: null,
          problem: line,
        };
      return {
        row: line.row,
        title: line.title,
        upc: line.upc,
        brand: line.brand,
        quantity: line.quantity,
        unitRetail: centsToString(line.retailCents),
        condition: line.condition,
        problem: null,
      };
    }),
    total: records.length,
  };
}

async function parseOrRefuse(ctx: AppContext, file: Buffer) {
  let parsed: Awaited<ReturnType<typeof readManifest>>;
  try {
    parsed = await readManifest(file, ctx.config.MAX_MANIFEST_ROWS);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw badRequest(`The manifest could not be read as CSV: ${(error as Error).message.split('\n')[0]}`);
  }
  if (parsed.columns.filter((c) => c !== '').length === 0)
    throw badRequest('The manifest has no header row.');
  return parsed;
}

/** The lot number of a manifest row: the load's reference in capitals, a dash, the row number. */
export function lotNumberFor(reference: string, row: number): string {
  return `${reference.toUpperCase().replace(/[^A-Z0-9]+/g, '-')}-${row}`;
}

/**
 * The second step: the mapping is saved for the supplier, each good row becomes an inactive draft
 * (rows drafted before are skipped), bad rows are reported by row number, and the load's cost is
 * spread again over all its lots. One transaction: a failure writes nothing.
 */
export async function applyManifest(
  ctx: AppContext,
  loadId: number,
  file: Buffer,
  mapping: ManifestMapping,
  userId: number,
  options: { grades?: ManifestGrades; remap?: boolean } = {},
) {
  const { columns, records } = await parseOrRefuse(ctx, file);
  for (const field of REQUIRED_MANIFEST_FIELDS) {
    if (!mapping[field]) throw badRequest(`Choose the column for ${MANIFEST_FIELD_LABELS[field]}.`);
  }
  const index = columnIndex(columns, mapping);
  const percent = await getSuggestedPercent(ctx.db);
  const messages: string[] = [];
  const report = (row: number, message: string) => {
    if (messages.length < MAX_MESSAGES) messages.push(`Row ${row}: ${message}`);
  };

  return ctx.db.transaction(async (tx) => {
    const load = await findLoad(tx, loadId, true);
    const cleanMapping = Object.fromEntries(MANIFEST_FIELDS.map((f) => [f, mapping[f] || null]));
    const saved = await savedSettings(tx, load.supplier);
    const grades = { ...(saved?.grades ?? {}), ...gradeMapOf(options.grades) };
    await tx
      .insert(supplierManifestMappings)
      .values({ supplierKey: supplierKey(load.supplier), mapping: cleanMapping, grades })
      .onConflictDoUpdate({
        target: supplierManifestMappings.supplierKey,
        set: { mapping: cleanMapping, grades, updatedAt: new Date() },
      });

    const drafted = new Map(
      (
        await tx
          .select({
            id: products.id,
            line: products.manifestLine,
            active: products.active,
            stock: products.stock,
          })
          .from(products)
          .where(and(eq(products.loadId, load.id), isNotNull(products.manifestLine)))
          .for('update')
      ).map((r) => [r.line!, r]),
    );
    let errors = 0;
    let alreadyCreated = 0;
    let remapped = 0;
    const remade: number[] = [];
    const seen = new Map<string, number>();
    const fresh: Exclude<ReturnType<typeof manifestLine>, string>[] = [];
    for (const record of records) {
      // The very same line twice is an export glitch, not two lots: the quantity says how many.
      const key = JSON.stringify(
        MANIFEST_FIELDS.map((f) => (index[f] === undefined ? '' : (record.cells[index[f]!] ?? '').trim())),
      );
      const first = seen.get(key);
      const earlier = drafted.get(record.row);
      if (earlier && !(options.remap && !earlier.active)) {
        alreadyCreated++;
        if (first === undefined) seen.set(key, record.row);
        continue;
      }
      const line = manifestLine(record, index, grades);
      if (earlier) {
        // A draft made with a wrong mapping is made again from this one; a line now refused keeps it.
        if (typeof line === 'string') {
          errors++;
          report(record.row, `${line}; the draft made before is kept`);
          continue;
        }
        if (line.quantity !== earlier.stock)
          await markStockChange(tx, { reason: 'import', note: `Load ${load.reference} re-mapped`, userId });
        await updateProducts(
          tx,
          earlier.id,
          {
            name: line.title,
            description: line.description,
            upc: line.upc,
            brand: line.brand,
            condition: line.condition,
            price: centsToString(suggestedPriceCents(line.retailCents, percent)),
            compareAtPrice: centsToString(line.retailCents),
            stock: line.quantity,
            manifestQuantity: line.quantity,
          },
          { bumpVersion: true },
        );
        remapped++;
        remade.push(earlier.id);
        if (first === undefined) seen.set(key, record.row);
        continue;
      }
      if (typeof line === 'string') {
        errors++;
        report(record.row, line);
        continue;
      }
      if (first !== undefined) {
        errors++;
        report(record.row, `Same as row ${first}; drafted once`);
        continue;
      }
      seen.set(key, record.row);
      fresh.push(line);
    }

    const lots = fresh.map((l) => lotNumberFor(load.reference, l.row));
    const taken = new Set<string>();
    for (let i = 0; i < lots.length; i += 1000) {
      const chunk = lots.slice(i, i + 1000).map((l) => l.toLowerCase());
      const found = await tx
        .select({ lot: products.lotNumber })
        .from(products)
        .where(inArray(sql`lower(${products.lotNumber})`, chunk));
      for (const f of found) taken.add(f.lot!.toLowerCase());
    }
    const values = [];
    for (const [i, line] of fresh.entries()) {
      const lotNumber = lots[i]!;
      if (taken.has(lotNumber.toLowerCase())) {
        errors++;
        report(line.row, `Lot number "${lotNumber}" is already used by another product`);
        continue;
      }
      values.push({
        lotNumber,
        name: line.title,
        slug: `${productSlug(line.title) || 'lot'}-${lotNumber.toLowerCase()}`.replace(/-+/g, '-'),
        description: line.description,
        price: centsToString(suggestedPriceCents(line.retailCents, percent)),
        compareAtPrice: centsToString(line.retailCents),
        compareAtSource: `manifest:${load.reference}`,
        stock: line.quantity,
        active: false,
        new: false,
        condition: line.condition,
        upc: line.upc,
        brand: line.brand,
        loadId: load.id,
        manifestLine: line.row,
        manifestQuantity: line.quantity,
      });
    }
    if (values.length > 0) {
      await markStockChange(tx, { reason: 'import', note: `Load ${load.reference}`, userId });
      await insertProducts(tx, values);
    }
    await spreadLoadCost(tx, load);
    await recordAudit(tx, {
      userId,
      action: 'manifest',
      entity: 'load',
      entityId: load.id,
      after: { mapping: cleanMapping, grades, created: values.map((v) => v.lotNumber), remade, errors },
    });
    return {
      total: records.length,
      created: values.length,
      alreadyCreated,
      remapped,
      errors,
      messages:
        errors > messages.length
          ? [...messages, `...and ${errors - messages.length} more messages not shown.`]
          : messages,
    };
  });
}

/**
 * Each lot's share of the load's cost by its share of the manifest's retail value (unit retail x
 * units), per unit, so that units x unit cost add up to the cost to the cent (spreadPerUnit).
 */
async function spreadLoadCost(tx: DbOrTx, load: LoadRow) {
  const lots = await tx
    .select({ id: products.id, retail: products.compareAtPrice, units: products.manifestQuantity })
    .from(products)
    .where(and(eq(products.loadId, load.id), isNotNull(products.manifestLine)))
    .orderBy(asc(products.manifestLine));
  if (lots.length === 0) return;
  const { perUnit } = spreadPerUnit(
    toCents(load.totalCost) ?? 0,
    lots.map((l) => ({ unitWeight: toCents(l.retail) ?? 0, units: l.units ?? 1 })),
  );
  for (const [i, lot] of lots.entries())
    await updateProducts(tx, lot.id, { unitCost: centsToString(perUnit[i]!) });
}

/** Publishes drafts of the load; a draft without a picture or a price stays a draft, with a message. */
export async function publishDrafts(ctx: AppContext, loadId: number, productIds: number[], userId: number) {
  return ctx.db.transaction(async (tx) => {
    const load = await findLoad(tx, loadId);
    const rows = await tx
      .select()
      .from(products)
      .where(and(eq(products.loadId, load.id), inArray(products.id, productIds)));
    const messages: string[] = [];
    const ok: number[] = [];
    for (const id of productIds) {
      const p = rows.find((r) => r.id === id);
      if (!p) messages.push(`Product ${id} is not a lot of this load.`);
      else if (!p.imageUrl) messages.push(`${p.lotNumber}: add a picture before publishing.`);
      else if ((toCents(p.price) ?? 0) <= 0) messages.push(`${p.lotNumber}: set a price before publishing.`);
      // docs/decisions/0571-recall-screening.md: a recalled lot stays off sale.
      else if (p.recallId !== null) messages.push(`${p.lotNumber}: ${RECALLED_LOT_NOT_ON_SALE}`);
      else if (!p.active) ok.push(id);
    }
    if (ok.length > 0) {
      await updateProducts(tx, ok, { active: true }, { bumpVersion: true });
      await recordAudit(tx, {
        userId,
        action: 'publish',
        entity: 'load',
        entityId: load.id,
        after: { productIds: ok },
      });
    }
    return { published: ok.length, messages };
  });
}

type Lot = typeof products.$inferSelect;
type Sale = { productId: number; loadId: number; units: number; revenueCents: number; day: string };

/**
 * Paid sales of the loads' lots: units less those refunded by line, what shoppers paid less what the
 * line gave back (the reports' rule: a refund by line counts on its line, one tied to no line is spread
 * over the order by each amount's share of the total), and the day
 * in the store's zone. A line refunded in full was not a sale: it counts no unit and no day to sell.
 */
async function salesOf(ctx: AppContext, loadIds: number[]): Promise<Sale[]> {
  if (loadIds.length === 0) return [];
  const line = 'i.price * i.quantity';
  const rows = await rowsOf(
    ctx.db,
    sql`select i.product_id, p.load_id, i.quantity,
        (${sql.raw(line)})::numeric(12,2)::text as paid,
        ${sql.raw(lineRefund(line))}::numeric(12,2)::text as refunded,
        ${sql.raw(lineRefundedUnits)}::int as refunded_units,
        to_char(s.created_at at time zone ${ctx.config.STORE_TIMEZONE}, 'YYYY-MM-DD') as day
      from ${paidOrdersWithRefunds()} s
      join order_items i on i.order_id = s.id
      join products p on p.id = i.product_id
      where p.load_id in (${sql.join(
        loadIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
  );
  return rows.flatMap((r) => {
    const paid = toCents(String(r.paid)) ?? 0;
    const refunded = toCents(String(r.refunded)) ?? 0;
    if (refunded > 0 && refunded >= paid) return [];
    return [
      {
        productId: Number(r.product_id),
        loadId: Number(r.load_id),
        // Units given back by a refund by line were not sold.
        units: Number(r.quantity) - Number(r.refunded_units),
        revenueCents: paid - refunded,
        day: String(r.day),
      },
    ];
  });
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** The figures of a group of loads (one load, or a supplier's). */
function figuresOf(group: LoadRow[], lots: Lot[], sales: Sale[]) {
  const costCents = group.reduce((a, l) => a + (toCents(l.totalCost) ?? 0), 0);
  const receivedOn = new Map(group.map((l) => [l.id, l.receivedOn]));
  const soldUnits = new Map<number, number>();
  const firstDay = new Map<number, string>();
  let revenueCents = 0;
  for (const s of sales) {
    revenueCents += s.revenueCents;
    soldUnits.set(s.productId, (soldUnits.get(s.productId) ?? 0) + s.units);
    const first = firstDay.get(s.productId);
    if (!first || s.day < first) firstDay.set(s.productId, s.day);
  }
  const manifestLots = lots.filter((l) => l.manifestLine !== null);
  const listed = manifestLots.filter((l) => l.active || soldUnits.has(l.id));
  const days = [...firstDay].map(([productId, day]) => {
    const lot = lots.find((l) => l.id === productId)!;
    return daysBetween(receivedOn.get(lot.loadId!)!, day);
  });
  return {
    cost: centsToString(costCents),
    lots: manifestLots.length,
    drafts: manifestLots.length - listed.length,
    unitsListed: listed.reduce((a, l) => a + (l.manifestQuantity ?? 0), 0),
    unitsSold: [...soldUnits.values()].reduce((a, b) => a + b, 0),
    revenue: centsToString(revenueCents),
    recoveryPercent: costCents > 0 ? Math.round((revenueCents * 1000) / costCents) / 10 : null,
    medianDaysToSell: median(days),
  };
}

async function lotsOf(db: DbOrTx, loadIds: number[]): Promise<Lot[]> {
  if (loadIds.length === 0) return [];
  return db
    .select()
    .from(products)
    .where(inArray(products.loadId, loadIds))
    .orderBy(asc(products.manifestLine));
}

export async function listLoads(ctx: AppContext) {
  const rows = await ctx.db.select().from(loads).orderBy(sql`${loads.receivedOn} desc, ${loads.id} desc`);
  const ids = rows.map((r) => r.id);
  const [lots, sales] = await Promise.all([lotsOf(ctx.db, ids), salesOf(ctx, ids)]);
  return rows.map((load) => ({
    ...toLoad(load),
    figures: figuresOf(
      [load],
      lots.filter((l) => l.loadId === load.id),
      sales.filter((s) => s.loadId === load.id),
    ),
  }));
}

/** A lot as the load's table shows it. */
function toLotRow(l: Lot) {
  return {
    id: l.id,
    lotNumber: l.lotNumber,
    name: l.name,
    imageUrl: l.imageUrl,
    condition: l.condition,
    price: l.price,
    compareAtPrice: l.compareAtPrice,
    compareAtSource: l.compareAtSource,
    unitCost: l.unitCost,
    stock: l.stock,
    active: l.active,
    manifestLine: l.manifestLine,
    version: l.version,
    description: l.description,
    upc: l.upc,
    brand: l.brand,
  };
}

export const DRAFT_CHANGED =
  'Someone changed this lot meanwhile. Its current details are shown; make your changes again.';
export const LOT_PUBLISHED =
  'This lot is on sale: change it in the Products tab, where its stock moves by adjustments.';

/**
 * A draft reviewed in the load's table: title, description, UPC, condition, price and stock, based on the version the table
 * showed (docs/decisions/0210-product-edits-and-stock-history.md). Only drafts: nobody can buy one, so its
 * stock is set outright (the manifest's count corrected), recorded in the stock history as an adjustment.
 * A lot on sale has its stock moved by adjustments in the Products tab, so a sale meanwhile is not undone.
 */
export async function editDraft(
  ctx: AppContext,
  loadId: number,
  productId: number,
  data: z.output<typeof DraftEditSchema>,
  userId: number,
) {
  return ctx.db.transaction(async (tx) => {
    const load = await findLoad(tx, loadId);
    const [before] = await tx
      .select()
      .from(products)
      .where(and(eq(products.id, productId), eq(products.loadId, load.id), isNull(products.archivedAt)))
      .for('update');
    if (!before) throw notFound(`Product ${productId} is not a lot of this load.`);
    if (before.version !== data.version) throw conflict(DRAFT_CHANGED, { lot: toLotRow(before) });
    if (before.active) throw conflict(LOT_PUBLISHED, { lot: toLotRow(before) });
    if (data.stock !== before.stock)
      await markStockChange(tx, { reason: 'adjustment', note: "Counted in the load's drafts", userId });
    await updateProducts(
      tx,
      before.id,
      {
        condition: data.condition,
        price: data.price,
        stock: data.stock,
        ...(data.name === undefined ? {} : { name: data.name }),
        ...(data.description === undefined ? {} : { description: data.description }),
        ...(data.upc === undefined ? {} : { upc: data.upc || null }),
        ...(data.brand === undefined ? {} : { brand: data.brand || null }),
      },
      { bumpVersion: true },
    );
    const [after] = await tx.select().from(products).where(eq(products.id, before.id));
    const fields = (l: Lot) => ({
      condition: l.condition,
      price: l.price,
      stock: l.stock,
      name: l.name,
      description: l.description,
      upc: l.upc,
      brand: l.brand,
    });
    await recordAudit(tx, {
      userId,
      action: 'update',
      entity: 'product',
      entityId: before.id,
      before: fields(before),
      after: fields(after!),
    });
    return toLotRow(after!);
  });
}

export async function loadReport(ctx: AppContext, id: number) {
  const load = await findLoad(ctx.db, id);
  const [lots, sales] = await Promise.all([lotsOf(ctx.db, [id]), salesOf(ctx, [id])]);
  const byDay = new Map<string, number>();
  for (const s of sales) byDay.set(s.day, (byDay.get(s.day) ?? 0) + s.revenueCents);
  let running = 0;
  const days = [...byDay]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([date, cents]) => {
      running += cents;
      return { date, revenue: centsToString(cents), cumulative: centsToString(running) };
    });
  return {
    ...toLoad(load),
    figures: figuresOf([load], lots, sales),
    days,
    lots: lots.map(toLotRow),
  };
}

/** The same figures per supplier (names compared as the saved mappings are; shown as first written). */
export async function supplierReport(ctx: AppContext) {
  const rows = await ctx.db.select().from(loads).orderBy(asc(loads.receivedOn), asc(loads.id));
  const ids = rows.map((r) => r.id);
  const [lots, sales] = await Promise.all([lotsOf(ctx.db, ids), salesOf(ctx, ids)]);
  const groups = new Map<string, LoadRow[]>();
  for (const r of rows)
    groups.set(supplierKey(r.supplier), [...(groups.get(supplierKey(r.supplier)) ?? []), r]);
  return [...groups.values()]
    .map((group) => {
      const ids = new Set(group.map((g) => g.id));
      return {
        supplier: group[0]!.supplier,
        loads: group.length,
        figures: figuresOf(
          group,
          lots.filter((l) => ids.has(l.loadId!)),
          sales.filter((s) => ids.has(s.loadId)),
        ),
      };
    })
    .sort((a, b) => a.supplier.localeCompare(b.supplier));
}
