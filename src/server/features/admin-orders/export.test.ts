// GET /api/orders/export.csv: every order matching the filters, newest first, in batches, and every
// cell that a spreadsheet would run as a formula (= + - @ tab CR at the start) defused.
import { text } from 'node:stream/consumers';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createUser, signInAs } from '~/server/test/fixtures';
import { createTestApp, type TestApp, TestClient } from '~/server/test/test-app';
import { insertOrder } from '~/server/test/order-fixtures';
import { ORDER_CSV_COLUMNS, ordersCsvStream } from './export';

let t: TestApp;
let adminClient: TestClient;
const marker = 'csv-marker';

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(t.db, { username: 'csv_admin', isAdmin: true });
  adminClient = new TestClient(t.app);
  await signInAs(t.db, adminClient, admin.id);
});
afterAll(() => t?.close());

const FORMULA_START = /^[=+\-@\t\r]/;
const rowsOf = (csv: string): string[][] => parse(csv.replace(/^\ufeff/, ''), { relax_column_count: false });

describe('orders CSV', () => {
  it('defuses every cell that starts like a formula, in every column', async () => {
    const product = await createProduct(t.db, { name: '@Lamp' });
    const buyer = await createUser(t.db, { username: '=evil_user', email: '+evil@user.example' });
    await insertOrder(
      t.db,
      {
        userId: buyer.id,
        customerName: `=HYPERLINK("http://evil.example","${marker}")`,
        customerEmail: '+attacker@example.com',
        customerPhone: '\r=1+1',
        shippingAddress: {
          address: '-2+3 Evil Road',
          city: '@SUM(A1)',
          state: 'ON',
          zipCode: 'M5V 2T6',
          country: 'Canada',
        },
        notes: '\t=cmd|" /C calc"!A0',
        trackingNumber: '=1+1',
        paymentReference: '@ref',
      },
      [{ productId: product.id, quantity: 1, productName: '=Lamp', sku: '-SKU' }],
    );
    const res = await adminClient.get(`/api/orders/export.csv?search=${encodeURIComponent(marker)}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.body.startsWith('\ufeff')).toBe(true);
    const rows = rowsOf(res.body);
    expect(rows[0]).toEqual(ORDER_CSV_COLUMNS.map((c) => c.header));
    expect(rows).toHaveLength(2);
    const cells = rows.flat();
    for (const cell of cells) expect(cell).not.toMatch(FORMULA_START);
    const row = Object.fromEntries(rows[0]!.map((h, i) => [h, rows[1]![i]]));
    expect(row['Customer Name']).toBe(`'=HYPERLINK("http://evil.example","${marker}")`);
    expect(row['Customer Email']).toBe("'+attacker@example.com");
    expect(row['Customer Phone']).toBe("'\r=1+1");
    expect(row['Shipping Address']).toBe("'-2+3 Evil Road, @SUM(A1), ON M5V 2T6, Canada");
    expect(row.Notes).toBe('\'\t=cmd|" /C calc"!A0');
    expect(row['Tracking Number']).toBe("'=1+1");
    expect(row['Payment Reference']).toBe("'@ref");
    expect(row['Linked User']).toBe("'=evil_user <+evil@user.example>");
    expect(row.Items).toBe('1 x =Lamp [-SKU] @ 10.00');
    expect(row.Total).toBe('29.37');
  });

  it('exports every matching order newest first, across batches, with the list filters', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) {
      const o = await insertOrder(t.db, {
        customerName: `Batch ${marker}-b ${i}`,
        status: i % 2 === 0 ? 'pending' : 'shipped',
      });
      ids.push(o.id);
    }
    const all = rowsOf(await text(ordersCsvStream(t.db, { search: `${marker}-b` }, { batchSize: 3 })));
    expect(all.slice(1).map((r) => Number(r[0]))).toEqual([...ids].reverse());
    const pending = rowsOf(
      await text(ordersCsvStream(t.db, { search: `${marker}-b`, status: 'pending' }, { batchSize: 2 })),
    );
    expect(pending.slice(1).map((r) => Number(r[0]))).toEqual([ids[6], ids[4], ids[2], ids[0]]);
    const exact = rowsOf(await text(ordersCsvStream(t.db, { search: `${marker}-b` }, { batchSize: 7 })));
    expect(exact).toHaveLength(8);
    const none = rowsOf(await text(ordersCsvStream(t.db, { search: 'matches-nothing' })));
    expect(none).toHaveLength(1);

    const viaRoute = await adminClient.get(`/api/orders/export.csv?search=${marker}-b&status=shipped`);
    expect(
      rowsOf(viaRoute.body)
        .slice(1)
        .map((r) => Number(r[0])),
    ).toEqual([ids[5], ids[3], ids[1]]);
    expect((await adminClient.get('/api/orders/export.csv?status=lost')).statusCode).toBe(400);
  });
});
