// Every administrator change is written here: who, when, what, and the record before and after.
import type { DbOrTx } from '~/server/db/client';
import { adminAuditLog } from '~/server/db/schema';

export type AuditEntry = {
  userId: number | null;
  action: 'create' | 'update' | 'delete' | string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
};

/** Strips secrets (password hashes) before anything is stored in the log. */
function redact(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value ?? null;
  if (Array.isArray(value)) return value.map(redact);
  const copy: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) copy[k] = k === 'password' ? '[redacted]' : redact(v);
  return copy;
}

export async function recordAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(adminAuditLog).values({
    userId: entry.userId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    before: redact(entry.before) as object | null,
    after: redact(entry.after) as object | null,
  });
}
