// One process at a time on an embedded database. PGlite has no server to share: two processes on one
// folder each keep their own copy in memory and overwrite each other's writes. The owner writes a lock
// file with its process id; a second process refuses to start while that process lives, and takes
// the lock over when it is gone (killed, crashed), so nothing stays stuck.
// docs/decisions/0114-one-process-per-embedded-database.md
import { readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';

export class DataDirLockedError extends Error {
  constructor(
    readonly folder: string,
    readonly holder: Holder,
    readonly lockFile: string,
  ) {
    super(
      `The data folder ${folder} is in use by another store process (pid ${holder.pid}` +
        `${holder.host ? ` on ${holder.host}` : ''}${holder.startedAt ? `, started ${holder.startedAt}` : ''}). ` +
        'Two processes on one embedded database lose data: stop that process first, or give this one another ' +
        `DATA_DIR. If no store is running, delete ${lockFile}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

type Holder = {
  pid: number;
  host?: string;
  startedAt?: string;
  /** Linux: which boot, and when in it the process started, so a reused pid is not mistaken for it. */
  bootId?: string;
  startTicks?: string;
};

/** Lock files this process holds: a second open in the same process is refused too. */
const held = new Set<string>();

function readIfExists(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** Field 22 of /proc/<pid>/stat: start time in clock ticks since boot (after the parenthesised name). */
function startTicks(pid: number | 'self'): string | undefined {
  const stat = readIfExists(`/proc/${pid}/stat`);
  return stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
}

function currentHolder(): Holder {
  return {
    pid: process.pid,
    host: os.hostname(),
    startedAt: new Date().toISOString(),
    bootId: readIfExists('/proc/sys/kernel/random/boot_id')?.trim(),
    startTicks: startTicks('self'),
  };
}

function isAlive(holder: Holder): boolean {
  // Our own pid in a lock we do not hold: an earlier process that had it (a restarted container).
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // Where Linux tells us, the pid must still be the same process: not a new one after a restart.
  const bootId = readIfExists('/proc/sys/kernel/random/boot_id')?.trim();
  if (holder.bootId && bootId && holder.bootId !== bootId) return false;
  const ticks = startTicks(holder.pid);
  if (holder.startTicks && ticks && holder.startTicks !== ticks) return false;
  return true;
}

function parseHolder(text: string | undefined): Holder | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Holder;
    return Number.isInteger(value.pid) && value.pid > 0 ? value : null;
  } catch {
    return null;
  }
}

/**
 * Takes the lock of `folder` (the data folder) or throws DataDirLockedError naming the running process.
 * Checking and writing the lock file happen under a short-lived lock (proper-lockfile: an atomic mkdir,
 * stale after 10 s), so two processes starting at the same moment cannot both take it over.
 */
export async function lockDataDir(folder: string, lockFile: string): Promise<() => void> {
  const file = path.resolve(lockFile);
  if (held.has(file)) throw new DataDirLockedError(folder, { pid: process.pid }, file);
  const release = await lockfile.lock(file, {
    realpath: false,
    lockfilePath: `${file}.taking`,
    stale: 10_000,
    retries: { retries: 20, minTimeout: 50, maxTimeout: 500 },
  });
  const me = currentHolder();
  try {
    const holder = parseHolder(readIfExists(file));
    if (holder && isAlive(holder)) throw new DataDirLockedError(folder, holder, file);
    const temporary = `${file}.${process.pid}`;
    writeFileSync(temporary, `${JSON.stringify(me)}\n`, { mode: 0o600 });
    renameSync(temporary, file);
  } finally {
    await release();
  }
  held.add(file);
  const onExit = () => unlock();
  process.once('exit', onExit);
  function unlock() {
    if (!held.delete(file)) return;
    process.removeListener('exit', onExit);
    // Only our own lock: never one a later process took over.
    if (parseHolder(readIfExists(file))?.pid === me.pid) {
      try {
        unlinkSync(file);
      } catch {
        // Already gone.
      }
    }
  }
  return unlock;
}
