// A reused embedded test database must be indistinguishable from a fresh copy of the template: the same
// rows in every table, the same sequence values, no session state left by the file before.
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '~/server/db/client';
import { createCategory, createProduct, createUser } from './fixtures';
import { clientOf, reusedPglite } from './reused-pglite';
import { openPgliteFromTemplate, testDbKind } from './test-database';

/** Every table's rows and every sequence's value, as text: two databases with the same state read alike. */
async function stateOf(database: Database): Promise<Record<string, string>> {
  const client = clientOf(database);
  const tables = await client.query<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables
     where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
  );
  const state: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const rows = await client.query<{ rows: string | null }>(
      `select string_agg(t::text, E'\\n' order by t::text) as rows from ${name} t`,
    );
    state[name] = rows.rows[0]!.rows ?? '';
  }
  const sequences = await client.query<{ name: string; value: string }>(
    `select format('%I.%I', schemaname, sequencename) as name, coalesce(last_value::text, 'not called') as value
     from pg_sequences order by 1`,
  );
  for (const { name, value } of sequences.rows) state[`sequence ${name}`] = value;
  return state;
}

describe.skipIf(testDbKind() !== 'pglite')('embedded test databases reused within a worker', () => {
  const createDatabase = reusedPglite(openPgliteFromTemplate);
  const opened: Database[] = [];
  afterAll(async () => {
    for (const client of opened.map(clientOf)) if (!client.closed) await client.close();
  });

  it('gives a closed database back exactly as the template left it', async () => {
    const fresh = await openPgliteFromTemplate();
    opened.push(fresh);
    const template = await stateOf(fresh);

    const first = await createDatabase();
    opened.push(first);
    expect(await stateOf(first)).toEqual(template);
    // A file's work: rows in tables with triggers and maintained counts, sequences moved on, and session
    // state: a setting, an advisory lock, an open transaction.
    const category = await createCategory(first.db);
    await createProduct(first.db, { categoryId: category.id });
    await createUser(first.db);
    const client = clientOf(first);
    await client.exec(`set statement_timeout = '1234ms'`);
    await client.query('select pg_advisory_lock(42)');
    await client.exec('begin');
    expect(await stateOf(first)).not.toEqual(template);
    await first.close();

    const second = await createDatabase();
    expect(second.db).toBe(first.db);
    expect(await stateOf(second)).toEqual(template);
    const setting = await client.query<{ statement_timeout: string }>('show statement_timeout');
    expect(setting.rows[0]!.statement_timeout).toBe('0');
    const locks = await client.query<{ count: number }>(
      `select count(*)::int as count from pg_locks where locktype = 'advisory'`,
    );
    expect(locks.rows[0]!.count).toBe(0);
    await second.close();
  });

  it('opens a new database when a file changed the schema of the one it closed', async () => {
    const changed = await createDatabase();
    await clientOf(changed).exec('create table left_behind (id int)');
    await changed.close();

    const next = await createDatabase();
    opened.push(next);
    expect(next.db).not.toBe(changed.db);
    const tables = await clientOf(next).query(`select from pg_tables where tablename = 'left_behind'`);
    expect(tables.rows).toHaveLength(0);
    expect(clientOf(changed).closed).toBe(true);
  });
});
