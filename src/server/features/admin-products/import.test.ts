import { Readable } from 'node:stream';
import { and, asc, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, categories, productImages, products } from '~/server/db/schema';
import { createCategory, createProduct } from '~/server/test/fixtures';
import { createTestApp, type TestApp, type TestClient } from '~/server/test/test-app';
import { newReport } from './import-report';
import { importCsv } from './import-service';
import { multipart, realImage, sendMultipart, signedInClients } from './test-support';

let t: TestApp;
let clients: Awaited<ReturnType<typeof signedInClients>>;
let electronics: number;
let kitchen: number;

beforeAll(async () => {
  t = await createTestApp();
  clients = await signedInClients(t);
  electronics = (await createCategory(t.db, { name: 'Electronics', slug: 'electronics' })).id;
  kitchen = (await createCategory(t.db, { name: 'Home & Kitchen', slug: 'home-kitchen' })).id;
  await createProduct(t.db, {
    lotNumber: 'LOT-EXIST',
    name: 'Old Name',
    slug: 'old-name',
    description: 'Kept description',
    stock: 7,
    featured: true,
  });
});
afterAll(() => t.close());

const byLot = async (lot: string) =>
  (await t.db.select().from(products).where(eq(products.lotNumber, lot)))[0];
const imagesOf = async (productId: number) =>
  (
    await t.db
      .select()
      .from(productImages)
      .where(eq(productImages.productId, productId))
      .orderBy(asc(productImages.sortOrder))
  ).map((i) => i.imageUrl);

// What spreadsheets really export: a BOM, CRLF line ends, quoted fields with commas, quotes and line
// breaks, currency signs, odd header spellings, blank lines, short rows.
const messy = () =>
  [
    '\ufefflot_number,Name,Description,Price,compareAtPrice,Stock,categoryId,featured,new,active',
    `LOT-100,"Sony 55"" 4K TV","Big screen, great picture\r\nSecond line of the description","$1,299.00","1,499.99",2,${electronics},true,false,true`,
    'LOT-101,Coffee Maker,Drip coffee,39.5,,,Home & Kitchen,yes,no,TRUE',
    ',Missing Lot Number,,10,,,,,,',
    'LOT-102,Bad Price Item,,twelve,,,,,,',
    'LOT-103,Negative Price,,-4,,,,,,',
    'LOT-101,Duplicate Coffee Maker,,5,,,,,,',
    'LOT-104,Unknown Category Thing,,5,,1,9999,,,',
    'LOT-105,Half A Unit,,5,,2.5,,,,',
    'LOT-106,Flag Problem,,5,,,,maybe,,',
    'LOT-107,X,,5,,,,,,',
    '',
    'LOT-EXIST,New Name From File,,19.99',
    'LOT-108,No Price Given,,,,,,,,',
    'LOT-109,Short Row,,1.25',
  ].join('\r\n');

