// Fixed-window counters in PostgreSQL, so limits hold across several server instances.
import { sql } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { addressGroups } from './client-address';
import { retryAfterText, tooManyRequests } from './http-error';

export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number; count: number };

export async function hitRateLimit(
  db: Db,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<RateLimitResult> {
  const windowMs = windowSeconds * 1000;
  const now = Date.now();
  const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
  const result = (await db.execute(sql`
    insert into rate_limits (key, window_start, count) values (${key}, ${windowStart.toISOString()}, 1)
    on conflict (key, window_start) do update set count = rate_limits.count + 1
    returning count`)) as unknown as { rows: { count: number }[] };
  const count = Number(result.rows[0]?.count ?? 1);
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now) / 1000));
  return { allowed: count <= limit, retryAfterSeconds, count };
}

/**
 * Counts a hit and throws 429 with a message saying when to retry once the limit is passed. `what` (plural,
 * 'price checks') must be a key of src/shared/i18n/errors.messages.ts.
 */
export async function enforceRateLimit(
  db: Db,
  key: string,
  limit: number,
  windowSeconds: number,
  what = 'requests',
): Promise<void> {
  const r = await hitRateLimit(db, key, limit, windowSeconds);
  if (!r.allowed) {
    // `what` is a key of the `errors` catalogue too ('price checks'), so the sentence reads in French.
    throw tooManyRequests(
      {
        key: 'Too many {{what}}. Please try again in {{when}}.',
        values: { what: { key: what }, when: retryAfterText(r.retryAfterSeconds) },
      },
      r.retryAfterSeconds,
    );
  }
}

/** A network (IPv4 /24, IPv6 /48) may do this many times what one host may (decision 0450). */
export const NETWORK_BUDGET_FACTOR = 4;

/**
 * A per-address limit counted as an attacker has addresses: per host (IPv4 address, IPv6 /64) up to
 * `limit`, and per network (IPv4 /24, IPv6 /48) up to NETWORK_BUDGET_FACTOR times that
 * (src/server/lib/client-address.ts, docs/decisions/0450-limits-that-count-people.md).
 */
export async function enforceAddressRateLimit(
  db: Db,
  name: string,
  ip: string,
  limit: number,
  windowSeconds: number,
  what = 'requests',
): Promise<void> {
  const { host, network } = addressGroups(ip);
  await enforceRateLimit(db, `${name}:ip:${host}`, limit, windowSeconds, what);
  await enforceRateLimit(db, `${name}:net:${network}`, limit * NETWORK_BUDGET_FACTOR, windowSeconds, what);
}

export async function purgeOldRateLimits(db: Db): Promise<void> {
  await db.execute(sql`delete from rate_limits where window_start < now() - interval '1 day'`);
}
