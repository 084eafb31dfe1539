// A PostgreSQL 15 cluster of a test's own, in a temporary folder on a free port, that the test may stop,
// start and freeze (SIGSTOP) at will without touching the machine's server. Made with Debian's
// initdb and pg_ctl; as root they run as the `postgres` user (initdb refuses root).
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const POSTGRES_BIN = '/usr/lib/postgresql/15/bin';

/** Why a private cluster cannot be made here, or null when it can. */
export function privatePostgresMissing(): string | null {
  for (const tool of ['initdb', 'pg_ctl', 'postgres'])
    if (!existsSync(path.join(POSTGRES_BIN, tool)))
      return `${path.join(POSTGRES_BIN, tool)} is missing (apt-get install postgresql-15)`;
  return null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export type PrivatePostgres = {
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url: (database?: string) => string;
  port: number;
  stop: (mode?: 'fast' | 'immediate') => Promise<void>;
  start: () => Promise<void>;
  /** SIGSTOP (or SIGCONT) to the server and every one of its processes: a frozen database. */
  freeze: () => Promise<void>;
  thaw: () => Promise<void>;
  /** Stops the server and removes its folder. */
  destroy: () => Promise<void>;
};

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const root = os.userInfo().uid === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'store-pg-'));
  const dataDir = path.join(dir, 'data');
  if (root) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const as = (tool: string, args: string[]) =>
    root
      ? run('runuser', ['-u', 'postgres', '--', path.join(POSTGRES_BIN, tool), ...args])
      : run(path.join(POSTGRES_BIN, tool), args);
  await as('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c max_connections=60`;
  const start = async () => {
    await as('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  };
  const stop = async (mode: 'fast' | 'immediate' = 'fast') => {
    await as('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop']);
  };
  const processes = async (): Promise<number[]> => {
    const postmaster = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const { stdout } = await run('ps', ['-o', 'pid=', '--ppid', String(postmaster)]);
    return [postmaster, ...stdout.split('\n').filter(Boolean).map(Number)];
  };
  const signalAll = async (signal: NodeJS.Signals) => {
    for (const pid of await processes()) {
      try {
        process.kill(pid, signal);
      } catch {
        // gone already
      }
    }
  };
  await start();
  return {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    start,
    stop,
    freeze: () => signalAll('SIGSTOP'),
    thaw: () => signalAll('SIGCONT'),
    destroy: async () => {
      await signalAll('SIGCONT').catch(() => {});
      await stop('immediate').catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
