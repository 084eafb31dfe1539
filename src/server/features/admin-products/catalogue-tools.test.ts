// Export -> import round trip, bulk edit, lot numbers without regard to case, archived products.
import { and, asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, products } from '~/server/db/schema';
import { createCategory, createProduct } from '~/server/test/fixtures';
import { createTestApp, type TestApp } from '~/server/test/test-app';
import { insertOrderWith, sendMultipart, signedInClients } from './test-support';

let t: TestApp;
let clients: Awaited<ReturnType<typeof signedInClients>>;

beforeAll(async () => {
  t = await createTestApp();
  clients = await signedInClients(t);
});
afterAll(() => t.close());

const importCsv = (csv: string) =>
  sendMultipart(clients.admin, '/api/products/import', [
    { field: 'file', filename: 'products.csv', content: csv, contentType: 'text/csv' },
  ]);

/** Every product column the import writes, and its version, by id. */
const snapshot = async () =>
  (await t.db.select().from(products).where(isNull(products.archivedAt)).orderBy(asc(products.id))).map(
    ({ searchVector: _s, searchVectorFr: _f, updatedAt: _u, ...p }) => p,
  );

describe('product export', () => {
  it('exports the import columns, and importing the file again changes nothing', async () => {
    const category = await createCategory(t.db, { name: 'Kitchen', slug: 'kitchen-export' });
    await createProduct(t.db, {
      lotNumber: 'EXP-1',
      name: 'Kettle, "whistling"',
      description: 'Line one\nLine two, with a comma',
      price: '24.99',
      compareAtPrice: '39.00',
      stock: 4,
      categoryId: category.id,
      featured: true,
      new: false,
      active: true,
      condition: 'new-open-box',
      conditionNotes: 'Box opened, never used',
      finalSale: true,
    });
    await createProduct(t.db, {
      lotNumber: 'EXP-2',
      name: '-50% Lamp',
      description: '=SUM(A1:A2)',
      price: '5.00',
      compareAtPrice: null,
      stock: 0,
      categoryId: null,
      active: false,
    });
    const res = await clients.admin.get('/api/products/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const csv = res.body;
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'lotNumber,name,description,price,compareAtPrice,stock,categoryId,featured,new,active,condition,conditionNotes,finalSale,nameFr,descriptionFr,conditionNotesFr',
    );
    expect(csv).toContain(
      `EXP-1,"Kettle, ""whistling""","Line one\nLine two, with a comma",24.99,39.00,4,${category.id},true,false,true,new-open-box,"Box opened, never used",true`,
    );
    // Cells a spreadsheet would run as formulas are defused with an apostrophe.
    expect(csv).toContain("EXP-2,'-50% Lamp,'=SUM(A1:A2),5.00,,0,,false,false,false,new,,false");

    const before = await snapshot();
    const again = await importCsv(csv);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ total: 2, success: 2, errors: 0, created: 0, updated: 2 });
    const after = await snapshot();
    // Nothing but the version (an import is an edit) changed.
    expect(after.map(({ version: _v, ...p }) => p)).toEqual(before.map(({ version: _v, ...p }) => p));
  });

  it('an edited cell updates that product only', async () => {
    const csv = (await clients.admin.get('/api/products/export')).body;
    const edited = csv.replace(',24.99,39.00,4,', ',21.50,39.00,4,');
    expect(edited).not.toBe(csv);
    const before = await snapshot();
    expect((await importCsv(edited)).json()).toMatchObject({ errors: 0, created: 0 });
    const after = await snapshot();
    const kettle = after.find((p) => p.lotNumber === 'EXP-1')!;
    expect(kettle.price).toBe('21.50');
    const strip = (rows: typeof before) =>
      rows.filter((p) => p.lotNumber !== 'EXP-1').map(({ version: _v, ...p }) => p);
    expect(strip(after)).toEqual(strip(before));
  });

  it('exports and imports the French name, description and condition notes unchanged', async () => {
    await createProduct(t.db, {
      lotNumber: 'EXP-FR-1',
      name: 'Coffee Maker',
      nameFr: 'Cafetière « Matin », 12 tasses',
      description: 'Brews 12 cups.',
      descriptionFr: 'Prépare 12 tasses;\nplaque chauffante, arrêt automatique.',
      conditionNotes: 'Box opened',
      conditionNotesFr: 'Boîte ouverte, « jamais servie »',
      price: '49.00',
    });
    const csv = (await clients.admin.get('/api/products/export')).body;
    expect(csv).toContain(
      ',"Cafetière « Matin », 12 tasses","Prépare 12 tasses;\nplaque chauffante, arrêt automatique.","Boîte ouverte, « jamais servie »"\r\n',
    );
    const before = await snapshot();
    expect((await importCsv(csv)).json()).toMatchObject({ errors: 0, created: 0 });
    const after = await snapshot();
    expect(after.map(({ version: _v, ...p }) => p)).toEqual(before.map(({ version: _v, ...p }) => p));

    // An edited French cell changes that product's French name only.
    const edited = csv.replace('Cafetière « Matin », 12 tasses', 'Cafetière filtre, 12 tasses');
    expect((await importCsv(edited)).json()).toMatchObject({ errors: 0, created: 0 });
    const [row] = await t.db.select().from(products).where(eq(products.lotNumber, 'EXP-FR-1'));
    expect(row).toMatchObject({
      name: 'Coffee Maker',
      nameFr: 'Cafetière filtre, 12 tasses',
      descriptionFr: 'Prépare 12 tasses;\nplaque chauffante, arrêt automatique.',
      conditionNotesFr: 'Boîte ouverte, « jamais servie »',
    });
  });

  it('imports French columns in a new file, keeps the French of an empty cell, and refuses a bad one', async () => {
    const res = await importCsv(
      'lotNumber,name,price,nameFr,descriptionFr\r\n' +
        'FR-NEW-1,Camping Gear,12.00,Équipement de camping,Tente et sac de couchage.\r\n' +
        `FR-NEW-2,Too Long,5.00,${'x'.repeat(201)},\r\n`,
    );
    expect(res.json()).toMatchObject({ total: 2, success: 1, errors: 1, created: 1 });
    expect(JSON.stringify(res.json())).toContain('French name must be at most 200 characters');
    const [created] = await t.db.select().from(products).where(eq(products.lotNumber, 'FR-NEW-1'));
    expect(created).toMatchObject({
      nameFr: 'Équipement de camping',
      descriptionFr: 'Tente et sac de couchage.',
    });
    expect(await t.db.select().from(products).where(eq(products.lotNumber, 'FR-NEW-2'))).toEqual([]);
    // Empty French cells keep what the product has, as every other column does.
    await importCsv('lotNumber,name,price,nameFr,descriptionFr\r\nFR-NEW-1,Camping Gear,13.00,,\r\n');
    const [kept] = await t.db.select().from(products).where(eq(products.lotNumber, 'FR-NEW-1'));
    expect(kept).toMatchObject({ price: '13.00', nameFr: 'Équipement de camping' });
  });

  it('is for staff only', async () => {
    expect((await clients.guest.get('/api/products/export')).statusCode).toBe(401);
    expect((await clients.customer.get('/api/products/export')).statusCode).toBe(403);
  });
});

