// Password guesses are limited per account name AND client host, per host and per network, and queued
// per account from everywhere (guesses at one account wait in line, one slot each). A browser that has
// signed in to the account before (its known-device cookie) is limited on its own instead, so the
// people behind a busy address who know their password are not locked out. Each guess is admitted
// atomically in the database BEFORE its password is checked, so no number of simultaneous requests
// gets more guesses than the limit. Policy and numbers:
// docs/decisions/0110-sign-in-limits-per-account-and-address.md and
// docs/decisions/0451-sign-in-queue-and-known-devices.md.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { addressGroups } from '~/server/lib/client-address';
import type { Db } from '~/server/db/client';
import { retryAfterText, tooManyRequests } from '~/server/lib/http-error';
import type { ErrorText } from '~/shared/i18n/error-text';
import { sleep } from '~/server/lib/sleep';
import { usernameKey } from '~/shared/usernames';

export const LOGIN_WINDOW_SECONDS = 15 * 60;
/** Guesses at one account from one address. */
export const MAX_FAILURES_PER_ACCOUNT_AND_IP = 5;
/** Guesses from one host (IPv4 address, IPv6 /64), whatever the accounts. */
export const MAX_FAILURES_PER_IP = 20;
/** Guesses from one network (IPv4 /24, IPv6 /48), whatever the accounts. */
export const MAX_FAILURES_PER_NETWORK = 80;
/** Guesses from one known device (a browser that signed in to the account before). */
export const MAX_FAILURES_PER_DEVICE = 5;
/** A guess whose turn in the account's line is further away than this is refused (429). */
export const MAX_QUEUE_WAIT_MS = 30_000;
/** Guesses at one account from everywhere before each further one is slowed down. */
export const SLOW_DOWN_AFTER = 10;
/** Each guess past SLOW_DOWN_AFTER waits one second more, up to this. */
export const MAX_SLOW_DOWN_MS = 10_000;
/** Wrong current passwords on the Settings tab (changing the password, deleting the account). */
export const MAX_PASSWORD_CHECK_FAILURES = 5;

type Limit = { key: string; limit: number };

/** Who guesses: the blocking limits (address; account at this address) and the account's slow-down key. */
export type LoginThrottle = { limits: Limit[]; accountKey: string; addressKey: string; knownDevice: boolean };

/** What a known-device cookie names: the account, hashed (the cookie does not carry the name). */
export const deviceAccountTag = (username: string): string =>
  createHash('sha256')
    .update(`known-device\n${usernameKey(username)}`)
    .digest('base64url')
    .slice(0, 22);

/**
 * `device`: the nonce of a known-device cookie for this account, when the request carries one
 * (src/server/features/auth/known-device.ts). Then only that device's own limit applies.
 */
export function loginThrottle(ip: string, username: string, device: string | null = null): LoginThrottle {
  const account = usernameKey(username);
  const { host, network } = addressGroups(ip);
  const accountKey = `login:account:${account}`;
  if (device) {
    return {
      limits: [{ key: `login:device:${device}`, limit: MAX_FAILURES_PER_DEVICE }],
      accountKey,
      addressKey: `login:device:${device}`,
      knownDevice: true,
    };
  }
  return {
    limits: [
      { key: `login:ip:${host}`, limit: MAX_FAILURES_PER_IP },
      { key: `login:net:${network}`, limit: MAX_FAILURES_PER_NETWORK },
      { key: `login:account-ip:${account}:${host}`, limit: MAX_FAILURES_PER_ACCOUNT_AND_IP },
    ],
    accountKey,
    addressKey: `login:ip:${host}`,
    knownDevice: false,
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
 * Counts a guess at the account from anywhere and, past SLOW_DOWN_AFTER, gives it the next turn in the
 * account's line: each guess waits slowDownMs after the turn before it (or after now, when the line is
 * empty), so guesses sent at once wait one after the other rather than side by side. A turn more than MAX_QUEUE_WAIT_MS away is refused (429). A known device (the
 * owner's browser) neither waits nor is refused: attackers filling the line do not lock the owner out.
 */
export async function slowDownAccount(db: Db, throttle: LoginThrottle): Promise<void> {
  const start = windowStart(Date.now());
  const result = (await db.execute(sql`
    insert into rate_limits (key, window_start, count) values (${throttle.accountKey}, ${start.toISOString()}, 1)
    on conflict (key, window_start) do update set count = rate_limits.count + 1
    returning count`)) as unknown as { rows: { count: number }[] };
  const spacing = slowDownMs(Number(result.rows[0]?.count ?? 1) - 1);
  if (spacing === 0 || throttle.knownDevice) return;
  const turn = (await db.execute(sql`
    insert into sign_in_queue (account_key, next_at)
      values (${throttle.accountKey}, now() + make_interval(secs => ${spacing / 1000}))
    on conflict (account_key) do update
      set next_at = greatest(sign_in_queue.next_at, now()) + make_interval(secs => ${spacing / 1000})
      where greatest(sign_in_queue.next_at, now()) < now() + make_interval(secs => ${MAX_QUEUE_WAIT_MS / 1000})
    returning greatest(0, extract(epoch from (next_at - now())) * 1000)::int as wait_ms`)) as unknown as {
    rows: { wait_ms: number }[];
  };
  if (turn.rows.length === 0) {
    const seconds = Math.ceil(MAX_QUEUE_WAIT_MS / 1000);
    throw tooManyRequests(retryMessage(seconds), seconds);
  }
  const wait = Number(turn.rows[0]!.wait_ms);
  if (wait > 0) await sleep(wait);
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
  await db.execute(sql`delete from sign_in_queue where account_key = ${throttle.accountKey}`);
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
