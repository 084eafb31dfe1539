// The administrators' reports and the audit log screen's API (docs/decisions/0260-sales-and-tax-reports.md,
// docs/decisions/0261-audit-log-screen.md). Admin only: sales figures and who changed what are the owner's.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuditLogEntrySchema,
  AuditLogFiltersSchema,
  AuditLogQuerySchema,
} from '~/shared/schemas/admin-reports-audit-log';
import {
  CategorySalesReportSchema,
  LiabilityQuerySchema,
  LiabilityReportSchema,
  ProductSalesQuerySchema,
  ProductSalesReportSchema,
  ReportRangeQuerySchema,
  SalesReportQuerySchema,
  SalesReportSchema,
  TAX_REPORT_COLUMNS,
  TillSessionsReportSchema,
} from '~/shared/schemas/admin-reports';
import { ErrorSchema } from '~/shared/schemas/catalog';
import { type CsvColumn, toCsv } from '~/server/lib/csv';
import { tillSessionsReport } from '~/server/features/pos';
import { privateAnswers } from '~/server/plugins/security';
import { auditLogFilters, listAuditLog } from './audit-log';
import { liabilityReport } from './liability';
import { salesByCategory, salesByProduct, salesReport, type TaxReportRow, taxReport } from './service';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };

const TAX_CSV_VALUES: ((row: TaxReportRow) => unknown)[] = [
  (r) => r.province,
  (r) => r.code,
  (r) => r.rate,
  (r) => r.orders,
  (r) => r.taxableSales,
  (r) => r.taxCollected,
  (r) => r.refundedTaxableSales,
  (r) => r.taxRefunded,
  (r) => r.netTaxableSales,
  (r) => r.netTax,
];
const TAX_CSV_COLUMNS: CsvColumn<TaxReportRow>[] = TAX_REPORT_COLUMNS.map((header, i) => ({
  header,
  value: TAX_CSV_VALUES[i]!,
}));

export const adminReportRoutes: FastifyPluginAsyncZod = async (app) => {
  privateAnswers(app);

  app.get(
    '/api/admin/reports/liability',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "What the store owes at a day's end (store time zone): the store credit customers hold",
        querystring: LiabilityQuerySchema,
        response: { 200: LiabilityReportSchema, ...errors },
      },
    },
    async (request) => liabilityReport(app.ctx, request.query),
  );

  app.get(
    '/api/admin/reports/till-sessions',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          "The outlet till's sessions opened over a range of days (store time zone), with their sales and cash variances",
        querystring: ReportRangeQuerySchema,
        response: { 200: TillSessionsReportSchema, ...errors },
      },
    },
    async (request) => tillSessionsReport(app.ctx.db, request.query, app.ctx.config.STORE_TIMEZONE),
  );

  app.get(
    '/api/admin/reports/sales',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Paid orders per day, week or month over a range of days (store time zone, both included)',
        querystring: SalesReportQuerySchema,
        response: { 200: SalesReportSchema, ...errors },
      },
    },
    async (request) => salesReport(app.ctx, request.query),
  );

  app.get(
    '/api/admin/reports/sales-by-category',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Item sales of paid orders per category over a range of days',
        querystring: ReportRangeQuerySchema,
        response: { 200: CategorySalesReportSchema, ...errors },
      },
    },
    async (request) => salesByCategory(app.ctx, request.query),
  );

  app.get(
    '/api/admin/reports/sales-by-product',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The best-selling products of paid orders over a range of days, by net sales',
        querystring: ProductSalesQuerySchema,
        response: { 200: ProductSalesReportSchema, ...errors },
      },
    },
    async (request) => salesByProduct(app.ctx, request.query),
  );

  app.get(
    '/api/admin/reports/taxes',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Tax collected per province, tax and rate over a range of days, as CSV for filing',
        querystring: ReportRangeQuerySchema,
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      const rows = await taxReport(app.ctx, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="taxes-${from}-to-${to}.csv"`)
        .send(toCsv(rows, TAX_CSV_COLUMNS));
    },
  );

  app.get(
    '/api/admin/audit-log',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Every administrator change, newest first, filtered and searched; total in X-Total-Count',
        querystring: AuditLogQuerySchema,
        response: { 200: z.array(AuditLogEntrySchema), ...errors },
      },
    },
    async (request, reply) => {
      const { items, total } = await listAuditLog(app.ctx, request.query);
      reply.header('x-total-count', String(total));
      return items;
    },
  );

  app.get(
    '/api/admin/audit-log/filters',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The actions, kinds of record and users found in the audit log',
        response: { 200: AuditLogFiltersSchema, 401: ErrorSchema, 403: ErrorSchema },
      },
    },
    async () => auditLogFilters(app.ctx),
  );
};