describe('bulk edit', () => {
  it('changes category, shown, daily discount and price by a percentage for the selected products only', async () => {
    const category = await createCategory(t.db, { slug: 'bulk-target' });
    const a = await createProduct(t.db, { price: '19.99', stock: 7, active: true, applyDailyDiscount: true });
    const b = await createProduct(t.db, { price: '0.10', stock: 3, active: true, applyDailyDiscount: true });
    const untouched = await createProduct(t.db, { price: '50.00', stock: 2 });
    const res = await clients.admin.post('/api/products/bulk', {
      ids: [a.id, b.id],
      categoryId: category.id,
      active: false,
      applyDailyDiscount: false,
      pricePercent: '-15',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 2, message: '2 products updated.' });
    const read = async (id: number) => (await t.db.select().from(products).where(eq(products.id, id)))[0]!;
    const [ra, rb, ru] = [await read(a.id), await read(b.id), await read(untouched.id)];
    // 19.99 x 0.85 = 16.9915 -> 16.99 (below half a cent: down)
    expect(ra).toMatchObject({
      price: '16.99',
      categoryId: category.id,
      active: false,
      applyDailyDiscount: false,
      stock: 7,
    });
    // 0.10 x 0.85 = 0.085 -> 0.09 (half a cent: up)
    expect(rb).toMatchObject({ price: '0.09', categoryId: category.id, stock: 3 });
    expect(ra.version).toBe(a.version + 1);
    expect(ru).toMatchObject({ price: '50.00', categoryId: null, stock: 2 });
    const entries = await t.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, 'bulk-edit'), eq(adminAuditLog.entityId, String(a.id))));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      before: { price: '19.99', active: true },
      after: { price: '16.99', active: false },
    });
  });

  it('raises by a percentage with decimals: 12.34 + 2.5% = 12.6485 -> 12.65', async () => {
    const p = await createProduct(t.db, { price: '12.34' });
    const res = await clients.admin.post('/api/products/bulk', { ids: [p.id], pricePercent: 2.5 });
    expect(res.statusCode).toBe(200);
    expect((await t.db.select().from(products).where(eq(products.id, p.id)))[0]!.price).toBe('12.65');
  });

  it('refuses a result of 0 or less, and changes none of the products', async () => {
    const fine = await createProduct(t.db, { price: '100.00' });
    const tiny = await createProduct(t.db, { name: 'Tiny sticker', lotNumber: 'TINY-1', price: '0.01' });
    // 0.01 x 0.01 = 0.0001 -> 0.00
    const res = await clients.admin.post('/api/products/bulk', {
      ids: [fine.id, tiny.id],
      pricePercent: -99,
      active: false,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'The new price of "Tiny sticker" (TINY-1) would be $0.00: a price must be more than 0. Nothing was changed.',
    );
    const rows = await t.db.select().from(products).where(eq(products.id, fine.id));
    expect(rows[0]).toMatchObject({ price: '100.00', active: true });
  });

  it('leaves no product shown in the store at $0.00: neither by a percentage nor by showing it', async () => {
    const fine = await createProduct(t.db, { price: '100.00', active: true });
    const shown = await createProduct(t.db, {
      name: 'Shown pin',
      lotNumber: 'PIN-1',
      price: '0.02',
      active: true,
    });
    // 0.02 x (1 - 0.9999) = 0.000002 -> $0.00, on a product still shown after the edit
    const byPercent = await clients.admin.post('/api/products/bulk', {
      ids: [fine.id, shown.id],
      pricePercent: '-99.99',
    });
    expect(byPercent.statusCode).toBe(409);
    expect(byPercent.json().message).toBe(
      '"Shown pin" (PIN-1): A product shown in the store needs a price above $0.00. Set its price, or hide it from the store. Nothing was changed.',
    );
    const hiddenFree = await createProduct(t.db, {
      name: 'Draft lot',
      lotNumber: 'DRAFT-0',
      price: '0.00',
      active: false,
    });
    const byShowing = await clients.admin.post('/api/products/bulk', {
      ids: [fine.id, hiddenFree.id],
      active: true,
    });
    expect(byShowing.statusCode).toBe(409);
    expect(byShowing.json().message).toContain(
      '"Draft lot" (DRAFT-0): A product shown in the store needs a price',
    );
    const read = async (id: number) => (await t.db.select().from(products).where(eq(products.id, id)))[0]!;
    expect(await read(fine.id)).toMatchObject({ price: '100.00', active: true, version: fine.version });
    expect(await read(shown.id)).toMatchObject({ price: '0.02', active: true });
    expect(await read(hiddenFree.id)).toMatchObject({ price: '0.00', active: false });
    // Hiding it in the same edit is fine: a hidden draft may be $0.00.
    const hidden = await clients.admin.post('/api/products/bulk', { ids: [hiddenFree.id], categoryId: null });
    expect(hidden.statusCode).toBe(200);
  });

  it('refuses bad input with a clear message', async () => {
    const p = await createProduct(t.db);
    const cases: [unknown, number, string][] = [
      [{ ids: [p.id] }, 400, 'Choose at least one change'],
      [{ ids: [], active: true }, 400, 'Select from 1 to 500 products.'],
      [{ ids: [p.id], pricePercent: 'ten' }, 400, 'The price change must be a percentage'],
      [{ ids: [p.id], pricePercent: -100 }, 400, 'The price change must be a percentage'],
      [{ ids: [p.id], pricePercent: '1.234' }, 400, 'The price change must be a percentage'],
      [{ ids: [p.id], categoryId: 999999 }, 400, 'Category not found.'],
      [{ ids: [p.id, 999999], active: false }, 404, 'Some of the selected products no longer exist'],
      [{ ids: [p.id], price: '1.00' }, 400, 'Choose at least one change'],
    ];
    for (const [body, status, message] of cases) {
      const res = await clients.admin.post('/api/products/bulk', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toContain(message);
    }
    expect((await t.db.select().from(products).where(eq(products.id, p.id)))[0]).toMatchObject({
      price: '10.00',
      active: true,
    });
    expect(
      (await clients.customer.post('/api/products/bulk', { ids: [p.id], active: false })).statusCode,
    ).toBe(403);
  });
});

