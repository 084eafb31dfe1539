// `npm run db:move-to-postgres -- URL`: copies the embedded database into an empty PostgreSQL 15+
// server (docs/decisions/0447-moving-to-a-postgresql-server.md). A dump of the embedded database is
// PostgreSQL 18's SQL, which a 15 server does not load; so the target gets the store's own migrations
// (the same schema the store creates on any server) and then every row, table by table in the order
// their foreign keys need, as text the server parses into its own types. Then every sequence goes on
// from where the embedded one was. One transaction: a move that fails leaves the target empty.
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openPglite, openPostgres } from './client';
import { applyMigrations } from './migrate';

export class MoveError extends Error {}

/** Rows per table, as counted in the embedded database and on the server after the move. */
export type MoveSummary = { tables: { name: string; rows: number }[] };

const USER_TABLES_SQL = `select count(*)::int as n from pg_catalog.pg_tables
  where schemaname not in ('pg_catalog', 'information_schema')`;

const MIN_SERVER_VERSION = 150000;

type Table = { name: string; columns: string[]; key: string[] };

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The application's tables on the server, with their stored (not generated) columns and primary key. */
async function serverTables(client: pg.ClientBase): Promise<Table[]> {
  const { rows } = await client.query<{ name: string; columns: string[]; key: string[] | null }>(`
    select c.relname as name,
      array(select a.attname::text from pg_attribute a
        where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
        order by a.attnum) as columns,
      array(select a.attname::text from pg_index i join pg_attribute a
          on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
        where i.indrelid = c.oid and i.indisprimary order by a.attnum) as key
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r'
    order by c.relname`);
  return rows.map((r) => ({ name: r.name, columns: r.columns, key: r.key ?? [] }));
}

/** Tables ordered so that every table comes after those its foreign keys point to. */
async function dependencyOrder(client: pg.ClientBase, tables: Table[]): Promise<Table[]> {
  const { rows } = await client.query<{ child: string; parent: string }>(`
    select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
    from pg_constraint c join pg_namespace n on n.oid = c.connamespace
    where c.contype = 'f' and n.nspname = 'public' and c.conrelid <> c.confrelid`);
  const unquote = (name: string) => name.replace(/^public\./, '').replace(/^"(.*)"$/, '$1');
  const parents = new Map(tables.map((t) => [t.name, new Set<string>()]));
  for (const r of rows) parents.get(unquote(r.child))?.add(unquote(r.parent));
  const ordered: Table[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter(
      (t) => !placed.has(t.name) && [...parents.get(t.name)!].every((p) => placed.has(p) || !parents.has(p)),
    );
    if (ready.length === 0)
      throw new MoveError('The tables\u2019 foreign keys form a cycle: cannot order the copy.');
    for (const t of ready) {
      ordered.push(t);
      placed.add(t.name);
    }
  }
  return ordered;
}

const READ_BATCH = 2000;

/** Copies one table's rows, read from the embedded database as text and parsed by the server. */
async function copyTable(source: PGlite, target: pg.ClientBase, table: Table): Promise<number> {
  const columns = table.columns.map(quote);
  const select = columns.map((c) => `${c}::text`).join(', ');
  const order = (table.key.length ? table.key : table.columns).map(quote).join(', ');
  // At most 30,000 parameters a statement (PostgreSQL's limit is 65,535).
  const perInsert = Math.max(1, Math.floor(30_000 / columns.length));
  let copied = 0;
  for (let offset = 0; ; offset += READ_BATCH) {
    const { rows } = await source.query<unknown[]>(
      `select ${select} from public.${quote(table.name)} order by ${order} limit ${READ_BATCH} offset ${offset}`,
      [],
      { rowMode: 'array' },
    );
    for (let i = 0; i < rows.length; i += perInsert) {
      const chunk = rows.slice(i, i + perInsert);
      const values = chunk
        .map((_, r) => `(${columns.map((_c, c) => `$${r * columns.length + c + 1}`).join(', ')})`)
        .join(', ');
      await target.query(
        `insert into public.${quote(table.name)} (${columns.join(', ')}) overriding system value values ${values}`,
        chunk.flat(),
      );
    }
    copied += rows.length;
    if (rows.length < READ_BATCH) return copied;
  }
}

