// Three store processes (the real entry point) started at once on one empty PostgreSQL database all
// come up, ready, and leave one set of migrations and one demo store
// (docs/decisions/0200-database-locks-for-start-up-and-jobs.md).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from './db/migrate';
import { type SpawnedStore, spawnStore } from './test/spawn-store';
import { databaseUrl, testDbKind } from './test/test-database';

const PROCESSES = 3;
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function query<T>(connectionString: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

describe.skipIf(testDbKind() !== 'postgres')('processes started at once on an empty database', () => {
  it('all become ready on one set of migrations and one demo store', async () => {
    const base = process.env.TEST_DATABASE_URL!;
    const name = `store_t_procs_${randomBytes(5).toString('hex')}`;
    await query(base, `create database ${name}`);
    cleanups.push(() => query(base, `drop database if exists ${name} with (force)`));
    const url = databaseUrl(base, name);

    const stores: SpawnedStore[] = [];
    for (let i = 0; i < PROCESSES; i++) {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'store-procs-'));
      cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
      const store = await spawnStore({
        DATA_DIR: dataDir,
        DATABASE_URL: url,
        ADMIN_USERNAME: 'owner',
        ADMIN_PASSWORD: 'owner-password-1',
      });
      cleanups.push(() => store.stop());
      stores.push(store);
    }
    await Promise.all(stores.map((s) => s.ready()));
    for (const store of stores) {
      const ready = await fetch(`${store.url}/api/ready`);
      expect(ready.status).toBe(200);
    }
    // One process drew the demo store; the others found it there.
    expect(stores.filter((s) => s.output().includes('Demo catalogue loaded.'))).toHaveLength(1);

    const journal = JSON.parse(
      readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
    ) as {
      entries: unknown[];
    };
    const [migrations] = await query<{ n: string }>(
      url,
      'select count(*) as n from drizzle.__drizzle_migrations',
    );
    expect(Number(migrations!.n)).toBe(journal.entries.length);
    const [users] = await query<{ n: string }>(url, 'select count(*) as n from users');
    expect(Number(users!.n)).toBe(1);

    for (const store of stores) await store.stop();
    for (const store of stores) expect(await store.exited).toBe(0);
  }, 240_000);
});
