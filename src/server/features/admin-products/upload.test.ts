import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog } from '~/server/db/schema';
import { createTestApp, type TestApp } from '~/server/test/test-app';
import { realImage, sendMultipart, signedInClients } from './test-support';

let t: TestApp;
let clients: Awaited<ReturnType<typeof signedInClients>>;
const productsDir = () => path.join(t.dataDir, 'uploads', 'products');
const storedFiles = () => (existsSync(productsDir()) ? readdirSync(productsDir()).sort() : []);

beforeAll(async () => {
  t = await createTestApp();
  clients = await signedInClients(t);
});
afterAll(() => t.close());

const upload = (filename: string, content: Buffer | string, field = 'image', contentType = 'image/png') =>
  sendMultipart(clients.admin, '/api/upload/image', [{ field, filename, content, contentType }]);

describe('POST /api/upload/image', () => {
  it('re-encodes a real JPEG into three WebP variants without its metadata, upright', async () => {
    // 800 x 600 with EXIF orientation 6 (rotate 90°): the stored picture is 600 wide, 800 high.
    const res = await upload('holiday photo.jpg', await realImage('jpeg'), 'image', 'image/jpeg');
    expect(res.statusCode).toBe(200);
    const { url } = res.json();
    expect(url).toMatch(/^\/uploads\/products\/holiday-photo-[0-9a-f]{12}-640\.webp$/);
    const base = url.replace('/uploads/products/', '').replace('-640.webp', '');
    expect(storedFiles().filter((f) => f.startsWith(base))).toEqual([
      `${base}-1024.webp`,
      `${base}-320.webp`,
      `${base}-640.webp`,
    ]);
    const meta = await sharp(path.join(productsDir(), `${base}-640.webp`)).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(meta.height! > meta.width!).toBe(true);
    expect((await sharp(path.join(productsDir(), `${base}-320.webp`)).metadata()).width).toBeLessThanOrEqual(
      320,
    );
    // Served to browsers.
    const served = await clients.guest.get(url);
    expect(served.statusCode).toBe(200);
    const audit = await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.entityId, url));
    expect(audit).toHaveLength(1);
  });

  it('accepts a PNG, whatever its file name says', async () => {
    const res = await upload(
      'scan.bin',
      await realImage('png', 300, 200),
      'image',
      'application/octet-stream',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(/-640\.webp$/);
  });

  it('refuses a text file renamed .png with 415 and stores nothing', async () => {
    const before = storedFiles();
    const res = await upload('notes.png', 'This is not a picture at all.\n'.repeat(20));
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('Only JPEG, PNG, WebP, GIF and AVIF images are accepted.');
    expect(storedFiles()).toEqual(before);
  });

  it('refuses an SVG carrying a script', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(document.cookie)</script><rect width="100" height="100"/></svg>';
    const before = storedFiles();
    const res = await upload('logo.png', svg, 'image', 'image/png');
    expect(res.statusCode).toBe(415);
    expect(storedFiles()).toEqual(before);
  });

  it('refuses a file over 10 MB with 413', async () => {
    const big = Buffer.concat([await realImage('png', 10, 10), Buffer.alloc(10 * 1024 * 1024 + 10)]);
    const res = await upload('huge.png', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The image is too large. The limit is 10 MB.');
  });

  it('refuses a truncated picture and a request without the image field with a message', async () => {
    const png = await realImage('png', 400, 400);
    const broken = await upload('broken.png', png.subarray(0, 60));
    expect([415]).toContain(broken.statusCode);
    const noField = await sendMultipart(clients.admin, '/api/upload/image', [
      { field: 'other', filename: 'a.png', content: png },
    ]);
    expect(noField.statusCode).toBe(400);
    expect(noField.json().message).toBe('No image was uploaded. Choose a picture to upload.');
    const notMultipart = await clients.admin.post('/api/upload/image', { image: 'x' });
    expect(notMultipart.statusCode).toBe(400);
  });
});
