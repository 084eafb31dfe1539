// `npm run backup [FILE]`: a dump of the configured database (./backup.ts).
import { ConfigError, loadConfig } from '~/server/config';
import { BackupError, backupStore } from './backup';
import { DataDirLockedError } from './data-dir-lock';

async function main(): Promise<void> {
  const config = loadConfig();
  const { file, pictures } = await backupStore(config, process.argv[2]);
  console.log(`Backup written to ${file}`);
  console.log(`Pictures (${pictures}) copied to ${file}.pictures`);
}

main().catch((error: unknown) => {
  const known =
    error instanceof ConfigError || error instanceof BackupError || error instanceof DataDirLockedError;
  console.error(known ? error.message : error);
  process.exitCode = 1;
});