/** Every sequence of the embedded database, set on the server to where it was. */
async function copySequences(source: PGlite, target: pg.ClientBase): Promise<void> {
  const { rows } = await source.query<{ name: string; last: string | null }>(
    `select quote_ident(schemaname) || '.' || quote_ident(sequencename) as name, last_value::text as last
     from pg_sequences where schemaname = 'public'`,
  );
  for (const s of rows) {
    const exists = await target.query('select to_regclass($1) is not null as ok', [s.name]);
    if (!exists.rows[0].ok) continue;
    // Never used: the next value is the first one; used: the next is one after the last given.
    if (s.last === null) await target.query(`select setval($1::regclass, 1, false)`, [s.name]);
    else await target.query(`select setval($1::regclass, $2::bigint, true)`, [s.name, s.last]);
  }
}

async function count(query: (sql: string) => Promise<{ rows: { n: number }[] }>, table: string) {
  return (await query(`select count(*)::int as n from public.${quote(table)}`)).rows[0]!.n;
}

/**
 * Copies the embedded database in `dataDir` into the empty server at `targetUrl`. The store must be
 * stopped (the data folder's lock says so otherwise); it is started afterwards with DATABASE_URL.
 */
export async function moveToPostgres(dataDir: string, targetUrl: string): Promise<MoveSummary> {
  const target = new pg.Client({ connectionString: targetUrl });
  await target.connect();
  try {
    const version = Number((await target.query('show server_version_num')).rows[0].server_version_num);
    if (version < MIN_SERVER_VERSION) {
      throw new MoveError(
        `The server runs PostgreSQL ${Math.floor(version / 10000)}; the store needs PostgreSQL 15 or newer.`,
      );
    }
    if ((await target.query<{ n: number }>(USER_TABLES_SQL)).rows[0]!.n > 0) {
      throw new MoveError(
        'The database at the target address is not empty: the store is moved only into an empty database, so ' +
          'nothing was changed. Create a new database (createdb) and try again.',
      );
    }
    const embedded = await openPglite({ dataDir: path.join(dataDir, 'pglite') });
    try {
      const source = (embedded.db as unknown as { $client: PGlite }).$client;
      // Both sides at the newest schema: the embedded one as its next start would leave it.
      await applyMigrations(embedded);
      try {
        const server = openPostgres(targetUrl, 1);
        try {
          await applyMigrations(server);
        } finally {
          await server.close();
        }
        const tables = await dependencyOrder(target, await serverTables(target));
        await target.query('begin');
        // The rows are copied as they are: triggers (search words, counts, stock history) would add
        // what the embedded database already holds. Foreign keys stay checked.
        for (const t of tables)
          await target.query(`alter table public.${quote(t.name)} disable trigger user`);
        // What the migrations themselves wrote (settings' first rows) makes way for the store's own.
        for (const t of [...tables].reverse()) await target.query(`delete from public.${quote(t.name)}`);
        const summary: MoveSummary = { tables: [] };
        for (const t of tables) {
          const rows = await copyTable(source, target, t);
          const expected = await count((q) => source.query<{ n: number }>(q), t.name);
          if (rows !== expected) throw new MoveError(`${t.name}: copied ${rows} rows of ${expected}.`);
          summary.tables.push({ name: t.name, rows });
        }
        await copySequences(source, target);
        for (const t of tables) await target.query(`alter table public.${quote(t.name)} enable trigger user`);
        await target.query('commit');
        return summary;
      } catch (error) {
        await target.query('rollback').catch(() => {});
        // The target was empty: it is left empty again, migrations included.
        await target
          .query('drop schema if exists drizzle cascade; drop schema public cascade; create schema public')
          .catch(() => {});
        throw error;
      }
    } finally {
      await embedded.close();
    }
  } finally {
    await target.end();
  }
}
