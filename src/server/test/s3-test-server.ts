// An S3-compatible server on loopback for tests and `npm run cluster`: s3rver keeps the objects in a
// temporary folder and accepts the fixed key pair S3RVER / S3RVER
// (docs/decisions/0195-s3-object-storage.md).
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

type S3rverInstance = { run(): Promise<AddressInfo>; close(): Promise<void> };
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;
// The package ships no type declarations.
const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as S3rverClass;

export type S3TestServer = {
  endpoint: string;
  bucket: string;
  /** The settings that point the store at this server (without S3_PUBLIC_URL). */
  env: Record<string, string>;
  /** The bucket's public address: objects are readable there without signing. */
  publicUrl: string;
  close(): Promise<void>;
};

export async function startS3TestServer(
  options: {
    bucket?: string;
    port?: number;
    /** Where the objects are kept; unset: a temporary folder, removed on close. */
    directory?: string;
  } = {},
): Promise<S3TestServer> {
  const bucket = options.bucket ?? 'store-pictures';
  const directory = options.directory ?? mkdtempSync(path.join(os.tmpdir(), 'store-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port ?? 0,
    silent: true,
    // s3rver computes a different signature than the AWS SDK for bucket-level requests (listing the
    // bucket, which the backup does); the signing itself is the SDK's, not the store's, to test.
    allowMismatchedSignatures: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    publicUrl: `${endpoint}/${bucket}`,
    env: {
      FILE_STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_REGION: 'us-east-1',
    },
    async close() {
      await server.close();
      if (!options.directory) rmSync(directory, { recursive: true, force: true });
    },
  };
}