describe('lot numbers without regard to case', () => {
  it('refuses a lot number that differs only by case, on create and on update', async () => {
    await createProduct(t.db, { lotNumber: 'MX-0099' });
    const created = await clients.admin.post('/api/products', {
      name: 'Another mixer',
      lotNumber: 'mx-0099',
      price: '5',
      stock: '1',
    });
    expect(created.statusCode).toBe(409);
    expect(created.json().message).toBe('A product with this lot number already exists.');
    const other = await createProduct(t.db, { lotNumber: 'MX-0100' });
    const updated = await clients.admin.put(`/api/products/${other.id}`, {
      name: other.name,
      lotNumber: 'Mx-0099',
      price: '5',
    });
    expect(updated.statusCode).toBe(409);
    expect(updated.json().message).toBe('A product with this lot number already exists.');
  });

  it('the database itself refuses two lot numbers that differ only by case', async () => {
    await createProduct(t.db, { lotNumber: 'DB-CASE-1' });
    await expect(createProduct(t.db, { lotNumber: 'db-case-1' })).rejects.toThrow();
  });

  it('the import updates the product whose lot number differs only by case, keeping its spelling', async () => {
    const p = await createProduct(t.db, { lotNumber: 'IMP-CASE-7', name: 'Old name', price: '3.00' });
    const res = await importCsv('lotNumber,name,price\r\nimp-case-7,New name,4.00\r\n');
    expect(res.json()).toMatchObject({ success: 1, created: 0, updated: 1, errors: 0 });
    const rows = await t.db.select().from(products).where(eq(products.id, p.id));
    expect(rows[0]).toMatchObject({ lotNumber: 'IMP-CASE-7', name: 'New name', price: '4.00' });
    const dup = await importCsv('lotNumber,name,price\r\nCASE-NEW-1,One,1.00\r\ncase-new-1,Two,2.00\r\n');
    expect(dup.json()).toMatchObject({ created: 1, errors: 1 });
    expect(dup.json().messages).toContain('Row 3: Duplicate lot number "case-new-1" (already in row 2)');
  });
});

