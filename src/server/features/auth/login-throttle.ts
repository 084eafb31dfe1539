// Password guesses are limited per account name AND client address, per address, and slowed (never
// blocked) per account from everywhere. Each guess is admitted atomically in the database BEFORE its
// password is checked, so no number of simultaneous requests gets more guesses than the limit.
// Policy and numbers: docs/decisions/0110-sign-in-limits-per-account-and-address.md.
import { sql } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { retryAfterText, tooManyRequests } from '~/server/lib/http-error';
import type { ErrorText } from '~/shared/i18n/error-text';
import { sleep } from '~/server/lib/sleep';
import { usernameKey } from '~/shared/usernames';

export const LOGIN_WINDOW_SECONDS = 15 * 60;
/** Guesses at one account from one address. */
export const MAX_FAILURES_PER_ACCOUNT_AND_IP = 5;
/** Guesses from one address, whatever the accounts. */
export const MAX_FAILURES_PER_IP = 20;
/** Guesses at one account from everywhere before each further one is slowed down. */
export const SLOW_DOWN_AFTER = 10;
/** Each guess past SLOW_DOWN_AFTER waits one second more, up to this. */
export const MAX_SLOW_DOWN_MS = 10_000;
/** Wrong current passwords on the Settings tab (changing the password, deleting the account). */
export const MAX_PASSWORD_CHECK_FAILURES = 5;

type Limit = { key: string; limit: number };

/** Who guesses: the blocking limits (address; account at this address) and the account's slow-down key. */
export type LoginThrottle = { limits: Limit[]; accountKey: string; addressKey: string };

export function loginThrottle(ip: string, username: string): LoginThrottle {
  const account = usernameKey(username);
  return {
    limits: [
      { key: `login:ip:${ip}`, limit: MAX_FAILURES_PER_IP },
      { key: `login:account-ip:${account}:${ip}`, limit: MAX_FAILURES_PER_ACCOUNT_AND_IP },
    ],
    accountKey: `login:account:${account}`,
    addressKey: `login:ip:${ip}`,
  };
}

export const passwordCheckLimits = (userId: number): Limit[] => [
  { key: `password-check:user:${userId}`, limit: MAX_PASSWORD_CHECK_FAILURES },
];

function windowStart(now: number): Date {
  const ms = LOGIN_WINDOW_SECONDS * 1000;
  return new Date(Math.floor(now / ms) * ms);
}

export function retryMessage(seconds: number): ErrorText {
  return {
    key: 'Too many failed sign-in attempts. Please try again in {{when}}.',
    values: { when: retryAfterText(seconds) },
  };
}

/**
 * Admits one guess: in one transaction, every counter goes up by one unless it has reached its limit
 * (the upsert locks the row, so a concurrent request waits and then sees the new count). If any counter
 * is full, nothing is counted and the answer is 429 with Retry-After; no password is checked. Keys are
 * taken in sorted order so two transactions never wait on each other in a circle.
 */
export async function admitGuess(db: Db, limits: Limit[]): Promise<void> {
  const now = Date.now();
  const start = windowStart(now);
  const retryAfter = Math.max(1, Math.ceil((start.getTime() + LOGIN_WINDOW_SECONDS * 1000 - now) / 1000));
  const sorted = [...limits].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  await db.transaction(async (tx) => {
    for (const l of sorted) {
      const result = (await tx.execute(sql`
        insert into rate_limits (key, window_start, count) values (${l.key}, ${start.toISOString()}, 1)
        on conflict (key, window_start) do update set count = rate_limits.count + 1
          where rate_limits.count < ${l.limit}
        returning count`)) as unknown as { rows: { count: number }[] };
      // Throwing rolls back the counters this transaction already raised.
      if (result.rows.length === 0) throw tooManyRequests(retryMessage(retryAfter), retryAfter);
    }
  });
}

/** How long a guess waits when the account has had `earlier` guesses in this window from anywhere. */
export function slowDownMs(earlier: number): number {
  if (earlier < SLOW_DOWN_AFTER) return 0;
  return Math.min((earlier - SLOW_DOWN_AFTER + 1) * 1000, MAX_SLOW_DOWN_MS);
}

/**
 * Counts a guess at the account from anywhere and waits the longer the more there were: an attack
 * spread over many addresses is slowed, while the owner (right password) still gets in.
 */
export async function slowDownAccount(db: Db, throttle: LoginThrottle): Promise<void> {
  const start = windowStart(Date.now());
  const result = (await db.execute(sql`
    insert into rate_limits (key, window_start, count) values (${throttle.accountKey}, ${start.toISOString()}, 1)
    on conflict (key, window_start) do update set count = rate_limits.count + 1
    returning count`)) as unknown as { rows: { count: number }[] };
  const ms = slowDownMs(Number(result.rows[0]?.count ?? 1) - 1);
  if (ms > 0) await sleep(ms);
}

/**
 * After the right password: the account's guesses are forgotten (at this address and everywhere); the
 * address gets back only the guess this sign-in used, so signing in to an account of one's own between
 * guesses does not reset an address's budget.
 */
export async function forgetGuesses(db: Db, throttle: LoginThrottle): Promise<void> {
  const start = windowStart(Date.now()).toISOString();
  const accountKeys = [throttle.accountKey, ...throttle.limits.map((l) => l.key)].filter(
    (k) => k !== throttle.addressKey,
  );
  await db.execute(
    sql`delete from rate_limits where key in (${sql.join(
      accountKeys.map((k) => sql`${k}`),
      sql`, `,
    )})`,
  );
  await db.execute(sql`
    update rate_limits set count = greatest(count - 1, 0)
    where key = ${throttle.addressKey} and window_start = ${start}`);
}

/** Settings: a right current password forgets the wrong ones. */
export async function clearFailures(db: Db, limits: Limit[]): Promise<void> {
  for (const l of limits) await db.execute(sql`delete from rate_limits where key = ${l.key}`);
}
