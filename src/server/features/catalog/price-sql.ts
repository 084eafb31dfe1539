// The price rule of src/shared/pricing.ts in SQL, the one place the database computes a price: the
// listings filter and sort by what shoppers pay today, which only the database can do over thousands
// of products. Each expression mirrors one function of pricing.ts and price-sql.test.ts checks them
// against it over generated products on PGlite and PostgreSQL
// (docs/decisions/0166-price-rule-parity.md). Change both together.
import { type SQL, sql } from 'drizzle-orm';
import { categoryDiscounts, products } from '~/server/db/schema';

/**
 * effectiveDiscount(product, weekdayPercent, categoryPercent): the larger of the weekday and the
 * category percentage, at most 100, 0 when the product does not take the daily discount. Reads the
 * category_discounts row joined on the product's category.
 */
export function discountPercentSql(weekdayPercent: number): SQL<number> {
  return sql<number>`(case when ${products.applyDailyDiscount} then least(greatest(${weekdayPercent}::int, coalesce(${categoryDiscounts.percentage}, 0), 0), 100) else 0 end)`;
}

/** The product's selling price in integer cents (toCents of a numeric(10, 2)). */
export const sellingCentsSql = sql<number>`(${products.price} * 100)::bigint`;

/**
 * priceProduct(...).unitCents: today's percent off the selling price in cents, rounded half up
 * (applyPercentOff: floor((cents * (100 - percent) + 50) / 100); bigint division truncates, which is
 * floor for these non-negative values). Bigint rather than numeric: several times cheaper per row
 * when a listing filters or sorts thousands of products by price.
 */
export function todaysCentsSql(weekdayPercent: number): SQL<number> {
  const percent = discountPercentSql(weekdayPercent);
  return sql<number>`(case when ${percent} > 0 then (${sellingCentsSql} * (100 - ${percent}) + 50) / 100 else ${sellingCentsSql} end)`;
}

/**
 * priceProduct(...).discountPercent > 0: today's discount lowers the price by at least a cent (a
 * discount too small to change a few cents' item counts as none).
 */
export function discountedTodaySql(weekdayPercent: number): SQL<boolean> {
  return sql<boolean>`(${discountPercentSql(weekdayPercent)} > 0 and ${todaysCentsSql(weekdayPercent)} < ${sellingCentsSql})`;
}
