// `npm run db:move-to-postgres -- URL`: the embedded database (DATA_DIR) copied into the empty
// PostgreSQL 15+ database at URL (./move-to-postgres.ts). Stop the store first; start it afterwards
// with DATABASE_URL=URL.
import { ConfigError, loadConfig } from '~/server/config';
import { DataDirLockedError } from './data-dir-lock';
import { MoveError, moveToPostgres } from './move-to-postgres';

async function main(): Promise<void> {
  const url = process.argv[2];
  if (!url || !/^postgres(ql)?:\/\//.test(url)) {
    console.error('Usage: npm run db:move-to-postgres -- postgres://USER:PASSWORD@HOST:5432/DATABASE');
    console.error('Copies the embedded database (DATA_DIR) into that empty PostgreSQL 15+ database.');
    process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  if (config.DATABASE_URL) {
    throw new MoveError(
      'DATABASE_URL is set: this store already runs on a server. Unset it to move the embedded database.',
    );
  }
  const summary = await moveToPostgres(config.dataDir, url);
  const rows = summary.tables.reduce((sum, t) => sum + t.rows, 0);
  console.log(`Moved ${rows} rows in ${summary.tables.length} tables.`);
  for (const t of summary.tables) if (t.rows > 0) console.log(`  ${t.name}: ${t.rows}`);
  console.log(
    'Start the store with DATABASE_URL set to that address. Pictures stay where they are (DATA_DIR/uploads or the bucket).',
  );
}

main().catch((error: unknown) => {
  const known =
    error instanceof ConfigError || error instanceof MoveError || error instanceof DataDirLockedError;
  console.error(known ? error.message : error);
  process.exitCode = 1;
});
