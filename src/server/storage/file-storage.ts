// Where uploaded files live. Instances are stateless: the local folder serves one machine;
// an S3-compatible implementation of the same interface serves several instances behind a balancer.
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface FileStorage {
  /** Stores a file under a key such as `products/ab12-640.webp`. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The URL browsers load the file from. */
  urlFor(key: string): string;
  /** Removes a file; a missing file is not an error. */
  remove(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

function checkKey(key: string) {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe storage key: ${key}`);
}

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
