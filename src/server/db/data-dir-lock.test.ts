// Two processes on one embedded database (same DATA_DIR) lose data, so the second refuses to start,
// naming the folder and the running process; a killed process leaves nothing stuck.
// docs/decisions/0114-one-process-per-embedded-database.md. PGlite only: a PostgreSQL server is shared.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { DataDirLockedError } from './data-dir-lock';

const root = path.resolve(import.meta.dirname, '../../..');
const tsx = (script: string, args: string[], env: Record<string, string> = {}) =>
  spawn(process.execPath, ['--import', 'tsx', path.join(root, script), ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

function output(child: ChildProcess) {
  let text = '';
  child.stdout!.on('data', (d) => (text += d));
  child.stderr!.on('data', (d) => (text += d));
  return () => text;
}

const exited = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null)
      resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });

describe.skipIf(process.env.TEST_DB === 'postgres')('one process per embedded database', () => {
  let dataDir: string;
  let holder: ChildProcess | undefined;

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'store-lock-'));
  });
  afterAll(() => {
    holder?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a second process while the first runs, and starts once the first was killed', async () => {
    holder = tsx('src/server/test/hold-database.ts', [dataDir]);
    const holderOutput = output(holder);
    await new Promise<void>((resolve, reject) => {
      holder!.stdout!.on('data', () => holderOutput().includes('ready') && resolve());
      holder!.once('exit', () => reject(new Error(`holder stopped: ${holderOutput()}`)));
    });

    // In this process: refused, naming the folder, the process and the lock file.
    const refused = await openDatabase({ dataDir }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(DataDirLockedError);
    const message = (refused as Error).message;
    expect(message).toContain(
      `The data folder ${dataDir} is in use by another store process (pid ${holder.pid}`,
    );
    expect(message).toContain(path.join(dataDir, 'pglite.lock'));

    // The real start-up: the store's main refuses with the message and exit code 1, before it serves.
    const second = tsx('src/server/main.ts', [], { DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' });
    const secondOutput = output(second);
    expect(await exited(second)).toEqual({ code: 1, signal: null });
    expect(secondOutput()).toContain(
      `The data folder ${dataDir} is in use by another store process (pid ${holder.pid}`,
    );
    expect(secondOutput()).not.toContain('Store running at');

    // kill -9: no chance to clean up. The lock file stays but its process is gone.
    holder.kill('SIGKILL');
    expect((await exited(holder)).signal).toBe('SIGKILL');
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(true);

    const database = await openDatabase({ dataDir });
    try {
      const result = (await database.db.execute(sql`select 1 as one`)) as unknown as {
        rows: { one: number }[];
      };
      expect(result.rows[0]!.one).toBe(1);
      // The same process cannot open it twice either.
      await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DataDirLockedError);
    } finally {
      await database.close();
    }
    // Closed properly: the lock file is gone and the folder opens again.
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
    const again = await openDatabase({ dataDir });
    await again.close();
  }, 120_000);
});
