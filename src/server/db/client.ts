// One dialect, two drivers: PGlite (embedded PostgreSQL, a folder under DATA_DIR) when DATABASE_URL
// is unset, node-postgres against a real server when it is set.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or a transaction: repositories accept both. */
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** node-postgres's pool (PostgreSQL only): session-level advisory locks and the pool-use metrics. */
  pool?: pg.Pool;
  close: () => Promise<void>;
};

// pg returns numeric as string already; keep timestamps as Date and int8 (counts) as numbers.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

/** PGlite needs its extensions passed every time a database is opened. */
export const pgliteExtensions = { pg_trgm };

/**
 * PGlite in memory, or in `dataDir` on disk: then this process must be its only user, so a lock file
 * beside it (`<dataDir>.lock`) refuses a second process (DataDirLockedError) until this one closes or dies.
 */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<Database> {
  let unlock = () => {};
  if (options.dataDir) {
    const folder = path.dirname(path.resolve(options.dataDir));
    mkdirSync(folder, { recursive: true });
    unlock = await lockDataDir(folder, `${path.resolve(options.dataDir)}.lock`);
  }
  try {
    const client = await PGlite.create({
      dataDir: options.dataDir,
      loadDataDir: options.loadDataDir,
      extensions: pgliteExtensions,
    });
    const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
    const close = async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    };
    return { db, kind: 'pglite', close };
  } catch (error) {
    unlock();
    throw error;
  }
}

export function openPostgres(connectionString: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString, max });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
  return { db, kind: 'postgres', pool, close: () => pool.end() };
}

export async function openDatabase(config: { DATABASE_URL?: string; dataDir: string }): Promise<Database> {
  if (config.DATABASE_URL) return openPostgres(config.DATABASE_URL);
  return openPglite({ dataDir: path.join(config.dataDir, 'pglite') });
}
