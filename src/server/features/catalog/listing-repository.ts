// Paged product listings and search for shoppers, filtered, sorted and counted in the database
// (docs/decisions/0010-catalogue-listing-api.md): one statement per page (its ids through narrow rows, then
// those rows in full); a listing's count runs beside it on PostgreSQL's pool, a search counts in the same scan.
import type { Locale } from '~/shared/i18n/locales';
import { and, desc, eq, gt, gte, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { activeCategoryDiscountJoin } from './discounts';
import type { ListSort, ProductCondition } from '~/shared/constants';
import type { Product } from '~/shared/schemas/catalog';
import type { DbOrTx } from '~/server/db/client';
import { categories, categoryDiscounts, productCounts, products, stockHolds } from '~/server/db/schema';
import {
  listShopperProducts,
  productColumns,
  toShopperProduct,
  visibleToShoppers,
} from './product-repository';
import { discountedTodaySql, todaysCentsSql } from './price-sql';
import { correctedPlan, fullTextMatch, fullTextRank, type SearchPlan } from './search';

export type ListingFilters = {
  categoryId?: number;
  /** Inclusive bounds on today's price, in dollars. */
  minPrice?: number;
  maxPrice?: number;
  inStock?: boolean;
  isNew?: boolean;
  daily?: boolean;
  /** Only these conditions (docs/decisions/0301-condition-and-final-sale.md). */
  conditions?: ProductCondition[];
  search?: SearchPlan;
  /** Only lots first put on sale after this moment (a saved search's new arrivals). */
  publishedAfter?: Date;
};

export type ListingRequest = {
  filters: ListingFilters;
  /** Left out: relevance when searching, newest otherwise. */
  sort?: ListSort;
  page: number;
  limit: number;
  weekdayPercent: number;
  /** The language of the products' texts (the request's Accept-Language). */
  locale: Locale;
  /** A remembered total for these filters (see catalogue-cache.ts); ignored when searching. */
  knownTotal?: number;
};

export type ListingPage = { items: Product[]; total: number };

type Row = Parameters<typeof toShopperProduct>[0];

/**
 * Units held by unexpired, unreleased checkout holds, per product: one grouped pass over the (small)
 * holds table, hash-joined, rather than a subquery per product when filtering on stock.
 */
function heldStock(db: DbOrTx) {
  return db
    .select({
      productId: stockHolds.productId,
      quantity: sql<number>`sum(${stockHolds.quantity})`.as('held_quantity'),
    })
    .from(stockHolds)
    .where(and(isNull(stockHolds.releasedAt), gt(stockHolds.expiresAt, sql`now()`)))
    .groupBy(stockHolds.productId)
    .as('held');
}

/** Bounds in dollars as whole cents, inclusive: 19.99 is 1999 despite floating point. */
const minCents = (dollars: number) => Math.ceil(dollars * 100 - 1e-6);
const maxCents = (dollars: number) => Math.floor(dollars * 100 + 1e-6);

function filterConditions(
  filters: ListingFilters,
  weekdayPercent: number,
  held: ReturnType<typeof heldStock> | null,
) {
  const conditions: SQL[] = [visibleToShoppers];
  if (filters.categoryId !== undefined) conditions.push(eq(products.categoryId, filters.categoryId));
  if (filters.isNew) conditions.push(eq(products.new, true));
  if (filters.conditions?.length) conditions.push(inArray(products.condition, filters.conditions));
  if (filters.publishedAfter) conditions.push(gt(products.publishedAt, filters.publishedAfter));
  // Today's price in integer cents (price-sql.ts, the SQL half of src/shared/pricing.ts).
  const cents = todaysCentsSql(weekdayPercent);
  // A discount too small to take a cent off (a few cents' item) is no deal: priceProduct shows none.
  if (filters.daily) conditions.push(discountedTodaySql(weekdayPercent));
  // Today's price is never below 0, so a minimum of 0 filters nothing (the listing page always sends one).
  if (filters.minPrice !== undefined && filters.minPrice > 0) {
    // Today's price never exceeds the normal price, so `price >= min` is implied and lets the indexes
    // narrow the rows before the per-row arithmetic.
    conditions.push(
      gte(products.price, String(filters.minPrice)),
      sql`${cents} >= ${minCents(filters.minPrice)}`,
    );
  }
  if (filters.maxPrice !== undefined) {
    // Same shortcut: a normal price within the bound needs no discount arithmetic.
    conditions.push(
      sql`(${products.price} <= ${String(filters.maxPrice)}::numeric or ${cents} <= ${maxCents(filters.maxPrice)})`,
    );
  }
  if (filters.inStock && held) conditions.push(sql`${products.stock} > coalesce(${held.quantity}, 0)`);
  return conditions;
}

type OrderKey = { value: SQL; descending: boolean };

function orderKeys(sort: ListSort | undefined, weekdayPercent: number, rank: SQL | null): OrderKey[] {
  const newest: OrderKey[] = [
    { value: sql`${products.createdAt}`, descending: true },
    { value: sql`${products.id}`, descending: true },
  ];
  const byRank: OrderKey[] = rank ? [{ value: rank, descending: true }] : [];
  switch (sort) {
    case 'featured':
      return [{ value: sql`${products.featured}`, descending: true }, ...byRank, ...newest];
    case 'price-low':
      return [{ value: todaysCentsSql(weekdayPercent), descending: false }, ...byRank, ...newest];
    case 'price-high':
      return [{ value: todaysCentsSql(weekdayPercent), descending: true }, ...byRank, ...newest];
    case 'newest':
      return newest;
    default:
      return [...byRank, ...newest];
  }
}

const direction = (key: OrderKey) => (key.descending ? sql`desc` : sql`asc`);

/** Whether the filters or the sort read today's price, and so the category discounts. */
function readsTodaysPrice(filters: ListingFilters, sort: ListSort | undefined): boolean {
  return (
    Boolean(filters.daily) ||
    (filters.minPrice !== undefined && filters.minPrice > 0) ||
    filters.maxPrice !== undefined ||
    sort === 'price-low' ||
    sort === 'price-high'
  );
}

type Held = ReturnType<typeof heldStock>;
type Joins = { discounts: boolean; held: Held | null };

/**
 * Products joined with what the filters and the sort read, and nothing more: categories (shoppers never
 * see a hidden category's products), category discounts (today's price), holds (in stock). Each join
 * finds at most one row, so none changes what is counted.
 */
function listingSource(joins: Joins): SQL {
  const parts = [sql`${products} left join ${categories} on ${categories.id} = ${products.categoryId}`];
  if (joins.discounts) parts.push(sql`left join ${categoryDiscounts} on ${activeCategoryDiscountJoin()}`);
  if (joins.held) parts.push(sql`left join ${joins.held} on ${joins.held.productId} = ${products.id}`);
  return sql.join(parts, sql` `);
}

async function countMatching(db: DbOrTx, joins: Joins, where: SQL): Promise<number> {
  const result = await db.execute(
    sql`select count(*)::int as total from ${listingSource(joins)} where ${where}`,
  );
  return Number((result as unknown as { rows: { total: number }[] }).rows[0]?.total ?? 0);
}

/**
 * Whether every visible product (of the category) passes the filters, so the listing's total is the
 * number of visible products: no search, no stock, new or daily filter, no minimum above 0. A maximum
 * price is checked against the products themselves (countListing).
 */
function countedByCategoryOnly(filters: ListingFilters): boolean {
  return (
    !filters.search &&
    !filters.inStock &&
    !filters.isNew &&
    !filters.daily &&
    !filters.conditions?.length &&
    !filters.publishedAfter &&
    !(filters.minPrice !== undefined && filters.minPrice > 0)
  );
}

/**
 * A listing's total. Listings that keep every visible product (the default listing, a category page)
 * read the counts the triggers of migration 0007 keep exact (product_counts: a few rows, whatever the
 * size of the catalogue) instead of counting every visible product on every request
 * (docs/decisions/0140-listing-totals-from-maintained-counts.md). The maximum price the listing page
 * always sends filters nothing when no visible product's normal price is above it (today's price never
 * exceeds the normal price); one product above it and the listing is counted like any other.
 */
async function countListing(db: DbOrTx, filters: ListingFilters, joins: Joins, where: SQL): Promise<number> {
  if (!countedByCategoryOnly(filters)) return countMatching(db, joins, where);
  const inCategory = (column: SQL) =>
    filters.categoryId === undefined ? sql`` : sql`and ${column} = ${filters.categoryId}`;
  const pricedAbove =
    filters.maxPrice === undefined
      ? sql`false`
      : sql`exists (select 1 from ${products} where ${products.active} and ${products.archivedAt} is null
          and ${products.price} > ${String(filters.maxPrice)}::numeric ${inCategory(sql`${products.categoryId}`)})`;
  const result = await db.execute(sql`select
      (select coalesce(sum(pc.visible), 0) from ${productCounts} pc
        left join ${categories} c on c.id = pc.category_key
        where (pc.category_key = 0 or c.active) ${inCategory(sql`pc.category_key`)})::int as total,
      ${pricedAbove} as priced_above`);
  const row = (result as unknown as { rows: { total: number; priced_above: boolean }[] }).rows[0]!;
  return row.priced_above ? countMatching(db, joins, where) : Number(row.total);
}

/** Full rows; stock from the grouped holds join rather than productColumns' per-row subquery. */
function shopperColumns(held: ReturnType<typeof heldStock>) {
  return {
    ...productColumns,
    stock: sql<number>`greatest(${products.stock} - coalesce(${held.quantity}, 0), 0)::int`,
  };
}

const keyName = (i: number) => sql.identifier(`k${i}`);

/** A page's rows as a subquery: each product's id, its sort keys (k0, k1, ...) and, when searching, the total. */
function pageSubquery(
  request: ListingRequest,
  where: SQL,
  joins: Joins,
  keys: OrderKey[],
  counted: boolean,
): SQL {
  const keyed = sql`select ${products.id} as id, ${sql.join(
    keys.map((k, i) => sql`${k.value} as ${keyName(i)}`),
    sql`, `,
  )} from ${listingSource(joins)} where ${where}`;
  const ordered = sql.join(
    keys.map((k, i) => sql`m.${keyName(i)} ${direction(k)}`),
    sql`, `,
  );
  const limitOffset = sql`limit ${request.limit} offset ${(request.page - 1) * request.limit}`;
  if (!counted) {
    // An index walk (products_listing_idx, index-only) that stops at the page.
    return sql`select m.*, 0 as total from (${keyed}) m order by ${ordered} ${limitOffset}`;
  }
  // A search ranks all its matches anyway, so the same pass counts them. The keys (the rank above all)
  // are computed below an `offset 0` fence, so the window that counts holds ids and keys rather than
  // whole rows with their search vectors: about a fifth of the statement for a word that matches
  // thousands of products (bench/README.md).
  return sql`select m.*, (count(*) over ())::int as total from (${keyed} offset 0) m order by ${ordered} ${limitOffset}`;
}

/**
 * One page in a single statement: the page's ids through narrow rows (sorting or ranking thousands of
 * wide rows, descriptions and all, costs several times more than sorting their ids), then only those
 * rows in full. A search counts in the same statement; a listing counts beside it on another connection.
 */
async function pageAndCount(
  db: DbOrTx,
  request: ListingRequest,
  match: SQL | null,
  rank: SQL | null,
): Promise<ListingPage> {
  const { filters, weekdayPercent } = request;
  const held = heldStock(db);
  const joins = { discounts: readsTodaysPrice(filters, request.sort), held: filters.inStock ? held : null };
  const where = and(...filterConditions(filters, weekdayPercent, joins.held), ...(match ? [match] : []))!;
  const keys = orderKeys(request.sort, weekdayPercent, rank);
  const pageRows = db
    .select({ ...shopperColumns(held), total: sql<number>`page.total` })
    .from(products)
    .innerJoin(
      sql`(${pageSubquery(request, where, joins, keys, match !== null)}) page`,
      sql`page.id = ${products.id}`,
    )
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(categoryDiscounts, activeCategoryDiscountJoin())
    .leftJoin(held, eq(held.productId, products.id))
    .orderBy(...keys.map((k, i) => sql`page.${keyName(i)} ${direction(k)}`));

  let rows: Awaited<typeof pageRows>;
  let total: number;
  if (match) {
    rows = await pageRows;
    if (rows.length > 0) total = Number(rows[0]!.total);
    else if (request.page === 1) total = 0;
    else total = await countMatching(db, joins, where); // past the end
  } else {
    const [found, counted] = await Promise.all([
      pageRows,
      request.knownTotal === undefined ? countListing(db, filters, joins, where) : Promise.resolve(null),
    ]);
    rows = found;
    total = counted ?? request.knownTotal!;
  }
  return {
    items: rows.map(({ total: _, ...row }) => toShopperProduct(row as Row, weekdayPercent, request.locale)),
    total,
  };
}

/** One page of a listing (with or without search) and the number of products it has in all. */
export async function findProductPage(db: DbOrTx, request: ListingRequest): Promise<ListingPage> {
  const plan = request.filters.search;
  if (!plan) return pageAndCount(db, request, null, null);
  // Which pass answers depends on the count, so a search always counts.
  const counted = { ...request, knownTotal: undefined };
  const match = fullTextMatch(plan);
  const empty: ListingPage = { items: [], total: 0 };
  const first = match ? await pageAndCount(db, counted, match, fullTextRank(plan)) : empty;
  if (first.total > 0) return first;
  // Nothing matched the words as typed: try them with typos corrected.
  const corrected = await correctedPlan(db, plan);
  const correctedMatch = corrected && fullTextMatch(corrected);
  if (!corrected || !correctedMatch) return first;
  return pageAndCount(db, counted, correctedMatch, fullTextRank(corrected));
}

/** A product's category, for related products. */
export async function productCategoryId(db: DbOrTx, productId: number): Promise<number | null | undefined> {
  const [row] = await db
    .select({ categoryId: products.categoryId })
    .from(products)
    .where(eq(products.id, productId));
  return row ? row.categoryId : undefined;
}

/**
 * Related products: others of the category (featured first, then newest), or, for a product without a
 * category, the store's featured and newest products.
 */
export async function findRelatedProducts(
  db: DbOrTx,
  weekdayPercent: number,
  options: { categoryId: number | null; excludeId?: number; limit: number; locale: Locale },
): Promise<Product[]> {
  const conditions: SQL[] = [];
  if (options.categoryId !== null) conditions.push(eq(products.categoryId, options.categoryId));
  if (options.excludeId !== undefined) conditions.push(ne(products.id, options.excludeId));
  return listShopperProducts(db, weekdayPercent, {
    where: conditions.length ? and(...conditions) : undefined,
    limit: options.limit,
    locale: options.locale,
    orderBy: [desc(products.featured), desc(products.createdAt), desc(products.id)],
  });
}
