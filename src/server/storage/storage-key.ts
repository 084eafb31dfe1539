// What every file storage offers, and the keys it accepts: shared by the local folder
// (./file-storage.ts) and the S3 bucket (./s3-storage.ts).

export interface FileStorage {
  /** Stores a file under a key such as `products/ab12-640.webp`. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The URL browsers load the file from. */
  urlFor(key: string): string;
  /** Removes a file; a missing file is not an error. */
  remove(key: string): Promise<void>;
  /** Lets go of connections (the S3 client's), for one-off commands that must exit. */
  close?(): void;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

export function checkKey(key: string) {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe storage key: ${key}`);
}
