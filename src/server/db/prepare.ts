// Start-up's database work: the migrations, then the demo seed on an empty database, both under the
// start-up lock (docs/decisions/0200-database-locks-for-start-up-and-jobs.md). Instances started at
// once on an empty database: the first migrates and seeds, the others wait, then find it done.
import { LOCK_KEYS, withDatabaseLock } from './advisory-lock';
import { type Database, openDatabase } from './client';
import { applyMigrations } from './migrate';
import { fillUsernameSkeletons } from '~/server/lib/username-skeleton';
import { type SeedOptions, type SeedResult, seedIfEmpty } from './seed';
import { waitForDatabase } from './wait-for-database';

/**
 * Migrates, fills what a migration left for code to compute (username skeletons), then seeds when `seed`
 * is given and the database is empty. The seed's result, or null.
 */
export async function prepareDatabase(database: Database, seed?: SeedOptions): Promise<SeedResult | null> {
  const result = await withDatabaseLock(database, LOCK_KEYS.startUp, { wait: true }, async () => {
    await applyMigrations(database);
    await fillUsernameSkeletons(database.db);
    return seed ? seedIfEmpty(database.db, seed) : null;
  });
  return result.acquired ? result.value : null;
}

/**
 * Start-up's preparation, waiting for a database that is down or restarting. On a server it runs on
 * connections of its own with no statement timeout (migrations may take long); the embedded database
 * has one connection, `database` itself.
 */
export async function prepareWhenReachable(
  config: { DATABASE_URL?: string; dataDir: string; DB_START_WAIT_MS: number },
  database: Database,
  seed: SeedOptions,
): Promise<SeedResult | null> {
  return waitForDatabase(
    async () => {
      if (!config.DATABASE_URL) return prepareDatabase(database, seed);
      const setup = await openDatabase(config);
      try {
        return await prepareDatabase(setup, seed);
      } finally {
        await setup.close();
      }
    },
    { maxWaitMs: config.DB_START_WAIT_MS, log: (line) => console.warn(`  ${line}`) },
  );
}
