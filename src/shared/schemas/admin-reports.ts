// The administrator's reports (docs/decisions/0260-sales-and-tax-reports.md): sales over a date range
// by day, week or month, by category and by product, and the tax collected per province and tax for
// filing. Dates are calendar dates in the store's time zone, both ends included.
import { z } from 'zod';
import { isCalendarDate } from './admin-orders';

/** The longest range any report covers: five years. */
export const REPORT_MAX_DAYS = 1_827;
/** A daily report draws one bar a day: at most a year and a day of them. */
export const REPORT_MAX_DAILY_DAYS = 366;
export const REPORT_GROUPINGS = ['day', 'week', 'month'] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];
export const REPORT_PRODUCTS_LIMIT = 100;

export const REPORT_DATE_MESSAGES = {
  fromMissing: 'Choose a start date (from), as YYYY-MM-DD.',
  toMissing: 'Choose an end date (to), as YYYY-MM-DD.',
  fromInvalid: 'The start date (from) must be a real date written YYYY-MM-DD.',
  toInvalid: 'The end date (to) must be a real date written YYYY-MM-DD.',
  inverted: 'The start date must be on or before the end date.',
  tooLong: `A report covers at most ${REPORT_MAX_DAYS} days (five years); choose a shorter range.`,
  tooManyDays: `A daily report covers at most ${REPORT_MAX_DAILY_DAYS} days; choose a shorter range or group by week or month.`,
} as const;

/** Days from one calendar date to another (0 for the same day). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const dateField = (missing: string, invalid: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .refine((v) => isCalendarDate(v) && v >= '2000-01-01' && v <= '2999-12-31', invalid);

const rangeShape = {
  from: dateField(REPORT_DATE_MESSAGES.fromMissing, REPORT_DATE_MESSAGES.fromInvalid),
  to: dateField(REPORT_DATE_MESSAGES.toMissing, REPORT_DATE_MESSAGES.toInvalid),
};

function checkRange(v: { from: string; to: string }, ctx: z.RefinementCtx) {
  const days = daysBetween(v.from, v.to);
  if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_DATE_MESSAGES.inverted });
  else if (days + 1 > REPORT_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_DATE_MESSAGES.tooLong });
}

/** from and to (yyyy-mm-dd, both included): the tax report and the reports by category. */
export const ReportRangeQuerySchema = z.object(rangeShape).superRefine(checkRange);
export type ReportRangeQuery = z.infer<typeof ReportRangeQuerySchema>;

/** GET /api/admin/reports/sales */
export const SalesReportQuerySchema = z
  .object({
    ...rangeShape,
    by: z.enum(REPORT_GROUPINGS, { error: 'by must be day, week or month.' }).default('day'),
  })
  .superRefine((v, ctx) => {
    checkRange(v, ctx);
    if (v.by === 'day' && daysBetween(v.from, v.to) + 1 > REPORT_MAX_DAILY_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_DATE_MESSAGES.tooManyDays });
  });
export type SalesReportQuery = z.infer<typeof SalesReportQuerySchema>;

/** GET /api/admin/reports/sales-by-product */
export const ProductSalesQuerySchema = z
  .object({
    ...rangeShape,
    limit: z.coerce
      .number({ error: 'limit must be a whole number from 1 to 500.' })
      .int('limit must be a whole number from 1 to 500.')
      .min(1, 'limit must be a whole number from 1 to 500.')
      .max(500, 'limit must be a whole number from 1 to 500.')
      .default(REPORT_PRODUCTS_LIMIT),
  })
  .superRefine(checkRange);
export type ProductSalesQuery = z.infer<typeof ProductSalesQuerySchema>;

const money = z.string();

/** Where an order was taken (docs/decisions/0600-till.md). */
export const SALES_CHANNELS = ['online', 'till', 'draft'] as const;

/** The figures of a set of paid orders: every amount is as stored on the orders, "12.34". */
export const SalesFiguresSchema = z.object({
  /** Orders whose payment was taken (including those refunded since). */
  orders: z.number().int(),
  /** Goods: the items at the prices charged, after discounts; no shipping, no tax. */
  sales: money,
  /**
   * What discount codes took off these orders' goods, already out of `sales`
   * (docs/decisions/0551-discount-code-at-checkout.md).
   */
  codeDiscounts: money,
  shipping: money,
  tax: money,
  /** sales + shipping + tax: what was charged. */
  total: money,
  /** Given back on these orders. */
  refunds: money,
  /** total − refunds. */
  net: money,
});
export type SalesFigures = z.infer<typeof SalesFiguresSchema>;

