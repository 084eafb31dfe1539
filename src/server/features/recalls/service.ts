// Recall screening (docs/decisions/0571-recall-screening.md): recall data loaded into the database, every
// lot whose UPC a recall names put in quarantine (off sale, the recall named), staff told of lots taken
// off sale, and the report of quarantined lots and possible matches. The trigger of migration
// 0034_recall-screening screens each lot as its UPC is written; an import screens the lots already here.
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type {
  QuarantineReport,
  QuarantinedLot,
  Recall,
  RecallImportResult,
} from '~/shared/schemas/admin-recalls';
import type { Locale } from '~/shared/i18n/locales';
import type { AppContext } from '~/server/context';
import type { DbOrTx } from '~/server/db/client';
import { products, recallGtins, recalls, storeMeta } from '~/server/db/schema';
import { recordAudit } from '~/server/lib/audit';
import { badRequest, HttpError } from '~/server/lib/http-error';
import { type ParsedRecall, parseRecallFile, RECALL_FILE_UNREADABLE } from './sources';
import { updateProducts } from '~/server/lib/product-writes';

/** The UPC as 14 digits, in SQL: what recall_gtins holds (null when it is not 8 to 14 digits). */
const upcAsGtin = sql<
  string | null
>`(case when regexp_replace(${products.upc}, '[[:space:]-]', '', 'g') ~ '^[0-9]{8,14}$'
  then lpad(regexp_replace(${products.upc}, '[[:space:]-]', '', 'g'), 14, '0') end)`;

const recallColumns = {
  id: recalls.id,
  source: recalls.source,
  sourceId: recalls.sourceId,
  title: recalls.title,
  titleFr: recalls.titleFr,
  recalledOn: recalls.recalledOn,
  url: recalls.url,
};

/**
 * Writes the recalls and their GTINs. A French file (Health Canada publishes one beside the English)
 * gives a recall its French title and leaves the English one; a recall first met in French takes the
 * French title for both until the English file comes.
 */
async function saveRecalls(tx: DbOrTx, parsed: ParsedRecall[], language: Locale): Promise<number> {
  let gtins = 0;
  const french = language === 'fr';
  for (let i = 0; i < parsed.length; i += 500) {
    const chunk = parsed.slice(i, i + 500);
    const saved = await tx
      .insert(recalls)
      .values(
        chunk.map(({ gtins: _gtins, ...recall }) => ({ ...recall, titleFr: french ? recall.title : null })),
      )
      .onConflictDoUpdate({
        target: [recalls.source, recalls.sourceId],
        set: {
          ...(french ? { titleFr: sql`excluded.title_fr` } : { title: sql`excluded.title` }),
          recalledOn: sql`excluded.recalled_on`,
          url: sql`excluded.url`,
          brands: sql`excluded.brands`,
          models: sql`excluded.models`,
          importedAt: new Date(),
        },
      })
      .returning({ id: recalls.id, sourceId: recalls.sourceId });
    const idOf = new Map(saved.map((r) => [r.sourceId, r.id]));
    const rows = chunk.flatMap((r) => r.gtins.map((gtin) => ({ recallId: idOf.get(r.sourceId)!, gtin })));
    gtins += rows.length;
    for (let j = 0; j < rows.length; j += 1000)
      await tx
        .insert(recallGtins)
        .values(rows.slice(j, j + 1000))
        .onConflictDoNothing();
  }
  return gtins;
}

/**
 * Puts in quarantine every lot not yet there whose UPC a recall names: off sale at once. Returns them,
 * saying which were on sale.
 */
