// A process that opens the embedded database in the folder it is given and keeps it open until killed:
// the other side of src/server/db/data-dir-lock.test.ts.
import { openDatabase } from '~/server/db/client';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: hold-database.ts <data folder>');
const database = await openDatabase({ dataDir });
await database.db.execute('select 1');
process.stdout.write('ready\n');
setInterval(() => {}, 60_000);