export const SalesPeriodSchema = SalesFiguresSchema.extend({
  /** The first day of the period (a week starts on Monday), yyyy-mm-dd; never before the range's start. */
  start: z.string(),
  /** Its last day within the range. */
  end: z.string(),
});
export type SalesPeriod = z.infer<typeof SalesPeriodSchema>;

export const SalesReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  by: z.enum(REPORT_GROUPINGS),
  timeZone: z.string(),
  /** Every period of the range in order, empty ones as zeros. */
  periods: z.array(SalesPeriodSchema),
  totals: SalesFiguresSchema,
  /** The same figures by where the order was taken: the storefront, then the outlet's till. */
  byChannel: z.array(SalesFiguresSchema.extend({ channel: z.enum(SALES_CHANNELS) })),
});
export type SalesReport = z.infer<typeof SalesReportSchema>;

/** Item sales of a category or a product. */
export const ItemSalesSchema = z.object({
  /** Paid orders holding the category's (product's) items. */
  orders: z.number().int(),
  units: z.number().int(),
  /** The items at the prices charged (after discounts), no shipping, no tax. */
  sales: money,
  /** The items' share of what was given back on their orders. */
  refunds: money,
  /** sales − refunds. */
  net: money,
});
export type ItemSales = z.infer<typeof ItemSalesSchema>;

export const CategorySalesRowSchema = ItemSalesSchema.extend({
  /** null: products without a category. */
  categoryId: z.number().int().nullable(),
  name: z.string(),
});

/** GET /api/admin/reports/sales-by-category */
export const CategorySalesReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(CategorySalesRowSchema),
  totals: ItemSalesSchema,
});
export type CategorySalesReport = z.infer<typeof CategorySalesReportSchema>;

export const ProductSalesRowSchema = ItemSalesSchema.extend({
  /** null: items whose product no longer exists. */
  productId: z.number().int().nullable(),
  name: z.string(),
  lotNumber: z.string().nullable(),
});

/** GET /api/admin/reports/sales-by-product: the best sellers by net sales, at most `limit`. */
export const ProductSalesReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** How many products sold in the range (rows holds the first `limit` of them). */
  productCount: z.number().int(),
  rows: z.array(ProductSalesRowSchema),
  /** Of every product sold in the range, not only the rows shown. */
  totals: ItemSalesSchema,
});
export type ProductSalesReport = z.infer<typeof ProductSalesReportSchema>;

/** The columns of GET /api/admin/reports/taxes (CSV), in order. */
export const TAX_REPORT_COLUMNS = [
  'Province',
  'Tax',
  'Rate (%)',
  'Orders',
  'Taxable sales',
  'Tax collected',
  'Refunded taxable sales',
  'Tax refunded',
  'Net taxable sales',
  'Net tax',
] as const;

/**
 * What the store owes at the end of a day (docs/decisions/0532-liability-report.md): the store credit
 * customers hold, by the ledger's movements up to that day's end in the store's time zone.
 */
export const LiabilityQuerySchema = z.object({
  date: dateField('Choose a date, as YYYY-MM-DD.', 'The date must be a real date written YYYY-MM-DD.'),
});
export const LiabilityReportSchema = z.object({
  date: z.string(),
  timeZone: z.string(),
  storeCredit: z.object({
    /** The sum of every customer's balance at the day's end. */
    owed: z.string(),
    /** Customers with a balance above zero then. */
    customers: z.number().int(),
  }),
  /** The balances of every gift card at the day's end, and how many then held something (0533). */
  giftCards: z
    .object({
      owed: z.string(),
      cards: z.number().int(),
    })
    .optional(),
});
export type LiabilityReport = z.infer<typeof LiabilityReportSchema>;

/**
 * GET /api/admin/reports/till-sessions: the till sessions opened in a range of days (docs/decisions/0600-till.md),
 * newest first, each with its paid sales and, once closed, the cash expected, counted and the variance
 * (counted less expected: negative when the drawer was short).
 */
export const TillSessionsReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  sessions: z.array(
    z.object({
      id: z.number().int(),
      registerName: z.string(),
      openedBy: z.string(),
      openedAt: z.string(),
      closedAt: z.string().nullable(),
      salesCount: z.number().int(),
      sales: z.string(),
      expectedCash: z.string().nullable(),
      countedCash: z.string().nullable(),
      variance: z.string().nullable(),
    }),
  ),
  /** The variances of the closed sessions added up. */
  totalVariance: z.string(),
});
export type TillSessionsReport = z.infer<typeof TillSessionsReportSchema>;
