// `npm run cluster`: the production topology on this machine, without containers
// (docs/decisions/0197-deployment-files.md): two instances of the built store on the local PostgreSQL,
// pictures in the S3 test server, HAProxy from Debian's packages in front. Ctrl-C stops them all.
// Settings: CLUSTER_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/store_cluster, created when
// missing), CLUSTER_PORT (the balancer, default 8080); the instances use CLUSTER_PORT+1 and +2.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { startS3TestServer } from '~/server/test/s3-test-server';
// @ts-expect-error: a plain .mjs script shared with `npm start` and `npm test`
import { buildIsStale } from './build-info.mjs';

const root = path.resolve('data', 'cluster');
const databaseUrl = process.env.CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/store_cluster';
const port = Number(process.env.CLUSTER_PORT ?? 8080);
const publicUrl = `http://localhost:${port}`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function ensureDatabase() {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) fail(`CLUSTER_DATABASE_URL: unusual database name "${name}".`);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  try {
    await admin.connect();
  } catch (error) {
    fail(`PostgreSQL is not reachable at ${url.host}: ${(error as Error).message}`);
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

/** One secret for both instances (a session signed by one is read by the other), kept across runs. */
function sessionSecret(): string {
  const file = path.join(root, 'session-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

async function waitFor(url: string, child: ChildProcess, seconds = 180): Promise<number> {
  for (let i = 0; i < seconds * 2; i++) {
    if (child.exitCode !== null) fail(`An instance stopped while starting (exit ${child.exitCode}).`);
    try {
      return (await fetch(url)).status;
    } catch {
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  return fail(`${url} did not answer within ${seconds} s.`);
}

async function main() {
  if (spawnSync('haproxy', ['-v']).error) fail('HAProxy is missing: apt-get install -y haproxy');
  if (buildIsStale()) {
    console.log('Building the store...');
    const build = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  mkdirSync(root, { recursive: true, mode: 0o700 });
  await ensureDatabase();

  const s3 = await startS3TestServer({ directory: path.join(root, 's3') });
  console.log(`S3 test server at ${s3.endpoint} (bucket ${s3.bucket}).`);
  const children: ChildProcess[] = [];
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping the balancer, the instances and the S3 test server...');
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.all(
      children.map((child) =>
        child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : undefined,
      ),
    );
    await s3.close();
    process.exit(code);
  };
  process.once('SIGINT', () => void stop(0));
  process.once('SIGTERM', () => void stop(0));

  const secret = sessionSecret();
  const startInstance = (n: number) => {
    const child = spawn(process.execPath, ['dist/server/main.js'], {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...process.env,
        ...s3.env,
        NODE_ENV: 'production',
        PORT: String(port + n),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        DATA_DIR: path.join(root, `store${n}`),
        SESSION_SECRET: secret,
        PUBLIC_URL: publicUrl,
        TRUST_PROXY: 'loopback',
      },
    });
    children.push(child);
    child.once('exit', (code) => {
      if (!stopping) {
        console.error(`Instance ${n} stopped (exit ${code}).`);
        void stop(1);
      }
    });
    return { n, child, url: `http://127.0.0.1:${port + n}` };
  };
  // One after the other: the first migrates and seeds an empty database.
  const instances = [];
  for (const n of [1, 2]) {
    const instance = startInstance(n);
    await waitFor(`${instance.url}/api/health`, instance.child);
    instances.push(instance);
  }
  const readyPath =
    (await waitFor(`${instances[0]!.url}/api/ready`, instances[0]!.child)) === 404
      ? '/api/health'
      : '/api/ready';

  const config = [
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
    'frontend web',
    `  bind 127.0.0.1:${port}`,
    '  default_backend stores',
    'backend stores',
    '  balance roundrobin',
    `  option httpchk GET ${readyPath}`,
    '  http-check expect status 200',
    ...instances.map((i) => `  server store${i.n} 127.0.0.1:${port + i.n} check inter 2s fall 2 rise 2`),
    '',
  ].join('\n');
  const configFile = path.join(root, 'haproxy.cfg');
  writeFileSync(configFile, config);
  const haproxy = spawn('haproxy', ['-db', '-f', configFile], { stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(haproxy);
  haproxy.once('exit', (code) => {
    if (!stopping) {
      console.error(`HAProxy stopped (exit ${code}).`);
      void stop(1);
    }
  });
  await waitFor(`${publicUrl}/api/health`, haproxy, 30);
  console.log(`\n  Cluster running at ${publicUrl}: two instances behind HAProxy (checks ${readyPath}),`);
  console.log(
    `  PostgreSQL ${new URL(databaseUrl).pathname.slice(1)}, pictures in the S3 test server. Ctrl-C stops all.\n`,
  );
}

main().catch((error) => fail(String(error?.stack ?? error)));
