// Phone intake over the real HTTP layer: finding lots by lot number (any case) or UPC, and the lot
// label, whose barcode is rasterised and decoded back with a real Code 128 decoder.
import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  RGBLuminanceSource,
} from '@zxing/library';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, productImages, products } from '~/server/db/schema';
import { realImage, sendMultipart, signedInClients } from '~/server/features/admin-products/test-support';
import { createProduct, createUser, signInAs } from '~/server/test/fixtures';
import { createTestApp, type TestApp, TestClient } from '~/server/test/test-app';
import { ZERO_PRICE_ON_SALE } from '~/shared/schemas/admin-products';
import { labelTitle } from './service';

let t: TestApp;
let clients: Awaited<ReturnType<typeof signedInClients>>;
let staff: TestClient;
let draftId: number;
let liveId: number;
let labelledId: number;

beforeAll(async () => {
  t = await createTestApp();
  clients = await signedInClients(t);
  staff = new TestClient(t.app);
  await signInAs(t.db, staff, (await createUser(t.db, { isStaff: true })).id);
  liveId = (
    await createProduct(t.db, {
      lotNumber: 'LOT-A100',
      name: 'Kettle on sale',
      upc: '012345678905',
      active: true,
    })
  ).id;
  draftId = (
    await createProduct(t.db, {
      lotNumber: 'LOT-A101',
      name: 'Kettle draft',
      upc: '012345678905',
      active: false,
    })
  ).id;
  labelledId = (
    await createProduct(t.db, {
      lotNumber: 'Ld-2026-0042',
      name: 'Blender',
      price: '1299.50',
      condition: 'used-like-new',
    })
  ).id;
  await createProduct(t.db, { lotNumber: 'LOT-GONE', upc: '999', archivedAt: new Date() });
});
afterAll(() => t.close());

