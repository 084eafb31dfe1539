// The administrator's changes to users: create, partial edit, delete. Each change and its audit row are
// one transaction. The server itself refuses what the page also hides: an administrator removing their
// own admin role or deleting their own account, and anything that would leave the store without an
// administrator (docs/decisions/0070-admin-user-rules.md).
import { asc, eq, sql } from 'drizzle-orm';
import type { AdminUser, AdminUserCreate, AdminUserUpdate } from '~/shared/schemas/admin-users';
import type { Tx } from '~/server/db/client';
import { orders, sessions, storeCreditBalances, users } from '~/server/db/schema';
import { centsToString } from '~/shared/money';
import { recordAudit } from '~/server/lib/audit';
import { updateOrders } from '~/server/lib/order-writes';
import { type Role, roleFlags, roleOf } from '~/server/lib/access';
import { conflict, forbidden, notFound } from '~/server/lib/http-error';
import { refuseCommonPassword } from '~/server/lib/common-passwords';
import { hashPassword } from '~/server/lib/passwords';
import {
  refuseLookalikeOfAnother,
  refuseLookalikeUsername,
  throwIfTaken,
  throwIfUniqueViolation,
  usernameSkeleton,
} from '~/server/features/auth';
import { findAdminUser, takenBy, userColumns } from './repository';
import type { AppContext } from '~/server/context';
import { moveStoreCredit, readStoreCredit } from '~/server/features/store-credit';

export const USER_NOT_FOUND = 'User not found.';
export const CANNOT_DEMOTE_SELF = 'You cannot remove your own administrator role.';
export const CANNOT_DELETE_SELF = 'You cannot delete your own account.';
export const LAST_ADMIN = 'The last administrator cannot be removed.';
export const NO_LONGER_ADMIN = 'Administrator privileges required.';
/** The store owes this customer money: deleting them would drop it from what the store owes. */
export const HOLDS_STORE_CREDIT = (balance: string) =>
  `This customer holds $${balance} of store credit. Take it back with a reason, or let them spend it, before deleting the account.`;

/** Who is making the change: the signed-in administrator, and the session to keep on a password change. */
export type Actor = { userId: number; sessionId: string | null };

/**
 * Locks every administrator row (in id order, so two such transactions never deadlock) and returns
 * their ids. Two administrators demoting or deleting each other at the same moment are serialised
 * here: the second sees the first's change, so the store always keeps one administrator.
 */
async function lockAdmins(tx: Tx): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.isAdmin, true))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((r) => r.id);
}

/**
 * Refuses to take the admin role away from `targetId` (demotion or deletion) when it is the last
 * administrator, or when the actor lost the role meanwhile. `admins` comes from lockAdmins.
 */
function assertAdminMayBeRemoved(admins: number[], actor: Actor, targetId: number) {
  if (!admins.includes(targetId)) return;
  if (admins.filter((id) => id !== targetId).length === 0) throw conflict(LAST_ADMIN);
  if (!admins.includes(actor.userId)) throw forbidden(NO_LONGER_ADMIN);
}

async function lockUser(tx: Tx, id: number) {
  const [row] = await tx.select(userColumns).from(users).where(eq(users.id, id)).for('update');
  if (!row) throw notFound(USER_NOT_FOUND);
  return row;
}

export async function createUser(ctx: AppContext, actor: Actor, input: AdminUserCreate): Promise<AdminUser> {
  const { db } = ctx;
  refuseLookalikeUsername(input.username);
  refuseCommonPassword(input.password, ctx.config.STORE_NAME);
  throwIfTaken(await takenBy(db, input));
  await refuseLookalikeOfAnother(db, input.username);
  const password = await hashPassword(input.password);
  try {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          username: input.username,
          usernameSkeleton: usernameSkeleton(input.username),
          email: input.email,
          password,
          ...roleFlags(input.role),
          phone: input.phone ?? null,
          address: input.address ?? null,
        })
        .returning(userColumns);
      await recordAudit(tx, {
        userId: actor.userId,
        action: 'create',
        entity: 'user',
        entityId: row!.id,
        after: row,
      });
      return row!.id;
    });
    return (await findAdminUser(db, id))!;
  } catch (error) {
    throwIfUniqueViolation(error);
    throw error;
  }
}

/**
 * Applies only the fields present in `input`; an absent (or blank) password keeps the current one. A new
 * password signs the user out everywhere (except the administrator's own current session).
 */