async function screenLots(tx: DbOrTx, userId: number | null) {
  const hits = await tx
    .select({
      id: products.id,
      active: products.active,
      recallId: sql<number>`(select min(g.recall_id) from ${recallGtins} g where g.gtin = ${upcAsGtin} and g.recall_id is distinct from ${products.recallReleasedId})`,
    })
    .from(products)
    .where(
      and(
        isNull(products.recallId),
        isNull(products.archivedAt),
        isNotNull(products.upc),
        // A recall the owner released this lot from (a wrong match) does not quarantine it again.
        sql`exists (select 1 from ${recallGtins} g where g.gtin = ${upcAsGtin} and g.recall_id is distinct from ${products.recallReleasedId})`,
      ),
    )
    .for('update');
  const wasOnSale = new Map(hits.map((h) => [h.id, h.active]));
  for (const hit of hits) {
    await updateProducts(tx, hit.id, { recallId: hit.recallId, quarantinedAt: new Date(), active: false });
    await recordAudit(tx, {
      userId,
      action: 'update',
      entity: 'product',
      entityId: hit.id,
      before: { active: hit.active, recallId: null },
      after: { active: false, recallId: hit.recallId, reason: 'recall' },
    });
  }
  const lots =
    hits.length === 0 ? [] : await quarantinedLots(tx, inArray(products.id, [...wasOnSale.keys()]));
  return lots.map((lot) => ({ ...lot, wasOnSale: wasOnSale.get(lot.id) ?? false }));
}

async function quarantinedLots(db: DbOrTx, where = sql`true`): Promise<QuarantinedLot[]> {
  const rows = await db
    .select({
      id: products.id,
      lotNumber: products.lotNumber,
      name: products.name,
      upc: products.upc,
      brand: products.brand,
      quarantinedAt: products.quarantinedAt,
      recall: recallColumns,
    })
    .from(products)
    .innerJoin(recalls, eq(recalls.id, products.recallId))
    .where(and(isNull(products.archivedAt), where))
    .orderBy(desc(products.quarantinedAt), asc(products.id));
  return rows.map((r) => ({ ...r, quarantinedAt: (r.quarantinedAt ?? new Date()).toISOString() }));
}

/** Tells the store's address which lots on sale were taken off because of a recall. */
async function alertStaff(ctx: AppContext, lots: RecallImportResult['quarantined']) {
  const offSale = lots.filter((l) => l.wasOnSale);
  if (offSale.length === 0) return;
  const lines = offSale.map(
    (l) =>
      `- ${l.lotNumber ?? `#${l.id}`} ${l.name} (UPC ${l.upc}): ${l.recall.title}${l.recall.url ? ` ${l.recall.url}` : ''}`,
  );
  try {
    await ctx.mailer.send({
      kind: 'recall-alert',
      to: ctx.config.STORE_EMAIL,
      subject: `Recall: ${offSale.length} lot${offSale.length === 1 ? '' : 's'} taken off sale`,
      text: [
        'New recall data names lots that were on sale. They are now off sale and in quarantine:',
        '',
        ...lines,
        '',
        'Pull them from the shelves. The quarantine report in the admin area lists every recalled lot.',
      ].join('\n'),
    });
  } catch {
    // The quarantine report shows the lots whatever happens to this notice.
  }
}

/** Loads one recall file (Health Canada's or the CPSC's JSON) and screens every lot against it. */
export async function importRecalls(
  ctx: AppContext,
  text: string,
  userId: number | null,
  language: Locale = 'en',
): Promise<RecallImportResult> {
  const parsed = parseRecallFile(text);
  if (!parsed) throw badRequest(RECALL_FILE_UNREADABLE);
  const result = await ctx.db.transaction(async (tx) => {
    const gtins = await saveRecalls(tx, parsed.recalls, language);
    const quarantined = await screenLots(tx, userId);
    await recordAudit(tx, {
      userId,
      action: 'create',
      entity: 'recall-import',
      entityId: null,
      after: {
        source: parsed.source,
        recalls: parsed.recalls.length,
        gtins,
        quarantined: quarantined.length,
      },
    });
    return {
      source: parsed.source,
      recalls: parsed.recalls.length,
      skipped: parsed.skipped,
      gtins,
      quarantined,
    };
  });
  await alertStaff(ctx, result.quarantined);
  return result;
}