/** Decodes the one barcode in a picture, as a label printer's reader would. */
async function decode(png: Buffer): Promise<{ text: string; format: BarcodeFormat }> {
  const { data, info } = await sharp(png)
    .flatten({ background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const luminances = new Uint8ClampedArray(data.buffer, data.byteOffset, info.width * info.height);
  const source = new RGBLuminanceSource(luminances, info.width, info.height);
  const reader = new MultiFormatReader();
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  const result = reader.decode(new BinaryBitmap(new HybridBinarizer(source)), hints);
  return { text: result.getText(), format: result.getBarcodeFormat() };
}

describe('intake lookup', () => {
  it('is for staff only', async () => {
    expect((await clients.guest.get('/api/admin/intake/lookup?code=LOT-A100')).statusCode).toBe(401);
    expect((await clients.customer.get('/api/admin/intake/lookup?code=LOT-A100')).statusCode).toBe(403);
    expect((await staff.get('/api/admin/intake/lookup?code=LOT-A100')).statusCode).toBe(200);
  });

  it('finds a lot by its number in any case, with spaces around it', async () => {
    const res = await staff.get(`/api/admin/intake/lookup?code=${encodeURIComponent('  lot-a100 ')}`);
    expect(res.statusCode).toBe(200);
    const { matches } = res.json();
    expect(matches).toHaveLength(1);
    expect(matches[0]).toMatchObject({ id: liveId, lotNumber: 'LOT-A100', draft: false });
  });

  it('finds every lot with a UPC, drafts first', async () => {
    const res = await clients.admin.get('/api/admin/intake/lookup?code=012345678905');
    expect(res.statusCode).toBe(200);
    expect(res.json().matches.map((m: { id: number; draft: boolean }) => [m.id, m.draft])).toEqual([
      [draftId, true],
      [liveId, false],
    ]);
  });

  it('answers an empty list for an unknown code and leaves archived lots out', async () => {
    expect((await staff.get('/api/admin/intake/lookup?code=NOPE-1')).json()).toEqual({ matches: [] });
    expect((await staff.get('/api/admin/intake/lookup?code=lot-gone')).json()).toEqual({ matches: [] });
    expect((await staff.get('/api/admin/intake/lookup?code=999')).json()).toEqual({ matches: [] });
  });

  it('refuses a missing, blank or overlong code with a clear message', async () => {
    for (const url of [
      '/api/admin/intake/lookup',
      '/api/admin/intake/lookup?code=%20%20',
      `/api/admin/intake/lookup?code=${'x'.repeat(65)}`,
    ]) {
      const res = await staff.get(url);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/lot number or UPC/);
    }
  });
});

describe('lot label', () => {
  it('is a 57 x 32 mm label whose barcode decodes back to the lot number', async () => {
    const res = await staff.get(`/api/admin/products/${labelledId}/label`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    const svg = res.body;
    expect(svg).toContain('width="57mm" height="32mm"');
    // 1299.50 dollars as shown to people: $1,299.50; the condition in words.
    expect(svg).toContain('$1,299.50');
    expect(svg).toContain('Used - like new');
    // The lot's title, on a line of its own above the barcode.
    expect(svg).toContain('font-size="30">Blender</text>');
    // Rasterised at 600 dpi, as a label printer would print it.
    const png = await sharp(Buffer.from(svg), { density: 600 }).png().toBuffer();
    const decoded = await decode(png);
    expect(decoded.format).toBe(BarcodeFormat.CODE_128);
    expect(decoded.text).toBe('Ld-2026-0042');
  });

  it('shows a long title shortened at a whole word, fitted to the line; the barcode still decodes', async () => {
    const long = await createProduct(t.db, {
      lotNumber: 'LD-2026-0043',
      name: 'Solid Oak Extendable Dining Table & 6 Chairs "Heritage" Set',
    });
    const svg = (await staff.get(`/api/admin/products/${long.id}/label`)).body as string;
    // 34 characters at most: "Solid Oak Extendable Dining Table" (33) + the ellipsis.
    expect(svg).toContain(
      '<text x="20" y="42" font-family="sans-serif" font-size="30" textLength="530" lengthAdjust="spacingAndGlyphs">Solid Oak Extendable Dining Table…</text>',
    );
    const png = await sharp(Buffer.from(svg), { density: 600 }).png().toBuffer();
    expect((await decode(png)).text).toBe('LD-2026-0043');
    // Markup in a title is text on the label, not markup.
    expect(labelTitle('<b>Lamp</b> & shade')).toBe('<b>Lamp</b> & shade');
    const tagged = await createProduct(t.db, { lotNumber: 'LD-2026-0044', name: '<b>Lamp</b> & shade' });
    const tagSvg = (await staff.get(`/api/admin/products/${tagged.id}/label`)).body as string;
    expect(tagSvg).toContain('&#60;b&#62;Lamp&#60;/b&#62; &#38; shade</text>');
    // One word longer than the line is cut; whitespace is folded.
    expect(labelTitle('Supercalifragilisticexpialidocious-Deluxe-Edition')).toBe(
      'Supercalifragilisticexpialidociou…',
    );
    expect(labelTitle('  Desk \n  Lamp ')).toBe('Desk Lamp');
  });

  it('is for staff only; an unknown product, a product without a lot number and a bad id are refused', async () => {
    expect((await clients.guest.get(`/api/admin/products/${labelledId}/label`)).statusCode).toBe(401);
    expect((await clients.customer.get(`/api/admin/products/${labelledId}/label`)).statusCode).toBe(403);
    expect((await staff.get('/api/admin/products/2147483647/label')).statusCode).toBe(404);
    const noLot = await createProduct(t.db, { lotNumber: null });
    const res = await staff.get(`/api/admin/products/${noLot.id}/label`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('This product has no lot number to print.');
    expect((await staff.get('/api/admin/products/abc/label')).statusCode).toBe(400);
  });
});

describe('intake update', () => {
  it('sets condition, notes, price and shelf location on the version it started from; a stale version is a 409', async () => {
    const { id, version } = await createProduct(t.db, { lotNumber: 'LOT-U1', price: '40.00', active: false });
    const url = `/api/admin/intake/products/${id}`;
    expect((await clients.customer.patch(url, {})).statusCode).toBe(403);
    const body = {
      version,
      condition: 'used-good',
      conditionNotes: '  Scuff on the lid  ',
      price: '19.99',
      shelfLocation: ' B-3 ',
    };
    const res = await staff.patch(url, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      condition: 'used-good',
      conditionNotes: 'Scuff on the lid',
      price: '19.99',
      shelfLocation: 'B-3',
      draft: true,
      version: version + 1,
    });
    const stale = await staff.patch(url, { ...body, price: '5.00' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().product).toMatchObject({ price: '19.99', version: version + 1 });
    const lookup = (await staff.get('/api/admin/intake/lookup?code=lot-u1')).json();
    expect(lookup.matches[0]).toMatchObject({ price: '19.99', shelfLocation: 'B-3' });
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const { id, version } = await createProduct(t.db, { lotNumber: 'LOT-U2', price: '40.00' });
    const url = `/api/admin/intake/products/${id}`;
    const good = { version, condition: 'new', conditionNotes: '', price: '10.00', shelfLocation: '' };
    for (const [patch, message] of [
      [{ price: '-1' }, /Price/],
      [{ price: '' }, /Price is required/],
      [{ condition: 'smashed' }, /Condition must be one of/],
      [{ shelfLocation: 'x'.repeat(65) }, /Shelf location must be at most 64 characters/],
    ] as const) {
      const res = await staff.patch(url, { ...good, ...patch });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await staff.patch('/api/admin/intake/products/2147483647', good)).statusCode).toBe(404);
    const lookup = (await staff.get('/api/admin/intake/lookup?code=LOT-U2')).json();
    expect(lookup.matches[0]).toMatchObject({ price: '40.00', version });
  });
});

describe('intake price', () => {
  it('refuses $0.00 on a lot on sale and accepts it on a draft', async () => {
    const live = await createProduct(t.db, { lotNumber: 'LOT-Z1', price: '40.00', active: true });
    const body = {
      version: live.version,
      condition: 'new',
      conditionNotes: '',
      price: '0.00',
      shelfLocation: '',
    };
    const res = await staff.patch(`/api/admin/intake/products/${live.id}`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ZERO_PRICE_ON_SALE);
    const lookup = (await staff.get('/api/admin/intake/lookup?code=LOT-Z1')).json();
    expect(lookup.matches[0]).toMatchObject({ price: '40.00', version: live.version });
    const draft = await createProduct(t.db, { lotNumber: 'LOT-Z2', price: '40.00', active: false });
    const ok = await staff.patch(`/api/admin/intake/products/${draft.id}`, {
      ...body,
      version: draft.version,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ price: '0.00', draft: true });
  });
});

describe('photos taken at intake', () => {
  const storedFiles = () => {
    const dir = path.join(t.dataDir, 'uploads', 'products');
    return existsSync(dir) ? readdirSync(dir).sort() : [];
  };
  const send = (client: TestClient, id: number, content: Buffer | string, field = 'image') =>
    sendMultipart(client, `/api/admin/intake/products/${id}/images`, [
      { field, filename: 'IMG_0001.jpg', content, contentType: 'image/jpeg' },
    ]);
  const picturesOf = async (id: number) =>
    (
      await t.db
        .select({ url: productImages.imageUrl, primary: productImages.isPrimary })
        .from(productImages)
        .where(eq(productImages.productId, id))
        .orderBy(productImages.sortOrder)
    ).map((p) => [p.url, p.primary]);

  it("go after the lot's pictures, re-encoded; the first becomes the main picture and the version moves", async () => {
    const { id, version } = await createProduct(t.db, { lotNumber: 'LOT-P1', imageUrl: null, active: false });
    const first = await send(staff, id, await realImage('jpeg', 800, 600));
    expect(first.statusCode).toBe(200);
    const afterFirst = first.json();
    // Named after the lot, stored as the storefront's WebP variants.
    expect(afterFirst.images).toEqual([
      expect.stringMatching(/^\/uploads\/products\/lot-p1-[0-9a-f]{12}-640\.webp$/),
    ]);
    expect(afterFirst).toMatchObject({
      id,
      imageUrl: afterFirst.images[0],
      version: version + 1,
      draft: true,
    });
    const base = path.basename(afterFirst.images[0], '-640.webp');
    expect(storedFiles().filter((f) => f.startsWith(base))).toEqual([
      `${base}-1024.webp`,
      `${base}-320.webp`,
      `${base}-640.webp`,
    ]);
    // Upright (EXIF orientation 6 applied: 800 x 600 becomes 600 wide, 800 high) and without its EXIF.
    const meta = await sharp(path.join(t.dataDir, 'uploads', 'products', `${base}-640.webp`)).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 480, 640, undefined]);

    const second = await send(clients.admin, id, await realImage('png', 300, 200));
    expect(second.statusCode).toBe(200);
    expect(second.json().images).toHaveLength(2);
    expect(second.json()).toMatchObject({ imageUrl: afterFirst.images[0], version: version + 2 });
    expect(await picturesOf(id)).toEqual([
      [afterFirst.images[0], true],
      [second.json().images[1], false],
    ]);
    // The lookup shows them, and the grading form saves on the new version.
    const lookup = (await staff.get('/api/admin/intake/lookup?code=LOT-P1')).json();
    expect(lookup.matches[0].images).toEqual(second.json().images);
    const audit = await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, 'add-picture'));
    expect(audit.filter((a) => a.entityId === String(id))).toHaveLength(2);
  });

  it("keeps a product's older single picture first", async () => {
    const { id } = await createProduct(t.db, {
      lotNumber: 'LOT-P2',
      imageUrl: '/uploads/products/old-640.webp',
    });
    const res = await send(staff, id, await realImage('png', 100, 100));
    expect(res.statusCode).toBe(200);
    expect(res.json().images[0]).toBe('/uploads/products/old-640.webp');
    expect(res.json().images).toHaveLength(2);
  });

  it('is for staff only, and refuses what is not a photo with a clear message, changing nothing', async () => {
    const { id, version } = await createProduct(t.db, { lotNumber: 'LOT-P3', imageUrl: null });
    const png = await realImage('png', 50, 50);
    expect((await send(clients.guest, id, png)).statusCode).toBe(401);
    expect((await send(clients.customer, id, png)).statusCode).toBe(403);
    const before = storedFiles();
    for (const [res, status, message] of [
      [await send(staff, id, 'not a picture at all'), 415, /Only JPEG, PNG, WebP, GIF and AVIF/],
      [await send(staff, id, '<svg xmlns="http://www.w3.org/2000/svg"/>'), 415, /Only JPEG/],
      [await send(staff, id, png.subarray(0, 60)), 415, /damaged|Only JPEG/],
      [await send(staff, id, Buffer.alloc(0)), 400, /The photo is empty/],
      [await send(staff, id, png, 'file'), 400, /field "image"/],
      [await staff.post(`/api/admin/intake/products/${id}/images`, {}), 400, /multipart\/form-data/],
      [await send(staff, 2147483647, png), 404, /No such product/],
    ] as const) {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    expect(storedFiles()).toEqual(before);
    const [row] = await t.db.select().from(products).where(eq(products.id, id));
    expect([row!.imageUrl, row!.version]).toEqual([null, version]);
    expect(await picturesOf(id)).toEqual([]);
  });

  it('refuses an eleventh picture and stores nothing', async () => {
    const urls = Array.from({ length: 10 }, (_, i) => `/uploads/products/full-${i}-640.webp`);
    const { id } = await createProduct(t.db, { lotNumber: 'LOT-P4', imageUrl: urls[0] });
    await t.db
      .insert(productImages)
      .values(urls.map((imageUrl, i) => ({ productId: id, imageUrl, isPrimary: i === 0, sortOrder: i })));
    const before = storedFiles();
    const res = await send(staff, id, await realImage('png', 50, 50));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'A lot has at most 10 pictures. Remove one in the product form before adding another.',
    );
    expect(storedFiles()).toEqual(before);
  });
});
