// The pictures' half of `npm run backup` / `npm run restore` when they are held in an S3 bucket: every
// object is copied byte for byte into FILE.pictures/, and a restore puts back the missing ones and
// overwrites none (docs/decisions/0446-online-backups-with-pictures.md).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '~/server/config';
import { createS3Storage } from '~/server/storage/s3-storage';
import { type S3TestServer, startS3TestServer } from '~/server/test/s3-test-server';
import { backupPictures, type PictureSettings, restorePictures } from './backup-pictures';

let s3: S3TestServer;
let dir: string;
let settings: PictureSettings;
beforeAll(async () => {
  s3 = await startS3TestServer();
  dir = mkdtempSync(path.join(os.tmpdir(), 'store-backup-s3-'));
  settings = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, ...s3.env });
});
afterAll(async () => {
  await s3?.close();
  rmSync(dir, { recursive: true, force: true });
});

const picture = (name: string) => Buffer.from(`RIFF\u0000\u0000\u0000\u0000WEBPVP8 ${name}`);
const PICTURES: Record<string, Buffer> = {
  'products/lamp-800.webp': picture('lamp 800'),
  'products/lamp-400.webp': picture('lamp 400'),
  'products/chair-800.webp': picture('chair 800'),
  'products/chair-400.webp': picture('chair 400'),
  'logo.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0x10]),
};

describe('a backup of the pictures held in an S3 bucket', () => {
  it('copies every object byte for byte, and a restore puts back only the missing ones', async () => {
    const storage = createS3Storage(settings);
    try {
      for (const [key, bytes] of Object.entries(PICTURES)) await storage.put(key, bytes, 'image/webp');
      const folder = path.join(dir, 'store.dump.pictures');

      expect(await backupPictures(settings, folder)).toBe(5);
      for (const [key, bytes] of Object.entries(PICTURES)) {
        expect(readFileSync(path.join(folder, ...key.split('/')))).toEqual(bytes);
      }

      // Two objects lost; one kept object changed in the bucket since (it must not be overwritten).
      await storage.remove('products/lamp-800.webp');
      await storage.remove('logo.png');
      const changed = Buffer.from('changed since the backup');
      await storage.put('products/chair-400.webp', changed, 'image/webp');

      expect(await restorePictures(settings, folder)).toBe(5);
      const keys: string[] = [];
      for await (const key of storage.keys()) keys.push(key);
      expect(keys.sort()).toEqual(Object.keys(PICTURES).sort());
      for (const [key, bytes] of Object.entries(PICTURES)) {
        const object = await storage.get(key);
        if (!object || object === 'not-modified') throw new Error(`${key} is missing`);
        const body = await buffer(object.body);
        expect(body).toEqual(key === 'products/chair-400.webp' ? changed : bytes);
      }
    } finally {
      storage.close();
    }
  });
});
