// Manifest intake a shop can trust, over the real HTTP layer: the common "Item #, Item Description…"
// columns, the preview of the first drafts, a wrong mapping corrected and its drafts made again, the
// supplier's grade words, UPCs a spreadsheet mangled, a Windows-1252 file with semicolons, the row
// limit, and a cost spread whose units add up to the load's cost to the cent (worked out by hand).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, supplierManifestMappings } from '~/server/db/schema';
import { sendMultipart, signedInClients } from '~/server/features/admin-products/test-support';
import { createTestApp, type TestApp } from '~/server/test/test-app';

let t: TestApp;
let clients: Awaited<ReturnType<typeof signedInClients>>;

beforeAll(async () => {
  t = await createTestApp();
  clients = await signedInClients(t);
});
afterAll(() => t.close());

const newLoad = async (reference: string, totalCost = '100.00', supplier = 'Wholesale Mart') => {
  const res = await clients.admin.post('/api/admin/loads', {
    supplier,
    receivedOn: '2026-11-01',
    reference,
    totalCost,
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
};

const upload = (id: number, content: string | Buffer, fields: Record<string, unknown> = {}) =>
  sendMultipart(clients.admin, `/api/admin/loads/${id}/manifest`, [
    { field: 'file', filename: 'manifest.csv', content, contentType: 'text/csv' },
    ...Object.entries(fields).map(([field, value]) => ({
      field,
      value: typeof value === 'string' ? value : JSON.stringify(value),
    })),
  ]);

const lotsOf = (loadId: number) =>
  t.db.select().from(products).where(eq(products.loadId, loadId)).orderBy(products.manifestLine);

const ITEM_MANIFEST = [
  'Item #,Item Description,UPC,Qty,Unit Retail,Condition',
  'WM100001,Cordless Drill 20V,012345678905,2,$89.99,Customer Return', // row 2
  'WM100002,Oak Side Table,036000291452,1,$120.00,Shelf Pull', // row 3
  'WM100003,Toaster 4-slice,,1,$45.00,Uninspected', // row 4
  'WM100004,Bluetooth Speaker,,3,$30.00,Tested Working', // row 5
  'WM100005,Office Chair,,1,$150.00,Grade B', // row 6
].join('\r\n');

const RIGHT = {
  title: 'Item Description',
  description: null,
  upc: 'UPC',
  brand: null,
  quantity: 'Qty',
  unitRetail: 'Unit Retail',
  condition: 'Condition',
};

describe('manifest intake', () => {
  it('guesses the description as the title, previews the first drafts and lists the grade words', async () => {
    const id = await newLoad('WM-1');
    const res = await upload(id, ITEM_MANIFEST);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.mapping).toEqual(RIGHT);
    expect(body.total).toBe(5);
    expect(body.rows[0]).toEqual([
      'WM100001',
      'Cordless Drill 20V',
      '012345678905',
      '2',
      '$89.99',
      'Customer Return',
    ]);
    expect(body.drafts[0]).toEqual({
      row: 2,
      title: 'Cordless Drill 20V',
      upc: '012345678905',
      brand: null,
      quantity: 2,
      unitRetail: '89.99',
      condition: 'used-good',
      problem: null,
    });
    expect(body.drafts[4]).toMatchObject({
      row: 6,
      title: null,
      problem: 'Unknown condition "Grade B": map it to one of the store\'s conditions',
    });
    // The common words are known out of the box; the supplier's own "Grade B" is not.
    expect(body.grades).toEqual([
      { word: 'Customer Return', lines: 1, condition: 'used-good' },
      { word: 'Shelf Pull', lines: 1, condition: 'new-open-box' },
      { word: 'Uninspected', lines: 1, condition: 'used-acceptable' },
      { word: 'Tested Working', lines: 1, condition: 'used-good' },
      { word: 'Grade B', lines: 1, condition: null },
    ]);
    // A preview writes nothing.
    expect(await lotsOf(id)).toHaveLength(0);
  });

  it('previews a corrected mapping, re-maps drafts made with a wrong one, and saves grade words', async () => {
    const id = await newLoad('WM-2');
    const wrong = { ...RIGHT, title: 'Item #' };
    const first = await upload(id, ITEM_MANIFEST, { mapping: wrong });
    expect(first.json()).toMatchObject({ created: 4, errors: 1 });
    expect((await lotsOf(id)).map((l) => l.name)).toEqual(['WM100001', 'WM100002', 'WM100003', 'WM100004']);

    const preview = await upload(id, ITEM_MANIFEST, {
      mapping: RIGHT,
      grades: { 'grade b': 'used-good' },
      preview: 'true',
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().drafts.map((d: { title: string }) => d.title)).toEqual([
      'Cordless Drill 20V',
      'Oak Side Table',
      'Toaster 4-slice',
      'Bluetooth Speaker',
      'Office Chair',
    ]);
    expect(await lotsOf(id)).toHaveLength(4);

    // Without "remap" the drafts made before are left alone, as before.
    const again = await upload(id, ITEM_MANIFEST, { mapping: RIGHT, grades: { 'Grade B': 'used-good' } });
    expect(again.json()).toMatchObject({ created: 1, alreadyCreated: 4, remapped: 0, errors: 0 });
    expect((await lotsOf(id))[0]!.name).toBe('WM100001');

    const remap = await upload(id, ITEM_MANIFEST, { mapping: RIGHT, remap: 'true' });
    expect(remap.json()).toMatchObject({ created: 0, alreadyCreated: 0, remapped: 5, errors: 0 });
    expect((await lotsOf(id)).map((l) => [l.name, l.condition])).toEqual([
      ['Cordless Drill 20V', 'used-good'],
      ['Oak Side Table', 'new-open-box'],
      ['Toaster 4-slice', 'used-acceptable'],
      ['Bluetooth Speaker', 'used-good'],
      ['Office Chair', 'used-good'],
    ]);
    const [saved] = await t.db
      .select()
      .from(supplierManifestMappings)
      .where(eq(supplierManifestMappings.supplierKey, 'wholesale mart'));
    expect(saved).toMatchObject({ mapping: RIGHT, grades: { gradeb: 'used-good' } });
  });

  it('does not re-map a lot already on sale', async () => {
    const id = await newLoad('WM-3', '10.00', 'Remap Co');
    const wrong = { ...RIGHT, title: 'Item #' };
    await upload(id, ITEM_MANIFEST, { mapping: wrong, grades: { 'Grade B': 'used-good' } });
    const [drill] = await lotsOf(id);
    await t.db.update(products).set({ active: true }).where(eq(products.id, drill!.id));
    const remap = await upload(id, ITEM_MANIFEST, { mapping: RIGHT, remap: 'true' });
    expect(remap.json()).toMatchObject({ remapped: 4, alreadyCreated: 1 });
    expect((await lotsOf(id)).map((l) => l.name)).toEqual([
      'WM100001',
      'Oak Side Table',
      'Toaster 4-slice',
      'Bluetooth Speaker',
      'Office Chair',
    ]);
  });

  it('refuses, by line and with the reason, UPCs a spreadsheet turned into numbers', async () => {
    const id = await newLoad('WM-4');
    const manifest = [
      'Item Description,UPC,Qty,Unit Retail',
      'Kettle,6.47808E+11,1,20.00', // row 2
      'Lamp,12345678905,1,20.00', // row 3: 11 digits
      'Fan,012345678905,1,20.00', // row 4: kept
    ].join('\n');
    const res = await upload(id, manifest, {
      mapping: { title: 'Item Description', upc: 'UPC', quantity: 'Qty', unitRetail: 'Unit Retail' },
    });
    expect(res.json()).toMatchObject({
      created: 1,
      errors: 2,
      messages: [
        'Row 2: UPC "6.47808E+11" was turned into a rounded number by a spreadsheet: format the column as text and export the manifest again',
        'Row 3: UPC "12345678905" has 11 digits, not 12: a spreadsheet may have dropped its leading zeros; format the column as text and export the manifest again',
      ],
    });
    expect((await lotsOf(id)).map((l) => l.upc)).toEqual(['012345678905']);
  });

  it('reads a Windows-1252 manifest with semicolons and decimal commas', async () => {
    const id = await newLoad('WM-5');
    const text = 'Description;Qté;Prix détail\r\nTable en chêne;1;"89,50 $"\r\nCafé filtre;2;12,00\r\n';
    const res = await upload(id, Buffer.from(text, 'latin1'));
    expect(res.statusCode).toBe(200);
    expect(res.json().columns).toEqual(['Description', 'Qté', 'Prix détail']);
    const applied = await upload(id, Buffer.from(text, 'latin1'), {
      mapping: { title: 'Description', quantity: 'Qté', unitRetail: 'Prix détail' },
    });
    expect(applied.json()).toMatchObject({ created: 2, errors: 0 });
    expect((await lotsOf(id)).map((l) => [l.name, l.compareAtPrice])).toEqual([
      ['Table en chêne', '89.50'],
      ['Café filtre', '12.00'],
    ]);
  });

  it('refuses a UTF-16 manifest by name, writing nothing', async () => {
    const id = await newLoad('WM-6');
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('Title,Retail\r\nMug,5.00\r\n', 'utf16le'),
    ]);
    const res = await upload(id, utf16, { mapping: { title: 'Title', unitRetail: 'Retail' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'The file is UTF-16 ("Unicode text"), which cannot be imported: save it from the spreadsheet as "CSV UTF-8" and upload it again.',
    );
    expect(await lotsOf(id)).toHaveLength(0);
  });

  it('refuses a manifest over the row limit before drafting anything', async () => {
    const id = await newLoad('WM-7');
    // The limit is the MAX_MANIFEST_ROWS setting, read on each upload; lowered here to keep the file small.
    const before = t.config.MAX_MANIFEST_ROWS;
    t.config.MAX_MANIFEST_ROWS = 3;
    try {
      const lines = ['Title,Retail', 'Mug,5.00', '', 'Cup,5.00', 'Bowl,5.00'];
      const ok = await upload(id, lines.join('\n'), { mapping: { title: 'Title', unitRetail: 'Retail' } });
      expect(ok.json()).toMatchObject({ created: 3 });
      const over = await upload(id, [...lines, 'Plate,5.00'].join('\n'), {
        mapping: { title: 'Title', unitRetail: 'Retail' },
      });
      expect(over.statusCode).toBe(400);
      expect(over.json().message).toBe(
        'The file has more than 3 rows, the most one file may have: split it into smaller files.',
      );
      expect(await lotsOf(id)).toHaveLength(3);
    } finally {
      t.config.MAX_MANIFEST_ROWS = before;
    }
  });

  it("spreads an $8,500.00 load so that every lot's units add up to $8,500.00 exactly", async () => {
    const id = await newLoad('WM-8', '8500.00');
    const manifest = ['Title,Qty,Retail', 'Alpha,3,10.00', 'Bravo,3,10.00', 'Charlie,1,10.00'].join('\n');
    await upload(id, manifest, { mapping: { title: 'Title', quantity: 'Qty', unitRetail: 'Retail' } });
    // 850000 cents over 7 units of equal retail: 121428.57 each, floor 121428, x 7 = 849996, 4 cents
    // left. Equal remainders, in file order: Alpha's 3 units fit (1 left), Bravo's 3 do not, Charlie's 1
    // does. 1214.29 x 3 + 1214.28 x 3 + 1214.29 = 3642.87 + 3642.84 + 1214.29 = 8500.00.
    expect((await lotsOf(id)).map((l) => [l.name, l.unitCost])).toEqual([
      ['Alpha', '1214.29'],
      ['Bravo', '1214.28'],
      ['Charlie', '1214.29'],
    ]);
  });

  it("reads the maker's brand from a Manufacturer column onto the drafts", async () => {
    const id = await newLoad('BR-1', '100.00', 'Brand Liquidators');
    const manifest = 'Description,Manufacturer,MSRP\nRobot Vacuum,iRobot,399.99\nPlain Mug,,9.99\n';
    const preview = await upload(id, manifest);
    expect(preview.json().mapping.brand).toBe('Manufacturer');
    expect(preview.json().drafts[0]).toMatchObject({ title: 'Robot Vacuum', brand: 'iRobot' });
    const applied = await upload(id, manifest, { mapping: preview.json().mapping });
    expect(applied.json()).toMatchObject({ created: 2, errors: 0 });
    expect((await lotsOf(id)).map((l) => [l.name, l.brand])).toEqual([
      ['Robot Vacuum', 'iRobot'],
      ['Plain Mug', null],
    ]);
  });

  it('edits a draft title, description, UPC and brand in the load table', async () => {
    const id = await newLoad('WM-9');
    await upload(id, 'Title,Retail\nWM1,5.00\n', { mapping: { title: 'Title', unitRetail: 'Retail' } });
    const [draft] = await lotsOf(id);
    const res = await clients.admin.patch(`/api/admin/loads/${id}/lots/${draft!.id}`, {
      version: draft!.version,
      condition: 'new',
      price: '2.99',
      stock: 1,
      name: 'Ceramic Mug',
      description: 'White, 350 ml',
      upc: '012345678905',
      brand: 'Corelle',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Ceramic Mug',
      description: 'White, 350 ml',
      upc: '012345678905',
      brand: 'Corelle',
    });
    const short = await clients.admin.patch(`/api/admin/loads/${id}/lots/${draft!.id}`, {
      version: res.json().version,
      condition: 'new',
      price: '2.99',
      stock: 1,
      name: 'M',
    });
    expect(short.statusCode).toBe(400);
    expect((await lotsOf(id))[0]!.name).toBe('Ceramic Mug');
  });
});
