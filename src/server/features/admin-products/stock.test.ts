// Edits never undo what happened meanwhile (docs/decisions/0210-product-edits-and-stock-history.md):
// a product write based on an older version is refused with the current product; stock changes only
// by adjustment, serialised with sales; and every change of stock, whoever made it, is a row of the
// product's stock history.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, stockMovements } from '~/server/db/schema';
import { createCategory } from '~/server/test/fixtures';
import { createTestApp, type TestApp } from '~/server/test/test-app';
import { insertOrderWith, sendMultipart, signedInClients } from './test-support';

let t: TestApp;
let clients: Awaited<ReturnType<typeof signedInClients>>;
let categoryId: number;
let lot = 0;

beforeAll(async () => {
  t = await createTestApp();
  clients = await signedInClients(t);
  categoryId = (await createCategory(t.db, { name: 'Tools', slug: 'tools' })).id;
});
afterAll(() => t.close());

async function newProduct(stock: number, name?: string) {
  lot++;
  const res = await clients.admin.post('/api/products', {
    name: name ?? `Cordless Drill ${lot}`,
    lotNumber: `DR-${lot}`,
    description: 'Tested.',
    price: '89.99',
    stock,
    categoryId,
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; version: number; stock: number; price: string } & Record<
    string,
    unknown
  >;
}

const stockOf = async (id: number) =>
  (await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;

const history = async (id: number) =>
  (await clients.admin.get(`/api/products/${id}/stock-history`)).json().items as {
    delta: number;
    stockAfter: number;
    reason: string;
    note: string | null;
    orderId: number | null;
    username: string | null;
  }[];

/** What the product dialog sends: the loaded product's own fields, its version, no stock. */
function dialogBody(loaded: Record<string, unknown>, changes: Record<string, unknown> = {}) {
  const { stock: _stock, ...rest } = loaded;
  return { ...rest, ...changes };
}

describe('a product edit based on an older version', () => {
  it('is refused with 409 and the current product, and changes nothing', async () => {
    const p = await newProduct(4);
    const openedByA = (await clients.admin.get(`/api/products/admin/${p.id}`)).json();
    const openedByB = (await clients.admin.get(`/api/products/admin/${p.id}`)).json();
    expect(openedByA.version).toBe(1);

    const saved = await clients.admin.put(`/api/products/${p.id}`, dialogBody(openedByA, { price: '79.99' }));
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ price: '79.99', version: 2 });

    const stale = await clients.admin.put(
      `/api/products/${p.id}`,
      dialogBody(openedByB, { name: 'Cordless Drill (renamed)' }),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      'Someone else changed this product since you opened it. Their changes are shown; make yours again on top of them.',
    );
    expect(stale.json().product).toMatchObject({ price: '79.99', version: 2, name: openedByB.name });
    const now = (await clients.admin.get(`/api/products/admin/${p.id}`)).json();
    expect(now).toMatchObject({ price: '79.99', name: openedByB.name, version: 2 });

    // Made again on top of the current version, it goes through.
    const retried = await clients.admin.put(
      `/api/products/${p.id}`,
      dialogBody(stale.json().product, { name: 'Cordless Drill (renamed)' }),
    );
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ price: '79.99', name: 'Cordless Drill (renamed)', version: 3 });
  });

  it('counts switching a product off as an edit', async () => {
    const p = await newProduct(1);
    const opened = (await clients.admin.get(`/api/products/admin/${p.id}`)).json();
    expect((await clients.admin.patch(`/api/products/${p.id}/status`, { active: false })).statusCode).toBe(
      200,
    );
    const stale = await clients.admin.put(`/api/products/${p.id}`, dialogBody(opened, { price: '1.00' }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().product).toMatchObject({ active: false, version: 2 });
  });

  it('refuses a version that is not a positive whole number with 400', async () => {
    const p = await newProduct(1);
    const opened = (await clients.admin.get(`/api/products/admin/${p.id}`)).json();
    for (const version of [0, -1, 1.5, '1', null]) {
      const res = await clients.admin.put(`/api/products/${p.id}`, { ...dialogBody(opened), version });
      expect(res.statusCode, String(version)).toBe(400);
    }
    expect((await clients.admin.get(`/api/products/admin/${p.id}`)).json().version).toBe(1);
  });
});

