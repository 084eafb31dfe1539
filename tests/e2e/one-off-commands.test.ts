// The one-off commands run from the build (scripts/cli.mjs, docs/decisions/0413-libraries-where-simpler.md):
// the production image has neither the sources nor tsx, so each command is a built entry beside the
// server. Here they run with plain `node` from the journeys' snapshot of dist/, in a folder that holds
// no sources, on a copy of the seeded data folder.
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { snapshotBuild } from './harness';

const exec = promisify(execFile);
let dist: string;
let ownDist = false;
let work: string;
let dataDir: string;
/** Whether the data folder is a copy of the journeys' seeded one (else the commands start it empty). */
let seededCopy = false;

beforeAll(() => {
  const shared = inject('e2eDist');
  ownDist = !shared || !existsSync(shared);
  dist = ownDist ? snapshotBuild() : shared;
  work = mkdtempSync(path.join(os.tmpdir(), 'store-commands-'));
  dataDir = path.join(work, 'data');
  const template = inject('e2eDataTemplate');
  seededCopy = Boolean(template && existsSync(template));
  if (seededCopy) cpSync(template, dataDir, { recursive: true });
});
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  if (ownDist) rmSync(dist, { recursive: true, force: true });
});

/** Runs dist/server/<name>.js with node alone, from a folder without sources. */
function command(name: string, args: string[] = []) {
  return exec(process.execPath, [path.join(dist, 'server', `${name}.js`), ...args], {
    cwd: work,
    env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    timeout: 120_000,
  });
}

describe('the one-off commands', () => {
  it('keep tsx and the development middleware out of the production dependencies', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> };
    expect(Object.keys(pkg.dependencies)).not.toContain('tsx');
    expect(Object.keys(pkg.dependencies)).not.toContain('@fastify/middie');
  });

  it('migrate, seed (an empty store only) and back up from the build with node alone', async () => {
    const migrated = await command('migrate-cli');
    expect(migrated.stdout).toContain('Migrations applied (pglite).');

    const seeded = await command('seed-cli');
    expect(seeded.stdout).toContain(seededCopy ? 'Database already has data; nothing seeded.' : 'Seeded ');

    const file = path.join(work, 'store.backup');
    const backup = await command('backup-cli', [file]);
    expect(backup.stdout).toContain(`Backup written to ${file}`);
    expect(statSync(file).size).toBeGreaterThan(0);
  }, 180_000);
});
