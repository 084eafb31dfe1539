// Reading the admin audit log (src/server/lib/audit.ts writes it) for its screen: newest first, filtered
// by action, kind of record, user and days (the store's time zone), searched through the record's
// number, the user's name and the values before and after (docs/decisions/0261-audit-log-screen.md).
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { AuditLogEntry, AuditLogFilters, AuditLogQuery } from '~/shared/schemas/admin-reports-audit-log';
import { adminAuditLog, users } from '~/server/db/schema';
import type { AppContext } from '~/server/context';

/** Part of a text, any case; `%`, `_` and `\` typed by the administrator are searched for literally. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function conditions(query: AuditLogQuery, timeZone: string): SQL | undefined {
  const where: SQL[] = [];
  if (query.action) where.push(eq(adminAuditLog.action, query.action));
  if (query.entity) where.push(eq(adminAuditLog.entity, query.entity));
  if (query.userId) where.push(eq(adminAuditLog.userId, query.userId));
  if (query.from)
    where.push(sql`${adminAuditLog.createdAt} >= (${query.from}::date::timestamp at time zone ${timeZone})`);
  if (query.to)
    where.push(
      sql`${adminAuditLog.createdAt} < ((${query.to}::date + 1)::timestamp at time zone ${timeZone})`,
    );
  if (query.q) {
    const pattern = containsPattern(query.q);
    where.push(sql`(lower(coalesce(${adminAuditLog.entityId}, '')) like ${pattern}
      or lower(${adminAuditLog.action}) like ${pattern}
      or lower(${adminAuditLog.entity}) like ${pattern}
      or lower(coalesce(${users.username}, '')) like ${pattern}
      or lower(coalesce(${adminAuditLog.before}::text, '')) like ${pattern}
      or lower(coalesce(${adminAuditLog.after}::text, '')) like ${pattern})`);
  }
  return where.length ? and(...where) : undefined;
}

export async function listAuditLog(
  ctx: AppContext,
  query: AuditLogQuery,
): Promise<{ items: AuditLogEntry[]; total: number }> {
  const where = conditions(query, ctx.config.STORE_TIMEZONE);
  const [totalRow] = await ctx.db
    .select({ n: count() })
    .from(adminAuditLog)
    .leftJoin(users, eq(users.id, adminAuditLog.userId))
    .where(where);
  const rows = await ctx.db
    .select({ entry: adminAuditLog, username: users.username })
    .from(adminAuditLog)
    .leftJoin(users, eq(users.id, adminAuditLog.userId))
    .where(where)
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return {
    total: Number(totalRow?.n ?? 0),
    items: rows.map(({ entry, username }) => ({
      id: entry.id,
      createdAt: entry.createdAt.toISOString(),
      userId: entry.userId,
      username,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId,
      before: entry.before ?? null,
      after: entry.after ?? null,
    })),
  };
}

/** The actions, kinds of record and users that appear in the log, for the filters' choices. */
export async function auditLogFilters(ctx: AppContext): Promise<AuditLogFilters> {
  const { db } = ctx;
  const [actions, entities, people] = await Promise.all([
    db.selectDistinct({ v: adminAuditLog.action }).from(adminAuditLog).orderBy(asc(adminAuditLog.action)),
    db.selectDistinct({ v: adminAuditLog.entity }).from(adminAuditLog).orderBy(asc(adminAuditLog.entity)),
    db
      .selectDistinct({ id: users.id, username: users.username })
      .from(adminAuditLog)
      .innerJoin(users, eq(users.id, adminAuditLog.userId))
      .orderBy(asc(users.username), asc(users.id)),
  ]);
  return { actions: actions.map((r) => r.v), entities: entities.map((r) => r.v), users: people };
}
