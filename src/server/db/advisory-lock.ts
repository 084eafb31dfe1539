// Locks that hold across every instance sharing one database (docs/decisions/0200-database-locks-for-start-up-and-jobs.md).
// PostgreSQL: a session-level advisory lock on one connection taken from the pool for the whole
// section, so the section's own queries may use any other connection. PGlite: one process owns the
// database (docs/decisions/0114-one-process-per-embedded-database.md), so an in-process lock is the
// same guarantee; its single session would let a second advisory lock through.
import type { Database } from './client';

/** The keys, one per section; far from the seed's and the checkout's keys (hashtextextended values). */
export const LOCK_KEYS = {
  /** Migrations and the demo seed at start-up. */
  startUp: 748_215_100,
  /** One maintenance run at a time across instances. */
  maintenance: 748_215_101,
} as const;

export type LockResult<T> = { acquired: true; value: T } | { acquired: false };

const held = new WeakMap<object, Map<number, Promise<unknown>>>();

async function withProcessLock<T>(
  owner: object,
  key: number,
  wait: boolean,
  section: () => Promise<T>,
): Promise<LockResult<T>> {
  let locks = held.get(owner);
  if (!locks) {
    locks = new Map();
    held.set(owner, locks);
  }
  for (;;) {
    const current = locks.get(key);
    if (!current) break;
    if (!wait) return { acquired: false };
    await current.catch(() => {});
  }
  const run = section();
  locks.set(key, run);
  try {
    return { acquired: true, value: await run };
  } finally {
    locks.delete(key);
  }
}

/**
 * Runs `section` while holding the lock `key`. `wait`: queue behind the holder; otherwise return
 * `{ acquired: false }` at once when another instance holds it.
 */
export async function withDatabaseLock<T>(
  database: Database,
  key: number,
  options: { wait: boolean },
  section: () => Promise<T>,
): Promise<LockResult<T>> {
  if (!database.pool) return withProcessLock(database.db, key, options.wait, section);
  const client = await database.pool.connect();
  let broken: Error | undefined;
  try {
    if (options.wait) {
      await client.query('select pg_advisory_lock($1)', [key]);
    } else {
      const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
        key,
      ]);
      if (!rows[0]?.locked) return { acquired: false };
    }
    try {
      return { acquired: true, value: await section() };
    } finally {
      try {
        await client.query('select pg_advisory_unlock($1)', [key]);
      } catch (error) {
        // The connection is gone, and with it the lock: drop the client rather than reuse it.
        broken = error as Error;
      }
    }
  } finally {
    client.release(broken);
  }
}
