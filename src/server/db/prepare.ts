// Start-up's database work: the migrations, then the demo seed on an empty database, both under the
// start-up lock (docs/decisions/0200-database-locks-for-start-up-and-jobs.md). Instances started at
// once on an empty database: the first migrates and seeds, the others wait, then find it done.
import { LOCK_KEYS, withDatabaseLock } from './advisory-lock';
import type { Database } from './client';
import { applyMigrations } from './migrate';
import { type SeedOptions, type SeedResult, seedIfEmpty } from './seed';

/** Migrates, then seeds when `seed` is given and the database is empty. The seed's result, or null. */
export async function prepareDatabase(database: Database, seed?: SeedOptions): Promise<SeedResult | null> {
  const result = await withDatabaseLock(database, LOCK_KEYS.startUp, { wait: true }, async () => {
    await applyMigrations(database);
    return seed ? seedIfEmpty(database.db, seed) : null;
  });
  return result.acquired ? result.value : null;
}
