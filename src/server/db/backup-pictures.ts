// The pictures' half of `npm run backup` / `npm run restore` (docs/decisions/0446-online-backups-with-pictures.md):
// every file of DATA_DIR/uploads, or every object of the bucket, copied into a folder beside the dump,
// and put back on restore. Pictures are only ever added under new names, so a copy taken after the
// database dump holds every picture the dump names; a restore adds what is missing and overwrites
// nothing.
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import type { Config } from '~/server/config';
import { createS3Storage, type S3Settings } from '~/server/storage/s3-storage';

export type PictureSettings = Pick<Config, 'dataDir' | 'FILE_STORAGE'> & S3Settings;

/** The folder of pictures that goes with a dump. */
export const picturesFolderOf = (dumpFile: string) => `${dumpFile}.pictures`;

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
};

async function filesUnder(dir: string, base = dir): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(full, base)));
    else if (entry.isFile()) out.push(path.relative(base, full).split(path.sep).join('/'));
  }
  return out;
}

/** Copies every picture into `folder` (created private); returns how many. */
export async function backupPictures(config: PictureSettings, folder: string): Promise<number> {
  await mkdir(folder, { recursive: true, mode: 0o700 });
  if (config.FILE_STORAGE === 's3') {
    const storage = createS3Storage(config);
    try {
      let copied = 0;
      for await (const key of storage.keys()) {
        const object = await storage.get(key);
        if (!object || object === 'not-modified') continue; // removed since it was listed
        const file = path.join(folder, ...key.split('/'));
        await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
        await writeFile(file, await buffer(object.body), { mode: 0o600 });
        copied++;
      }
      return copied;
    } finally {
      storage.close();
    }
  }
  const uploads = path.join(config.dataDir, 'uploads');
  if (!existsSync(uploads)) return 0;
  await cp(uploads, folder, { recursive: true, force: false, errorOnExist: false });
  return (await filesUnder(folder)).length;
}

/** Puts back the pictures of `folder` that the storage lacks (none is overwritten); returns how many files there were. */
export async function restorePictures(config: PictureSettings, folder: string): Promise<number> {
  const files = await filesUnder(folder);
  if (config.FILE_STORAGE === 's3') {
    const storage = createS3Storage(config);
    try {
      for (const key of files) {
        const existing = await storage.get(key);
        if (existing && existing !== 'not-modified') {
          existing.body.destroy();
          continue;
        }
        const type = CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
        await storage.put(key, await readFile(path.join(folder, ...key.split('/'))), type);
      }
    } finally {
      storage.close();
    }
    return files.length;
  }
  const uploads = path.join(config.dataDir, 'uploads');
  await mkdir(uploads, { recursive: true, mode: 0o700 });
  await cp(folder, uploads, { recursive: true, force: false, errorOnExist: false });
  return files.length;
}
