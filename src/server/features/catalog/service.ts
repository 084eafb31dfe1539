// What the catalogue routes do, apart from HTTP: resolve categories and products by slug or id (a
// number is an id), hide what shoppers may not see, and turn query strings into listing requests.
import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import {
  type Category,
  MAX_DB_ID,
  type ProductDetail,
  type ProductImage,
  type ProductListQuery,
  type RelatedProductsQuery,
} from '~/shared/schemas/catalog';
import type { Locale } from '~/shared/i18n/locales';
import { pickText } from '~/shared/i18n/localized-text';
import type { AppContext } from '~/server/context';
import type { DbOrTx } from '~/server/db/client';
import { categories, productImages, products } from '~/server/db/schema';
import { notFound } from '~/server/lib/http-error';
import { todaysWeekdayDiscount } from './discounts';
import {
  findProductPage,
  findRelatedProducts,
  type ListingFilters,
  type ListingPage,
  productCategoryId,
} from './listing-repository';
import { earliestHoldEnd, selectProducts, toShopperProduct, visibleToShoppers } from './product-repository';
import { planSearch } from './search';

export const CATEGORY_NOT_FOUND = 'Category not found.';
export const PRODUCT_NOT_FOUND = 'Product not found.';

type Ref = { id: number } | { slug: string } | null;