describe('POST /api/products/import', () => {
  it('reports each bad row with its row number and reason, and imports the rest', async () => {
    const res = await sendMultipart(clients.admin, '/api/products/import', [
      { field: 'file', filename: 'messy.csv', content: messy(), contentType: 'text/csv' },
    ]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.messages).toEqual([
      'Row 4: Lot number is required',
      'Row 5: Price must be a valid number ("twelve")',
      'Row 6: Price must be 0 or more ("-4")',
      'Row 7: Duplicate lot number "LOT-101" (already in row 3)',
      'Row 8: Unknown category "9999"',
      'Row 9: Stock must be a whole number ("2.5")',
      'Row 10: featured must be true or false ("maybe")',
      'Row 11: Product name must be at least 2 characters.',
      'Row 14: Price is required',
    ]);
    expect(body).toMatchObject({ total: 13, success: 4, errors: 9, created: 3, updated: 1 });

    const tv = await byLot('LOT-100');
    expect(tv).toMatchObject({
      name: 'Sony 55" 4K TV',
      slug: 'sony-55-4k-tv',
      description: 'Big screen, great picture\r\nSecond line of the description',
      price: '1299.00',
      compareAtPrice: '1499.99',
      stock: 2,
      categoryId: electronics,
      featured: true,
      new: false,
      active: true,
    });
    expect(await byLot('LOT-101')).toMatchObject({
      name: 'Coffee Maker',
      price: '39.50',
      categoryId: kitchen,
      stock: 0,
      featured: true,
    });
    expect(await byLot('LOT-109')).toMatchObject({
      name: 'Short Row',
      price: '1.25',
      active: true,
      applyDailyDiscount: true,
    });
    // Updated by lot number: what the file leaves out is kept.
    expect(await byLot('LOT-EXIST')).toMatchObject({
      name: 'New Name From File',
      price: '19.99',
      slug: 'old-name',
      description: 'Kept description',
      stock: 7,
      featured: true,
    });
    for (const lot of ['LOT-102', 'LOT-103', 'LOT-104', 'LOT-105', 'LOT-106', 'LOT-107', 'LOT-108']) {
      expect(await byLot(lot)).toBeUndefined();
    }
    const audit = await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, 'import'));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({
      created: ['LOT-100', 'LOT-101', 'LOT-109'],
      updated: ['LOT-EXIST'],
    });
  });

  it('gives a product named with digits only a slug with a letter, which opens it', async () => {
    const csv = 'lotNumber,name,price\nBOOK-1,1984,12\nBOOK-2,1984,9\n';
    const res = await sendMultipart(clients.admin, '/api/products/import', [
      { field: 'file', filename: 'books.csv', content: csv },
    ]);
    expect(res.json()).toMatchObject({ total: 2, success: 2, errors: 0 });
    expect(await byLot('BOOK-1')).toMatchObject({ slug: 'product-1984' });
    expect(await byLot('BOOK-2')).toMatchObject({ slug: 'product-1984-book-2' });
    for (const lot of ['BOOK-1', 'BOOK-2']) {
      const { id, slug } = (await byLot(lot))!;
      const opened = await clients.guest.get(`/api/products/${slug}`);
      expect(opened.statusCode).toBe(200);
      expect(opened.json().id).toBe(id);
    }
  });

  it('imports a Windows-1252 file (Excel on Windows) with its accents, and a semicolon-separated one', async () => {
    // "Café Table en chêne" as Excel saves it on Windows: é = 0xE9, ê = 0xEA, one byte each.
    const cp1252 = Buffer.from(
      'lotNumber,name,price\r\nENC-1,Café Table en chêne,49.00\r\nENC-2,Théière 1 l,12\r\n',
      'latin1',
    );
    const res = await sendMultipart(clients.admin, '/api/products/import', [
      { field: 'file', filename: 'excel.csv', content: cp1252 },
    ]);
    expect(res.json()).toMatchObject({ total: 2, success: 2, errors: 0 });
    expect(await byLot('ENC-1')).toMatchObject({ name: 'Café Table en chêne' });
    expect(await byLot('ENC-2')).toMatchObject({ name: 'Théière 1 l' });
    const semicolons = 'lotNumber;name;price;description\nSEMI-1;Lampe;19.99;"Abat-jour; lin"\n';
    const semi = await sendMultipart(clients.admin, '/api/products/import', [
      { field: 'file', filename: 'fr.csv', content: semicolons },
    ]);
    expect(semi.json()).toMatchObject({ total: 1, success: 1, errors: 0 });
    expect(await byLot('SEMI-1')).toMatchObject({
      name: 'Lampe',
      price: '19.99',
      description: 'Abat-jour; lin',
    });
  });

  it('refuses a UTF-16 file by name, writing nothing', async () => {
    const before = await t.db.select().from(products);
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('lotNumber,name,price\r\nU-1,Mug,5\r\n', 'utf16le'),
    ]);
    const res = await sendMultipart(clients.admin, '/api/products/import', [
      { field: 'file', filename: 'unicode.csv', content: utf16 },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'The file is UTF-16 ("Unicode text"), which cannot be imported: save it from the spreadsheet as "CSV UTF-8" and upload it again.',
    );
    expect(await t.db.select().from(products)).toEqual(before);
  });

  it('stops at the row limit (MAX_IMPORT_ROWS) with a message naming it', async () => {
    // The setting is read on each import; lowered here to keep the file small.
    const limit = t.config.MAX_IMPORT_ROWS;
    t.config.MAX_IMPORT_ROWS = 2;
    try {
      const res = await sendMultipart(clients.admin, '/api/products/import', [
        {
          field: 'file',
          filename: 'many.csv',
          content: 'lotNumber,name,price\nLIM-1,A1,1\nLIM-2,A2,1\nLIM-3,A3,1\n',
        },
      ]);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        'The file has more than 2 rows, the most one file may have: split it into smaller files.',
      );
      expect(await byLot('LIM-3')).toBeUndefined();
    } finally {
      t.config.MAX_IMPORT_ROWS = limit;
    }
  });

  it('matches pictures to products by lot number (_1 is the main image) and reports the others', async () => {
    const csv = 'lotNumber,name,price\nIMG-1,Camera Bag,25\nIMG-2,Tripod,40\n';
    const png = await realImage('png', 200, 200);
    const res = await sendMultipart(clients.admin, '/api/products/import', [
      { field: 'file', filename: 'with-images.csv', content: csv, contentType: 'text/csv' },
      { field: 'images', filename: 'IMG-1_2.png', content: png, contentType: 'image/png' },
      {
        field: 'images',
        filename: 'IMG-1_1.jpg',
        content: await realImage('jpeg', 300, 200),
        contentType: 'image/jpeg',
      },
      { field: 'images', filename: 'img-2_1.png', content: png, contentType: 'image/png' },
      { field: 'images', filename: 'NOPE-9_1.png', content: png, contentType: 'image/png' },
      { field: 'images', filename: 'IMG-2_2.png', content: 'not an image', contentType: 'image/png' },
      { field: 'images', filename: 'IMG-2_11.png', content: png, contentType: 'image/png' },
    ]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 2, success: 2, images: { total: 6, matched: 3, unmatched: 2 } });
    expect(body.errors).toBe(3);
    expect(body.messages).toEqual(
      expect.arrayContaining([
        'Image NOPE-9_1.png: no product with lot number "NOPE-9"',
        'Image IMG-2_2.png: Only JPEG, PNG, WebP, GIF and AVIF images are accepted.',
        expect.stringMatching(
          /^Image IMG-2_11\.png: the name must be the lot number with a suffix _1 to _10/,
        ),
      ]),
    );
    const bag = (await byLot('IMG-1'))!;
    const bagImages = await imagesOf(bag.id);
    expect(bagImages).toHaveLength(2);
    expect(bagImages[0]).toMatch(/^\/uploads\/products\/img-1-1-[0-9a-f]+-640\.webp$/);
    expect(bagImages[1]).toMatch(/^\/uploads\/products\/img-1-2-[0-9a-f]+-640\.webp$/);
    expect(bag.imageUrl).toBe(bagImages[0]);
    expect(await imagesOf((await byLot('IMG-2'))!.id)).toHaveLength(1);
  });

  it('refuses a file that is not .csv, a missing file and a header without the required columns, writing nothing', async () => {
    const before = await t.db.select().from(products);
    const notCsv = await sendMultipart(clients.admin, '/api/products/import', [
      { field: 'file', filename: 'products.xlsx', content: 'lotNumber,name,price\nQ-1,Quux,1\n' },
    ]);
    expect(notCsv.statusCode).toBe(400);
    expect(notCsv.json().message).toBe('Please select a CSV file.');
    const none = await sendMultipart(clients.admin, '/api/products/import', [
      { field: 'note', value: 'hello' },
    ]);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('No File Selected: choose a CSV file to import.');
    const badHeader = await sendMultipart(clients.admin, '/api/products/import', [
      { field: 'file', filename: 'p.csv', content: 'sku,title,cost\nQ-1,Quux,1\n' },
    ]);
    expect(badHeader.statusCode).toBe(400);
    expect(badHeader.json().message).toBe(
      'The CSV file must have a header row with the columns lotNumber, name, price (missing: lotNumber, name, price).',
    );
    expect(await t.db.select().from(products)).toEqual(before);
  });

  it('imports in batches, one transaction and audit entry per batch', async () => {
    const lines = ['lotNumber,name,price,stock'];
    for (let i = 0; i < 1200; i++) lines.push(`BULK-${i},Bulk Item ${i},${(i % 50) + 1}.99,${i % 5}`);
    const res = await sendMultipart(clients.admin, '/api/products/import', [
      { field: 'file', filename: 'bulk.csv', content: lines.join('\n') },
    ]);
    expect(res.json()).toMatchObject({ total: 1200, success: 1200, errors: 0, created: 1200 });
    const rows = await t.db
      .select({ lot: products.lotNumber })
      .from(products)
      .where(like(products.lotNumber, 'BULK-%'));
    expect(rows).toHaveLength(1200);
    const audits = await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, 'import'));
    // 500 + 500 + 200, after the earlier tests' imports.
    const bulk = audits.filter((a) =>
      (a.after as { created: string[] }).created.some((l) => l.startsWith('BULK-')),
    );
    expect(bulk.map((a) => (a.after as { created: string[] }).created.length)).toEqual([500, 500, 200]);
  });

  it('a row the database refuses is reported and skipped; the rest of its batch still goes in', async () => {
    const doomed = await createCategory(t.db, { name: 'Doomed', slug: 'doomed' });
    async function* file() {
      yield 'lotNumber,name,price,categoryId\n';
      // The category disappears after the import has read the category list.
      await t.db.delete(categories).where(eq(categories.id, doomed.id));
      yield `RACE-1,First Fine,1,\nRACE-2,Lost Category,2,${doomed.id}\nRACE-3,Third Fine,3,\n`;
    }
    const report = newReport();
    const result = await importCsv(t.app.ctx, Readable.from(file()), {
      userId: clients.adminUser.id,
      report,
    });
    expect(result).toMatchObject({ total: 3, success: 2, errors: 1 });
    expect(report.finish()).toEqual([expect.stringMatching(/^Row 3: could not be saved/)]);
    const saved = await t.db
      .select({ lot: products.lotNumber })
      .from(products)
      .where(and(inArray(products.lotNumber, ['RACE-1', 'RACE-2', 'RACE-3'])));
    expect(saved.map((s) => s.lot).sort()).toEqual(['RACE-1', 'RACE-3']);
  });
});

