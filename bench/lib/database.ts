// A throwaway PostgreSQL database per benchmark run: created on the server named by
// TEST_DATABASE_URL (or the local default), migrated like a real store, dropped afterwards.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openPostgres } from '~/server/db/client';
import { migrateDatabase } from '~/server/db/migrate';

export const DEFAULT_SERVER_URL = 'postgres://postgres@127.0.0.1:5432/test';

export type BenchDatabase = { url: string; name: string; database: Database; drop: () => Promise<void> };

function withDatabaseName(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function createBenchDatabase(prefix = 'bench'): Promise<BenchDatabase> {
  const base = process.env.TEST_DATABASE_URL || DEFAULT_SERVER_URL;
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = withDatabaseName(base, name);
  const database = openPostgres(url, 10);
  let dropped = false;
  const drop = async () => {
    if (dropped) return;
    dropped = true;
    await database.close().catch(() => {});
    const dropper = new pg.Client({ connectionString: base });
    await dropper.connect();
    try {
      await dropper.query(`drop database if exists ${name} with (force)`);
    } finally {
      await dropper.end();
    }
  };
  try {
    await migrateDatabase(database);
  } catch (error) {
    await drop();
    throw error;
  }
  return { url, name, database, drop };
}
