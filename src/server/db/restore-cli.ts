// `npm run restore FILE`: loads a dump made by `npm run backup` into the configured, empty database
// (./backup.ts). Start the store afterwards: it applies any newer migrations.
import { ConfigError, loadConfig } from '~/server/config';
import { BackupError, restoreDatabase } from './backup';
import { DataDirLockedError } from './data-dir-lock';

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file) {
    console.error('Usage: npm run restore FILE  (a dump written by npm run backup)');
    process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  await restoreDatabase(config, file);
  console.log(
    `Restored ${file} into ${config.DATABASE_URL ? 'the database at DATABASE_URL' : 'the embedded database'}.`,
  );
}

main().catch((error: unknown) => {
  const known =
    error instanceof ConfigError || error instanceof BackupError || error instanceof DataDirLockedError;
  console.error(known ? error.message : error);
  process.exitCode = 1;
});
