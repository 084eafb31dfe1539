// For the one-writer-per-table tests (docs/decisions/0640-one-writer-per-table.md): finds the shipped
// server files that write a table, by Drizzle (`.insert/.update/.delete(table)`) or in SQL text. Tests,
// their fixtures and test-support files may set up rows directly, so they are not read.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// Only the server reaches the database.
export const SERVER_SRC = fileURLToPath(new URL('../', import.meta.url));

/** A Drizzle write of `table` (its variable name, also its SQL name), or one in SQL text. */
export function writesTable(table: string): RegExp {
  return new RegExp(
    `\\.(insert|update|delete)\\(\\s*${table}\\s*\\)|\\b(update|insert\\s+into|delete\\s+from)\\s+"?${table}"?\\b`,
    'i',
  );
}

function shippedSources(): string[] {
  return readdirSync(SERVER_SRC, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name))
    .filter((name) => !/\.test\.tsx?$/.test(name) && !name.startsWith('test/'))
    .filter((name) => !/(^|\/)test-support\.ts$/.test(name))
    .filter((name) => !name.includes('/migrations/'));
}

/** The shipped files under src/server, other than `writer`, that write `table`. */
export function otherWriters(table: string, writer: string): string[] {
  const pattern = writesTable(table);
  return shippedSources().filter(
    (name) => name !== writer && pattern.test(readFileSync(`${SERVER_SRC}${name}`, 'utf8')),
  );
}

/** How many writes of `table` the writer's own source has (the pattern must see them). */
export function writesIn(table: string, writer: string): number {
  return (
    readFileSync(`${SERVER_SRC}${writer}`, 'utf8').match(new RegExp(writesTable(table), 'gi'))?.length ?? 0
  );
}
