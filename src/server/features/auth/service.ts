// Sign-in and registration. The same answer, in similar time, for an unknown user and a wrong
// password; failures are throttled (login-throttle.ts).
import { sql } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { users } from '~/server/db/schema';
import { conflict, unauthorized } from '~/server/lib/http-error';
import { verifyAgainstDummy, verifyPassword } from '~/server/lib/passwords';
import { publicUserColumns, type SessionUser } from '~/server/plugins/sessions';
import type { Login } from '~/shared/schemas/auth';
import { normalizeUsername } from '~/shared/usernames';
import { admitGuess, forgetGuesses, loginThrottle, slowDownAccount } from './login-throttle';
import type { AppContext } from '~/server/context';

export const INVALID_CREDENTIALS = 'Invalid username or password.';
export const USERNAME_TAKEN = 'That username is already taken.';
export const EMAIL_TAKEN = 'An account with that email already exists.';

/**
 * Checks the credentials; throws 401, or 429 when this guess is over a limit. The guess is admitted (and
 * counted) before any password is checked (docs/decisions/0110-sign-in-limits-per-account-and-address.md).
 */
export async function authenticate(
  ctx: AppContext,
  input: Login,
  ip: string,
  device: string | null = null,
): Promise<SessionUser> {
  const { db } = ctx;
  const throttle = loginThrottle(ip, input.username, device);
  await admitGuess(db, throttle.limits);
  await slowDownAccount(db, throttle);
  const [row] = await db
    .select({ ...publicUserColumns, password: users.password })
    .from(users)
    // The normalised name; or the name as typed, for an old name the migration could not normalise
    // (src/server/db/migrations/0008_normalize-usernames.sql). Both use the index on lower(username).
    .where(
      sql`lower(${users.username}) in (lower(${normalizeUsername(input.username)}), lower(${input.username}))`,
    )
    // The exact spelling first: 'ｋｅｐｔ' typed is that old account, not 'Kept'.
    .orderBy(sql`lower(${users.username}) = lower(${input.username}) desc`)
    .limit(1);
  let ok = false;
  if (row) ok = await verifyPassword(row.password, input.password);
  else await verifyAgainstDummy(input.password);
  if (!row || !ok) throw unauthorized(INVALID_CREDENTIALS);
  await forgetGuesses(db, throttle);
  const { password: _password, ...user } = row;
  return user;
}

/** Which of a username and an email already belong to another account (case-insensitive). */
export async function findTaken(
  db: Db,
  values: { username: string; email: string },
  exceptUserId?: number,
): Promise<{ username: boolean; email: boolean }> {
  const rows = await db
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(
      sql`(lower(${users.username}) = lower(${values.username}) or lower(${users.email}) = lower(${values.email}))`,
    );
  const others = rows.filter((r) => r.id !== exceptUserId);
  return {
    username: others.some((r) => r.username.toLowerCase() === values.username.toLowerCase()),
    email: others.some((r) => r.email.toLowerCase() === values.email.toLowerCase()),
  };
}

export function throwIfTaken(taken: { username: boolean; email: boolean }): void {
  if (taken.username) throw conflict(USERNAME_TAKEN, { errors: { username: USERNAME_TAKEN } });
  if (taken.email) throw conflict(EMAIL_TAKEN, { errors: { email: EMAIL_TAKEN } });
}

/** A unique-index violation (two requests racing for one name): which index, or null. */
export function uniqueViolation(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, constraint, message } = e as { code?: string; constraint?: string; message?: string };
    if (code === '23505') return constraint ?? message ?? '';
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

export function throwIfUniqueViolation(error: unknown): void {
  const which = uniqueViolation(error);
  if (which === null) return;
  throwIfTaken({ username: which.includes('username'), email: !which.includes('username') });
}
