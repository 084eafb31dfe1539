// Instances started at once on one empty PostgreSQL database (docs/decisions/0200-database-locks-for-start-up-and-jobs.md):
// each with its own pool, as separate processes would be, all come up, and the database ends with one
// set of migrations and one demo store.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseUrl, testDbKind } from '~/server/test/test-database';
import { openPostgres } from './client';
import { DEMO_CATEGORIES } from './demo-catalogue';
import { latestMigrationTimestamp, migrationsApplied, migrationsFolder } from './migrate';
import { prepareDatabase } from './prepare';

const INSTANCES = 4;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function admin<T>(query: string): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(query)) as T;
  } finally {
    await client.end();
  }
}

describe.skipIf(testDbKind() !== 'postgres')('start-up of several instances on one empty database', () => {
  it('migrates and seeds once, and every instance comes up', async () => {
    const name = `store_t_start_${randomBytes(5).toString('hex')}`;
    await admin(`create database ${name}`);
    cleanups.push(() => admin(`drop database if exists ${name} with (force)`));
    const url = databaseUrl(process.env.TEST_DATABASE_URL!, name);
    const uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'store-start-'));
    cleanups.push(async () => rmSync(uploadsDir, { recursive: true, force: true }));

    const instances = Array.from({ length: INSTANCES }, () => openPostgres(url, 3));
    for (const instance of instances) cleanups.push(() => instance.close());
    const results = await Promise.all(
      instances.map((instance) =>
        prepareDatabase(instance, { uploadsDir, adminUsername: 'owner', adminPassword: 'owner-password-1' }),
      ),
    );

    // One instance seeded; the others found the store there.
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    const journal = JSON.parse(
      readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
    ) as {
      entries: unknown[];
    };
    const db = instances[0]!.db;
    const count = async (query: ReturnType<typeof sql>) =>
      Number(((await db.execute(query)) as unknown as { rows: { n: string | number }[] }).rows[0]!.n);
    expect(await count(sql`select count(*) as n from drizzle.__drizzle_migrations`)).toBe(
      journal.entries.length,
    );
    expect(await count(sql`select count(distinct created_at) as n from drizzle.__drizzle_migrations`)).toBe(
      journal.entries.length,
    );
    expect(await count(sql`select count(*) as n from users`)).toBe(1);
    expect(await count(sql`select count(*) as n from categories`)).toBe(DEMO_CATEGORIES.length);
    for (const instance of instances) expect(await migrationsApplied(instance)).toBe(true);
    expect(latestMigrationTimestamp()).toBeGreaterThan(0);
  }, 180_000);
});
