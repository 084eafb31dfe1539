// `npm run backup` and `npm run restore FILE` (docs/decisions/0196-database-backups.md). The embedded
// database is dumped by PGlite's own pg_dump (WebAssembly) as a plain SQL file; a PostgreSQL server by
// the system's pg_dump in its custom format, restored by pg_restore. Either dump is taken in one
// snapshot, so it is consistent while the store runs on a server; the embedded database can only be
// opened by one process, so a running store hands over a copy of its folder, taken between two
// transactions, which is dumped here (docs/decisions/0446-online-backups-with-pictures.md).
import { spawn } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import pg from 'pg';
import type { Config } from '~/server/config';
import { BACKUP_ENDPOINT_FILE, type BackupEndpoint } from './online-backup';
import { type Database, openPglite } from './client';
import { DataDirLockedError } from './data-dir-lock';
import { backupPictures, type PictureSettings, picturesFolderOf, restorePictures } from './backup-pictures';

type DbSettings = Pick<Config, 'DATABASE_URL' | 'dataDir'>;

export class BackupError extends Error {}

/** The custom format's first bytes; a plain SQL dump starts with a comment. */
const CUSTOM_FORMAT_MAGIC = 'PGDMP';

// Tables in any schema but the system's: the application's and drizzle's list of applied migrations.
const USER_TABLES_SQL = `select count(*)::int as n from pg_catalog.pg_tables
  where schemaname not in ('pg_catalog', 'information_schema')`;

function pgliteDir(config: DbSettings) {
  return path.join(config.dataDir, 'pglite');
}

/** `backups/store-<embedded|postgres>-<UTC time>.<sql|dump>` under the current folder. */
export function defaultBackupFile(config: DbSettings, now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
  return config.DATABASE_URL
    ? path.resolve('backups', `store-postgres-${stamp}.dump`)
    : path.resolve('backups', `store-embedded-${stamp}.sql`);
}

/**
 * The libpq settings for a connection string, passed to pg_dump and pg_restore in their environment
 * so the password never shows in the process list.
 */
export function libpqEnv(url: string): Record<string, string> {
  const u = new URL(url);
  const env: Record<string, string> = {};
  if (u.hostname) env.PGHOST = decodeURIComponent(u.hostname.replace(/^\[|\]$/g, ''));
  if (u.port) env.PGPORT = u.port;
  if (u.username) env.PGUSER = decodeURIComponent(u.username);
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  const database = decodeURIComponent(u.pathname.replace(/^\//, ''));
  if (database) env.PGDATABASE = database;
  const sslmode = u.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  const host = u.searchParams.get('host');
  if (host) env.PGHOST = host;
  return env;
}

function run(command: string, args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          error.code === 'ENOENT'
            ? `${command} was not found: install the PostgreSQL client tools (Debian: apt-get install postgresql-client).`
            : `${command} could not start: ${error.message}`,
        ),
      ),
    );
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${command} failed (exit ${code}):\n${stderr.trim()}`)),
    );
  });
}

/** Writes a dump of the configured database to `file` (whole or not at all); returns the file. */
export async function backupDatabase(config: DbSettings, file = defaultBackupFile(config)): Promise<string> {
  const target = path.resolve(file);
  // Dumps hold password hashes and customers' addresses: readable by this user only.
  mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
  const temp = `${target}.${process.pid}.partial`;
  try {
    if (config.DATABASE_URL) {
      // Created private before pg_dump writes into it: no moment where others could read it.
      writeFileSync(temp, '', { mode: 0o600 });
      await run(
        'pg_dump',
        ['--format=custom', '--no-owner', '--no-privileges', `--file=${temp}`],
        libpqEnv(config.DATABASE_URL),
      );
    } else {
      let database: Database;
      try {
        database = await openPglite({ dataDir: pgliteDir(config) });
      } catch (error) {
        // A store holds the folder: it hands over a copy of it, taken between two transactions.
        if (!(error instanceof DataDirLockedError)) throw error;
        const snapshot = await askRunningStore(config, error);
        database = await openPglite({ loadDataDir: new Blob([new Uint8Array(snapshot)]) });
      }
      try {
        const client = (database.db as unknown as { $client: PGlite }).$client;
        const dump = await pgDump({ pg: client, args: ['--no-owner', '--no-privileges'] });
        writeFileSync(temp, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
      } finally {
        await database.close();
      }
    }
    chmodSync(temp, 0o600);
    renameSync(temp, target);
    return target;
  } finally {
    rmSync(temp, { force: true });
  }
}

/** The running store's copy of the embedded database (src/server/db/online-backup.ts). */
async function askRunningStore(config: DbSettings, locked: DataDirLockedError): Promise<Buffer> {
  let endpoint: BackupEndpoint;
  try {
    endpoint = JSON.parse(readFileSync(path.join(config.dataDir, BACKUP_ENDPOINT_FILE), 'utf8'));
  } catch {
    // A store too old to answer, or one still starting: the lock's own message says what to do.
    throw locked;
  }
  let answer: Response;
  try {
    answer = await fetch(`http://127.0.0.1:${endpoint.port}/snapshot`, {
      method: 'POST',
      headers: { authorization: `Bearer ${endpoint.token}` },
    });
  } catch (error) {
    throw new BackupError(
      `The store holding ${config.dataDir} (pid ${endpoint.pid}) did not answer the backup request: ${error instanceof Error ? error.message : String(error)}.`,
    );
  }
  if (!answer.ok) {
    throw new BackupError(
      `The running store refused the backup (HTTP ${answer.status}): ${(await answer.text()).trim()}`,
    );
  }
  return Buffer.from(await answer.arrayBuffer());
}

