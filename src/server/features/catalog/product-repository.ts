// The shopper's view of products: only active, unarchived products in active (or no) categories,
// with available stock and today's price.
import { and, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import { activeCategoryDiscountJoin } from './discounts';
import type { Locale } from '~/shared/i18n/locales';
import { pickText } from '~/shared/i18n/localized-text';
import { centsToString } from '~/shared/money';
import { effectiveDiscount, isEstimatedRetail, priceProduct } from '~/shared/pricing';
import type { Product } from '~/shared/schemas/catalog';
import type { DbOrTx } from '~/server/db/client';
import {
  categories,
  categoryDiscounts,
  loads,
  productPriceChanges,
  products,
  stockHolds,
} from '~/server/db/schema';

/** Units held by checkouts in progress (not yet paid, not expired, not released). */
export const heldQuantity = sql<number>`coalesce((select sum(${stockHolds.quantity}) from ${stockHolds} where ${stockHolds.productId} = ${products.id} and ${stockHolds.releasedAt} is null and ${stockHolds.expiresAt} > now()), 0)::int`;
/** When the earliest active hold on a product ends; null when none is active. */
export const earliestHoldEnd = sql<
  Date | string | null
>`(select min(${stockHolds.expiresAt}) from ${stockHolds} where ${stockHolds.productId} = ${products.id} and ${stockHolds.releasedAt} is null and ${stockHolds.expiresAt} > now())`;
export const availableStock = sql<number>`greatest(${products.stock} - ${heldQuantity}, 0)::int`;

/** What shoppers may see. */
export const visibleToShoppers = and(
  eq(products.active, true),
  isNull(products.archivedAt),
  or(isNull(products.categoryId), eq(categories.active, true)),
) as SQL;

/**
 * The store's price-claim rule (docs/decisions/0567-price-claims-with-evidence.md), read from the store
 * settings in the query itself (an uncorrelated subquery: once per query), each with its default when
 * never saved: a 'was' price qualifies when it had been charged for at least `wasPriceMinDays` before
 * the markdown and the markdown is at most `wasPriceWithinDays` old; `estimatedRetailPercentOff` lets an
 * estimated retail price drive the % OFF badge.
 */
const setting = (key: string, fallback: string, type: 'int' | 'boolean') =>
  sql.raw(
    `coalesce((select (m.value->>'${key}')::${type} from store_meta m where m.key = 'settings'), ${fallback})`,
  );
const WAS_MIN_DAYS = setting('wasPriceMinDays', '14', 'int');
const WAS_WITHIN_DAYS = setting('wasPriceWithinDays', '30', 'int');

/**
 * The price before the product's latest markdown, when a shopper may honestly be shown it struck
 * through ("Was"): the latest price change is a markdown of the last `wasPriceWithinDays` days (30 by
 * default), and the price before it had been charged for at least `wasPriceMinDays` days (14)
 * (docs/decisions/0320-markdowns-lower-the-selling-price.md, 0567).
 */
const markdownCondition = sql`c.product_id = ${products.id} and c.reason = 'markdown' and c.from_price > ${products.price}
    and c.created_at >= now() - make_interval(days => ${WAS_WITHIN_DAYS})
    and c.id = (select max(l.id) from ${productPriceChanges} l where l.product_id = ${products.id})
    and coalesce((select max(b.created_at) from ${productPriceChanges} b where b.product_id = c.product_id and b.id < c.id), ${products.createdAt})
      <= c.created_at - make_interval(days => ${WAS_MIN_DAYS})`;
const droppedFrom = sql<
  string | null
>`(select c.from_price from ${productPriceChanges} c where ${markdownCondition})`;
/** The day of that markdown (yyyy-mm-dd, UTC): the 'was' price's date. */
const droppedOn = sql<
  string | null
>`(select to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD') from ${productPriceChanges} c where ${markdownCondition})`;
/** Whether an estimated retail price may drive the % OFF badge (false unless the store allows it). */
const retailPercentOff = sql<boolean>`${setting('estimatedRetailPercentOff', 'false', 'boolean')}`;
/** The load a manifest compare-at price came from: its supplier, reference and the day it was received. */
const referenceLoad = sql<
  string | null
>`(select l.supplier || ' — ' || l.reference || '|' || l.received_on::text from ${loads} l where l.id = ${products.loadId})`;

export const productColumns = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  nameFr: products.nameFr,
  description: products.description,
  descriptionFr: products.descriptionFr,
  price: products.price,
  compareAtPrice: products.compareAtPrice,
  imageUrl: products.imageUrl,
  stock: availableStock,
  categoryId: products.categoryId,
  categoryName: categories.name,
  categoryNameFr: categories.nameFr,
  categorySlug: categories.slug,
  createdAt: products.createdAt,
  featured: products.featured,
  new: products.new,
  applyDailyDiscount: products.applyDailyDiscount,
  lotNumber: products.lotNumber,
  active: products.active,
  condition: products.condition,
  conditionNotes: products.conditionNotes,
  conditionNotesFr: products.conditionNotesFr,
  finalSale: products.finalSale,
  categoryPercent: categoryDiscounts.percentage,
  droppedFrom,
  droppedOn,
  compareAtSource: products.compareAtSource,
  referenceLoad,
  retailPercentOff,
};