describe('POST /api/products/import with streamed progress (Accept: application/x-ndjson)', () => {
  // 1,200 rows (three batches), two of them bad, and three pictures: two matched, one unmatched.
  const parts = async (prefix: string) => {
    const lines = ['lotNumber,name,price'];
    for (let i = 0; i < 1200; i++)
      lines.push(`${prefix}-${i},Streamed Item ${i},${i === 7 ? 'twelve' : '3.50'}`);
    lines.splice(300, 0, ',No Lot,1');
    const png = await realImage('png', 64, 64);
    return [
      { field: 'file', filename: `${prefix}.csv`, content: lines.join('\n') },
      { field: 'images', filename: `${prefix}-1_1.png`, content: png },
      { field: 'images', filename: `${prefix}-2_1.png`, content: png },
      { field: 'images', filename: 'GHOST_1.png', content: png },
    ];
  };
  const streamed = (body: Parameters<typeof multipart>[0]) => {
    const { payload, headers } = multipart(body);
    return clients.admin.request({
      method: 'POST',
      url: '/api/products/import',
      payload,
      headers: { ...headers, accept: 'application/x-ndjson' },
    });
  };
  const linesOf = (body: string) =>
    body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
  const increasing = (values: number[]) => values.every((v, i) => i === 0 || v >= values[i - 1]!);

  it('streams progress that only goes up, then ends with the same result as the plain answer', async () => {
    const plain = await sendMultipart(clients.admin, '/api/products/import', await parts('PLAIN'));
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toMatch(/^application\/json/);

    const body = await parts('STREAM');
    const res = await streamed(body);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
    const lines = linesOf(res.body);
    expect(lines.at(-1)).toEqual({ result: plain.json() });
    expect(plain.json()).toMatchObject({ total: 1201, success: 1199, errors: 3, images: { matched: 2 } });

    const progress = lines.slice(0, -1).map((line) => line.progress);
    expect(progress.every(Boolean)).toBe(true);
    const totalBytes = multipart(body).payload.length;
    const csvBytes = Buffer.byteLength(body[0]!.content as string);
    expect(new Set(progress.map((p) => p.totalBytes))).toEqual(new Set([totalBytes]));
    for (const key of ['bytes', 'rows', 'images'] as const)
      expect(increasing(progress.map((p) => p[key]))).toBe(true);
    // One line per batch written while the file is read: rows and bytes grow together.
    // One line per batch of 500 written while the file is read (bad rows counted), bytes following.
    const rowLines = progress.filter((p) => p.bytes <= csvBytes);
    expect(rowLines.map((p) => p.rows)).toEqual([502, 1002, 1201]);
    expect(new Set(rowLines.map((p) => p.bytes)).size).toBe(3);
    expect(rowLines[0]!.bytes).toBeLessThan(csvBytes / 2);
    // Then the pictures, one step at a time, up to all of them.
    const last = progress.at(-1)!;
    expect(last).toMatchObject({ rows: 1201, images: 3, imagesTotal: 3 });
    expect(last.bytes).toBeLessThanOrEqual(totalBytes);
    expect(last.bytes).toBeGreaterThan(totalBytes - 1000);
    expect(progress.filter((p) => p.imagesTotal === 3).map((p) => p.images)).toEqual([0, 1, 2, 3]);
  });

  it('answers a request refused before any row with its status and JSON; a later error is the last line', async () => {
    const notCsv = await streamed([
      { field: 'file', filename: 'products.xlsx', content: 'lotNumber,name,price\n' },
    ]);
    expect(notCsv.statusCode).toBe(400);
    expect(notCsv.json()).toEqual({ message: 'Please select a CSV file.' });

    const twoFiles = await streamed([
      { field: 'file', filename: 'one.csv', content: 'lotNumber,name,price\nTWICE-1,First File,1\n' },
      { field: 'file', filename: 'two.csv', content: 'lotNumber,name,price\nTWICE-2,Second File,1\n' },
    ]);
    expect(twoFiles.statusCode).toBe(200);
    const lines = linesOf(twoFiles.body);
    expect(lines[0].progress).toMatchObject({ rows: 1 });
    expect(lines.at(-1)).toEqual({ error: { statusCode: 400, message: 'Send one CSV file at a time.' } });
  });
});

