import { z } from 'zod';

export const DASHBOARD_DAYS = 30;

export const DashboardDaySchema = z.object({
  /** yyyy-mm-dd in the store's time zone. */
  date: z.string(),
  /** Orders placed that day (any status). */
  orders: z.number().int(),
  /** Paid (payment completed) order totals of that day, "12.34". */
  revenue: z.string(),
});
export type DashboardDay = z.infer<typeof DashboardDaySchema>;

/** How many products to name on the Overview's low-stock card; the count covers them all. */
export const LOW_STOCK_LISTED = 8;

export const LowStockSchema = z.object({
  /** The store's setting: active products with 1 to this many units are low. */
  threshold: z.number().int(),
  count: z.number().int(),
  /** The lowest first, at most LOW_STOCK_LISTED. */
  products: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      lotNumber: z.string().nullable(),
      stock: z.number().int(),
    }),
  ),
});
export type LowStock = z.infer<typeof LowStockSchema>;

/** GET /api/admin/dashboard */
export const DashboardSchema = z.object({
  totalProducts: z.number().int(),
  totalOrders: z.number().int(),
  pendingOrders: z.number().int(),
  /** Weekday and category discounts above 0. */
  activeDiscounts: z.number().int(),
  /** True while the store still runs on the demo catalogue. */
  demoMode: z.boolean(),
  days: z.array(DashboardDaySchema),
  lowStock: LowStockSchema,
});
export type Dashboard = z.infer<typeof DashboardSchema>;
