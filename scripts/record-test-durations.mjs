// Writes tests/durations.json: each test file's seconds in a whole run (from its first test's start to its
// last test's end, as Vitest's JSON report gives them; set-up hooks are left out), which vitest.config.ts reads to
// start the longest files first (a clean clone has no timings of Vitest's own). Reads the JSON reports a
// run wrote: `.ci/run` leaves one per tier in .test-tmp/results-<tier>.json, `npm test` one in
// .test-tmp/results.json. A file run in two tiers (PGlite and PostgreSQL) keeps the longer time.
//
//   node scripts/record-test-durations.mjs [report.json ...]
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const reports =
  process.argv.length > 2
    ? process.argv.slice(2)
    : readdirSync('.test-tmp')
        .filter((name) => /^results.*\.json$/.test(name))
        .map((name) => path.join('.test-tmp', name));
if (reports.length === 0) {
  console.error('No JSON reports: run `npm test` (or .ci/run) first, or name the reports.');
  process.exit(1);
}
const seconds = {};
for (const report of reports) {
  const { testResults } = JSON.parse(readFileSync(report, 'utf8'));
  for (const file of testResults) {
    const name = path.relative(process.cwd(), file.name);
    // Whole seconds: enough to order the files, and a new run rewrites few lines.
    const taken = Math.round((file.endTime - file.startTime) / 1000);
    seconds[name] = Math.max(seconds[name] ?? 0, taken);
  }
}
const sorted = Object.fromEntries(Object.entries(seconds).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync('tests/durations.json', `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`tests/durations.json: ${Object.keys(sorted).length} files from ${reports.length} report(s)`);
