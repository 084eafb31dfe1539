// Loads over the real HTTP layer: a messy manifest (mapping, drafts, bad rows, duplicates, re-upload),
// the spread of the load's cost and the recovery figures. Every expected figure is worked out by hand
// in the comments beside it.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orderRefundLines, orderRefunds, products, stockMovements } from '~/server/db/schema';
import { sendMultipart, signedInClients } from '~/server/features/admin-products/test-support';
import { createProduct } from '~/server/test/fixtures';
import { insertOrder } from '~/server/test/order-fixtures';
import { createTestApp, type TestApp } from '~/server/test/test-app';

let t: TestApp;
let clients: Awaited<ReturnType<typeof signedInClients>>;
let loadId: number;

beforeAll(async () => {
  t = await createTestApp({ env: { STORE_TIMEZONE: 'America/Toronto' } });
  clients = await signedInClients(t);
});
afterAll(() => t.close());

// What suppliers really send: a BOM, CRLF, quoted commas, currency signs with thousands separators,
// a blank line, a missing title, quantities 0 / negative / words, an unknown grade, the same line
// twice, a retail price that is not an amount.
const MANIFEST = [
  '\ufeffItem Title,Desc,UPC,Qty,Unit Retail,Grade',
  '"Blender, 5-speed",Kitchen blender,111,2,$49.99,Open Box', // row 2
  'Espresso Machine,,222,1,"$1,299.00",Like New', // row 3
  '', // row 4
  ',No title,333,1,10.00,New', // row 5
  'Lamp,,444,0,20.00,New', // row 6
  'Chair,,555,-1,20.00,New', // row 7
  'Desk,,666,two,20.00,New', // row 8
  'Rug,,777,1,20.00,Smashed', // row 9
  '"Blender, 5-speed",Kitchen blender,111,2,$49.99,Open Box', // row 10
  'Kettle,,888,3,$25.00,Refurbished', // row 11
  'Mug,,999,1,abc,New', // row 12
].join('\r\n');

const MAPPING = {
  title: 'Item Title',
  description: 'Desc',
  upc: 'UPC',
  quantity: 'Qty',
  unitRetail: 'Unit Retail',
  condition: 'Grade',
};

const upload = (id: number, content: string, mapping?: object) =>
  sendMultipart(clients.admin, `/api/admin/loads/${id}/manifest`, [
    { field: 'file', filename: 'manifest.csv', content, contentType: 'text/csv' },
    ...(mapping ? [{ field: 'mapping', value: JSON.stringify(mapping) }] : []),
  ]);

const lot = async (lotNumber: string) =>
  (await t.db.select().from(products).where(eq(products.lotNumber, lotNumber)))[0]!;