describe('POST /api/products/images-only', () => {
  it('puts _n at position n of existing products, appends past the end, and reports the unmatched', async () => {
    const product = await createProduct(t.db, {
      lotNumber: 'ONLY-1',
      imageUrl: '/uploads/products/a-640.webp',
    });
    await t.db.insert(productImages).values([
      { productId: product.id, imageUrl: '/uploads/products/a-640.webp', isPrimary: true, sortOrder: 0 },
      { productId: product.id, imageUrl: '/uploads/products/b-640.webp', isPrimary: false, sortOrder: 1 },
    ]);
    const png = await realImage('png', 120, 120);
    const res = await sendMultipart(clients.admin, '/api/products/images-only', [
      { field: 'images', filename: 'ONLY-1_2.png', content: png },
      { field: 'images', filename: 'ONLY-1_7.png', content: png },
      { field: 'images', filename: 'GHOST_1.png', content: png },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 3, matched: 2, unmatched: 1, errors: 0 });
    expect(res.json().messages).toEqual(['Image GHOST_1.png: no product with lot number "GHOST"']);
    const images = await imagesOf(product.id);
    expect(images[0]).toBe('/uploads/products/a-640.webp');
    expect(images[1]).toMatch(/^\/uploads\/products\/only-1-2-/);
    expect(images[2]).toMatch(/^\/uploads\/products\/only-1-7-/);
    expect(images).toHaveLength(3);
    const audit = await t.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, 'import-images'), eq(adminAuditLog.entityId, String(product.id))));
    expect(audit[0]!.before).toEqual({
      images: ['/uploads/products/a-640.webp', '/uploads/products/b-640.webp'],
    });
  });

  it('answers No Images Selected without pictures', async () => {
    const res = await sendMultipart(clients.admin, '/api/products/images-only', [{ field: 'x', value: 'y' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('No Images Selected: choose the pictures to upload.');
  });
});

describe('GET /api/products/template', () => {
  // A store of its own, whose category ids do not start at 1.
  let store: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    store = await createTestApp();
    admin = (await signedInClients(store)).admin;
  });
  afterAll(() => store.close());

  const download = async () => {
    const res = await admin.get('/api/products/template');
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  const importFile = (content: string) =>
    sendMultipart(admin, '/api/products/import', [{ field: 'file', filename: 'template.csv', content }]);
  const inStore = async (lot: string) =>
    (await store.db.select().from(products).where(eq(products.lotNumber, lot)))[0];

  it('downloads a CSV with the columns of the specification that imports as it is, on any store', async () => {
    const gone = await createCategory(store.db, { name: 'Gone' });
    await createCategory(store.db, { name: 'Hidden', active: false });
    const garden = await createCategory(store.db, { name: 'Garden' });
    await store.db.delete(categories).where(eq(categories.id, gone.id));
    expect(await store.db.select().from(categories).where(eq(categories.id, 1))).toEqual([]);

    const res = await admin.get('/api/products/template');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="product-import-template.csv"');
    const template = res.body;
    // The specification's columns, then the lot's condition, its notes and final sale, then
    // the French name, description and condition notes.
    expect(template.split('\r\n')[0]).toBe(
      'lotNumber,name,description,price,compareAtPrice,stock,categoryId,featured,new,active,condition,conditionNotes,finalSale,nameFr,descriptionFr,conditionNotesFr',
    );
    const imported = await importFile(template);
    expect(imported.statusCode).toBe(200);
    expect(imported.json()).toMatchObject({ total: 2, success: 2, errors: 0, messages: [] });
    // The example names the first active category.
    expect(await inStore('LOT-1001')).toMatchObject({
      name: 'Wireless Earbuds',
      nameFr: 'Écouteurs sans fil',
      categoryId: garden.id,
      condition: 'new',
      finalSale: false,
    });
    expect(await inStore('LOT-1002')).toMatchObject({
      categoryId: null,
      condition: 'used-good',
      conditionNotes: 'Small dent near the base',
      finalSale: true,
    });
  });

  it('leaves the example category empty on a store without categories', async () => {
    await store.db.delete(categories);
    const template = await download();
    expect(template.split('\r\n')[1]).toMatch(/,12,,true,true,true,New,,false,Écouteurs sans fil,/);
    const imported = await importFile(template);
    expect(imported.json()).toMatchObject({ total: 2, success: 2, errors: 0, messages: [] });
  });
});
