// npm run db:migrate: applies the committed migrations to the configured database.
import { loadConfig } from '~/server/config';
import { openDatabase } from './client';
import { migrateDatabase } from './migrate';

const config = loadConfig();
const database = await openDatabase(config);
await migrateDatabase(database);
await database.close();
console.log(`Migrations applied (${database.kind}).`);