describe('loads and manifests', () => {
  it('sets the suggested-price percentage (admins only)', async () => {
    expect(
      (await clients.customer.put('/api/admin/settings/suggested-price', { percent: 40 })).statusCode,
    ).toBe(403);
    expect((await clients.admin.put('/api/admin/settings/suggested-price', { percent: 0 })).statusCode).toBe(
      400,
    );
    const res = await clients.admin.put('/api/admin/settings/suggested-price', { percent: 40 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ percent: 40 });
  });

  it('records a load; refuses bad input and a reference used before in any case', async () => {
    expect((await clients.guest.post('/api/admin/loads', {})).statusCode).toBe(401);
    expect((await clients.customer.post('/api/admin/loads', {})).statusCode).toBe(403);
    const bad = await clients.admin.post('/api/admin/loads', {
      supplier: ' ',
      receivedOn: '2026-02-30',
      reference: 'AC-7',
      totalCost: '-5',
    });
    expect(bad.statusCode).toBe(400);
    const res = await clients.admin.post('/api/admin/loads', {
      supplier: 'Acme Liquidators',
      receivedOn: '2026-01-10',
      reference: 'AC-7',
      totalCost: '$1,000.00',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      supplier: 'Acme Liquidators',
      reference: 'AC-7',
      totalCost: '1000.00',
    });
    loadId = res.json().id;
    const again = await clients.admin.post('/api/admin/loads', {
      supplier: 'Other',
      receivedOn: '2026-01-11',
      reference: 'ac-7',
      totalCost: 1,
    });
    expect(again.statusCode).toBe(409);
  });

  it('shows the columns, first rows and a guessed mapping for a new supplier', async () => {
    const res = await upload(loadId, MANIFEST);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.columns).toEqual(['Item Title', 'Desc', 'UPC', 'Qty', 'Unit Retail', 'Grade']);
    expect(body.rows[0]).toEqual(['Blender, 5-speed', 'Kitchen blender', '111', '2', '$49.99', 'Open Box']);
    expect(body.rows).toHaveLength(5);
    expect(body.saved).toBe(false);
    expect(body.mapping).toEqual({ ...MAPPING, brand: null });
  });

  it('refuses a mapping without a title or naming a column the file lacks, writing nothing', async () => {
    const noTitle = await upload(loadId, MANIFEST, { ...MAPPING, title: null });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().message).toBe('Choose the column for Title.');
    const wrong = await upload(loadId, MANIFEST, { ...MAPPING, upc: 'SKU' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('The column "SKU" is not in this manifest.');
    expect(await t.db.select().from(products).where(eq(products.loadId, loadId))).toHaveLength(0);
  });

  it('drafts the good rows and reports the bad ones by row number', async () => {
    const res = await upload(loadId, MANIFEST, MAPPING);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      total: 10,
      created: 3,
      alreadyCreated: 0,
      remapped: 0,
      errors: 7,
      messages: [
        'Row 5: Title is missing',
        'Row 6: Quantity must be a whole number of 1 or more ("0")',
        'Row 7: Quantity must be a whole number of 1 or more ("-1")',
        'Row 8: Quantity must be a whole number of 1 or more ("two")',
        'Row 9: Unknown condition "Smashed": map it to one of the store\'s conditions',
        'Row 10: Same as row 2; drafted once',
        'Row 12: Unit retail must be an amount ("abc")',
      ],
    });
    // Suggested price: the highest .99 price not above 40% of retail.
    // 40% of 49.99 = 19.996 -> 19.99; of 1,299.00 = 519.60 -> 518.99; of 25.00 = 10.00 -> 9.99.
    // Cost spread per unit, 1,000.00 = 100000 cents by unit retail over retail x units: 4999 x 2 + 129900
    // + 2500 x 3 = 147398. A unit's floor: 100000 x 4999 / 147398 = 3391.49 -> 3391; x 129900 -> 88128.74
    // -> 88128; x 2500 -> 1696.09 -> 1696. Given 3391 x 2 + 88128 + 1696 x 3 = 99998: 2 cents left. The
    // largest remainder, the espresso (1 unit), takes one (1 left); the blender's 2 units and the kettle's
    // 3 do not fit in 1 cent, so the espresso takes the last too: 33.91 x 2 + 881.30 + 16.96 x 3 = 1000.00.
    expect(await lot('AC-7-2')).toMatchObject({
      name: 'Blender, 5-speed',
      description: 'Kitchen blender',
      upc: '111',
      stock: 2,
      active: false,
      condition: 'new-open-box',
      price: '19.99',
      compareAtPrice: '49.99',
      compareAtSource: 'manifest:AC-7',
      unitCost: '33.91',
      manifestLine: 2,
    });
    expect(await lot('AC-7-3')).toMatchObject({
      stock: 1,
      condition: 'used-like-new',
      price: '518.99',
      compareAtPrice: '1299.00',
      unitCost: '881.30',
    });
    expect(await lot('AC-7-11')).toMatchObject({
      stock: 3,
      condition: 'used-good',
      price: '9.99',
      compareAtPrice: '25.00',
      unitCost: '16.96',
    });
  });

  it('creates nothing twice when the same manifest is uploaded again, and remembers the mapping', async () => {
    const preview = await upload(loadId, MANIFEST);
    expect(preview.json()).toMatchObject({ saved: true, mapping: MAPPING });
    const res = await upload(loadId, MANIFEST, MAPPING);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 10, created: 0, alreadyCreated: 3, errors: 7 });
    expect(res.json().messages).toContain('Row 10: Same as row 2; drafted once');
    expect(await t.db.select().from(products).where(eq(products.loadId, loadId))).toHaveLength(3);
  });

  it("offers the supplier's saved mapping for its next load, whatever the column order and delimiter", async () => {
    const res = await clients.admin.post('/api/admin/loads', {
      supplier: '  acme   LIQUIDATORS ',
      receivedOn: '2026-02-01',
      reference: 'AC 8',
      totalCost: '10.00',
    });
    const second = res.json().id;
    const semicolons = ['Grade;Unit Retail;Qty;UPC;Desc;Item Title', 'New;"12,50 €";1;42;;Toy truck'].join(
      '\n',
    );
    const preview = await upload(second, semicolons);
    expect(preview.json()).toMatchObject({ saved: true, mapping: MAPPING });
    const applied = await upload(second, semicolons, preview.json().mapping);
    expect(applied.json()).toMatchObject({ created: 1, errors: 0 });
    // 40% of 12.50 = 5.00 -> 4.99; the whole cost on the only lot.
    expect(await lot('AC-8-2')).toMatchObject({
      name: 'Toy truck',
      price: '4.99',
      compareAtPrice: '12.50',
      unitCost: '10.00',
    });
  });

  it('publishes drafts with a picture; a draft without one stays a draft', async () => {
    const blender = await lot('AC-7-2');
    const espresso = await lot('AC-7-3');
    await t.db.update(products).set({ imageUrl: '/uploads/blender.webp' }).where(eq(products.id, blender.id));
    expect(
      (await clients.customer.post(`/api/admin/loads/${loadId}/publish`, { productIds: [blender.id] }))
        .statusCode,
    ).toBe(403);
    const res = await clients.admin.post(`/api/admin/loads/${loadId}/publish`, {
      productIds: [blender.id, espresso.id],
    });
    expect(res.json()).toEqual({ published: 1, messages: ['AC-7-3: add a picture before publishing.'] });
    expect((await lot('AC-7-2')).active).toBe(true);
    expect((await lot('AC-7-3')).active).toBe(false);
  });

  it('reports units, revenue, recovery and days to sell per load and per supplier', async () => {
    const blender = await lot('AC-7-2');
    const espresso = await lot('AC-7-3');
    const kettle = await lot('AC-7-11');
    // Noon in Toronto (17:00 UTC in January): the dates are the same in the store's zone.
    await insertOrder(t.db, { createdAt: new Date('2026-01-13T17:00:00Z') }, [
      { productId: blender.id, quantity: 1, price: '19.99', productName: 'Blender' },
    ]);
    await insertOrder(t.db, { createdAt: new Date('2026-01-15T17:00:00Z') }, [
      { productId: espresso.id, quantity: 1, price: '518.99', productName: 'Espresso' },
    ]);
    await insertOrder(t.db, { createdAt: new Date('2026-01-20T17:00:00Z') }, [
      { productId: blender.id, quantity: 1, price: '17.99', productName: 'Blender' },
    ]);
    // Not paid: not counted.
    await insertOrder(t.db, { paymentStatus: 'pending', createdAt: new Date('2026-01-16T17:00:00Z') }, [
      { productId: kettle.id, quantity: 2, price: '9.99', productName: 'Kettle' },
    ]);

    const res = await clients.admin.get(`/api/admin/loads/${loadId}`);
    expect(res.statusCode).toBe(200);
    const report = res.json();
    // Revenue 19.99 + 518.99 + 17.99 = 556.97; recovery 556.97 / 1,000.00 = 55.697% -> 55.7.
    // Days to sell: blender first sold Jan 13 (3 days after Jan 10), espresso Jan 15 (5): median 4.
    // Listed: the published blender (2 units) and the sold espresso (1); the kettle is still a draft.
    expect(report.figures).toEqual({
      cost: '1000.00',
      lots: 3,
      drafts: 1,
      unitsListed: 3,
      unitsSold: 3,
      revenue: '556.97',
      recoveryPercent: 55.7,
      medianDaysToSell: 4,
    });
    expect(report.days).toEqual([
      { date: '2026-01-13', revenue: '19.99', cumulative: '19.99' },
      { date: '2026-01-15', revenue: '518.99', cumulative: '538.98' },
      { date: '2026-01-20', revenue: '17.99', cumulative: '556.97' },
    ]);
    expect(report.lots.map((l: { lotNumber: string }) => l.lotNumber)).toEqual([
      'AC-7-2',
      'AC-7-3',
      'AC-7-11',
    ]);

    const list = await clients.admin.get('/api/admin/loads');
    expect(list.json().map((l: { reference: string }) => l.reference)).toEqual(['AC 8', 'AC-7']);

    // Both loads are Acme's: cost 1,000.00 + 10.00 = 1,010.00; recovery 556.97 / 1,010.00 = 55.145% -> 55.1.
    const bySupplier = await clients.admin.get('/api/admin/loads/report-by-supplier');
    expect(bySupplier.json()).toEqual([
      {
        supplier: 'Acme Liquidators',
        loads: 2,
        figures: {
          cost: '1010.00',
          lots: 4,
          drafts: 2,
          unitsListed: 3,
          unitsSold: 3,
          revenue: '556.97',
          recoveryPercent: 55.1,
          medianDaysToSell: 4,
        },
      },
    ]);
  });

  it("takes refunds off revenue and recovery by each line's share of its order, as the sales reports do", async () => {
    const created = await clients.admin.post('/api/admin/loads', {
      supplier: 'Refund Test Co',
      receivedOn: '2026-02-01',
      reference: 'RF-1',
      totalCost: '100.00',
    });
    const refundLoad = created.json().id;
    const manifest = 'Title,Qty,Retail\nToaster,1,50.00\nFan,1,50.00\n';
    const mapping = { title: 'Title', quantity: 'Qty', unitRetail: 'Retail' };
    expect((await upload(refundLoad, manifest, mapping)).json()).toMatchObject({ created: 2 });
    const toaster = await lot('RF-1-2');
    const fan = await lot('RF-1-3');
    const other = await createProduct(t.db, { name: 'Not from a load' });
    // A: toaster 30.00 + shipping 5.00 + tax 5.00 = 40.00; 10.00 refunded through the provider.
    //    The toaster's share: 30.00 x 10.00 / 40.00 = 7.50, so 22.50 is kept.
    await insertOrder(
      t.db,
      { createdAt: new Date('2026-02-03T17:00:00Z'), total: '40.00', refundedAmount: '10.00' },
      [{ productId: toaster.id, quantity: 1, price: '30.00', productName: 'Toaster' }],
    );
    // B: marked refunded by hand (nothing recorded by the provider): the whole order came back, so the
    //    fan's 25.00 is not a sale at all (no unit, no day to sell).
    await insertOrder(
      t.db,
      { createdAt: new Date('2026-02-04T17:00:00Z'), total: '30.00', paymentStatus: 'refunded' },
      [{ productId: fan.id, quantity: 1, price: '25.00', productName: 'Fan' }],
    );
    // C: fan 20.00 + another product 10.00 + tax 3.90 = 33.90; 11.30 refunded. The fan's share:
    //    20.00 x 11.30 / 33.90 = 6.666... -> 6.67, so 13.33 is kept.
    await insertOrder(
      t.db,
      { createdAt: new Date('2026-02-06T17:00:00Z'), total: '33.90', refundedAmount: '11.30' },
      [
        { productId: fan.id, quantity: 1, price: '20.00', productName: 'Fan' },
        { productId: other.id, quantity: 1, price: '10.00', productName: 'Other' },
      ],
    );

    const report = (await clients.admin.get(`/api/admin/loads/${refundLoad}`)).json();
    // Revenue 22.50 + 13.33 = 35.83; recovery 35.83 / 100.00 = 35.83% -> 35.8. Sold: the toaster (A)
    // and the fan (C), 2 units, both listed by selling. Days: Feb 3 is 2 days after Feb 1, Feb 6 is 5:
    // median 3.5.
    const figures = {
      cost: '100.00',
      lots: 2,
      drafts: 0,
      unitsListed: 2,
      unitsSold: 2,
      revenue: '35.83',
      recoveryPercent: 35.8,
      medianDaysToSell: 3.5,
    };
    expect(report.figures).toEqual(figures);
    expect(report.days).toEqual([
      { date: '2026-02-03', revenue: '22.50', cumulative: '22.50' },
      { date: '2026-02-06', revenue: '13.33', cumulative: '35.83' },
    ]);
    const bySupplier = (await clients.admin.get('/api/admin/loads/report-by-supplier')).json();
    expect(bySupplier.find((r: { supplier: string }) => r.supplier === 'Refund Test Co')).toEqual({
      supplier: 'Refund Test Co',
      loads: 1,
      figures,
    });
    // The sales report by product keeps the same net figures for the same lines.
    const byProduct = (
      await clients.admin.get('/api/admin/reports/sales-by-product?from=2026-02-01&to=2026-02-28')
    ).json();
    const net = (id: number) => byProduct.rows.find((r: { productId: number }) => r.productId === id)?.net;
    expect([net(toaster.id), net(fan.id)]).toEqual(['22.50', '13.33']);
  });

  it('counts a refund by line on its own line: its units are not sold and its goods come off that lot alone', async () => {
    const created = await clients.admin.post('/api/admin/loads', {
      supplier: 'Line Refund Co',
      receivedOn: '2026-04-01',
      reference: 'LR-1',
      totalCost: '100.00',
    });
    const lineLoad = created.json().id;
    const mapping = { title: 'Title', quantity: 'Qty', unitRetail: 'Retail' };
    await upload(lineLoad, 'Title,Qty,Retail\nKettle,2,60.00\n', mapping);
    const kettle = await lot('LR-1-2');
    const other = await createProduct(t.db, { name: 'Lamp not from a load' });
    // Kettle 2 x 40.00 + lamp 20.00 = 100.00, HST 13.00, total 113.00. One kettle refunded by line:
    // 40.00 + HST 5.20 = 45.20 (docs/decisions/0510-refunds-by-line.md).
    const order = await insertOrder(
      t.db,
      {
        createdAt: new Date('2026-04-03T17:00:00Z'),
        subtotal: '100.00',
        shippingCost: '0.00',
        taxAmount: '13.00',
        total: '113.00',
        refundedAmount: '45.20',
      },
      [
        { productId: kettle.id, quantity: 2, price: '40.00', productName: 'Kettle' },
        { productId: other.id, quantity: 1, price: '20.00', productName: 'Lamp' },
      ],
    );
    const [kettleLine] = await t.db
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.orderId, order.id), eq(orderItems.productId, kettle.id)));
    const [refund] = await t.db
      .insert(orderRefunds)
      .values({
        orderId: order.id,
        kind: 'lines',
        amount: '45.20',
        taxAmount: '5.20',
        taxLines: [{ code: 'HST', rate: '13', amount: '5.20' }],
        restock: false,
        status: 'completed',
        idempotencyKey: `refund-line-load-${order.id}`,
      })
      .returning();
    await t.db.insert(orderRefundLines).values({
      refundId: refund!.id,
      orderItemId: kettleLine!.id,
      quantity: 1,
      amount: '40.00',
      restock: false,
    });

    // The kettle lot kept 80.00 - 40.00 = 40.00 and sold 1 unit. Spread over the order (the rule for
    // refunds tied to no line) it would have lost 80.00 x 45.20 / 113.00 = 32.00 and kept 48.00.
    const report = (await clients.admin.get(`/api/admin/loads/${lineLoad}`)).json();
    expect(report.figures).toMatchObject({ unitsSold: 1, revenue: '40.00', recoveryPercent: 40 });
    const byProduct = (
      await clients.admin.get('/api/admin/reports/sales-by-product?from=2026-04-01&to=2026-04-30')
    ).json();
    const row = (id: number) => byProduct.rows.find((r: { productId: number }) => r.productId === id);
    expect(row(kettle.id)).toMatchObject({ sales: '80.00', refunds: '40.00', net: '40.00' });
    expect(row(other.id)).toMatchObject({ sales: '20.00', refunds: '0.00', net: '20.00' });
  });

  it("edits a draft's condition, price and stock in the load's table, on the version it showed", async () => {
    const created = await clients.admin.post('/api/admin/loads', {
      supplier: 'Edit Test Co',
      receivedOn: '2026-03-01',
      reference: 'ED-1',
      totalCost: '10.00',
    });
    const editLoad = created.json().id;
    const manifest = 'Title,Qty,Retail,Grade\nHeater,3,40.00,New\nRadio,1,20.00,New\n';
    await upload(editLoad, manifest, {
      title: 'Title',
      quantity: 'Qty',
      unitRetail: 'Retail',
      condition: 'Grade',
    });
    const heater = await lot('ED-1-2');
    const url = `/api/admin/loads/${editLoad}/lots/${heater.id}`;
    const body = { version: heater.version, condition: 'used-good', price: '12.99', stock: 2 };
    expect((await clients.guest.patch(url, body)).statusCode).toBe(401);
    expect((await clients.customer.patch(url, body)).statusCode).toBe(403);

    const res = await clients.admin.patch(url, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: heater.id,
      condition: 'used-good',
      price: '12.99',
      stock: 2,
      active: false,
      version: heater.version + 1,
    });
    // One unit fewer than the manifest said: in the stock history, as an adjustment by this person.
    const moves = await t.db.select().from(stockMovements).where(eq(stockMovements.productId, heater.id));
    expect(moves.at(-1)).toMatchObject({
      delta: -1,
      stockAfter: 2,
      reason: 'adjustment',
      note: "Counted in the load's drafts",
      userId: clients.adminUser.id,
    });
    const row = (await clients.admin.get(`/api/admin/loads/${editLoad}`)).json().lots[0];
    expect(row).toMatchObject({ condition: 'used-good', price: '12.99', stock: 2 });

    // The table's older version: refused with the lot as it now is.
    const stale = await clients.admin.patch(url, { ...body, price: '1.00' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().lot).toMatchObject({ price: '12.99', version: heater.version + 1 });
  });

  it('refuses bad input, a lot of another load and a published lot, changing nothing', async () => {
    const editLoad = (await clients.admin.get('/api/admin/loads'))
      .json()
      .find((l: { reference: string }) => l.reference === 'ED-1').id;
    const radio = await lot('ED-1-3');
    const url = `/api/admin/loads/${editLoad}/lots/${radio.id}`;
    const good = { version: radio.version, condition: 'new', price: '9.99', stock: 1 };
    for (const [patch, message] of [
      [{ price: '-1' }, /Price/],
      [{ price: 'abc' }, /Price/],
      [{ condition: 'smashed' }, /Condition must be one of/],
      [{ stock: -1 }, /Stock must be 0 or more/],
      [{ stock: 1.5 }, /Stock must be a whole number/],
      [{ version: 'x' }, /version/],
      // The product form's limits (productText in src/shared/schemas/admin-products.ts).
      [{ name: 'x' }, /^Product name must be at least 2 characters\.$/],
      [{ description: 'd'.repeat(20_001) }, /^Description must be at most 20000 characters$/],
    ] as const) {
      const res = await clients.admin.patch(url, { ...good, ...patch });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const otherLoadLot = await lot('AC-7-11');
    const wrong = await clients.admin.patch(`/api/admin/loads/${editLoad}/lots/${otherLoadLot.id}`, good);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toBe(`Product ${otherLoadLot.id} is not a lot of this load.`);
    expect((await clients.admin.patch(`/api/admin/loads/999999/lots/${radio.id}`, good)).statusCode).toBe(
      404,
    );

    await t.db.update(products).set({ active: true }).where(eq(products.id, radio.id));
    const published = await clients.admin.patch(url, good);
    expect(published.statusCode).toBe(409);
    expect(published.json().message).toBe(
      'This lot is on sale: change it in the Products tab, where its stock moves by adjustments.',
    );
    expect(await lot('ED-1-3')).toMatchObject({ price: radio.price, stock: 1, version: radio.version });
  });

  it('answers 404 for a load that does not exist', async () => {
    expect((await clients.admin.get('/api/admin/loads/999999')).statusCode).toBe(404);
    expect((await upload(999999, MANIFEST)).statusCode).toBe(404);
  });
});