describe('a dialog left open while the stock moves', () => {
  it('never puts back a unit sold meanwhile (11 -> 10 stays 10)', async () => {
    const p = await newProduct(11);
    const opened = (await clients.admin.get(`/api/products/admin/${p.id}`)).json();
    // A sale takes one unit while the dialog is open.
    const order = await insertOrderWith(t.db, p.id);
    const paid = await clients.admin.patch(`/api/orders/${order.id}/payment-status`, {
      paymentStatus: 'completed',
    });
    expect(paid.statusCode).toBe(200);
    expect(await stockOf(p.id)).toBe(10);

    // The dialog saves a price change: the stock stays as the sale left it.
    const saved = await clients.admin.put(`/api/products/${p.id}`, dialogBody(opened, { price: '84.99' }));
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ price: '84.99', stock: 10 });

    // A client that still sends the stock it loaded is told, and nothing changes.
    const old = await clients.admin.put(`/api/products/${p.id}`, {
      ...dialogBody(saved.json()),
      stock: 11,
    });
    expect(old.statusCode).toBe(409);
    expect(old.json().message).toBe(
      'Stock is changed by an adjustment, not by editing the product: its stock is now 10.',
    );
    expect(await stockOf(p.id)).toBe(10);
    // Sending the current stock is allowed (it changes nothing).
    const same = await clients.admin.put(`/api/products/${p.id}`, { ...dialogBody(saved.json()), stock: 10 });
    expect(same.statusCode).toBe(200);
  });
});

