// Failed sign-ins are counted per address and per account name (fixed 15-minute windows in
// PostgreSQL, shared by every instance). Only failures count; a successful sign-in clears the
// account's counter. Numbers: docs/decisions/0031-sign-in-rate-limits.md.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tooManyRequests } from '../../lib/http-error';
import { hitRateLimit, resetRateLimit } from '../../lib/rate-limit';

export const LOGIN_WINDOW_SECONDS = 15 * 60;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_IP = 20;
/** Wrong current passwords on the Settings tab (changing the password, deleting the account). */
export const MAX_PASSWORD_CHECK_FAILURES = 5;

type Limit = { key: string; limit: number };

export const loginLimits = (ip: string, username: string): Limit[] => [
  { key: `login:ip:${ip}`, limit: MAX_FAILURES_PER_IP },
  { key: `login:account:${username.trim().toLowerCase()}`, limit: MAX_FAILURES_PER_ACCOUNT },
];

export const passwordCheckLimits = (userId: number): Limit[] => [
  { key: `password-check:user:${userId}`, limit: MAX_PASSWORD_CHECK_FAILURES },
];

function windowStart(now: number): Date {
  const ms = LOGIN_WINDOW_SECONDS * 1000;
  return new Date(Math.floor(now / ms) * ms);
}

export function retryMessage(seconds: number): string {
  if (seconds < 60)
    return `Too many failed sign-in attempts. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
  const minutes = Math.ceil(seconds / 60);
  return `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/** Throws 429 (with Retry-After) when any of the counters has already reached its limit. */
export async function assertNotThrottled(db: Db, limits: Limit[]): Promise<void> {
  const now = Date.now();
  const start = windowStart(now);
  const keys = limits.map((l) => l.key);
  const result = (await db.execute(sql`
    select key, count from rate_limits
    where window_start = ${start.toISOString()} and key in (${sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    )})`)) as unknown as { rows: { key: string; count: number }[] };
  const counts = new Map(result.rows.map((r) => [r.key, Number(r.count)]));
  if (limits.some((l) => (counts.get(l.key) ?? 0) >= l.limit)) {
    const retryAfter = Math.max(1, Math.ceil((start.getTime() + LOGIN_WINDOW_SECONDS * 1000 - now) / 1000));
    throw tooManyRequests(retryMessage(retryAfter), retryAfter);
  }
}

export async function recordFailure(db: Db, limits: Limit[]): Promise<void> {
  for (const l of limits) await hitRateLimit(db, l.key, l.limit, LOGIN_WINDOW_SECONDS);
}

/** After a successful sign-in: the account's failures are forgotten (the address's are not). */
export async function clearAccountFailures(db: Db, limits: Limit[]): Promise<void> {
  for (const l of limits) if (!l.key.startsWith('login:ip:')) await resetRateLimit(db, l.key);
}