export async function listRecalls(ctx: AppContext, limit = 200): Promise<Recall[]> {
  const rows = await ctx.db
    .select({
      ...recallColumns,
      gtins: sql<number>`(select count(*) from ${recallGtins} g where g.recall_id = ${recalls.id})::int`,
    })
    .from(recalls)
    .orderBy(sql`${recalls.recalledOn} desc nulls last`, desc(recalls.id))
    .limit(limit);
  return rows;
}

/** Quarantined lots, and lots a recall may concern by brand and model words (for staff to check). */
export async function quarantineReport(ctx: AppContext): Promise<QuarantineReport> {
  const text = sql`lower(${products.name} || ' ' || ${products.description})`;
  const possible = await ctx.db
    .select({
      id: products.id,
      lotNumber: products.lotNumber,
      name: products.name,
      upc: products.upc,
      brand: products.brand,
      recall: recallColumns,
    })
    .from(products)
    .innerJoin(
      recalls,
      sql`lower(trim(${products.brand})) = any(${recalls.brands}) and exists (select 1 from unnest(${recalls.models}) m where position(m in ${text}) > 0)`,
    )
    .where(and(isNull(products.recallId), isNull(products.archivedAt), isNotNull(products.brand)))
    .orderBy(asc(products.id))
    .limit(500);
  return { quarantined: await quarantinedLots(ctx.db), possibleMatches: possible };
}

const FETCHED_KEY = 'recall-data-fetched-on';

/**
 * The scheduled import: each address of RECALL_DATA_URLS fetched once a day (the store's date), and
 * imported. A source that fails is logged and tried again at the next run.
 */
export async function fetchRecallData(
  ctx: AppContext,
  today: string,
  log: (error: unknown, url: string) => void,
) {
  const urls = ctx.config.RECALL_DATA_URLS;
  if (urls.length === 0) return 0;
  const [done] = await ctx.db.select().from(storeMeta).where(eq(storeMeta.key, FETCHED_KEY));
  if (done?.value === today) return 0;
  let failed = false;
  for (const url of urls) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(120_000) });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      await importRecalls(ctx, await response.text(), null, /\/fr\b|[?&]lang=fr/.test(url) ? 'fr' : 'en');
    } catch (error) {
      failed = true;
      log(error, url);
    }
  }
  if (!failed)
    await ctx.db
      .insert(storeMeta)
      .values({ key: FETCHED_KEY, value: today })
      .onConflictDoUpdate({ target: storeMeta.key, set: { value: today } });
  return urls.length;
}

/**
 * The owner releases a lot from quarantine: the recall matched it wrongly (docs/decisions/0568-recall-release.md).
 * The lot leaves quarantine but stays off sale (publishing it is a separate, deliberate step); the recall
 * it was released from is remembered so a later screening does not put it back; the reason is audited.
 */
export async function releaseFromQuarantine(
  ctx: AppContext,
  productId: number,
  reason: string,
  userId: number,
): Promise<{ id: number; releasedFrom: number }> {
  return ctx.db.transaction(async (tx) => {
    const [lot] = await tx
      .select({ id: products.id, recallId: products.recallId, quarantinedAt: products.quarantinedAt })
      .from(products)
      .where(eq(products.id, productId))
      .for('update');
    if (!lot) throw new HttpError(404, 'Product not found');
    if (lot.recallId === null) throw new HttpError(409, 'This lot is not in quarantine.');
    await updateProducts(tx, productId, {
      recallId: null,
      quarantinedAt: null,
      recallReleasedId: lot.recallId,
    });
    await recordAudit(tx, {
      userId,
      action: 'update',
      entity: 'product',
      entityId: productId,
      before: { recallId: lot.recallId, quarantinedAt: lot.quarantinedAt?.toISOString() ?? null },
      after: { recallId: null, releasedFrom: lot.recallId, reason: 'recall-release', note: reason },
    });
    return { id: productId, releasedFrom: lot.recallId };
  });
}