export type ProductRow = {
  [K in keyof typeof productColumns]: K extends 'createdAt'
    ? Date
    : K extends 'stock'
      ? number
      : K extends 'categoryName' | 'categoryNameFr' | 'categorySlug'
        ? string | null
        : K extends 'categoryPercent'
          ? number | null
          : K extends 'droppedFrom' | 'droppedOn' | 'referenceLoad'
            ? string | null
            : K extends 'retailPercentOff'
              ? boolean
              : (typeof products.$inferSelect)[K & keyof typeof products.$inferSelect];
};

/**
 * Adds today's pricing to a database row and picks its texts in the request's language (the French,
 * else the English): the one place rows become API products.
 */
export function toShopperProduct(row: ProductRow, weekdayPercent: number, locale: Locale = 'en'): Product {
  const {
    categoryPercent,
    createdAt,
    droppedFrom: dropped,
    droppedOn,
    compareAtSource,
    referenceLoad,
    retailPercentOff,
    nameFr,
    descriptionFr,
    categoryNameFr,
    conditionNotesFr,
    ...rest
  } = row;
  const discount = effectiveDiscount(row, weekdayPercent, categoryPercent ?? 0);
  const pricing = priceProduct(row, discount);
  const shownDrop = dropped !== null && pricing.originalCents === null ? dropped : null;
  const name = pickText(row.name, nameFr, locale);
  const description = pickText(row.description, descriptionFr, locale);
  const category = pickText(row.categoryName ?? '', categoryNameFr, locale);
  return {
    ...rest,
    name: name.text,
    // The grader's notes in French when written, else the English (as the description).
    conditionNotes: pickText(row.conditionNotes, conditionNotesFr, locale).text,
    description: description.text,
    categoryName: row.categoryName === null ? null : category.text,
    languages: { name: name.language, description: description.language, categoryName: category.language },
    // One struck price at a time: a compare-at price or today's discount keeps its own (0130).
    priceDroppedFrom: shownDrop,
    referencePrice: referencePriceOf(row, shownDrop, droppedOn, referenceLoad, compareAtSource),
    createdAt: createdAt.toISOString(),
    discountPercentage: pricing.discountPercent,
    // The % OFF badge compares only with a price that qualifies (0567): an estimated retail price only
    // when the store allows it, else the saving is today's discount off the shop's own price.
    savingPercentage:
      retailStruck(row) && !retailPercentOff ? pricing.discountPercent : pricing.savingPercent,
    discountedPrice: centsToString(pricing.unitCents),
    originalPrice: pricing.originalCents === null ? null : centsToString(pricing.originalCents),
  };
}

/** Whether the struck price is a compare-at price (above the selling price): an estimated retail claim. */
function retailStruck(row: Pick<ProductRow, 'price' | 'compareAtPrice'>): boolean {
  return isEstimatedRetail(row.compareAtPrice, row.price);
}

/** The struck price's kind and evidence (0567); null when only the selling price itself is struck. */
function referencePriceOf(
  row: Pick<ProductRow, 'price' | 'compareAtPrice'>,
  shownDrop: string | null,
  droppedOn: string | null,
  referenceLoad: string | null,
  compareAtSource: string | null,
): NonNullable<Product['referencePrice']> | null {
  if (retailStruck(row)) {
    // A manifest's retail value names its load; any other compare-at price has no recorded evidence.
    const [source, date] =
      compareAtSource?.startsWith('manifest:') && referenceLoad ? referenceLoad.split('|') : [];
    return {
      kind: 'estimated-retail',
      amount: row.compareAtPrice!,
      source: source ?? null,
      date: date ?? null,
    };
  }
  if (shownDrop !== null) return { kind: 'was', amount: shownDrop, source: null, date: droppedOn };
  return null;
}

/** The base query: products with their category and category discount joined. */
export function selectProducts<Extra extends Record<string, SQL>>(db: DbOrTx, extra?: Extra) {
  return db
    .select({ ...productColumns, ...(extra as Extra) })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(categoryDiscounts, activeCategoryDiscountJoin())
    .$dynamic();
}

export async function listShopperProducts(
  db: DbOrTx,
  weekdayPercent: number,
  options: { where?: SQL; limit: number; orderBy?: SQL[]; locale: Locale },
): Promise<Product[]> {
  const rows = await selectProducts(db)
    .where(options.where ? and(visibleToShoppers, options.where) : visibleToShoppers)
    .orderBy(...(options.orderBy ?? [desc(products.createdAt), desc(products.id)]))
    .limit(options.limit);
  return rows.map((r) => toShopperProduct(r as ProductRow, weekdayPercent, options.locale));
}
