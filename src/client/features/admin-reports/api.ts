// Queries of the Reports tab. Query keys are the API paths with their query strings (the default
// fetcher GETs them), so a range's answers are cached per range.
import { queryOptions } from '@tanstack/react-query';
import type {
  CategorySalesReport,
  LiabilityReport,
  ProductSalesReport,
  ReportGrouping,
  SalesReport,
  TillSessionsReport,
} from '~/shared/schemas/admin-reports';

export type ReportRange = { from: string; to: string };

const withRange = (path: string, range: ReportRange, extra: Record<string, string> = {}) =>
  `${path}?${new URLSearchParams({ from: range.from, to: range.to, ...extra })}`;

export const salesReportQueryOptions = (range: ReportRange, by: ReportGrouping) =>
  queryOptions<SalesReport>({ queryKey: [withRange('/api/admin/reports/sales', range, { by })] });

export const categorySalesQueryOptions = (range: ReportRange) =>
  queryOptions<CategorySalesReport>({ queryKey: [withRange('/api/admin/reports/sales-by-category', range)] });

export const productSalesQueryOptions = (range: ReportRange) =>
  queryOptions<ProductSalesReport>({ queryKey: [withRange('/api/admin/reports/sales-by-product', range)] });

/** The tax report's CSV: a plain link, so the browser sends the session cookie and saves the file. */
export const taxReportHref = (range: ReportRange) => withRange('/api/admin/reports/taxes', range);

export const liabilityQueryOptions = (date: string) =>
  queryOptions<LiabilityReport>({
    queryKey: [`/api/admin/reports/liability?${new URLSearchParams({ date })}`],
  });

export const tillSessionsQueryOptions = (range: ReportRange) =>
  queryOptions<TillSessionsReport>({ queryKey: [withRange('/api/admin/reports/till-sessions', range)] });
