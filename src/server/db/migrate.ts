import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { LOCK_KEYS, withDatabaseLock } from './advisory-lock';
import type { Database } from './client';

/** The committed SQL migrations; found beside this file in source and copied next to the build. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return process.env.STORE_MIGRATIONS_DIR ?? path.join(here, 'migrations');
}

/**
 * Applies the committed migrations under the start-up lock: instances starting at once on an empty
 * database apply them once, the others wait and find them applied.
 */
export async function migrateDatabase(database: Database): Promise<void> {
  await withDatabaseLock(database, LOCK_KEYS.startUp, { wait: true }, () => applyMigrations(database));
}

/** The migrations without the lock: for callers already holding it (prepareDatabase). */
export async function applyMigrations(database: Database): Promise<void> {
  // pg_trgm backs typo-tolerant search; the migrations' trigram indexes need it first.
  await database.db.execute(sql`create extension if not exists pg_trgm`);
  const migrationsFolderPath = migrationsFolder();
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: migrationsFolderPath });
  } else {
    await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder: migrationsFolderPath });
  }
}

/** The newest committed migration's timestamp (drizzle's journal), which the migrator records once applied. */
export function latestMigrationTimestamp(): number {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

/** Whether every committed migration is applied: the newest one recorded by drizzle's migrator. */
export async function migrationsApplied(database: Database): Promise<boolean> {
  try {
    const result = (await database.db.execute(
      sql`select max(created_at) as latest from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { latest: string | number | null }[] };
    const latest = result.rows[0]?.latest;
    return latest !== null && latest !== undefined && Number(latest) >= latestMigrationTimestamp();
  } catch {
    // No migrations table yet: nothing applied.
    return false;
  }
}