describe('stock adjustments', () => {
  it('add and take units with a reason, each a row of the history with who made it', async () => {
    const p = await newProduct(3);
    const found = await clients.admin.post(`/api/products/${p.id}/stock-adjustments`, {
      delta: 5,
      reason: 'Found on the back shelf',
    });
    expect(found.statusCode).toBe(201);
    expect(found.json().product.stock).toBe(8);
    expect(found.json().movement).toMatchObject({
      delta: 5,
      stockAfter: 8,
      reason: 'adjustment',
      note: 'Found on the back shelf',
      username: clients.adminUser.username,
    });
    const damaged = await clients.admin.post(`/api/products/${p.id}/stock-adjustments`, {
      delta: -2,
      reason: '  Damaged in the warehouse  ',
    });
    expect(damaged.statusCode).toBe(201);
    expect(await stockOf(p.id)).toBe(6);
    expect((await history(p.id)).map((m) => [m.delta, m.stockAfter, m.reason, m.note])).toEqual([
      [-2, 6, 'adjustment', 'Damaged in the warehouse'],
      [5, 8, 'adjustment', 'Found on the back shelf'],
      [3, 3, 'created', null],
    ]);
  });

  it('never takes stock below 0: 409 with the stock there is, nothing changed', async () => {
    const p = await newProduct(2);
    const res = await clients.admin.post(`/api/products/${p.id}/stock-adjustments`, {
      delta: -3,
      reason: 'Counted out',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Stock cannot go below 0: there are 2 in stock.');
    expect(await stockOf(p.id)).toBe(2);
    expect(await history(p.id)).toHaveLength(1);
    const one = await newProduct(1);
    const single = await clients.admin.post(`/api/products/${one.id}/stock-adjustments`, {
      delta: -2,
      reason: 'Counted out',
    });
    expect(single.json().message).toBe('Stock cannot go below 0: there is 1 in stock.');
    const none = await newProduct(0);
    const empty = await clients.admin.post(`/api/products/${none.id}/stock-adjustments`, {
      delta: -1,
      reason: 'Counted out',
    });
    expect(empty.json().message).toBe('Stock cannot go below 0: there are none in stock.');
  });

  it('refuses bad input with 400 and the message, changing nothing', async () => {
    const p = await newProduct(2);
    const delta = 'The change in stock must be a whole number of units, not 0 (for example 5 or -2).';
    const reason = 'Please say why the stock changes (at most 200 characters).';
    const cases: [unknown, string][] = [
      [{ delta: 0, reason: 'x' }, delta],
      [{ delta: 1.5, reason: 'x' }, delta],
      [{ delta: '5', reason: 'x' }, delta],
      [{ delta: 3_000_000_000, reason: 'x' }, delta],
      [{ reason: 'x' }, delta],
      [{ delta: 1 }, reason],
      [{ delta: 1, reason: '   ' }, reason],
      [{ delta: 1, reason: 'x'.repeat(201) }, reason],
    ];
    for (const [body, message] of cases) {
      const res = await clients.admin.post(`/api/products/${p.id}/stock-adjustments`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toBe(message);
    }
    expect(await stockOf(p.id)).toBe(2);
    expect(await history(p.id)).toHaveLength(1);
  });

  it('is for administrators: 401 signed out, 403 customers, 404 for an unknown product', async () => {
    const p = await newProduct(2);
    const body = { delta: 1, reason: 'x' };
    expect((await clients.guest.post(`/api/products/${p.id}/stock-adjustments`, body)).statusCode).toBe(401);
    expect((await clients.customer.post(`/api/products/${p.id}/stock-adjustments`, body)).statusCode).toBe(
      403,
    );
    expect((await clients.customer.get(`/api/products/${p.id}/stock-history`)).statusCode).toBe(403);
    expect((await clients.admin.post('/api/products/999999/stock-adjustments', body)).statusCode).toBe(404);
    expect((await clients.admin.get('/api/products/999999/stock-history')).statusCode).toBe(404);
    expect(await stockOf(p.id)).toBe(2);
  });

  it('all count when made at once, and stop exactly at 0', async () => {
    const p = await newProduct(10);
    const takes = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        clients.admin.post(`/api/products/${p.id}/stock-adjustments`, { delta: -1, reason: `Count ${i}` }),
      ),
    );
    expect(takes.filter((r) => r.statusCode === 201)).toHaveLength(10);
    expect(takes.filter((r) => r.statusCode === 409)).toHaveLength(6);
    expect(await stockOf(p.id)).toBe(0);
    const adds = await Promise.all(
      Array.from({ length: 7 }, () =>
        clients.admin.post(`/api/products/${p.id}/stock-adjustments`, { delta: 3, reason: 'Returned' }),
      ),
    );
    expect(adds.every((r) => r.statusCode === 201)).toBe(true);
    expect(await stockOf(p.id)).toBe(21);
    const rows = await history(p.id);
    expect(rows.filter((m) => m.reason === 'adjustment')).toHaveLength(17);
    // The history adds up to the stock, and each row's stock after follows from the one before.
    expect(rows.reduce((sum, m) => sum + m.delta, 0)).toBe(21);
    const oldestFirst = [...rows].reverse();
    oldestFirst.forEach((m, i) => {
      expect(m.stockAfter).toBe((i === 0 ? 0 : oldestFirst[i - 1]!.stockAfter) + m.delta);
    });
  });
});

describe('the stock history', () => {
  it('records sales and refunds with their order, and imports', async () => {
    const p = await newProduct(4, 'Table Saw');
    const order = await insertOrderWith(t.db, p.id);
    const pay = (paymentStatus: string) =>
      clients.admin.patch(`/api/orders/${order.id}/payment-status`, { paymentStatus });
    expect((await pay('completed')).statusCode).toBe(200);
    expect((await pay('refunded')).statusCode).toBe(200);
    const csv = ['lotNumber,name,price,stock', `${p.lotNumber},Table Saw,89.99,9`].join('\n');
    const imported = await sendMultipart(clients.admin, '/api/products/import', [
      { field: 'file', filename: 'products.csv', content: csv, contentType: 'text/csv' },
    ]);
    expect(imported.statusCode).toBe(200);
    expect(await stockOf(p.id)).toBe(9);
    expect((await history(p.id)).map((m) => [m.delta, m.stockAfter, m.reason, m.orderId])).toEqual([
      [5, 9, 'import', null],
      [1, 4, 'refund', order.id],
      [-1, 3, 'sale', order.id],
      [4, 4, 'created', null],
    ]);
    // An import is an edit: a dialog opened before it is refused.
    expect((await clients.admin.get(`/api/products/admin/${p.id}`)).json().version).toBe(2);
  });

  it('keeps a row for every change even when a write names no reason', async () => {
    const p = await newProduct(1);
    await t.db.update(products).set({ stock: 7 }).where(eq(products.id, p.id));
    const rows = await t.db.select().from(stockMovements).where(eq(stockMovements.productId, p.id));
    expect(rows.map((r) => [r.delta, r.stockAfter, r.reason])).toEqual([
      [1, 1, 'created'],
      [6, 7, 'other'],
    ]);
  });
});
