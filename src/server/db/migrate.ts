import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Database } from './client';

/** The committed SQL migrations; found beside this file in source and copied next to the build. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return process.env.STORE_MIGRATIONS_DIR ?? path.join(here, 'migrations');
}

export async function migrateDatabase(database: Database): Promise<void> {
  // pg_trgm backs typo-tolerant search; the migrations' trigram indexes need it first.
  await database.db.execute(sql`create extension if not exists pg_trgm`);
  const migrationsFolderPath = migrationsFolder();
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: migrationsFolderPath });
  } else {
    await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder: migrationsFolderPath });
  }
}
