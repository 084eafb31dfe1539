// The e-mail outbox as the administrator reads it: newest first, filtered by status or order.
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { AdminEmail, AdminEmailDetail, AdminEmailsQuery } from '~/shared/schemas/admin-orders-emails';
import type { DbOrTx } from '~/server/db/client';
import { mailOutbox } from '~/server/db/schema';

type OutboxRow = typeof mailOutbox.$inferSelect;

const toAdminEmail = (
  row: Omit<OutboxRow, 'text' | 'html' | 'dedupeKey' | 'attemptAt' | 'sealedSecret' | 'headers'>,
): AdminEmail => ({
  id: row.id,
  kind: row.kind,
  to: row.to,
  subject: row.subject,
  status: row.status,
  error: row.error,
  orderId: row.orderId,
  attempts: row.attempts,
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
});

export async function listAdminEmails(
  db: DbOrTx,
  query: AdminEmailsQuery,
): Promise<{ items: AdminEmail[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(mailOutbox.status, query.status));
  if (query.orderId) conditions.push(eq(mailOutbox.orderId, query.orderId));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: mailOutbox.id,
        kind: mailOutbox.kind,
        to: mailOutbox.to,
        subject: mailOutbox.subject,
        status: mailOutbox.status,
        error: mailOutbox.error,
        orderId: mailOutbox.orderId,
        attempts: mailOutbox.attempts,
        createdAt: mailOutbox.createdAt,
        sentAt: mailOutbox.sentAt,
      })
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(mailOutbox).where(where),
  ]);
  return { items: rows.map(toAdminEmail), total: Number(counted?.n ?? 0) };
}

export async function findAdminEmail(db: DbOrTx, id: number): Promise<AdminEmailDetail | null> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row ? { ...toAdminEmail(row), text: row.text, html: row.html } : null;
}
