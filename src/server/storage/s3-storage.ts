// Pictures in an S3-compatible bucket (Amazon S3, MinIO, R2...), shared by every instance of the store
// (docs/decisions/0195-s3-object-storage.md).
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Config } from '~/server/config';
import { checkKey, type FileStorage } from './storage-key';

export type S3Settings = Pick<
  Config,
  | 'S3_ENDPOINT'
  | 'S3_REGION'
  | 'S3_BUCKET'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_PUBLIC_URL'
  | 'S3_FORCE_PATH_STYLE'
>;

export type StoredObject = {
  body: Readable;
  contentType?: string;
  contentLength?: number;
  etag?: string;
};

export type S3FileStorage = FileStorage & {
  kind: 's3';
  /** The object, 'not-modified' when `ifNoneMatch` is its ETag, null when there is none. */
  get(key: string, ifNoneMatch?: string): Promise<StoredObject | 'not-modified' | null>;
  /** Every object's key in the bucket (the backup's copy of the pictures). */
  keys(): AsyncGenerator<string>;
  close(): void;
};

/** Stored names are random (src/server/storage/images.ts), so an object never changes under its name. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

export function createS3Storage(settings: S3Settings): S3FileStorage {
  const bucket = settings.S3_BUCKET;
  if (!bucket) throw new Error('S3_BUCKET is required when FILE_STORAGE=s3');
  const client = new S3Client({
    region: settings.S3_REGION,
    endpoint: settings.S3_ENDPOINT,
    forcePathStyle: settings.S3_FORCE_PATH_STYLE
      ? settings.S3_FORCE_PATH_STYLE === 'true'
      : Boolean(settings.S3_ENDPOINT),
    credentials:
      settings.S3_ACCESS_KEY_ID && settings.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: settings.S3_ACCESS_KEY_ID, secretAccessKey: settings.S3_SECRET_ACCESS_KEY }
        : undefined,
    // Checksums only where S3 requires them: many S3-compatible servers refuse the trailing checksums
    // that newer SDKs add to every upload by default.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const publicBase = settings.S3_PUBLIC_URL?.replace(/\/+$/, '');

  return {
    kind: 's3',
    async put(key, data, contentType) {
      checkKey(key);
      // One PUT of the whole object: readers see the old object or the new one, never half of it.
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: data,
          ContentType: contentType,
          CacheControl: IMMUTABLE_CACHE,
        }),
      );
    },
    urlFor(key) {
      checkKey(key);
      return publicBase ? `${publicBase}/${key}` : `/uploads/${key}`;
    },
    async remove(key) {
      checkKey(key);
      // S3 answers a delete of a missing object with success.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async get(key, ifNoneMatch) {
      checkKey(key);
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: key, IfNoneMatch: ifNoneMatch }),
        );
        return {
          body: object.Body as Readable,
          contentType: object.ContentType,
          contentLength: object.ContentLength,
          etag: object.ETag,
        };
      } catch (error) {
        const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
        if (status === 304) return 'not-modified';
        if (status === 404) return null;
        throw error;
      }
    },
    async *keys() {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    close() {
      client.destroy();
    },
  };
}
