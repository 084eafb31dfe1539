// The data folder holds the database, uploads and the session secret: readable by the store's user
// only (docs/decisions/0118-private-data-folder.md).
import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** What the process creates is rwx for its user only: PGlite, sharp and Node all honour the umask. */
export const PRIVATE_UMASK = 0o077;

/** Makes every file and folder the process creates from now on private to its user. */
export function setPrivateUmask(): void {
  process.umask(PRIVATE_UMASK);
}

/**
 * Creates the data folder (0700) and takes group and other permissions off everything already in it,
 * e.g. written by a version of the store that did not set the umask. Symbolic links are neither
 * followed nor changed. Returns the paths it could not change (not the store's own files).
 */
export function makeDataFolderPrivate(dataDir: string): string[] {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const failed: string[] = [];
  const restrict = (file: string) => {
    try {
      const stat = lstatSync(file);
      if (stat.isSymbolicLink() || (stat.mode & 0o077) === 0) return;
      chmodSync(file, stat.mode & 0o7700);
    } catch {
      failed.push(file);
    }
  };
  restrict(dataDir);
  for (const name of readdirSync(dataDir, { recursive: true, encoding: 'utf8' })) {
    restrict(path.join(dataDir, name));
  }
  return failed;
}
