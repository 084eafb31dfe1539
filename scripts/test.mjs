// npm test: makes sure Chromium and an up-to-date build exist (the browser journeys drive the built
// server), then runs every Vitest project and prints one closing line 'N passed, N failed'.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildIsStale } from './build-info.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('which', ['apt-get']).status === 0;
  if (isRoot && hasApt) {
    console.log("Chromium is missing: installing Debian's chromium package...");
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
      stdio: 'inherit',
    });
    if (existsSync(CHROMIUM)) return;
  }
  console.error(
    `Chromium was not found at ${CHROMIUM}. Install it with:\n  sudo apt-get install -y chromium\n(or set CHROMIUM_PATH).`,
  );
  process.exit(1);
}

ensureChromium();
if (buildIsStale()) {
  console.log('Building the store for the browser tests...');
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

mkdirSync('.test-tmp', { recursive: true });
// TEST_RESULTS_FILE lets two runs side by side (.ci/run runs the journeys beside the API tiers) keep
// their counts apart.
const results = process.env.TEST_RESULTS_FILE ?? '.test-tmp/results.json';
const args = [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${results}`,
  ...process.argv.slice(2),
];
// Node keeps the code it compiled for every process of the run (Vitest's workers, the stores the tests
// start) and the next start of the same file reads it instead of compiling again: about a quarter of a
// store's module loading. Keyed by each file's content, so a changed file is compiled afresh.
const env = {
  NODE_COMPILE_CACHE: path.resolve('node_modules/.cache/liquidation-store/node-compile-cache'),
  ...process.env,
};
const run = spawnSync('npx', args, { stdio: 'inherit', env });
if (existsSync(results)) {
  const r = JSON.parse(readFileSync(results, 'utf8'));
  const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  console.log(
    `\n${r.numPassedTests} passed, ${r.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`,
  );
}
process.exit(run.status ?? 1);
