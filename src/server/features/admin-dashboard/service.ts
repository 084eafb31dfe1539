// The dashboard's figures, counted from the data: products, orders and pending orders (neither counting
// unpaid checkouts), discounts in
// force, and orders and revenue per day for the last 30 days in the store's time zone
// (docs/decisions/0054-dashboard-figures.md).
import { and, asc, count, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import { centsToString, toCents } from '~/shared/money';
import { storeDate } from '~/shared/pricing';
import {
  DASHBOARD_DAYS,
  type Dashboard,
  type DashboardDay,
  LOW_STOCK_LISTED,
  type LowStock,
} from '~/shared/schemas/admin-dashboard';
import type { DbOrTx } from '~/server/db/client';
import { categoryDiscounts, orders, products, weekdayDiscounts } from '~/server/db/schema';
import { isDemoMode } from '~/server/lib/demo-mode';
import { notUnpaidCheckoutSql } from '~/server/features/orders';
import { lowStockCondition } from '~/server/features/admin-products';
import { getStoreSettings } from '~/server/features/store-settings';
import type { AppContext } from '~/server/context';

/** The last `n` calendar dates ending with `today` (yyyy-mm-dd), oldest first. */
export function lastDates(today: string, n: number): string[] {
  const end = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: n }, (_, i) =>
    new Date(end - (n - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

export async function dailyOrders(db: DbOrTx, timeZone: string, now = new Date()): Promise<DashboardDay[]> {
  const dates = lastDates(storeDate(timeZone, now), DASHBOARD_DAYS);
  const localDay = sql<string>`to_char(${orders.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  const rows = (await db
    .select({
      date: localDay,
      orders: sql<number>`count(*)::int`,
      revenue: sql<string>`coalesce(sum(${orders.total}) filter (where ${orders.paymentStatus} = 'completed'), 0)::text`,
    })
    .from(orders)
    // A generous window on the indexed column, then the exact local dates.
    .where(
      and(
        gte(orders.createdAt, new Date(now.getTime() - (DASHBOARD_DAYS + 2) * 86_400_000)),
        notUnpaidCheckoutSql,
      ),
    )
    // By position: the time zone is a parameter, so the expression in the select list and a repeated
    // one in GROUP BY would not be recognised as the same.
    .groupBy(sql`1`)) as { date: string; orders: number; revenue: string }[];
  const byDate = new Map(rows.map((r) => [r.date, r]));
  return dates.map((date) => {
    const row = byDate.get(date);
    return {
      date,
      orders: Number(row?.orders ?? 0),
      revenue: centsToString(toCents(row?.revenue ?? '0') ?? 0),
    };
  });
}

/** The Overview's low-stock card: the same rule as the products tab's 'Low stock' filter. */
async function lowStock(db: DbOrTx): Promise<LowStock> {
  const [{ lowStockThreshold: threshold }, where] = await Promise.all([
    getStoreSettings(db),
    lowStockCondition(db),
  ]);
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: products.id, name: products.name, lotNumber: products.lotNumber, stock: products.stock })
      .from(products)
      .where(where)
      .orderBy(asc(products.stock), asc(products.name), asc(products.id))
      .limit(LOW_STOCK_LISTED),
    db.select({ n: count() }).from(products).where(where),
  ]);
  return { threshold, count: Number(total?.n ?? 0), products: rows };
}

export async function dashboard(ctx: AppContext, timeZone: string): Promise<Dashboard> {
  const { db } = ctx;
  const [[productCount], [orderCount], [pendingCount], [weekdayCount], [categoryCount], demoMode, days, low] =
    await Promise.all([
      db.select({ n: count() }).from(products).where(isNull(products.archivedAt)),
      // The same orders as the Orders tab's default view: an unpaid checkout (declined, abandoned) is not
      // an order (docs/decisions/0466-dashboard-counts-and-zero-prices.md).
      db.select({ n: count() }).from(orders).where(notUnpaidCheckoutSql),
      // Unpaid checkouts (declined, abandoned) are not orders waiting for work
      // (docs/decisions/0220-unpaid-checkouts.md).
      db
        .select({ n: count() })
        .from(orders)
        .where(and(eq(orders.status, 'pending'), notUnpaidCheckoutSql)),
      db.select({ n: count() }).from(weekdayDiscounts).where(gt(weekdayDiscounts.percentage, 0)),
      db
        .select({ n: count() })
        .from(categoryDiscounts)
        .where(and(gt(categoryDiscounts.percentage, 0))),
      isDemoMode(db),
      dailyOrders(db, timeZone),
      lowStock(db),
    ]);
  return {
    totalProducts: Number(productCount?.n ?? 0),
    totalOrders: Number(orderCount?.n ?? 0),
    pendingOrders: Number(pendingCount?.n ?? 0),
    activeDiscounts: Number(weekdayCount?.n ?? 0) + Number(categoryCount?.n ?? 0),
    demoMode,
    days,
    lowStock: low,
  };
}
