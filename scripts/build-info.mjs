// Whether dist/ is older than the sources it is built from.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const SOURCES = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'];
/** The command-line entries built beside the server (src/server/db/<name>.ts → dist/server/<name>.js). */
export const ONE_OFF_COMMANDS = [
  'migrate-cli',
  'seed-cli',
  'backup-cli',
  'restore-cli',
  'move-to-postgres-cli',
];
export const STAMP = path.resolve('dist', '.build-stamp');

function newest(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const child of readdirSync(entry)) {
    if (child.endsWith('.test.ts') || child.endsWith('.test.tsx')) continue;
    max = Math.max(max, newest(path.join(entry, child)));
  }
  return max;
}

export function buildIsStale() {
  if (!existsSync(STAMP) || !existsSync(path.resolve('dist/server/main.js'))) return true;
  const built = statSync(STAMP).mtimeMs;
  return SOURCES.some((s) => newest(path.resolve(s)) > built);
}
