// `npm run seed`: loads the demo store into the configured database, only when that database is empty.
import path from 'node:path';
import { ConfigError, loadConfig } from '~/server/config';
import { openDatabase } from './client';
import { DataDirLockedError } from './data-dir-lock';
import { prepareDatabase } from './prepare';
import { adminSignInLines } from './seed';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    const result = await prepareDatabase(database, {
      uploadsDir: path.join(config.dataDir, 'uploads'),
      adminUsername: config.ADMIN_USERNAME,
      adminPassword: config.ADMIN_PASSWORD,
      log: (line) => console.log(line),
    });
    if (!result) {
      console.log('Database already has data; nothing seeded.');
      return;
    }
    for (const line of adminSignInLines(result)) console.log(line);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof DataDirLockedError ? error.message : error);
  process.exitCode = 1;
});
