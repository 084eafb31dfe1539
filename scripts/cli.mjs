// npm run db:migrate | seed | backup | restore | db:move-to-postgres: runs one of the one-off commands.
// From the build when it is current (the production image has no sources and no tsx); from the sources
// through tsx when the build is missing or older than them, so a developer never runs yesterday's
// command; and when neither tsx nor a current build is there, builds first, as `npm start` does.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { buildIsStale, ONE_OFF_COMMANDS } from './build-info.mjs';

const [name, ...args] = process.argv.slice(2);
if (!ONE_OFF_COMMANDS.includes(name)) {
  console.error(`Unknown command ${name ?? '(none)'}; one of: ${ONE_OFF_COMMANDS.join(', ')}`);
  process.exit(2);
}

function tsxInstalled() {
  try {
    createRequire(import.meta.url).resolve('tsx');
    return true;
  } catch {
    return false;
  }
}

function run(argv) {
  const result = spawnSync(process.execPath, [...argv, ...args], { stdio: 'inherit' });
  process.exit(result.status ?? 1);
}

if (buildIsStale()) {
  if (tsxInstalled()) run(['--import', 'tsx', `src/server/db/${name}.ts`]);
  console.log('Building the store (the build is missing or older than the sources)...');
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
run([path.resolve('dist', 'server', `${name}.js`)]);
