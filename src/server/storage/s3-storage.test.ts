// FILE_STORAGE=s3 against an S3-compatible server on loopback: two instances of the store on one
// database and one bucket, so a picture uploaded through one is served through the other.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '~/server/config';
import { writeDemoImages } from '~/server/db/demo-images';
import { createCategory } from '~/server/test/fixtures';
import { startS3TestServer, type S3TestServer } from '~/server/test/s3-test-server';
import { createTestApp, TestClient, type TestApp } from '~/server/test/test-app';
import { realImage, sendMultipart, signedInClients } from '~/server/features/admin-products/test-support';
import { createS3Storage } from './s3-storage';

let s3: S3TestServer;
const apps: TestApp[] = [];

beforeAll(async () => {
  s3 = await startS3TestServer();
});
afterAll(async () => {
  // The second instance first: the first owns the database.
  for (const app of apps.reverse()) await app.close();
  await s3.close();
});

/** Two instances of the store on one database and one bucket. */
async function twoInstances(env: Record<string, string>) {
  const first = await createTestApp({ env: { ...s3.env, ...env } });
  apps.push(first);
  const second = await createTestApp({ env: { ...s3.env, ...env }, database: first.database });
  apps.push(second);
  return [first, second] as const;
}

const uploadPicture = async (t: TestApp, name: string) => {
  const { admin } = await signedInClients(t);
  const res = await sendMultipart(admin, '/api/upload/image', [
    { field: 'image', filename: name, content: await realImage('png', 900, 600), contentType: 'image/png' },
  ]);
  expect(res.statusCode).toBe(200);
  return { admin, url: res.json().url as string };
};

const localUploads = (t: TestApp) => {
  const dir = path.join(t.dataDir, 'uploads');
  return existsSync(dir) ? readdirSync(dir, { recursive: true }) : [];
};

describe('with a public address for the bucket (S3_PUBLIC_URL)', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    [first, second] = await twoInstances({ S3_PUBLIC_URL: `${s3.publicUrl}/` });
  });

  it('stores the three variants in the bucket, and the picture loads from its public address', async () => {
    const { url } = await uploadPicture(first, 'shelf photo.png');
    expect(url).toMatch(
      new RegExp(`^${s3.publicUrl.replace(/[.]/g, '\\.')}/products/shelf-photo-[0-9a-f]{12}-640\\.webp$`),
    );
    // Nothing in the instance's own folder: the other instance could not serve it.
    expect(localUploads(first)).toEqual([]);

    for (const width of [320, 640, 1024]) {
      const res = await fetch(url.replace('-640.webp', `-${width}.webp`));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta.format).toBe('webp');
      // 900 x 600 fits in 1024 as it is; the smaller variants are scaled down to their width.
      expect(meta.width).toBe(Math.min(width, 900));
    }
  });

  it('a product created through one instance shows the picture through the other', async () => {
    const { admin, url } = await uploadPicture(first, 'lamp.png');
    const category = await createCategory(first.db, { name: 'Lighting', slug: 'lighting' });
    const created = await admin.post('/api/products', {
      name: 'Desk Lamp',
      lotNumber: 'LOT-S3-1',
      description: 'Works.',
      price: '19.99',
      stock: '4',
      categoryId: String(category.id),
      active: true,
      images: [url],
    });
    expect(created.statusCode).toBe(201);

    const guest = new TestClient(second.app);
    const page = await guest.get(`/api/products/${created.json().slug}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().imageUrl).toBe(url);
    expect((await fetch(url)).status).toBe(200);
    // The bucket's plain-http address is allowed for pictures by the page's content policy.
    expect(page.headers['content-security-policy']).toContain(
      `img-src 'self' data: blob: https: ${s3.endpoint}`,
    );
  });

  it('sends an /uploads/ address (pictures from before the move to the bucket) to the bucket', async () => {
    const res = await new TestClient(second.app).get('/uploads/products/old-picture-640.webp');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`${s3.publicUrl}/products/old-picture-640.webp`);
    expect((await new TestClient(second.app).get('/uploads/../session-secret')).statusCode).toBe(404);
  });
});

describe('without a public address: the store relays the bucket at /uploads/', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    [first, second] = await twoInstances({});
  });

  it('serves through the second instance what the first stored, and answers a repeat visit with 304', async () => {
    const { url } = await uploadPicture(first, 'chair.png');
    expect(url).toMatch(/^\/uploads\/products\/chair-[0-9a-f]{12}-640\.webp$/);
    expect(localUploads(first)).toEqual([]);

    const guest = new TestClient(second.app);
    const res = await guest.get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The very bytes in the bucket.
    const direct = Buffer.from(
      await (await fetch(`${s3.publicUrl}${url.replace('/uploads', '')}`)).arrayBuffer(),
    );
    expect(res.rawPayload.equals(direct)).toBe(true);
    expect((await sharp(res.rawPayload).metadata()).width).toBe(640);

    const again = await guest.get(url, { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('answers 404 for a picture that is not there, and a removed picture is gone for every instance', async () => {
    expect((await new TestClient(second.app).get('/uploads/products/nothing-640.webp')).statusCode).toBe(404);

    const { url } = await uploadPicture(first, 'gone.png');
    const storage = createS3Storage(first.config);
    try {
      await storage.remove(url.replace('/uploads/', ''));
      // Removing what is not there is not an error.
      await storage.remove(url.replace('/uploads/', ''));
    } finally {
      storage.close();
    }
    expect((await new TestClient(second.app).get(url)).statusCode).toBe(404);
  });

  it('writes the demo pictures into the bucket', async () => {
    const storage = createS3Storage(first.config);
    try {
      await writeDemoImages(storage, [
        {
          folder: 'categories',
          basename: 'demo-tools',
          title: 'Tools',
          colour: '#335577',
          icon: 'blocks',
          view: 0,
        },
      ]);
    } finally {
      storage.close();
    }
    const res = await new TestClient(second.app).get('/uploads/categories/demo-tools-1024.webp');
    expect(res.statusCode).toBe(200);
    expect((await sharp(res.rawPayload).metadata()).width).toBe(1024);
  });
});

describe('configuration', () => {
  const base = { ALLOW_TEST_PAYMENTS: 'true', SESSION_SECRET: 'x'.repeat(32) };

  it('needs a bucket, and both keys or neither', () => {
    expect(() => loadConfig({ ...base, FILE_STORAGE: 's3' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, FILE_STORAGE: 's3' })).toThrow(
      'S3_BUCKET: required when FILE_STORAGE=s3',
    );
    expect(() =>
      loadConfig({ ...base, FILE_STORAGE: 's3', S3_BUCKET: 'pics', S3_ACCESS_KEY_ID: 'k' }),
    ).toThrow('S3_SECRET_ACCESS_KEY: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together');
    expect(() => loadConfig({ ...base, FILE_STORAGE: 'ftp' })).toThrow('FILE_STORAGE: must be local or s3');
    expect(() => loadConfig({ ...base, S3_PUBLIC_URL: 'ftp://pics.example' })).toThrow('S3_PUBLIC_URL');
  });

  it('keeps the local folder by default', () => {
    expect(loadConfig(base).FILE_STORAGE).toBe('local');
    expect(loadConfig({ ...base, FILE_STORAGE: 'S3', S3_BUCKET: 'pics' }).FILE_STORAGE).toBe('s3');
  });
});
