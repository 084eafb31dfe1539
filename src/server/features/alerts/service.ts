// Saved searches and price watches (docs/decisions/0572-new-arrival-alerts-and-price-watches.md): the
// customer's own lists, kept to a size, and the one-click stop of every alert.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Locale } from '~/shared/i18n/locales';
import {
  MAX_SAVED_SEARCHES,
  MAX_WATCHES,
  type SavedSearch,
  SavedSearchFiltersSchema,
  type Watch,
} from '~/shared/schemas/alerts';
import { centsToString } from '~/shared/money';
import type { AppContext } from '~/server/context';
import { productWatches, products, savedSearches } from '~/server/db/schema';
import type { SearchFilters } from '~/server/features/catalog';
import { watchedLots } from '~/server/features/catalog';
import { badRequest, notFound } from '~/server/lib/http-error';

export const TOO_MANY_SEARCHES = `You can save up to ${MAX_SAVED_SEARCHES} searches. Delete one to save another.`;
export const TOO_MANY_WATCHES = `You can watch up to ${MAX_WATCHES} lots. Stop watching one to watch another.`;
export const NOT_FOR_SALE = 'This lot is not for sale.';

const FILTER_KEYS = ['q', 'category', 'minPrice', 'maxPrice', 'condition', 'new', 'daily'] as const;

/** A listing's query string read with the listing's rules, and written back in one order (page, sort left out). */
export function readSearchQuery(query: string): { filters: SearchFilters; normalized: string } {
  const params = new URLSearchParams(query.replace(/^\?/, ''));
  const raw = Object.fromEntries(FILTER_KEYS.flatMap((k) => (params.has(k) ? [[k, params.get(k)!]] : [])));
  if (params.has('search') && !raw.q) raw.q = params.get('search')!;
  const parsed = SavedSearchFiltersSchema.safeParse(raw);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'This search cannot be saved.');
  const { search: _search, ...filters } = parsed.data;
  const out = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value === undefined) continue;
    out.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return { filters, normalized: out.toString() };
}

const toSavedSearch = (row: typeof savedSearches.$inferSelect): SavedSearch => ({
  id: row.id,
  name: row.name,
  query: row.query,
  createdAt: row.createdAt.toISOString(),
});

export async function listSavedSearches(ctx: AppContext, userId: number): Promise<SavedSearch[]> {
  const rows = await ctx.db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(asc(savedSearches.id));
  return rows.map(toSavedSearch);
}

/** Saves a search; the same filters saved twice are one search. New arrivals count from now. */
export async function saveSearch(
  ctx: AppContext,
  userId: number,
  input: { query: string; name?: string },
  locale: Locale,
): Promise<SavedSearch> {
  const { filters, normalized } = readSearchQuery(input.query);
  return ctx.db.transaction(async (tx) => {
    const mine = await tx.select().from(savedSearches).where(eq(savedSearches.userId, userId)).for('update');
    const same = mine.find((s) => s.query === normalized);
    if (same) return toSavedSearch(same);
    if (mine.length >= MAX_SAVED_SEARCHES) throw badRequest(TOO_MANY_SEARCHES);
    const name = input.name || filters.q || (locale === 'fr' ? 'Tous les produits' : 'All products');
    const [row] = await tx
      .insert(savedSearches)
      .values({ userId, name: name.slice(0, 80), query: normalized, locale })
      .returning();
    return toSavedSearch(row!);
  });
}

export async function deleteSavedSearch(ctx: AppContext, userId: number, id: number): Promise<void> {
  const gone = await ctx.db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  if (gone.length === 0) throw notFound('No such saved search.');
}

export async function listWatches(ctx: AppContext, userId: number): Promise<Watch[]> {
  const rows = await ctx.db
    .select({
      id: productWatches.id,
      productId: productWatches.productId,
      name: products.name,
      slug: products.slug,
      watchedCents: productWatches.watchedCents,
      createdAt: productWatches.createdAt,
      notifiedAt: productWatches.notifiedAt,
    })
    .from(productWatches)
    .innerJoin(products, eq(products.id, productWatches.productId))
    .where(eq(productWatches.userId, userId))
    .orderBy(asc(productWatches.id));
  return rows.map(({ watchedCents, ...r }) => ({
    ...r,
    watchedPrice: centsToString(watchedCents),
    createdAt: r.createdAt.toISOString(),
    notifiedAt: r.notifiedAt?.toISOString() ?? null,
  }));
}

/** Watches a lot on sale at today's price (a lot already watched keeps its first price). */
export async function watchLot(
  ctx: AppContext,
  userId: number,
  productId: number,
  locale: Locale,
): Promise<Watch> {
  const lot = (await watchedLots(ctx, [productId], locale)).get(productId);
  if (!lot?.onSale) throw badRequest(NOT_FOR_SALE);
  await ctx.db.transaction(async (tx) => {
    const [{ n }] = (await tx
      .select({ n: count() })
      .from(productWatches)
      .where(eq(productWatches.userId, userId))) as [{ n: number }];
    const [existing] = await tx
      .select({ id: productWatches.id })
      .from(productWatches)
      .where(and(eq(productWatches.userId, userId), eq(productWatches.productId, productId)));
    if (existing) return;
    if (Number(n) >= MAX_WATCHES) throw badRequest(TOO_MANY_WATCHES);
    await tx
      .insert(productWatches)
      .values({ userId, productId, watchedCents: lot.todayCents, locale })
      .onConflictDoNothing();
  });
  const watch = (await listWatches(ctx, userId)).find((w) => w.productId === productId);
  return watch!;
}

export async function unwatch(ctx: AppContext, userId: number, id: number): Promise<void> {
  const gone = await ctx.db
    .delete(productWatches)
    .where(and(eq(productWatches.id, id), eq(productWatches.userId, userId)))
    .returning({ id: productWatches.id });
  if (gone.length === 0) throw notFound('No such watch.');
}

const STOP_PURPOSE = 'alerts-stop\n';

/** The token of a customer's one-click stop link: an HMAC of their id under the session secret. */
export function alertStopToken(secret: string, userId: number): string {
  return `${userId}.${createHmac('sha256', secret).update(STOP_PURPOSE).update(String(userId)).digest('base64url')}`;
}

/** Deletes every saved search and watch of the token's customer; false for a token that is not one. */
export async function stopAlerts(ctx: AppContext, token: string): Promise<boolean> {
  const match = /^([1-9]\d{0,9})\.[\w-]{43}$/.exec(token);
  if (!match) return false;
  const userId = Number(match[1]);
  const expected = Buffer.from(alertStopToken(ctx.config.sessionSecret, userId));
  const given = Buffer.from(token);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  await ctx.db.transaction(async (tx) => {
    await tx.delete(savedSearches).where(eq(savedSearches.userId, userId));
    await tx.delete(productWatches).where(eq(productWatches.userId, userId));
  });
  return true;
}
