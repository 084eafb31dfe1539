// The low-stock threshold (docs/decisions/0251-low-stock.md): a store setting with a default, validated,
// audited, administrators only; the products list's 'Low stock' filter and the Overview's card use it.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STORE_SETTINGS, LOW_STOCK_THRESHOLD_MESSAGE } from '~/shared/schemas/store-settings-admin';
import { adminAuditLog, type products, storeMeta } from '~/server/db/schema';
import { createProduct } from '~/server/test/fixtures';
import { createTestApp, type TestApp } from '~/server/test/test-app';
import { signedInClients } from '~/server/features/admin-products/test-support';

let t: TestApp;
let clients: Awaited<ReturnType<typeof signedInClients>>;

beforeAll(async () => {
  t = await createTestApp();
  clients = await signedInClients(t);
});
afterAll(() => t?.close());

const setThreshold = (value: unknown) =>
  clients.admin.patch('/api/admin/settings', { lowStockThreshold: value });

describe('the low-stock threshold setting', () => {
  it('is 3 until an administrator sets it', async () => {
    const res = await clients.admin.get('/api/admin/settings');
    // The other settings (the privacy officer, the mailing address: decision 0561) are blank until set.
    expect([res.statusCode, res.json()]).toEqual([200, { ...DEFAULT_STORE_SETTINGS, lowStockThreshold: 3 }]);
  });

  it('refuses what is not a whole number from 0 to 1,000 with 400, changing nothing', async () => {
    for (const bad of [-1, 1.5, '2.5', 'three', '', null, 1001, true]) {
      const res = await setThreshold(bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().message, String(bad)).toContain(LOW_STOCK_THRESHOLD_MESSAGE);
    }
    const unknown = await clients.admin.patch('/api/admin/settings', { lowStockLimit: 5 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('Unknown setting: lowStockLimit');
    expect((await clients.admin.get('/api/admin/settings')).json()).toEqual({
      ...DEFAULT_STORE_SETTINGS,
      lowStockThreshold: 3,
    });
    expect(await t.db.select().from(storeMeta).where(eq(storeMeta.key, 'settings'))).toEqual([]);
  });

  it('saves 0 to 1,000 (a number or the text of a form field), audited; an empty change keeps it', async () => {
    expect((await setThreshold('7')).json()).toEqual({ ...DEFAULT_STORE_SETTINGS, lowStockThreshold: 7 });
    expect((await clients.admin.patch('/api/admin/settings', {})).json()).toEqual({
      ...DEFAULT_STORE_SETTINGS,
      lowStockThreshold: 7,
    });
    expect((await setThreshold(0)).json()).toEqual({ ...DEFAULT_STORE_SETTINGS, lowStockThreshold: 0 });
    expect((await setThreshold(1000)).json()).toEqual({ ...DEFAULT_STORE_SETTINGS, lowStockThreshold: 1000 });
    expect((await setThreshold(3)).json()).toEqual({ ...DEFAULT_STORE_SETTINGS, lowStockThreshold: 3 });
    const audits = await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.entity, 'store-settings'));
    expect(audits.length).toBeGreaterThanOrEqual(4);
    expect(audits.at(-1)).toMatchObject({
      before: { lowStockThreshold: 1000 },
      after: { lowStockThreshold: 3 },
    });
  });

  it('is refused to customers and guests', async () => {
    expect((await clients.customer.patch('/api/admin/settings', { lowStockThreshold: 1 })).statusCode).toBe(
      403,
    );
    expect((await clients.guest.get('/api/admin/settings')).statusCode).toBe(401);
  });
});

describe("the products list's lowStock filter and the Overview's low-stock card", () => {
  let names: Record<string, number>;
  beforeAll(async () => {
    await setThreshold(3);
    const make = async (name: string, values: Partial<typeof products.$inferInsert>) =>
      [name, (await createProduct(t.db, { name, ...values })).id] as const;
    names = Object.fromEntries(
      await Promise.all([
        make('Sold out', { stock: 0 }),
        make('Last one', { stock: 1 }),
        make('Three left', { stock: 3 }),
        make('Four left', { stock: 4 }),
        make('Plenty', { stock: 50 }),
        make('Hidden two', { stock: 2, active: false }),
        make('Archived two', { stock: 2, archivedAt: new Date() }),
      ]),
    );
  });

  const lowNames = async (query = '') => {
    const res = await clients.admin.get(`/api/products/admin?lowStock=true${query}`);
    expect(res.statusCode).toBe(200);
    return {
      names: res
        .json()
        .map((p: { name: string }) => p.name)
        .sort(),
      total: res.headers['x-total-count'],
    };
  };

  it('lists the active products with 1 to 3 units: not sold out, not hidden, not archived', async () => {
    expect(await lowNames()).toEqual({ names: ['Last one', 'Three left'], total: '2' });
    // lowStock=false, or none, is the whole list.
    const all = await clients.admin.get('/api/products/admin?lowStock=false&limit=100');
    expect(all.headers['x-total-count']).toBe('6');
  });

  it('follows the setting', async () => {
    await setThreshold(4);
    expect((await lowNames()).names).toEqual(['Four left', 'Last one', 'Three left']);
    await setThreshold(0);
    expect(await lowNames()).toEqual({ names: [], total: '0' });
    await setThreshold(3);
  });

  it('combines with the search and the pages', async () => {
    expect((await lowNames('&search=three')).names).toEqual(['Three left']);
    const page2 = await clients.admin.get('/api/products/admin?lowStock=true&limit=1&page=2');
    expect([page2.json().length, page2.headers['x-total-count']]).toEqual([1, '2']);
  });

  it('refuses a lowStock that is not true or false with 400', async () => {
    const res = await clients.admin.get('/api/products/admin?lowStock=yes');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("lowStock must be 'true' or 'false'");
  });

  it('the dashboard counts and names the same products, the fewest units first', async () => {
    const res = await clients.admin.get('/api/admin/dashboard');
    expect(res.json().lowStock).toEqual({
      threshold: 3,
      count: 2,
      products: [
        { id: names['Last one'], name: 'Last one', lotNumber: expect.any(String), stock: 1 },
        { id: names['Three left'], name: 'Three left', lotNumber: expect.any(String), stock: 3 },
      ],
    });
  });
});
