import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
const SERVER_TESTS = 'src/server/**/*.test.ts';
// A server test file that names none of the ways to reach a database (the test app, a test database,
// the fixtures, a spawned store, a database client, TEST_DB or DATABASE_URL) tests the same thing on
// either database: it runs once, in api-pglite, and api-postgres leaves it out. Any mention of one of
// them keeps a file in both.
const REACHES_A_DATABASE =
  /test-app|test-database|fixtures|spawn-store|hold-database|createTest|spawnStore|holdDatabase|openPglite|openPostgres|openDatabase|db\/client|TEST_DB|testDbKind|DATABASE_URL/;
const serverDir = fileURLToPath(new URL('./src/server/', import.meta.url));
const databaseFreeServerTests = readdirSync(serverDir, { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.test.ts'))
  .filter((name) => !REACHES_A_DATABASE.test(readFileSync(`${serverDir}${name}`, 'utf8')))
  .map((name) => `src/server/${name}`);
// Server test files share their workers' modules (isolate: false): importing the app, Fastify, the AWS
// SDK and React for server rendering took most of a file's time when every file imported them afresh.
// Each file still builds its own app over its own database (test/test-app.ts), so nothing a test
// writes is seen by another. A file that replaces modules or the clock (vi.mock, vi.doMock, fake
// timers) keeps a module graph of its own, in the '-isolated' project of the same database.
const CHANGES_MODULES_OR_CLOCK = /vi\.(mock|doMock|useFakeTimers|stubGlobal|stubEnv)\(/;
const isolatedServerTests = readdirSync(serverDir, { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.test.ts'))
  .filter((name) => CHANGES_MODULES_OR_CLOCK.test(readFileSync(`${serverDir}${name}`, 'utf8')))
  .map((name) => `src/server/${name}`);
// Component test files share their workers' jsdom and modules the same way: a fresh jsdom and React for
// every file took two thirds of the tier's time. Testing Library unmounts after each test and the stores
// have their reset functions; a file that replaces modules or the clock keeps its own, in 'client-isolated'.
const clientDir = fileURLToPath(new URL('./src/client/', import.meta.url));
const isolatedClientTests = readdirSync(clientDir, { recursive: true, encoding: 'utf8' })
  .filter((name) => /\.test\.tsx?$/.test(name))
  .filter((name) => CHANGES_MODULES_OR_CLOCK.test(readFileSync(`${clientDir}${name}`, 'utf8')))
  .map((name) => `src/client/${name}`);
const client = (isolated: boolean) => ({
  extends: true as const,
  test: {
    name: isolated ? 'client-isolated' : 'client',
    include: isolated ? isolatedClientTests : ['src/client/**/*.test.{ts,tsx}'],
    exclude: [...configDefaults.exclude, ...(isolated ? [] : isolatedClientTests)],
    isolate: isolated,
    environment: 'jsdom',
    setupFiles: ['src/client/test/setup.ts'],
    // Limits to wait, not speed requirements: a loaded machine must not fail a correct screen.
    testTimeout: 30_000,
  },
});
const api = (db: 'pglite' | 'postgres', isolated: boolean) => ({
  extends: true as const,
  test: {
    name: `api-${db}${isolated ? '-isolated' : ''}`,
    include: isolated ? isolatedServerTests : [SERVER_TESTS],
    exclude: [
      ...configDefaults.exclude,
      ...(db === 'postgres' ? databaseFreeServerTests : []),
      ...(isolated ? [] : isolatedServerTests),
    ],
    isolate: isolated,
    environment: 'node',
    env: { TEST_DB: db },
    globalSetup: ['src/server/test/global-setup.ts'],
    setupFiles: ['src/server/test/fail-on-console-error.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

// Longest files first. Vitest orders the files it has no timings for (a clean clone, as in CI) largest first,
// and a small file can be a long one: the storefront sweeps and the French checkout started last and ran
// alone for 20-40 s while the other worker sat idle. tests/durations.json holds each file's seconds from a
// whole run (written by scripts/record-test-durations.mjs from the tiers' JSON reports); within each
// project, files start longest first, and files it does not list (new ones) come after, in Vitest's order.
const durations: Record<string, number> = JSON.parse(
  readFileSync(new URL('./tests/durations.json', import.meta.url), 'utf8'),
);
const rootDir = fileURLToPath(new URL('./', import.meta.url));
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const secondsOf = (file: TestSpecification) => durations[path.relative(rootDir, file.moduleId)] ?? 0;
    // Vitest keeps each project's files together; the order changes within each project's run. The sort
    // is stable, so files with no recorded time keep Vitest's order.
    const runs: TestSpecification[][] = [];
    for (const file of sorted) {
      const run = runs.at(-1);
      if (run && run[0]!.project.name === file.project.name) run.push(file);
      else runs.push([file]);
    }
    return runs.flatMap((run) => run.toSorted((a, b) => secondsOf(b) - secondsOf(a)));
  }
}

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    sequence: { sequencer: LongestFirst },
    // Vitest's default on 2 cores is one worker: files would wait on each other's databases, servers and
    // browsers. Two keep both cores busy while one file waits.
    maxWorkers: 2,
    // expect.poll waits up to 15 s (Vitest's default is 1 s): a limit to wait on a loaded machine, not a
    // speed requirement; a poll that passes ends at once.
    expect: { poll: { timeout: 15_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['src/shared/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['src/server/test/fail-on-console-error.ts'],
        },
      },
      client(false),
      client(true),
      api('pglite', false),
      api('pglite', true),
      ...(withPostgres ? [api('postgres', false), api('postgres', true)] : []),
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // Snapshots the build and seeds one data folder that each journey's store copies.
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
