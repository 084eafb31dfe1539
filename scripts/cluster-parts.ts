// The pieces of the production topology on this machine (docs/decisions/0197-deployment-files.md), shared by
// `npm run cluster` (scripts/cluster.ts) and the scale-out proof of `npm run bench -- scale-out`
// (bench/scale-out.ts, docs/decisions/0215-scale-out-proof.md): the built store as a child process, a
// database created when missing, HAProxy's configuration and a wait for an address to answer.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import pg from 'pg';
// @ts-expect-error: a plain .mjs script shared with `npm start` and `npm test`
import { buildIsStale } from './build-info.mjs';

/** HAProxy is installed, and the store is built (built now when stale). Throws otherwise. */
export function prepareCluster() {
  if (spawnSync('haproxy', ['-v']).error) throw new Error('HAProxy is missing: apt-get install -y haproxy');
  if (buildIsStale()) {
    console.log('Building the store...');
    const build = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error(`The build failed (exit ${build.status}).`);
  }
}

/** Creates the database of `databaseUrl` on its server when it does not exist yet. */
export async function ensureDatabase(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unusual database name "${name}".`);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(`PostgreSQL is not reachable at ${url.host}: ${(error as Error).message}`);
  }
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      await admin.query(`create database ${name}`);
      console.log(`Created the database ${name}.`);
    }
  } finally {
    await admin.end();
  }
}

/** Waits until `url` answers (any status) and returns the status; throws when `child` stops first. */
export async function waitFor(url: string, child: ChildProcess, seconds = 180): Promise<number> {
  for (let i = 0; i < seconds * 2; i++) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `${url}: its process stopped while starting (exit ${child.exitCode ?? child.signalCode}).`,
      );
    }
    try {
      return (await fetch(url)).status;
    } catch {
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  throw new Error(`${url} did not answer within ${seconds} s.`);
}

export type StoreInstance = { n: number; child: ChildProcess; url: string; port: number };

/** Starts the built store (dist/server/main.js) on 127.0.0.1:`port` with `env` over the production defaults. */
export function startStoreInstance(options: {
  n: number;
  port: number;
  env: Record<string, string>;
  stdio?: 'inherit' | 'ignore';
}): StoreInstance {
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    stdio: ['ignore', options.stdio ?? 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      // The balancer on this machine adds the shopper's address to X-Forwarded-For.
      TRUST_PROXY: 'loopback',
      ...options.env,
      PORT: String(options.port),
    },
  });
  return { n: options.n, child, url: `http://127.0.0.1:${options.port}`, port: options.port };
}

/**
 * HAProxy's configuration: one frontend per entry of `frontends`, each balancing round-robin over its
 * instances, which are taken out after two failed checks of `readyPath` and retried elsewhere on a refused
 * connection (`option redispatch`). `servedByHeader` names the instance that answered in X-Served-By (the
 * benchmark counts by it; a store open to the public has no reason to say it).
 */
export function haproxyConfig(
  frontends: { name: string; port: number; instances: StoreInstance[] }[],
  readyPath: string,
  options: { servedByHeader?: boolean } = {},
): string {
  const lines = [
    'global',
    '  log stdout format raw local0',
    'defaults',
    '  mode http',
    '  option forwardfor',
    '  option redispatch',
    '  retries 2',
    '  timeout connect 5s',
    '  timeout client 60s',
    '  timeout server 60s',
  ];
  for (const frontend of frontends) {
    lines.push(
      `frontend ${frontend.name}`,
      `  bind 127.0.0.1:${frontend.port}`,
      `  default_backend ${frontend.name}_stores`,
      `backend ${frontend.name}_stores`,
      '  balance roundrobin',
      ...(options.servedByHeader ? ['  http-response set-header X-Served-By %s'] : []),
      `  option httpchk GET ${readyPath}`,
      '  http-check expect status 200',
      ...frontend.instances.map(
        (i) => `  server store${i.n} 127.0.0.1:${i.port} check inter 2s fall 2 rise 2`,
      ),
    );
  }
  return [...lines, ''].join('\n');
}

/** Starts HAProxy on `config` (written to `configFile`). */
export function startHaproxy(configFile: string, config: string): ChildProcess {
  writeFileSync(configFile, config);
  return spawn('haproxy', ['-db', '-f', configFile], { stdio: ['ignore', 'ignore', 'inherit'] });
}