describe('manifest lines and the product form', () => {
  it("checks a line's texts by the product form's limits: a long description whole, a longer one refused", async () => {
    const res = await clients.admin.post('/api/admin/loads', {
      supplier: 'Long Descriptions Inc',
      receivedOn: '2026-02-02',
      reference: 'LD-1',
      totalCost: '10.00',
    });
    const longLoad = res.json().id;
    // The form allows 20,000 characters: 15,000 is kept whole (the manifest used to cut at 10,000),
    // 20,001 is the form's own refusal, and the draft is not made.
    const file = [
      'Item Title,Desc,UPC,Qty,Unit Retail,Grade',
      `Kept lamp,${'a'.repeat(15_000)},,1,$20.00,New`,
      `Refused lamp,${'b'.repeat(20_001)},,1,$20.00,New`,
      `X,short,,1,$20.00,New`,
    ].join('\n');
    const drafted = await upload(longLoad, file, MAPPING);
    expect(drafted.statusCode, drafted.body).toBe(200);
    expect(drafted.json()).toMatchObject({
      created: 1,
      errors: 2,
      messages: [
        'Row 3: Description must be at most 20000 characters',
        'Row 4: Product name must be at least 2 characters. ("X")',
      ],
    });
    expect((await lot('LD-1-2')).description).toHaveLength(15_000);
    expect(await t.db.select().from(products).where(eq(products.loadId, longLoad))).toHaveLength(1);
  });
});
