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
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClients } from '~/server/features/admin-products/test-support';
import { createProduct, createUser, signInAs } from '~/server/test/fixtures';
import { createTestApp, type TestApp, TestClient } from '~/server/test/test-app';

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
    // Rasterised at 600 dpi, as a label printer would print it.
    const png = await sharp(Buffer.from(svg), { density: 600 }).png().toBuffer();
    const decoded = await decode(png);
    expect(decoded.format).toBe(BarcodeFormat.CODE_128);
    expect(decoded.text).toBe('Ld-2026-0042');
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
