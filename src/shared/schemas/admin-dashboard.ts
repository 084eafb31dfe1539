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
});
export type Dashboard = z.infer<typeof DashboardSchema>;
