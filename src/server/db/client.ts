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

/**
 * How long the store waits on its database server (docs/decisions/0440-database-failures-answer-503.md).
 * 0 turns one off. The statement timeout is enforced twice: by the server (statement_timeout) and by the
 * driver (query_timeout), which is what ends a wait on a server that is frozen and answers nothing.
 */
export type DatabaseTimeouts = {
  connectMs: number;
  statementMs: number;
  lockMs: number;
  idleInTransactionMs: number;
};

/** No timeouts but the connection's: start-up's migrations and the command-line tools may run long. */
export const NO_STATEMENT_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 10_000,
  statementMs: 0,
  lockMs: 0,
  idleInTransactionMs: 0,
};

/** How much longer than statement_timeout the driver waits for an answer. */
export const DRIVER_GRACE_MS = 250;

type ClientWithStream = pg.PoolClient & { connection?: { stream?: { destroy: () => void } } };

/**
 * Every client the pool opens keeps an 'error' listener for its whole life, checked out or idle: a
 * connection lost while a request holds it (a transaction, the maintenance lock) fails that request's
 * queries, never the process. A query the driver gave up on (a frozen server) leaves its connection
 * unusable, so that connection is closed and the pool opens a new one.
 */
function guardClient(client: ClientWithStream, onError: (error: Error) => void): void {
  client.on('error', onError);
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const result = query(...args);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      (result as Promise<unknown>).catch((error: unknown) => {
        if (error instanceof Error && error.message === 'Query read timeout')
          client.connection?.stream?.destroy();
      });
    }
    return result;
  };
}

export function openPostgres(
  connectionString: string,
  max = 10,
  timeouts: DatabaseTimeouts = NO_STATEMENT_TIMEOUTS,
  onConnectionError: (error: Error) => void = () => {},
): Database {
  const optional = (ms: number) => (ms > 0 ? ms : undefined);
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: optional(timeouts.connectMs),
    statement_timeout: optional(timeouts.statementMs),
    // A quarter second after the server's own limit, so a slow statement is normally cancelled by the
    // server (the connection stays usable) and only a server that answers nothing meets this one.
    query_timeout: timeouts.statementMs > 0 ? timeouts.statementMs + DRIVER_GRACE_MS : undefined,
    lock_timeout: optional(timeouts.lockMs),
    idle_in_transaction_session_timeout: optional(timeouts.idleInTransactionMs),
    keepAlive: true,
  });
  // An idle client losing its connection must not crash the process; a checked-out one neither.
  pool.on('error', onConnectionError);
  pool.on('connect', (client) => guardClient(client as ClientWithStream, onConnectionError));
  const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
  return { db, kind: 'postgres', pool, close: () => pool.end() };
}

export async function openDatabase(
  config: { DATABASE_URL?: string; dataDir: string },
  options: { timeouts?: DatabaseTimeouts; onConnectionError?: (error: Error) => void } = {},
): Promise<Database> {
  if (config.DATABASE_URL)
    return openPostgres(config.DATABASE_URL, 10, options.timeouts, options.onConnectionError);
  return openPglite({ dataDir: path.join(config.dataDir, 'pglite') });
}
