// The settings of the picture storage, part of the environment that config.ts validates: the local
// folder, or an S3-compatible bucket shared by every instance (docs/decisions/0195-s3-object-storage.md).
import { z } from 'zod';

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());

export const StorageEnvShape = {
  FILE_STORAGE: z.preprocess(
    (v) => (typeof v === 'string' ? emptyToUndefined(v.trim().toLowerCase()) : v),
    z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local'),
  ),
  /** Unset: Amazon S3 itself (the region's endpoint). */
  S3_ENDPOINT: z.preprocess(emptyToUndefined, z.url().optional()),
  S3_REGION: z.preprocess(emptyToUndefined, z.string().default('us-east-1')),
  S3_BUCKET: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name: 3-63 lower-case letters, digits, dots or hyphens',
      )
      .optional(),
  ),
  /** Unset with the secret: the SDK's own chain (AWS_* variables, instance or task role). */
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** Where browsers load the bucket's objects (a CDN or the bucket's public address). Unset: the store relays them at /uploads/. */
  S3_PUBLIC_URL: z.preprocess(
    emptyToUndefined,
    z
      .url()
      .refine((u) => /^https?:\/\//.test(u), 'must be an http(s) address')
      .optional(),
  ),
  /** Addresses the bucket as <endpoint>/<bucket> (MinIO and most S3-compatible servers). Unset: on when S3_ENDPOINT is set. */
  S3_FORCE_PATH_STYLE: z.preprocess(
    (v) => (typeof v === 'string' ? emptyToUndefined(v.trim().toLowerCase()) : v),
    z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  ),
};

type StorageEnv = {
  FILE_STORAGE: 'local' | 's3';
  S3_BUCKET?: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
};

/** Settings that are only wrong together; each line names a variable. */
export function storageConfigIssues(e: StorageEnv): string[] {
  const issues: string[] = [];
  if (e.FILE_STORAGE === 's3' && !e.S3_BUCKET) issues.push('  S3_BUCKET: required when FILE_STORAGE=s3');
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    issues.push(
      `  ${e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'}: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together`,
    );
  }
  return issues;
}