/** A path segment naming a record: digits are an id, anything else a slug; null names nothing. */
export function parseRef(segment: string): Ref {
  const text = segment.trim();
  if (/^\d+$/.test(text)) {
    const id = Number(text);
    return id >= 1 && id <= MAX_DB_ID ? { id } : null;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: no slug holds them (and PostgreSQL text cannot hold a NUL)
  return text.length > 0 && text.length <= 200 && !/[\u0000-\u001f\u007f]/.test(text) ? { slug: text } : null;
}

type CategoryRow = typeof categories.$inferSelect;

/** A category row as shoppers see it: its name in the request's language, else in English. */
function toCategory({ nameFr, sortOrder: _, ...row }: CategoryRow, locale: Locale): Category {
  const name = pickText(row.name, nameFr, locale);
  return { ...row, name: name.text, languages: { name: name.language } };
}

/** An active category by slug or id, or 404. */
export async function getCategory(ctx: AppContext, segment: string, locale: Locale): Promise<Category> {
  const { db } = ctx;
  const ref = parseRef(segment);
  if (!ref) throw notFound(CATEGORY_NOT_FOUND);
  const [row] = await db
    .select()
    .from(categories)
    .where(
      and(
        eq(categories.active, true),
        'id' in ref ? eq(categories.id, ref.id) : eq(categories.slug, ref.slug),
      ),
    );
  if (!row) throw notFound(CATEGORY_NOT_FOUND);
  return toCategory(row, locale);
}

export async function activeCategories(db: DbOrTx, locale: Locale): Promise<Category[]> {
  // The administrator's order (docs/decisions/0240-category-administration.md), then the oldest first.
  const rows = await db
    .select()
    .from(categories)
    .where(eq(categories.active, true))
    .orderBy(asc(categories.sortOrder), asc(categories.id));
  return rows.map((row) => toCategory(row, locale));
}

/**
 * One page of products for a listing query. `category` (slug or id) must name an active category;
 * `search` ranks by relevance unless a sort is given.
 */
export async function listProducts(
  ctx: AppContext,
  query: ProductListQuery & { q?: string },
  locale: Locale,
  fixedCategory?: Category,
): Promise<ListingPage> {
  const { db, config } = ctx;
  const [weekdayPercent, category] = await Promise.all([
    todaysWeekdayDiscount(db, config.STORE_TIMEZONE),
    fixedCategory ?? (query.category !== undefined ? getCategory(ctx, query.category, locale) : undefined),
  ]);
  const searchText = query.q ?? query.search;
  const filters: ListingFilters = {
    categoryId: category?.id,
    minPrice: query.minPrice,
    maxPrice: query.maxPrice,
    inStock: query.inStock,
    isNew: query.new,
    daily: query.daily,
    conditions: query.condition,
    search: searchText ? planSearch(searchText, locale) : undefined,
  };
  // The total depends on the filters and today's discount, not on the page or the order.
  const totals = ctx.catalogueCaches.totals;
  const totalKey = JSON.stringify([weekdayPercent, filters]);
  const result = await findProductPage(db, {
    filters,
    sort: query.sort,
    page: query.page,
    limit: query.limit,
    weekdayPercent,
    locale,
    knownTotal: filters.search ? undefined : totals.get(totalKey),
  });
  if (!filters.search) totals.set(totalKey, result.total);
  return result;
}

function productRef(segment: string): SQL | null {
  const ref = parseRef(segment);
  if (!ref) return null;
  return 'id' in ref ? eq(products.id, ref.id) : eq(products.slug, ref.slug);
}

/**
 * A product's pictures, main image first: the product's imageUrl, then its gallery (primary first,
 * then by sortOrder), each URL once.
 */
async function imagesOf(db: DbOrTx, productId: number, mainImage: string | null): Promise<ProductImage[]> {
  const gallery = await db
    .select({ imageUrl: productImages.imageUrl })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(desc(productImages.isPrimary), asc(productImages.sortOrder), asc(productImages.id));
  const urls = [
    ...new Set([mainImage, ...gallery.map((g) => g.imageUrl)].filter((u): u is string => Boolean(u))),
  ];
  return urls.map((imageUrl, i) => ({ imageUrl, isPrimary: i === 0, sortOrder: i }));
}

/** A product by slug or id with its pictures; hidden products only for administrators. */
export async function getProductDetail(
  ctx: AppContext,
  segment: string,
  options: { includeHidden: boolean; locale: Locale },
): Promise<ProductDetail> {
  const match = productRef(segment);
  if (!match) throw notFound(PRODUCT_NOT_FOUND);
  const { db, config } = ctx;
  const [weekdayPercent, rows] = await Promise.all([
    todaysWeekdayDiscount(db, config.STORE_TIMEZONE),
    selectProducts(db, { heldUntil: earliestHoldEnd })
      .where(options.includeHidden ? match : and(visibleToShoppers, match))
      .limit(1),
  ]);
  const row = rows[0];
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  const { heldUntil, ...productRow } = row;
  const product = toShopperProduct(
    productRow as Parameters<typeof toShopperProduct>[0],
    weekdayPercent,
    options.locale,
  );
  const images = await imagesOf(db, product.id, product.imageUrl);
  return {
    ...product,
    heldUntil: heldUntil === null ? null : new Date(heldUntil).toISOString(),
    imageUrl: product.imageUrl ?? images[0]?.imageUrl ?? null,
    additionalImages: images.map(({ imageUrl, isPrimary }) => ({ imageUrl, isPrimary })),
  };
}

export async function getProductImages(
  ctx: AppContext,
  segment: string,
  options: { includeHidden: boolean },
): Promise<ProductImage[]> {
  const match = productRef(segment);
  if (!match) throw notFound(PRODUCT_NOT_FOUND);
  const { db } = ctx;
  const [row] = await db
    .select({ id: products.id, imageUrl: products.imageUrl })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(options.includeHidden ? match : and(visibleToShoppers, match))
    .limit(1);
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  return imagesOf(db, row.id, row.imageUrl);
}

export async function getRelatedProducts(ctx: AppContext, query: RelatedProductsQuery, locale: Locale) {
  const { db, config } = ctx;
  const excludeId = query.productId ?? query.exclude;
  let categoryId: number | null = query.categoryId ?? null;
  if (categoryId === null && excludeId !== undefined)
    categoryId = (await productCategoryId(db, excludeId)) ?? null;
  const weekdayPercent = await todaysWeekdayDiscount(db, config.STORE_TIMEZONE);
  return findRelatedProducts(db, weekdayPercent, { categoryId, excludeId, limit: query.limit, locale });
}
