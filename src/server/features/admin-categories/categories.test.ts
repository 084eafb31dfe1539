import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, categories } from '~/server/db/schema';
import { createCategory, createProduct } from '~/server/test/fixtures';
import { createTestApp, type TestApp } from '~/server/test/test-app';
import { insertOrderWith, signedInClients } from '../admin-products/test-support';

let t: TestApp;
let clients: Awaited<ReturnType<typeof signedInClients>>;

beforeAll(async () => {
  t = await createTestApp();
  clients = await signedInClients(t);
});
afterAll(() => t.close());

const audit = (id: number) =>
  t.db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.entity, 'category'), eq(adminAuditLog.entityId, String(id))));

describe('categories administration', () => {
  it('adds a category, generating the slug from the name, and shoppers see it at once', async () => {
    const res = await clients.admin.post('/api/categories', {
      name: 'Garden & Patio',
      imageUrl: '/uploads/products/garden-640.webp',
      sortOrder: 5,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Garden & Patio',
      slug: 'garden-patio',
      imageUrl: '/uploads/products/garden-640.webp',
      active: true,
      sortOrder: 5,
      productCount: 0,
    });
    const shop = await clients.guest.get('/api/categories/garden-patio');
    expect(shop.statusCode).toBe(200);
    expect(await audit(res.json().id)).toEqual([expect.objectContaining({ action: 'create' })]);
  });

  it('renames, re-slugs, hides and reorders; the storefront follows', async () => {
    const { id } = await createCategory(t.db, { name: 'Toyz', slug: 'toyz', sortOrder: 50 });
    const before = await clients.guest.get('/api/categories/toyz');
    expect(before.statusCode).toBe(200);
    const res = await clients.admin.put(`/api/categories/${id}`, {
      name: 'Toys',
      slug: 'toys',
      active: true,
      sortOrder: 0,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, name: 'Toys', slug: 'toys', sortOrder: 0 });
    expect((await clients.guest.get('/api/categories/toyz')).statusCode).toBe(404);
    const list = (await clients.guest.get('/api/categories')).json() as { slug: string }[];
    expect(list[0]!.slug).toBe('toys');

    const hidden = await clients.admin.put(`/api/categories/${id}`, {
      name: 'Toys',
      slug: 'toys',
      active: false,
    });
    expect(hidden.json()).toMatchObject({ active: false, sortOrder: 0 });
    expect((await clients.guest.get('/api/categories/toys')).statusCode).toBe(404);
    const adminList = (await clients.admin.get('/api/categories/admin')).json() as { id: number }[];
    expect(adminList.map((c) => c.id)).toContain(id);
    expect((await audit(id)).map((a) => a.action)).toEqual(['update', 'update']);
  });

  it('refuses a taken, malformed, numeric or reserved slug and a missing name, changing nothing', async () => {
    await createCategory(t.db, { name: 'Books', slug: 'books' });
    const count = async () => (await t.db.select().from(categories)).length;
    const n = await count();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ name: 'Books again', slug: 'books' }, 409, 'A category with this slug already exists.'],
      [
        { name: 'Bad', slug: 'Bad Slug!' },
        400,
        'Slug may use only lowercase letters, numbers and single hyphens.',
      ],
      [
        { name: 'Year', slug: '2024' },
        400,
        'Slug must contain at least one letter: a number alone is read as a category id.',
      ],
      [
        { name: 'Admin', slug: 'admin' },
        400,
        'This slug is used by the store itself: please choose another.',
      ],
      [{ name: '   ' }, 400, 'Category name is required.'],
      [{ name: 'Order', sortOrder: -1 }, 400, 'Order must be a whole number from 0 to 100000.'],
      [
        { name: 'Picture', imageUrl: 'javascript:alert(1)' },
        400,
        'Image must be an uploaded image or an http(s) link',
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await clients.admin.post('/api/categories', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toContain(message);
    }
    expect(await count()).toBe(n);
    const { id } = await createCategory(t.db, { name: 'Music', slug: 'music' });
    const clash = await clients.admin.put(`/api/categories/${id}`, { name: 'Music', slug: 'books' });
    expect(clash.statusCode).toBe(409);
    expect((await clients.admin.put('/api/categories/999999', { name: 'Nope' })).statusCode).toBe(404);
  });

  it('refuses to delete a category that still holds products, and deletes an empty one', async () => {
    const { id } = await createCategory(t.db, { name: 'Lamps', slug: 'lamps' });
    const lamp = await createProduct(t.db, { categoryId: id });
    await createProduct(t.db, { categoryId: id });
    const refused = await clients.admin.delete(`/api/categories/${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This category still has 2 products. Move them to another category (bulk edit in the Products tab) before deleting it, or turn the category off instead.',
    );
    expect(await t.db.select().from(categories).where(eq(categories.id, id))).toHaveLength(1);

    // An archived product does not hold the category: it keeps its orders, not its shelf.
    await insertOrderWith(t.db, lamp.id);
    expect((await clients.admin.delete(`/api/products/${lamp.id}`)).json().outcome).toBe('archived');
    const other = (await clients.admin.get('/api/categories/admin'))
      .json()
      .find((c: { id: number }) => c.id === id);
    expect(other.productCount).toBe(1);

    const empty = await createCategory(t.db, { name: 'Empty', slug: 'empty' });
    const res = await clients.admin.delete(`/api/categories/${empty.id}`);
    expect(res.statusCode).toBe(204);
    expect(await t.db.select().from(categories).where(eq(categories.id, empty.id))).toHaveLength(0);
    expect((await audit(empty.id)).map((a) => a.action)).toEqual(['delete']);
    expect((await clients.admin.delete(`/api/categories/${empty.id}`)).statusCode).toBe(404);
  });

  it('is for administrators only', async () => {
    const { id } = await createCategory(t.db);
    for (const client of [clients.guest, clients.customer]) {
      const expected = client === clients.guest ? 401 : 403;
      expect((await client.get('/api/categories/admin')).statusCode).toBe(expected);
      expect((await client.post('/api/categories', { name: 'Sneaky' })).statusCode).toBe(expected);
      expect((await client.put(`/api/categories/${id}`, { name: 'Sneaky' })).statusCode).toBe(expected);
      expect((await client.delete(`/api/categories/${id}`)).statusCode).toBe(expected);
    }
    expect((await t.db.select().from(categories).where(eq(categories.id, id)))[0]!.name).not.toBe('Sneaky');
  });
});
