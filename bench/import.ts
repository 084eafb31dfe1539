// Bulk import benchmark: a 50,000-row CSV (quoted fields with commas, quotes and line breaks, as
// spreadsheets write them) imported by the real import service (streaming parse, validation, batches
// of 500 in a transaction each, audit log), on PGlite and on PostgreSQL, against a bare bulk insert of
// the very same rows (multi-row INSERTs of 500, no parsing, no checks) in the same run. Prints rows
// per second, the ratio to the bare insert, and how much the heap grew while importing (the file is
// streamed, never held whole).
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import os from 'node:os';
import { Readable } from 'node:stream';
import path from 'node:path';
import { type Database, openPglite } from '~/server/db/client';
import { migrateDatabase } from '~/server/db/migrate';
import { products, users } from '~/server/db/schema';
import { importCsv, newReport } from '~/server/features/admin-products';
import type { Benchmark } from './lib/benchmark';
import { createBenchDatabase } from './lib/database';
import { median, table, timed } from './lib/stats';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 50_000);
const BATCH = 500;
/** Rows per turn of the bare insert / import alternation. */
const ROUND = Number(process.env.BENCH_IMPORT_ROUND ?? 5_000);
const NOUNS = [
  'Monitor',
  'Kettle',
  'Backpack',
  'Drill',
  'Lamp',
  'Tent',
  'Blender',
  'Jacket',
  'Speaker',
  'Chair',
];
const ADJECTIVES = [
  'Wireless',
  'Compact',
  'Deluxe',
  'Portable',
  'Stainless',
  'Ergonomic',
  'Smart',
  'Vintage',
];

type Row = {
  lotNumber: string;
  name: string;
  description: string;
  price: string;
  compareAtPrice: string | null;
  stock: number;
};

function row(i: number): Row {
  const name = `${ADJECTIVES[i % ADJECTIVES.length]} ${NOUNS[(i * 7) % NOUNS.length]} ${i}`;
  const cents = 499 + ((i * 7919) % 99_500);
  return {
    lotNumber: `BENCH-${String(i).padStart(6, '0')}`,
    name,
    description: `Liquidation lot ${i}, "as is", tested.\nShips in 2 days, original box.`,
    price: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`,
    compareAtPrice: i % 3 === 0 ? `${Math.floor((cents * 2) / 100)}.00` : null,
    stock: i % 13,
  };
}

const quote = (text: string) => `"${text.replaceAll('"', '""')}"`;

function csvLine(i: number): string {
  const r = row(i);
  return `${r.lotNumber},${quote(r.name)},${quote(r.description)},${r.price},${r.compareAtPrice ?? ''},${r.stock},,${i % 10 === 0},${i % 7 === 0},true\r\n`;
}
const HEADER =
  '\ufefflotNumber,name,description,price,compareAtPrice,stock,categoryId,featured,new,active\r\n';

async function writeCsv(file: string): Promise<void> {
  const out = createWriteStream(file);
  out.write(HEADER);
  for (let i = 0; i < ROWS; i++) {
    if (!out.write(csvLine(i))) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

/** The baseline: the same rows straight into the table, 500 per INSERT, one transaction per batch. */
async function bareInsert(database: Database, from: number, to: number): Promise<void> {
  for (let start = from; start < to; start += BATCH) {
    const values: (typeof products.$inferInsert)[] = [];
    for (let i = start; i < Math.min(to, start + BATCH); i++) {
      const r = row(i);
      values.push({
        ...r,
        lotNumber: `BARE-${i}`,
        slug: `bare-${i}`,
        featured: i % 10 === 0,
        new: i % 7 === 0,
      });
    }
    await database.db.transaction(async (tx) => {
      await tx.insert(products).values(values);
    });
  }
}

async function importStream(database: Database, input: Readable, expected: number, userId: number) {
  const report = newReport();
  let peakHeap = 0;
  const baseHeap = process.memoryUsage().heapUsed;
  const sampler = setInterval(() => {
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed - baseHeap);
  }, 20);
  try {
    const result = await importCsv({ db: database.db }, input, { userId, report });
    if (result.success !== expected) {
      throw new Error(`imported ${result.success} of ${expected}: ${report.finish().slice(0, 3).join('; ')}`);
    }
    return peakHeap;
  } finally {
    clearInterval(sampler);
  }
}

/**
 * Bare insert and import take turns, a slice of rows each, so both see the same machine load (the
 * ratio is the point; other work on a shared machine moves the absolute figures). Then the whole
 * file is imported again as one stream: every row updates its product.
 */
async function measure(label: string, database: Database, file: string) {
  const [admin] = await database.db
    .insert(users)
    .values({ username: 'bench-admin', email: 'bench@example.com', password: 'x', isAdmin: true })
    .returning({ id: users.id });
  let bareMs = 0;
  let importMs = 0;
  const roundRatios: number[] = [];
  for (let from = 0; from < ROWS; from += ROUND) {
    const to = Math.min(ROWS, from + ROUND);
    const bare = await timed(() => bareInsert(database, from, to));
    let text = HEADER;
    for (let i = from; i < to; i++) text += csvLine(i);
    const imported = await timed(() => importStream(database, Readable.from([text]), to - from, admin!.id));
    bareMs += bare;
    importMs += imported;
    roundRatios.push(bare / imported);
  }
  let peakHeap = 0;
  const updateMs = await timed(async () => {
    peakHeap = await importStream(database, createReadStream(file), ROWS, admin!.id);
  });
  const perSecond = (ms: number) => Math.round((ROWS / ms) * 1000);
  return [
    [`${label}: bare bulk insert`, perSecond(bareMs), '1.00', '', ''],
    [
      `${label}: CSV import, new products`,
      perSecond(importMs),
      (bareMs / importMs).toFixed(2),
      median(roundRatios).toFixed(2),
      '',
    ],
    [
      `${label}: same file again, one stream (updates)`,
      perSecond(updateMs),
      (bareMs / updateMs).toFixed(2),
      '',
      `${(peakHeap / 1024 / 1024).toFixed(0)} MiB`,
    ],
  ];
}

export const importBenchmark: Benchmark = {
  name: 'import',
  description: `${ROWS.toLocaleString('en-US')}-row CSV import vs a bare bulk insert of the same rows, PGlite and PostgreSQL`,
  async run() {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-import-'));
    const file = path.join(dir, 'products.csv');
    const rows: (string | number)[][] = [
      ['run', 'rows/s', 'ratio to bare insert', 'median per turn', 'heap growth while streaming'],
    ];
    try {
      await writeCsv(file);
      console.log(
        `CSV: ${ROWS.toLocaleString('en-US')} rows, ${(statSync(file).size / 1024 / 1024).toFixed(1)} MB`,
      );

      const pglite = await openPglite();
      try {
        await migrateDatabase(pglite);
        rows.push(...(await measure('PGlite', pglite, file)));
      } finally {
        await pglite.close();
      }

      const postgres = await createBenchDatabase('bench_import');
      try {
        rows.push(...(await measure('PostgreSQL', postgres.database, file)));
      } finally {
        await postgres.drop();
      }
      console.log(table(rows));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
