// Embedded test databases, reused within a worker. Opening PGlite from the template's dump costs about a
// second of CPU (PostgreSQL's start in WebAssembly, the dump unpacked into its memory); putting a closed
// database back to the template's state costs a tenth of that. So a database a test file closes goes back
// to its worker, and the next file that asks for one gets it back exactly as the template left it:
// every table emptied and refilled with the template's rows, every sequence at the template's value, the
// session's settings, locks and prepared statements discarded. A database whose schema a test changed
// (its own tables, functions, triggers) is closed instead, and the next file opens a fresh one.
import type { PGlite } from '@electric-sql/pglite';
import type { Database } from '~/server/db/client';

type Client = Pick<PGlite, 'query' | 'exec'>;

/** What a template-fresh database holds: its schema's fingerprint, its rows and its sequences. */
type TemplateState = {
  fingerprint: string;
  tables: string[];
  rows: { table: string; copy: Blob }[];
  sequences: { name: string; value: string; isCalled: boolean }[];
};

const USER_SCHEMAS = `n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'`;

// Every object a test could add, drop or alter in the schema, by its catalog row: a change to any of
// them changes the fingerprint. Objects the template's migrations made have oids of 16384 and above
// (PostgreSQL's first normal object id), so built-in objects are left out.
const FINGERPRINT = `
  select md5(coalesce(string_agg(item, ',' order by item), '')) as fingerprint from (
    select 'class:' || oid || ':' || relname || ':' || relkind::text || ':' || relnamespace as item from pg_class where oid >= 16384
    union all select 'column:' || attrelid || ':' || attnum || ':' || attname || ':' || atttypid || ':' || attnotnull || ':' || attisdropped
      from pg_attribute where attrelid >= 16384
    union all select 'default:' || oid from pg_attrdef where oid >= 16384
    union all select 'constraint:' || oid || ':' || convalidated from pg_constraint where oid >= 16384
    union all select 'function:' || oid from pg_proc where oid >= 16384
    union all select 'trigger:' || oid || ':' || tgenabled::text from pg_trigger where oid >= 16384
    union all select 'rule:' || oid from pg_rewrite where oid >= 16384
    union all select 'type:' || oid from pg_type where oid >= 16384
    union all select 'enum:' || oid from pg_enum where oid >= 16384
    union all select 'schema:' || oid from pg_namespace where oid >= 16384
    union all select 'extension:' || extname || ':' || extversion from pg_extension
    union all select 'role:' || oid from pg_authid where oid >= 16384
    union all select 'policy:' || oid from pg_policy where oid >= 16384
    union all select 'sequence:' || seqrelid || ':' || seqincrement || ':' || seqmin || ':' || seqmax || ':' || seqstart
      from pg_sequence
    union all select 'setting:' || setdatabase || ':' || setrole || ':' || array_to_string(setconfig, ';') from pg_db_role_setting
  ) objects`;

/** The PGlite instance under an embedded test database's Drizzle client. */
export function clientOf(database: Database): PGlite {
  return (database.db as unknown as { $client: PGlite }).$client;
}

function quoted(schema: string, name: string): string {
  return `"${schema.replaceAll('"', '""')}"."${name.replaceAll('"', '""')}"`;
}

async function fingerprintOf(client: Client): Promise<string> {
  const result = await client.query<{ fingerprint: string }>(FINGERPRINT);
  return result.rows[0]!.fingerprint;
}

/** Reads a template-fresh database: what every reused one is put back to. */
async function readTemplateState(client: Client): Promise<TemplateState> {
  const tables = (
    await client.query<{ schema: string; name: string }>(
      `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p') and ${USER_SCHEMAS} order by 1, 2`,
    )
  ).rows.map((table) => quoted(table.schema, table.name));
  const rows: TemplateState['rows'] = [];
  for (const table of tables) {
    // COPY's text format carries every type exactly; a table's generated columns are left out and
    // computed again when the rows go back in. An empty table gives no copy (PGlite returns no blob).
    const copy = (await client.query(`copy ${table} to '/dev/blob'`)).blob;
    if (copy?.size) rows.push({ table, copy });
  }
  const sequences = (
    await client.query<{ schema: string; name: string; value: string; is_called: boolean }>(
      `select schemaname as schema, sequencename as name, coalesce(last_value, start_value)::text as value,
         last_value is not null as is_called
       from pg_sequences where schemaname not in ('pg_catalog', 'information_schema')`,
    )
  ).rows.map((sequence) => ({
    name: quoted(sequence.schema, sequence.name),
    value: sequence.value,
    isCalled: sequence.is_called,
  }));
  return { fingerprint: await fingerprintOf(client), tables, rows, sequences };
}

/** Puts a database back to the template's state; false when its schema is no longer the template's. */
async function resetToTemplate(client: Client, template: TemplateState): Promise<boolean> {
  // Ends whatever the last file left open: a transaction, session settings, advisory locks, prepared
  // statements, temporary tables.
  await client.exec('rollback');
  await client.exec('discard all');
  if ((await fingerprintOf(client)) !== template.fingerprint) return false;
  await client.exec('begin');
  try {
    // Triggers and foreign keys off while the template's rows go back: they were consistent in the
    // template, and the maintained counts must not count them twice.
    await client.exec(`set local session_replication_role = replica`);
    await client.exec(`truncate ${template.tables.join(', ')}`);
    for (const { table, copy } of template.rows) {
      await client.query(`copy ${table} from '/dev/blob'`, [], { blob: copy });
    }
    for (const sequence of template.sequences) {
      await client.query('select setval($1::regclass, $2::bigint, $3)', [
        sequence.name,
        sequence.value,
        sequence.isCalled,
      ]);
    }
    await client.exec('commit');
  } catch (error) {
    await client.exec('rollback').catch(() => {});
    throw error;
  }
  return true;
}

/**
 * Hands out embedded databases opened by `open` (each a copy of the same template), taking back the
 * ones their files close. `open` is called only when no closed database can be reused.
 */
export function reusedPglite(open: () => Promise<Database>) {
  let template: Promise<TemplateState> | undefined;
  const idle: Database[] = [];

  function lent(database: Database): Database {
    let closed = false;
    return {
      ...database,
      close: async () => {
        if (closed) return;
        closed = true;
        idle.push(database);
      },
    };
  }

  return async function createDatabase(): Promise<Database> {
    while (idle.length > 0) {
      const database = idle.pop()!;
      const reset = await resetToTemplate(clientOf(database), await template!).catch(() => false);
      if (reset) return lent(database);
      await database.close().catch(() => {});
    }
    const database = await open();
    // The first database of the worker is read before any test touches it: the template's state.
    template ??= readTemplateState(clientOf(database));
    await template;
    return lent(database);
  };
}