function dumpKind(file: string): 'custom' | 'sql' {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(5);
    readSync(fd, head, 0, 5, 0);
    return head.toString('latin1') === CUSTOM_FORMAT_MAGIC ? 'custom' : 'sql';
  } finally {
    closeSync(fd);
  }
}

/**
 * What a restored database must not send again. The dump is older than the store it was taken from:
 * e-mails waiting in it (queued, sending, failed, a confirmation not yet claimed) may well have gone
 * out since, and a store started on it would send them all again. They are marked 'restored', which
 * no retry picks up; the order dialog shows the confirmation as not sent, with this note.
 */
export const RESTORED_MAIL_NOTE = 'Not sent again: restored from a backup taken before it went out, or not.';
export const HOLD_RESTORED_MAIL_SQL = [
  `update public.mail_outbox set status = 'restored', error = '${RESTORED_MAIL_NOTE}'
     where status in ('pending', 'sending', 'failed')`,
  `update public.orders set confirmation_email_status = 'restored', confirmation_email_error = '${RESTORED_MAIL_NOTE}'
     where payment_status = 'completed' and confirmation_email_sent = false
       and (confirmation_email_status is null or confirmation_email_status in ('sending', 'failed'))`,
];

const notEmptyMessage = (where: string) =>
  `The ${where} is not empty: a dump is restored only into an empty database, so nothing was changed. ` +
  'Restore into a new database (or move the old one aside) and try again.';

/** Loads a dump made by backupDatabase into the configured database, which must be empty. */
export async function restoreDatabase(config: DbSettings, file: string): Promise<void> {
  const source = path.resolve(file);
  let kind: 'custom' | 'sql';
  try {
    kind = dumpKind(source);
  } catch {
    throw new BackupError(`Cannot read the dump ${source}.`);
  }

  if (config.DATABASE_URL) {
    if (kind !== 'custom') {
      throw new BackupError(
        `${source} is a dump of the embedded database (plain SQL); restore it with DATABASE_URL unset.`,
      );
    }
    const client = new pg.Client({ connectionString: config.DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(USER_TABLES_SQL);
      if (rows[0]!.n > 0) throw new BackupError(notEmptyMessage('database at DATABASE_URL'));
    } finally {
      await client.end();
    }
    // One transaction: a failed restore leaves the database empty, as it was.
    const env = libpqEnv(config.DATABASE_URL);
    await run(
      'pg_restore',
      [
        '--no-owner',
        '--no-privileges',
        '--single-transaction',
        '--exit-on-error',
        // A name only: the host, user and password come from the environment.
        `--dbname=${env.PGDATABASE ?? env.PGUSER ?? 'postgres'}`,
        source,
      ],
      env,
    );
    const restored = new pg.Client({ connectionString: config.DATABASE_URL });
    await restored.connect();
    try {
      for (const statement of HOLD_RESTORED_MAIL_SQL) await restored.query(statement);
    } finally {
      await restored.end();
    }
    return;
  }

  if (kind !== 'sql') {
    throw new BackupError(
      `${source} is a PostgreSQL server's dump (pg_dump custom format); restore it with DATABASE_URL set.`,
    );
  }
  const sqlText = readFileSync(source, 'utf8');
  const database = await openPglite({ dataDir: pgliteDir(config) });
  try {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const { rows } = await client.query<{ n: number }>(USER_TABLES_SQL);
    if (rows[0]!.n > 0) throw new BackupError(notEmptyMessage(`embedded database in ${pgliteDir(config)}`));
    // Statements sent together run as one transaction: all of the dump or none of it.
    await client.exec(sqlText);
    for (const statement of HOLD_RESTORED_MAIL_SQL) await client.query(statement);
  } finally {
    await database.close();
  }
}

/**
 * `npm run backup`: the database, then the pictures into `<file>.pictures` beside it (after the dump:
 * pictures are only added, so the copy holds every picture the dump names).
 */
export async function backupStore(
  config: DbSettings & PictureSettings,
  file?: string,
): Promise<{ file: string; pictures: number }> {
  const written = await backupDatabase(config, file);
  return { file: written, pictures: await backupPictures(config, picturesFolderOf(written)) };
}

/** `npm run restore`: the database, then the pictures of `<file>.pictures` when the backup has them. */
export async function restoreStore(
  config: DbSettings & PictureSettings,
  file: string,
): Promise<{ pictures: number }> {
  await restoreDatabase(config, file);
  const folder = picturesFolderOf(path.resolve(file));
  return { pictures: existsSync(folder) ? await restorePictures(config, folder) : 0 };
}
