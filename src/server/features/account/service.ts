// The customer's own account: profile, password, e-mail preference and deletion. Every function takes
// the signed-in user's id; none takes an id from the request.
import { eq } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { users } from '~/server/db/schema';
import { eraseAccount } from '~/server/features/privacy';
import { can } from '~/server/lib/access';
import { badRequest, forbidden, notFound } from '~/server/lib/http-error';
import { refuseCommonPassword } from '~/server/lib/common-passwords';
import { hashPassword, verifyPassword } from '~/server/lib/passwords';
import { endOtherSessions, publicUserColumns, type SessionUser } from '~/server/plugins/sessions';
import type { ChangePassword, DeleteAccount, Preferences, ProfileUpdate } from '~/shared/schemas/account';
import {
  admitGuess,
  clearFailures,
  findTaken,
  passwordCheckLimits,
  refuseLookalikeOfAnother,
  refuseLookalikeUsername,
  throwIfTaken,
  usernameSkeleton,
  throwIfUniqueViolation,
} from '~/server/features/auth';
import type { AppContext } from '~/server/context';

export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect.';
export const WRONG_PASSWORD = 'Password is incorrect.';
export const ADMIN_CANNOT_DELETE_SELF = 'Administrators cannot delete their own account.';

export async function updateProfile(
  ctx: AppContext,
  userId: number,
  input: ProfileUpdate,
): Promise<SessionUser> {
  const { db } = ctx;
  refuseLookalikeUsername(input.username);
  throwIfTaken(await findTaken(db, input, userId));
  await refuseLookalikeOfAnother(db, input.username, userId);
  try {
    const [row] = await db
      .update(users)
      .set({
        username: input.username,
        usernameSkeleton: usernameSkeleton(input.username),
        email: input.email,
        phone: input.phone,
        address: input.address,
      })
      .where(eq(users.id, userId))
      .returning(publicUserColumns);
    if (!row) throw notFound('Account not found.');
    return row;
  } catch (error) {
    throwIfUniqueViolation(error);
    throw error;
  }
}

export async function updatePreferences(
  ctx: AppContext,
  userId: number,
  input: Preferences,
): Promise<SessionUser> {
  const { db } = ctx;
  const [row] = await db
    .update(users)
    .set({ emailNotifications: input.emailNotifications })
    .where(eq(users.id, userId))
    .returning(publicUserColumns);
  if (!row) throw notFound('Account not found.');
  return row;
}

/** Checks the account's password for a sensitive change; wrong guesses are throttled. */
async function checkPassword(db: Db, userId: number, password: string, field: string, message: string) {
  const limits = passwordCheckLimits(userId);
  await admitGuess(db, limits);
  const [row] = await db.select({ password: users.password }).from(users).where(eq(users.id, userId));
  if (!row) throw notFound('Account not found.');
  if (!(await verifyPassword(row.password, password)))
    throw badRequest(message, { errors: { [field]: message } });
  await clearFailures(db, limits);
}

/**
 * A new password: the current one must be right. Every session of the account ends; the route then
 * starts a new one for this browser, so whoever may have known the old password is signed out
 * everywhere else.
 */
export async function changePassword(
  ctx: AppContext,
  user: SessionUser,
  input: ChangePassword,
): Promise<void> {
  const { db } = ctx;
  refuseCommonPassword(input.newPassword, ctx.config.STORE_NAME, 'newPassword');
  await checkPassword(db, user.id, input.currentPassword, 'currentPassword', WRONG_CURRENT_PASSWORD);
  await db
    .update(users)
    .set({ password: await hashPassword(input.newPassword) })
    .where(eq(users.id, user.id));
  await endOtherSessions(db, user.id, null);
}

/**
 * Deletes the account at once, the password checked again: its personal data is erased or made
 * anonymous, its orders and their tax lines stay with no one named on them, its sessions end (the route
 * clears the cookie). docs/decisions/0562-account-erasure-keeps-orders-without-the-person.md replaces the
 * detach-only deletion of 0032.
 */
export async function deleteAccount(ctx: AppContext, user: SessionUser, input: DeleteAccount): Promise<void> {
  const { db } = ctx;
  if (can(user, 'manage-users')) throw forbidden(ADMIN_CANNOT_DELETE_SELF);
  await checkPassword(db, user.id, input.password, 'password', WRONG_PASSWORD);
  await db.transaction((tx) => eraseAccount(tx, user.id));
}
