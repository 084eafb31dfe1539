// Markdowns by age (docs/decisions/0320-markdowns-lower-the-selling-price.md): the rules in the
// store settings, the job that lowers each product's selling price when it reaches a step, and the
// product's price history.
import { and, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import { centsToString, toCents } from '~/shared/money';
import {
  computeMarkdown,
  DEFAULT_MARKDOWN_RULES,
  daysInStock,
  type MarkdownRules,
  MarkdownRulesSchema,
} from '~/shared/markdowns';
import type { PriceChange } from '~/shared/schemas/markdowns';
import type { AppContext } from '~/server/context';
import type { DbOrTx } from '~/server/db/client';
import { productPriceChanges, products, storeMeta, users } from '~/server/db/schema';
import { recordAudit } from '~/server/lib/audit';
import { markPriceChange } from './price-reason';
import { updateProducts } from '~/server/lib/product-writes';

const RULES_KEY = 'markdownRules';
const DAY_MS = 24 * 3600_000;

/** The stored rules; none (disabled) until an administrator sets them or when what is stored is unreadable. */
export async function getMarkdownRules(db: DbOrTx): Promise<MarkdownRules> {
  const [row] = await db
    .select({ value: storeMeta.value })
    .from(storeMeta)
    .where(eq(storeMeta.key, RULES_KEY));
  const parsed = MarkdownRulesSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : DEFAULT_MARKDOWN_RULES;
}

export async function setMarkdownRules(
  db: DbOrTx,
  rules: MarkdownRules,
  userId: number,
): Promise<MarkdownRules> {
  return db.transaction(async (tx) => {
    const before = await getMarkdownRules(tx);
    await tx
      .insert(storeMeta)
      .values({ key: RULES_KEY, value: rules })
      .onConflictDoUpdate({ target: storeMeta.key, set: { value: rules } });
    await recordAudit(tx, { userId, action: 'update', entity: 'markdown-rules', before, after: rules });
    return rules;
  });
}

export type MarkdownRun = { markedDown: number; heldByFloor: number; skippedWithoutCost: number };

/**
 * Applies the step each product's age has reached, once: a product's `markdownStep` remembers the
 * last step applied, so running again the same day (the maintenance loop runs every few minutes)
 * changes nothing. `now` is injectable so tests run simulated days. Products archived or hidden are
 * left alone. Each product changes in its own transaction, with its price history row (trigger) and an
 * audit row; the update is conditional on the step read, so two runs never apply a step twice.
 */
export async function applyMarkdowns(ctx: AppContext, now: Date = new Date()): Promise<MarkdownRun> {
  const run: MarkdownRun = { markedDown: 0, heldByFloor: 0, skippedWithoutCost: 0 };
  const rules = await getMarkdownRules(ctx.db);
  const first = rules.steps[0];
  if (!rules.enabled || !first) return run;
  const candidates = await ctx.db
    .select({
      id: products.id,
      price: products.price,
      originalPrice: products.originalPrice,
      unitCost: products.unitCost,
      markdownStep: products.markdownStep,
      publishedAt: products.publishedAt,
    })
    .from(products)
    .where(
      and(
        eq(products.active, true),
        isNull(products.archivedAt),
        sql`${products.markdownStep} < ${rules.steps.length}`,
        // Age counts from when the lot went on sale, not from its draft (decision 0467).
        lte(products.publishedAt, new Date(now.getTime() - first.days * DAY_MS)),
      ),
    )
    .orderBy(products.id);
  for (const product of candidates) {
    const priceCents = toCents(product.price) ?? 0;
    const originalCents = toCents(product.originalPrice) ?? priceCents;
    const result = computeMarkdown(rules, {
      originalCents,
      priceCents,
      unitCostCents: toCents(product.unitCost),
      ageDays: daysInStock(product.publishedAt!, now),
      appliedStep: product.markdownStep,
    });
    if (result.kind === 'none') continue;
    if (result.kind === 'no-cost') {
      run.skippedWithoutCost++;
      continue;
    }
    const changed = await ctx.db.transaction(async (tx) => {
      await markPriceChange(tx, { reason: 'markdown', step: result.step, at: now });
      const newPrice = centsToString(result.cents);
      const [row] = await updateProducts(
        tx,
        product.id,
        { price: newPrice, originalPrice: centsToString(originalCents), markdownStep: result.step },
        {
          // A staff form opened before the markdown must not write the old price back over it
          // (docs/decisions/0210-product-edits-and-stock-history.md).
          bumpVersion: result.cents < priceCents,
          onlyIf: eq(products.markdownStep, product.markdownStep),
        },
      );
      if (row === undefined) return false;
      await recordAudit(tx, {
        userId: null,
        action: 'markdown',
        entity: 'product',
        entityId: product.id,
        before: { price: product.price, markdownStep: product.markdownStep },
        after: {
          price: newPrice,
          markdownStep: result.step,
          originalPrice: centsToString(originalCents),
          floor: centsToString(result.floorCents),
        },
      });
      return result.cents < priceCents;
    });
    if (changed) run.markedDown++;
    else run.heldByFloor++;
  }
  if (run.markedDown > 0) ctx.catalogueCaches.clear();
  return run;
}

/** The product's price history, newest first. */
export async function priceHistory(db: DbOrTx, productId: number, limit = 100): Promise<PriceChange[]> {
  const rows = await db
    .select({
      id: productPriceChanges.id,
      fromPrice: productPriceChanges.fromPrice,
      toPrice: productPriceChanges.toPrice,
      reason: productPriceChanges.reason,
      markdownStep: productPriceChanges.markdownStep,
      userId: productPriceChanges.userId,
      username: users.username,
      createdAt: productPriceChanges.createdAt,
    })
    .from(productPriceChanges)
    .leftJoin(users, eq(users.id, productPriceChanges.userId))
    .where(eq(productPriceChanges.productId, productId))
    .orderBy(desc(productPriceChanges.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
