// `npm run cluster`: the production topology on this machine, without containers
// (docs/decisions/0197-deployment-files.md): two instances of the built store on the local PostgreSQL,
// pictures in the S3 test server, HAProxy from Debian's packages in front. Ctrl-C stops them all.
// Settings: CLUSTER_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/store_cluster, created when
// missing), CLUSTER_PORT (the balancer, default 8080); the instances use CLUSTER_PORT+1 and +2.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startS3TestServer } from '~/server/test/s3-test-server';
import {
  ensureDatabase,
  haproxyConfig,
  prepareCluster,
  type StoreInstance,
  startHaproxy,
  startStoreInstance,
  waitFor,
} from './cluster-parts';

const root = path.resolve('data', 'cluster');
const databaseUrl = process.env.CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/store_cluster';
const port = Number(process.env.CLUSTER_PORT ?? 8080);
const publicUrl = `http://localhost:${port}`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** One secret for both instances (a session signed by one is read by the other), kept across runs. */
function sessionSecret(): string {
  const file = path.join(root, 'session-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

async function main() {
  prepareCluster();
  mkdirSync(root, { recursive: true, mode: 0o700 });
  await ensureDatabase(databaseUrl);

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
    const instance = startStoreInstance({
      n,
      port: port + n,
      env: {
        ...s3.env,
        DATABASE_URL: databaseUrl,
        DATA_DIR: path.join(root, `store${n}`),
        SESSION_SECRET: secret,
        PUBLIC_URL: publicUrl,
      },
    });
    children.push(instance.child);
    instance.child.once('exit', (code) => {
      if (!stopping) {
        console.error(`Instance ${n} stopped (exit ${code}).`);
        void stop(1);
      }
    });
    return instance;
  };
  // One after the other: the first migrates and seeds an empty database.
  const instances: StoreInstance[] = [];
  for (const n of [1, 2]) {
    const instance = startInstance(n);
    await waitFor(`${instance.url}/api/health`, instance.child);
    instances.push(instance);
  }
  const readyPath =
    (await waitFor(`${instances[0]!.url}/api/ready`, instances[0]!.child)) === 404
      ? '/api/health'
      : '/api/ready';

  const haproxy = startHaproxy(
    path.join(root, 'haproxy.cfg'),
    haproxyConfig([{ name: 'web', port, instances }], readyPath),
  );
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