export async function updateUser(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: { [K in keyof AdminUserUpdate]?: AdminUserUpdate[K] },
): Promise<AdminUser> {
  const { db } = ctx;
  // A role other than admin, or isAdmin false: the user may lose the administrator role.
  const mayDemote = (input.role !== undefined && input.role !== 'admin') || input.isAdmin === false;
  if (id === actor.userId && mayDemote) throw forbidden(CANNOT_DEMOTE_SELF);
  if (input.username !== undefined) refuseLookalikeUsername(input.username);
  if (input.password) refuseCommonPassword(input.password, ctx.config.STORE_NAME);
  const password = input.password ? await hashPassword(input.password) : undefined;
  try {
    await db.transaction(async (tx) => {
      // Administrator rows first, then the user: every transaction here locks in that order.
      const admins = mayDemote ? await lockAdmins(tx) : [];
      const before = await lockUser(tx, id);
      throwIfTaken(await takenBy(tx, { username: input.username, email: input.email }, id));
      if (input.username !== undefined) await refuseLookalikeOfAnother(tx, input.username, id);
      const roleBefore = roleOf(before);
      // isAdmin true makes an administrator; false takes that role away (a staff user stays staff).
      const role: Role =
        input.role ??
        (input.isAdmin === true
          ? 'admin'
          : input.isAdmin === false && roleBefore === 'admin'
            ? 'customer'
            : roleBefore);
      if (roleBefore === 'admin' && role !== 'admin') assertAdminMayBeRemoved(admins, actor, id);
      const changes: Partial<typeof users.$inferInsert> = {};
      if (input.username !== undefined && input.username !== before.username) {
        changes.username = input.username;
        changes.usernameSkeleton = usernameSkeleton(input.username);
      }
      if (input.email !== undefined && input.email !== before.email) changes.email = input.email;
      if (role !== roleBefore) Object.assign(changes, roleFlags(role));
      if (input.phone !== undefined && input.phone !== before.phone) changes.phone = input.phone;
      if (input.address !== undefined && input.address !== before.address) changes.address = input.address;
      if (password) changes.password = password;
      const grants = input.grants ?? {};
      if (grants.refundLimit !== undefined && grants.refundLimit !== before.refundLimit)
        changes.refundLimit = grants.refundLimit;
      if (grants.exportCustomers !== undefined && grants.exportCustomers !== before.mayExportCustomers)
        changes.mayExportCustomers = grants.exportCustomers;
      if (grants.readEmails !== undefined && grants.readEmails !== before.mayReadEmails)
        changes.mayReadEmails = grants.readEmails;
      if (grants.useTill !== undefined && grants.useTill !== before.mayUseTill)
        changes.mayUseTill = grants.useTill;
      if (Object.keys(changes).length === 0) return;
      const [after] = await tx.update(users).set(changes).where(eq(users.id, id)).returning(userColumns);
      if (password) {
        const keep = id === actor.userId ? actor.sessionId : null;
        await tx
          .delete(sessions)
          .where(
            keep ? sql`${sessions.userId} = ${id} and ${sessions.id} <> ${keep}` : eq(sessions.userId, id),
          );
      }
      await recordAudit(tx, {
        userId: actor.userId,
        action: 'update',
        entity: 'user',
        entityId: id,
        before,
        after: { ...after, ...(password ? { password: 'changed' } : {}) },
      });
    });
  } catch (error) {
    throwIfUniqueViolation(error);
    throw error;
  }
  return (await findAdminUser(db, id))!;
}

/** Deletes a user; their orders stay, no longer linked to anyone; their sessions end. */
export async function deleteUser(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<{ detachedOrders: number }> {
  const { db } = ctx;
  if (id === actor.userId) throw forbidden(CANNOT_DELETE_SELF);
  return db.transaction(async (tx) => {
    const admins = await lockAdmins(tx);
    const before = await lockUser(tx, id);
    assertAdminMayBeRemoved(admins, actor, id);
    if (!admins.includes(actor.userId)) throw forbidden(NO_LONGER_ADMIN);
    // Read in the transaction: a credit issued a moment earlier is seen (its row is locked by the
    // ledger's writer until it commits). The history stays after deletion (schema.ts: no cascade).
    const [credit] = await tx
      .select({ balanceCents: storeCreditBalances.balanceCents })
      .from(storeCreditBalances)
      .where(eq(storeCreditBalances.userId, id))
      .for('update');
    if (credit && credit.balanceCents > 0)
      throw conflict(HOLDS_STORE_CREDIT(centsToString(credit.balanceCents)));
    // The foreign key would null these too; doing it here counts them and stamps updatedAt.
    const detached = await updateOrders(tx, eq(orders.userId, id), { userId: null });
    await tx.delete(users).where(eq(users.id, id));
    await recordAudit(tx, {
      userId: actor.userId,
      action: 'delete',
      entity: 'user',
      entityId: id,
      before: { ...before, detachedOrderIds: detached.map((o) => o.id) },
    });
    return { detachedOrders: detached.length };
  });
}

/**
 * Staff issue store credit to a customer (a positive amount) or take some back (negative), with a
 * reason, through the ledger's one writer: never below 0.00 (400, nothing written), audited
 * (docs/decisions/0530-store-credit-ledger.md). Answers the customer's credit after the movement.
 */
export async function adjustStoreCredit(
  ctx: AppContext,
  actor: Actor,
  userId: number,
  input: { amount: number; reason: string },
) {
  await ctx.db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!user) throw notFound(USER_NOT_FOUND);
    await moveStoreCredit(tx, {
      userId,
      cents: input.amount,
      kind: 'staff',
      reason: input.reason,
      staffUserId: actor.userId,
    });
  });
  return readStoreCredit(ctx.db, userId);
}
