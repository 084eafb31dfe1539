// npm run backup / npm run restore: the round trip on the kind of database this project runs on
// (embedded under api-pglite, a PostgreSQL server under api-postgres).
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { asc, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { databaseUrl, testDbKind } from '~/server/test/test-database';
import { BackupError, backupDatabase, libpqEnv, restoreDatabase } from './backup';
import { type Database, openPglite, openPostgres } from './client';
import { DataDirLockedError } from './data-dir-lock';
import { categories, users } from './schema';

const kind = testDbKind();
const folders: string[] = [];
const createdDbs: string[] = [];

function tempDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'store-backup-'));
  folders.push(dir);
  return dir;
}

/** What a restored copy must hold as the original did. */
async function contents(database: Database) {
  const cats = await database.db
    .select({ id: categories.id, name: categories.name, slug: categories.slug })
    .from(categories)
    .orderBy(asc(categories.id));
  const people = await database.db.select({ username: users.username, email: users.email }).from(users);
  const migrations = await database.db.execute(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  const rows = (migrations as unknown as { rows: { n: number }[] }).rows;
  return { cats, people, migrations: rows[0]!.n };
}

async function fill(database: Database) {
  await database.db.insert(categories).values([
    { name: "Kids' Toys", slug: 'kids-toys' },
    { name: 'Électronique — reconditionnée', slug: 'electronique' },
  ]);
  await database.db.insert(users).values({
    username: 'owner',
    email: 'owner@example.com',
    password: 'not-a-real-hash',
    isAdmin: true,
    createdAt: new Date('2026-11-01T12:00:00Z'),
  });
}

/** A new database on the test server: a copy of the migrated template, or empty. */
async function serverDatabase(migrated: boolean): Promise<string> {
  const base = process.env.TEST_DATABASE_URL!;
  const name = `store_b_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`create database ${name}${migrated ? ` template ${inject('pgTemplateDb')}` : ''}`);
  } finally {
    await admin.end();
  }
  createdDbs.push(name);
  return databaseUrl(base, name);
}

afterAll(async () => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  if (!createdDbs.length) return;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  for (const name of createdDbs) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

describe.runIf(kind === 'pglite')('the embedded database', () => {
  let original: string;
  let dump: string;
  let before: Awaited<ReturnType<typeof contents>>;

  beforeAll(async () => {
    original = tempDir();
    const database = await openPglite({
      dataDir: path.join(original, 'pglite'),
      loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]),
    });
    await fill(database);
    before = await contents(database);
    await database.close();
    dump = path.join(tempDir(), 'nightly', 'store.sql');
  });

  it('is dumped to a plain SQL file readable by this user only', async () => {
    expect(await backupDatabase({ dataDir: original }, dump)).toBe(dump);
    expect(readFileSync(dump, 'utf8')).toContain('PostgreSQL database dump complete');
    expect(statSync(dump).mode & 0o777).toBe(0o600);
  });

  it('loads into an empty data folder with every row, the list of migrations, and sequences that go on', async () => {
    const copy = tempDir();
    await restoreDatabase({ dataDir: copy }, dump);
    const database = await openPglite({ dataDir: path.join(copy, 'pglite') });
    try {
      const after = await contents(database);
      expect(after).toEqual(before);
      expect(after.cats.map((c) => c.name)).toEqual(["Kids' Toys", 'Électronique — reconditionnée']);
      expect(after.migrations).toBeGreaterThan(0);
      const [next] = await database.db
        .insert(categories)
        .values({ name: 'Garden', slug: 'garden' })
        .returning({ id: categories.id });
      expect(next!.id).toBeGreaterThan(Math.max(...before.cats.map((c) => c.id)));
    } finally {
      await database.close();
    }

    // A second restore into the now non-empty database is refused and changes nothing.
    await expect(restoreDatabase({ dataDir: copy }, dump)).rejects.toThrow(
      /embedded database in .* is not empty: a dump is restored only into an empty database, so nothing was changed/,
    );
    const again = await openPglite({ dataDir: path.join(copy, 'pglite') });
    try {
      expect((await contents(again)).cats).toHaveLength(3);
    } finally {
      await again.close();
    }
  });

  it('leaves the database empty when the dump fails part-way', async () => {
    const broken = path.join(tempDir(), 'broken.sql');
    writeFileSync(broken, readFileSync(dump));
    appendFileSync(broken, '\nINSERT INTO public.no_such_table VALUES (1);\n');
    const copy = tempDir();
    await expect(restoreDatabase({ dataDir: copy }, broken)).rejects.toThrow(/no_such_table/);
    // Nothing of it stayed: the same dump, whole, restores into it.
    await restoreDatabase({ dataDir: copy }, dump);
  });

  it('refuses while a store holds the data folder, and refuses a server dump', async () => {
    const holder = await openPglite({ dataDir: path.join(original, 'pglite') });
    try {
      await expect(backupDatabase({ dataDir: original }, path.join(tempDir(), 'x.sql'))).rejects.toThrow(
        DataDirLockedError,
      );
    } finally {
      await holder.close();
    }
    const serverDump = path.join(tempDir(), 'server.dump');
    writeFileSync(serverDump, 'PGDMP\u0001\u000e\u0000');
    await expect(restoreDatabase({ dataDir: tempDir() }, serverDump)).rejects.toThrow(
      "is a PostgreSQL server's dump (pg_dump custom format); restore it with DATABASE_URL set.",
    );
  });

  // Each command starts tsx and opens the database: slow on a busy machine, hence the long limit.
  it('runs as npm run backup and npm run restore, which says why it refuses', {
    timeout: 240_000,
  }, async () => {
    const run = promisify(execFile);
    const file = path.join(tempDir(), 'cli.sql');
    const env = { ...process.env, DATA_DIR: original, ALLOW_TEST_PAYMENTS: 'true', LOG_LEVEL: 'silent' };
    const backup = await run('npx', ['tsx', 'src/server/db/backup-cli.ts', file], { env });
    expect(backup.stdout).toContain(`Backup written to ${file}`);
    expect(readFileSync(file, 'utf8')).toContain("'Kids'' Toys'");
    const refused = await run('npx', ['tsx', 'src/server/db/restore-cli.ts', file], { env }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused).toMatchObject({ code: 1 });
    expect((refused as { stderr: string }).stderr).toContain('is not empty');
  });
});

describe.runIf(kind === 'postgres')('a PostgreSQL server', () => {
  it('is dumped by pg_dump and restored by pg_restore into an empty database, not into a used one', async () => {
    const sourceUrl = await serverDatabase(true);
    const source = openPostgres(sourceUrl, 2);
    let before: Awaited<ReturnType<typeof contents>>;
    try {
      await fill(source);
      before = await contents(source);
    } finally {
      await source.close();
    }
    const dump = path.join(tempDir(), 'store.dump');
    await backupDatabase({ DATABASE_URL: sourceUrl, dataDir: tempDir() }, dump);
    expect(readFileSync(dump).subarray(0, 5).toString()).toBe('PGDMP');
    expect(statSync(dump).mode & 0o777).toBe(0o600);

    const targetUrl = await serverDatabase(false);
    await restoreDatabase({ DATABASE_URL: targetUrl, dataDir: tempDir() }, dump);
    const target = openPostgres(targetUrl, 2);
    try {
      expect(await contents(target)).toEqual(before);
      const [next] = await target.db
        .insert(categories)
        .values({ name: 'Garden', slug: 'garden' })
        .returning({ id: categories.id });
      expect(next!.id).toBeGreaterThan(Math.max(...before.cats.map((c) => c.id)));
    } finally {
      await target.close();
    }

    await expect(restoreDatabase({ DATABASE_URL: targetUrl, dataDir: tempDir() }, dump)).rejects.toThrow(
      'The database at DATABASE_URL is not empty: a dump is restored only into an empty database, so nothing was changed.',
    );
    const plain = path.join(tempDir(), 'embedded.sql');
    writeFileSync(plain, '--\n-- PostgreSQL database dump\n--\n');
    await expect(
      restoreDatabase({ DATABASE_URL: await serverDatabase(false), dataDir: tempDir() }, plain),
    ).rejects.toThrow(BackupError);
  });
});

describe('connection settings for pg_dump', () => {
  it('go in libpq variables, the password out of the command line', () => {
    expect(libpqEnv('postgres://store:p%40ss@db.internal:5433/shop?sslmode=require')).toEqual({
      PGHOST: 'db.internal',
      PGPORT: '5433',
      PGUSER: 'store',
      PGPASSWORD: 'p@ss',
      PGDATABASE: 'shop',
      PGSSLMODE: 'require',
    });
  });
});