describe('archived products', () => {
  it('lists archived products with their old lot number and restores one, turned off', async () => {
    const p = await createProduct(t.db, { lotNumber: 'ARC-1', slug: 'old-radio', name: 'Old radio' });
    await insertOrderWith(t.db, p.id);
    expect((await clients.admin.delete(`/api/products/${p.id}`)).json().outcome).toBe('archived');
    const list = await clients.admin.get('/api/products/archived?search=radio');
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.json()[0]).toMatchObject({
      id: p.id,
      name: 'Old radio',
      slug: 'old-radio',
      lotNumber: 'ARC-1',
    });

    const res = await clients.admin.post(`/api/products/${p.id}/restore`);
    expect(res.statusCode).toBe(200);
    expect(res.json().product).toMatchObject({
      id: p.id,
      slug: 'old-radio',
      lotNumber: 'ARC-1',
      active: false,
    });
    expect(res.json().message).toBe(
      'The product is back in the product list, turned off: turn it on to show it in the store.',
    );
    expect((await clients.admin.get('/api/products/archived?search=radio')).json()).toEqual([]);
    expect((await clients.admin.post(`/api/products/${p.id}/restore`)).statusCode).toBe(404);
  });

  it('restores without the lot number and with another slug when others took them meanwhile', async () => {
    const p = await createProduct(t.db, { lotNumber: 'ARC-2', slug: 'old-tv', name: 'Old TV' });
    await insertOrderWith(t.db, p.id);
    await clients.admin.delete(`/api/products/${p.id}`);
    await createProduct(t.db, { lotNumber: 'arc-2', slug: 'old-tv' });
    const res = await clients.admin.post(`/api/products/${p.id}/restore`);
    expect(res.json().product).toMatchObject({ slug: `old-tv-${p.id}`, lotNumber: null });
    expect(res.json().message).toContain(
      `Its old address "old-tv" is now another product's, so it is "old-tv-${p.id}".`,
    );
    expect(res.json().message).toContain("Its lot number ARC-2 is now another product's, so it has none.");
  });

  it('is for staff only', async () => {
    expect((await clients.customer.get('/api/products/archived')).statusCode).toBe(403);
    expect((await clients.guest.post('/api/products/1/restore')).statusCode).toBe(401);
  });
});
