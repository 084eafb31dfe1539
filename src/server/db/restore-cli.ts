// `npm run restore FILE`: loads a dump made by `npm run backup` into the configured, empty database
// (./backup.ts). Start the store afterwards: it applies any newer migrations.
import { ConfigError, loadConfig } from '~/server/config';
import { BackupError, restoreStore } from './backup';
import { DataDirLockedError } from './data-dir-lock';

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file) {
    console.error('Usage: npm run restore FILE  (a dump written by npm run backup)');
    process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  const { pictures } = await restoreStore(config, file);
  console.log(
    `Restored ${file} into ${config.DATABASE_URL ? 'the database at DATABASE_URL' : 'the embedded database'}.`,
  );
  if (pictures) console.log(`Pictures: ${pictures} in the backup, the missing ones put back.`);
  console.log('E-mails that were waiting in the backup are marked restored and will not be sent again.');
}

main().catch((error: unknown) => {
  const known =
    error instanceof ConfigError || error instanceof BackupError || error instanceof DataDirLockedError;
  console.error(known ? error.message : error);
  process.exitCode = 1;
});
