// The audit log screen's contracts (docs/decisions/0261-audit-log-screen.md): every administrator change,
// newest first, filtered and searched, paged.
import { z } from 'zod';
import { isCalendarDate } from './admin-orders';

export const AUDIT_LOG_PAGE_SIZE = 25;

const optionalText = (name: string) =>
  z
    .string()
    .trim()
    .max(100, `${name} must be at most 100 characters.`)
    .optional()
    .transform((v) => (v ? v : undefined));

const optionalDate = (message: string) =>
  z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || (isCalendarDate(v) && v >= '2000-01-01' && v <= '2999-12-31'), message)
    .transform((v) => (v ? v : undefined));

/** GET /api/admin/audit-log */
export const AuditLogQuerySchema = z
  .object({
    page: z.coerce
      .number({ error: 'page must be a whole number from 1.' })
      .int('page must be a whole number from 1.')
      .min(1, 'page must be a whole number from 1.')
      .max(100_000, 'page must be at most 100000.')
      .default(1),
    limit: z.coerce
      .number({ error: 'limit must be a whole number from 1 to 100.' })
      .int('limit must be a whole number from 1 to 100.')
      .min(1, 'limit must be a whole number from 1 to 100.')
      .max(100, 'limit must be a whole number from 1 to 100.')
      .default(AUDIT_LOG_PAGE_SIZE),
    /** Exactly this action (create, update, delete, export...). */
    action: optionalText('action'),
    /** Exactly this kind of record (product, order, user...). */
    entity: optionalText('entity'),
    /** Changes by this user. */
    userId: z.coerce
      .number({ error: 'userId must be a user number.' })
      .int('userId must be a user number.')
      .min(1, 'userId must be a user number.')
      .max(2_147_483_647, 'userId must be a user number.')
      .optional(),
    /** From this day (store's time zone), included. */
    from: optionalDate('from must be a real date written YYYY-MM-DD.'),
    /** Up to this day, included. */
    to: optionalDate('to must be a real date written YYYY-MM-DD.'),
    /** Part of the record's number, the user's name, or any value before or after, any case. */
    q: z.string().trim().max(200, 'The search must be at most 200 characters.').optional(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, {
    path: ['to'],
    message: 'The start date must be on or before the end date.',
  });
export type AuditLogQuery = z.infer<typeof AuditLogQuerySchema>;

export const AuditLogEntrySchema = z.object({
  id: z.number().int(),
  /** ISO date-time. */
  createdAt: z.string(),
  userId: z.number().int().nullable(),
  /** null: the user was deleted since, or the change was the system's. */
  username: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditLogEntry = z.infer<typeof AuditLogEntrySchema>;

/** GET /api/admin/audit-log/filters: what the filters offer. */
export const AuditLogFiltersSchema = z.object({
  actions: z.array(z.string()),
  entities: z.array(z.string()),
  users: z.array(z.object({ id: z.number().int(), username: z.string() })),
});
export type AuditLogFilters = z.infer<typeof AuditLogFiltersSchema>;
