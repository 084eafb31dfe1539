// Reading users for the administrator. Every query names its columns: the password hash is never
// selected here, so it cannot leak into an answer.
import { asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AdminUser, AdminUsersQuery, UserSearchResult } from '~/shared/schemas/admin-users';
import { USER_SEARCH_LIMIT } from '~/shared/schemas/admin-users';
import type { DbOrTx } from '~/server/db/client';
import { roleOf } from '~/server/lib/access';
import { orders, users } from '~/server/db/schema';

export const userColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  phone: users.phone,
  address: users.address,
  isAdmin: users.isAdmin,
  isStaff: users.isStaff,
  createdAt: users.createdAt,
  refundLimit: users.refundLimit,
  mayExportCustomers: users.mayExportCustomers,
  mayReadEmails: users.mayReadEmails,
  mayUseTill: users.mayUseTill,
};
type UserRow = { [K in keyof typeof userColumns]: (typeof users.$inferSelect)[K] };

/** `%` and `_` typed by the administrator are searched for literally. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

async function orderCounts(db: DbOrTx, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ userId: orders.userId, n: count() })
    .from(orders)
    .where(inArray(orders.userId, ids))
    .groupBy(orders.userId);
  return new Map(rows.map((r) => [r.userId!, Number(r.n)]));
}

function toAdminUser(
  { isStaff: _staff, refundLimit, mayExportCustomers, mayReadEmails, mayUseTill, ...row }: UserRow,
  orderCount: number,
): AdminUser {
  return {
    ...row,
    role: roleOf({ isAdmin: row.isAdmin, isStaff: _staff }),
    createdAt: row.createdAt.toISOString(),
    orderCount,
    grants: {
      refundLimit,
      exportCustomers: mayExportCustomers,
      readEmails: mayReadEmails,
      useTill: mayUseTill,
    },
  };
}

export async function listUsers(
  db: DbOrTx,
  query: AdminUsersQuery,
): Promise<{ items: AdminUser[]; total: number }> {
  let where: SQL | undefined;
  if (query.search) {
    const pattern = likePattern(query.search);
    where = sql`(lower(${users.username}) like ${pattern} or lower(${users.email}) like ${pattern})`;
  }
  const [totalRow] = await db.select({ n: count() }).from(users).where(where);
  const rows = await db
    .select(userColumns)
    .from(users)
    .where(where)
    .orderBy(asc(users.username), asc(users.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const counts = await orderCounts(
    db,
    rows.map((r) => r.id),
  );
  return { items: rows.map((r) => toAdminUser(r, counts.get(r.id) ?? 0)), total: Number(totalRow?.n ?? 0) };
}

export async function findAdminUser(db: DbOrTx, id: number): Promise<AdminUser | null> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id));
  if (!row) return null;
  const counts = await orderCounts(db, [id]);
  return toAdminUser(row, counts.get(id) ?? 0);
}

/** Which of a username and an e-mail already belong to another user (case-insensitive). */
export async function takenBy(
  db: DbOrTx,
  values: { username?: string; email?: string },
  exceptUserId?: number,
): Promise<{ username: boolean; email: boolean }> {
  const username = values.username?.toLowerCase();
  const email = values.email?.toLowerCase();
  if (username === undefined && email === undefined) return { username: false, email: false };
  const rows = await db
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(
      sql`(lower(${users.username}) = ${username ?? null} or lower(${users.email}) = ${email ?? null})${
        exceptUserId === undefined ? sql`` : sql` and ${users.id} <> ${exceptUserId}`
      }`,
    );
  return {
    username: username !== undefined && rows.some((r) => r.username.toLowerCase() === username),
    email: email !== undefined && rows.some((r) => r.email.toLowerCase() === email),
  };
}

/** 'Link User': users whose e-mail contains the text, exact matches first. */
export async function searchUsersByEmail(db: DbOrTx, email: string): Promise<UserSearchResult[]> {
  const needle = email.toLowerCase();
  return db
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(sql`lower(${users.email}) like ${likePattern(email)}`)
    .orderBy(sql`lower(${users.email}) = ${needle} desc`, asc(users.email), asc(users.id))
    .limit(USER_SEARCH_LIMIT);
}
