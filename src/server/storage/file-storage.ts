// Where uploaded files live. The local folder serves one machine; an S3-compatible bucket
// (./s3-storage.ts) serves several instances behind a balancer (docs/decisions/0195-s3-object-storage.md).
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '~/server/config';
import { createS3Storage } from './s3-storage';
import { checkKey, type FileStorage } from './storage-key';

export type { FileStorage } from './storage-key';

/** Files under `<dataDir>/uploads`, served by the app at /uploads/. */
export function createLocalStorage(uploadsDir: string): FileStorage {
  return {
    async put(key, data) {
      checkKey(key);
      const file = path.join(uploadsDir, key);
      // Private to the store's user even where the process umask was not set (docs/decisions/0118-private-data-folder.md).
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      // Write then rename: a reader never sees half a file.
      const temp = `${file}.${process.pid}.tmp`;
      await writeFile(temp, data, { mode: 0o600 });
      await rename(temp, file);
    },
    urlFor(key) {
      checkKey(key);
      return `/uploads/${key}`;
    },
    async remove(key) {
      checkKey(key);
      await rm(path.join(uploadsDir, key), { force: true });
    },
  };
}

/** The storage FILE_STORAGE chooses: `<DATA_DIR>/uploads` or the S3 bucket (one per app, in its context). */
export function createFileStorage(config: Config): FileStorage {
  return config.FILE_STORAGE === 's3'
    ? createS3Storage(config)
    : createLocalStorage(path.join(config.dataDir, 'uploads'));
}
