// The running store's side of `npm run backup` on the embedded database
// (docs/decisions/0446-online-backups-with-pictures.md). Only one process may open the embedded
// database, so the backup command asks the store that holds it: a listener on loopback, on a port of
// its own, answers POST /snapshot with a copy of the data folder taken between two transactions (a
// consistent state, as after a clean stop). Its address and a random token are in
// DATA_DIR/backup-endpoint.json, readable by the store's user only: whoever can read it could copy
// the database folder anyway.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { Database } from './client';

export const BACKUP_ENDPOINT_FILE = 'backup-endpoint.json';

export type BackupEndpoint = { port: number; token: string; pid: number };

/** A copy of the embedded database's folder (gzip tar), taken while no transaction is open. */
export async function snapshotEmbedded(database: Database): Promise<Buffer> {
  const client = (database.db as unknown as { $client: PGlite }).$client;
  // The transaction lock first: a transaction in progress finishes, the next waits for the copy.
  const blob = await client._runExclusiveTransaction(() => client.dumpDataDir('gzip'));
  return Buffer.from(await blob.arrayBuffer());
}

function sameToken(given: string, token: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Starts the listener and writes its endpoint file; the returned stop closes it and removes the file. */
export async function startOnlineBackup(
  database: Database,
  dataDir: string,
  log: { error: (obj: object, msg: string) => void },
): Promise<{ endpoint: BackupEndpoint; stop: () => Promise<void> }> {
  const token = randomBytes(32).toString('hex');
  const server = http.createServer((req, res) => {
    const header = req.headers.authorization ?? '';
    if (req.method !== 'POST' || req.url !== '/snapshot') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    if (!header.startsWith('Bearer ') || !sameToken(header.slice(7).trim(), token)) {
      res.writeHead(401, { 'content-type': 'text/plain' }).end('A valid backup token is required.\n');
      return;
    }
    snapshotEmbedded(database).then(
      (tar) =>
        res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': tar.length }).end(tar),
      (error: unknown) => {
        log.error({ err: error }, 'online backup failed');
        res
          .writeHead(500, { 'content-type': 'text/plain' })
          .end('The backup failed; see the store\u2019s log.\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const endpoint = { port: (server.address() as { port: number }).port, token, pid: process.pid };
  const file = path.join(dataDir, BACKUP_ENDPOINT_FILE);
  writeFileSync(file, JSON.stringify(endpoint), { mode: 0o600 });
  return {
    endpoint,
    stop: async () => {
      rmSync(file, { force: true });
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
