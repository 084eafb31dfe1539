// What the alerts feature reads from the catalogue (docs/decisions/0572-new-arrival-alerts-and-price-watches.md):
// a saved search's new arrivals through the listing's own filters, and the lots a watch follows with
// today's price.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Locale } from '~/shared/i18n/locales';
import type { Product } from '~/shared/schemas/catalog';
import type { AppContext } from '~/server/context';
import { categories, products } from '~/server/db/schema';
import { todaysWeekdayDiscount } from './discounts';
import { findProductPage, type ListingFilters } from './listing-repository';
import { type ProductRow, selectProducts, toShopperProduct, visibleToShoppers } from './product-repository';
import { planSearch } from './search';
import { parseRef } from './service';

export type SearchFilters = {
  q?: string;
  category?: string;
  minPrice?: number;
  maxPrice?: number;
  condition?: Product['condition'][];
  new?: boolean;
  daily?: boolean;
};

async function categoryIdOf(ctx: AppContext, segment: string): Promise<number | null> {
  const ref = parseRef(segment);
  if (!ref) return null;
  const [row] = await ctx.db
    .select({ id: categories.id })
    .from(categories)
    .where(
      and(
        eq(categories.active, true),
        'id' in ref ? eq(categories.id, ref.id) : eq(categories.slug, ref.slug),
      ),
    );
  return row?.id ?? null;
}

/** Lots in stock matching the filters and first put on sale after `since`, newest first. */
export async function newArrivals(
  ctx: AppContext,
  search: SearchFilters,
  locale: Locale,
  since: Date,
  limit = 12,
): Promise<Product[]> {
  const categoryId = search.category === undefined ? undefined : await categoryIdOf(ctx, search.category);
  // A category since hidden or removed matches nothing, rather than everything.
  if (categoryId === null) return [];
  const filters: ListingFilters = {
    categoryId,
    minPrice: search.minPrice,
    maxPrice: search.maxPrice,
    inStock: true,
    isNew: search.new,
    daily: search.daily,
    conditions: search.condition,
    search: search.q ? planSearch(search.q, locale) : undefined,
    publishedAfter: since,
  };
  const weekdayPercent = await todaysWeekdayDiscount(ctx.db, ctx.config.STORE_TIMEZONE);
  const page = await findProductPage(ctx.db, {
    filters,
    sort: 'newest',
    page: 1,
    limit,
    weekdayPercent,
    locale,
  });
  return page.items;
}

export type WatchedLot = { product: Product; onSale: boolean; todayCents: number };

/** The lots watches follow, as shoppers see them today; a lot hidden, archived or sold out is not on sale. */
export async function watchedLots(
  ctx: AppContext,
  ids: number[],
  locale: Locale,
): Promise<Map<number, WatchedLot>> {
  if (ids.length === 0) return new Map();
  const weekdayPercent = await todaysWeekdayDiscount(ctx.db, ctx.config.STORE_TIMEZONE);
  const rows = await selectProducts(ctx.db, {
    visible: sql<boolean>`(${visibleToShoppers})`,
    onHand: sql<number>`${products.stock}`,
  }).where(inArray(products.id, ids));
  return new Map(
    rows.map(({ visible, onHand, ...row }) => {
      const product = toShopperProduct(row as ProductRow, weekdayPercent, locale);
      return [
        row.id,
        {
          product,
          // On hand, not available: a unit in someone's checkout has not sold yet.
          onSale: Boolean(visible) && Number(onHand) > 0,
          todayCents: Math.round(Number(product.discountedPrice) * 100),
        },
      ];
    }),
  );
}
