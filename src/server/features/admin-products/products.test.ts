import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, productImages, products, storeMeta } from '~/server/db/schema';
import { SLUG_ONLY_DIGITS_MESSAGE } from '~/shared/slug';
import { ZERO_PRICE_ON_SALE } from '~/shared/schemas/admin-products';
import { createCategory, createProduct } from '~/server/test/fixtures';
import { createTestApp, type TestApp } from '~/server/test/test-app';
import { insertOrderWith, signedInClients } from './test-support';

let t: TestApp;
let clients: Awaited<ReturnType<typeof signedInClients>>;
let categoryId: number;

beforeAll(async () => {
  t = await createTestApp();
  clients = await signedInClients(t);
  categoryId = (await createCategory(t.db, { name: 'Electronics', slug: 'electronics' })).id;
  await t.db.insert(storeMeta).values({ key: 'demoData', value: true });
});
afterAll(() => t.close());

const valid = (overrides: Record<string, unknown> = {}) => ({
  name: 'Refurbished Laptop 14"',
  lotNumber: 'LOT-A-1',
  description: 'Tested, works.',
  price: '199.99',
  compareAtPrice: '349.00',
  stock: '3',
  categoryId: String(categoryId),
  featured: true,
  new: true,
  active: true,
  applyDailyDiscount: true,
  images: ['/uploads/products/a-640.webp', '/uploads/products/b-640.webp'],
  ...overrides,
});

/** The store's Today's Deals (every test product is featured). */
const featuredIds = async () =>
  (await clients.guest.get('/api/products/featured')).json().map((p: { id: number }) => p.id) as number[];

const auditRows = (entityId: number) =>
  t.db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.entity, 'product'), eq(adminAuditLog.entityId, String(entityId))));

describe('creating a product', () => {
  it('stores every field, generates the slug from the name and keeps the images in order', async () => {
    const res = await clients.admin.post('/api/products', valid());
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      name: 'Refurbished Laptop 14"',
      slug: 'refurbished-laptop-14',
      lotNumber: 'LOT-A-1',
      price: '199.99',
      compareAtPrice: '349.00',
      stock: 3,
      categoryId,
      categoryName: 'Electronics',
      featured: true,
      new: true,
      active: true,
      applyDailyDiscount: true,
      imageUrl: '/uploads/products/a-640.webp',
      images: ['/uploads/products/a-640.webp', '/uploads/products/b-640.webp'],
      additionalImages: [{ imageUrl: '/uploads/products/b-640.webp' }],
    });
    const images = await t.db
      .select()
      .from(productImages)
      .where(eq(productImages.productId, body.id))
      .orderBy(productImages.sortOrder);
    expect(images.map((i) => [i.imageUrl, i.isPrimary, i.sortOrder])).toEqual([
      ['/uploads/products/a-640.webp', true, 0],
      ['/uploads/products/b-640.webp', false, 1],
    ]);
    const audit = await auditRows(body.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'create', userId: clients.adminUser.id });
    expect((audit[0]!.after as { name: string }).name).toBe('Refurbished Laptop 14"');
    // The first change to the catalogue ends demo mode.
    const [meta] = await t.db.select().from(storeMeta).where(eq(storeMeta.key, 'demoData'));
    expect(meta!.value).toBe(false);
  });

  it('applies the defaults of a new product: stock 0, active, daily discount, no category', async () => {
    const res = await clients.admin.post('/api/products', { name: 'Plain Mug', price: 4 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      slug: 'plain-mug',
      stock: 0,
      active: true,
      applyDailyDiscount: true,
      featured: false,
      new: false,
      categoryId: null,
      lotNumber: null,
      compareAtPrice: null,
      images: [],
      imageUrl: null,
    });
  });

  it.each([
    [{ name: 'A' }, 'name', 'Product name must be at least 2 characters.'],
    [{ name: '   ' }, 'name', 'Product name must be at least 2 characters.'],
    [{ price: '' }, 'price', 'Price is required'],
    [{ price: undefined }, 'price', 'Price is required'],
    [{ price: 'abc' }, 'price', 'Price must be a valid number'],
    [{ price: '-1' }, 'price', 'Price must be 0 or more'],
    [{ price: '1.999' }, 'price', 'Price can have at most 2 decimal places'],
    [{ compareAtPrice: 'ten' }, 'compareAtPrice', 'Compare-at price must be a valid number'],
    [{ stock: '1.5' }, 'stock', 'Stock must be a whole number'],
    [{ stock: -2 }, 'stock', 'Stock must be 0 or more'],
    [
      // 10 is the most a product carries (pictures imported by lot number, decision 0098).
      { images: Array.from({ length: 11 }, (_, i) => `/uploads/${i}-640.webp`) },
      'images',
      'Too many images',
    ],
    [{ images: ['javascript:alert(1)'] }, 'images.0', 'Image must be an uploaded image or an http(s) link'],
    [{ name: '!!!', slug: '' }, 'slug', 'Slug is required'],
    [{ slug: '1984' }, 'slug', SLUG_ONLY_DIGITS_MESSAGE],
  ])('refuses %j with 400 and the message', async (overrides, field, message) => {
    const before = await t.db.select().from(products);
    const res = await clients.admin.post('/api/products', valid({ lotNumber: null, ...overrides }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.json().errors[field]).toBe(message);
    expect(await t.db.select().from(products)).toEqual(before);
  });

  it('refuses an unknown category', async () => {
    const res = await clients.admin.post('/api/products', valid({ lotNumber: null, categoryId: 999999 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Category not found.');
  });

  it('gives a product named "1984" a slug with a letter, so the store opens it by its slug', async () => {
    const res = await clients.admin.post('/api/products', valid({ name: '1984', lotNumber: 'BOOK-1984' }));
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created.slug).toBe('product-1984');
    const opened = await clients.guest.get(`/api/products/${created.slug}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ id: created.id, name: '1984', slug: 'product-1984' });
  });

  it('answers 409 with a message for a slug or lot number already in use', async () => {
    await createProduct(t.db, { slug: 'taken-slug', lotNumber: 'TAKEN-LOT' });
    const slugClash = await clients.admin.post(
      '/api/products',
      valid({ lotNumber: null, slug: 'Taken Slug' }),
    );
    expect(slugClash.statusCode).toBe(409);
    expect(slugClash.json().message).toBe('A product with this slug already exists.');
    const lotClash = await clients.admin.post(
      '/api/products',
      valid({ name: 'Other name', lotNumber: 'TAKEN-LOT' }),
    );
    expect(lotClash.statusCode).toBe(409);
    expect(lotClash.json().message).toBe('A product with this lot number already exists.');
  });
});

describe('changing a product', () => {
  it('replaces every field and the images, and audits before and after', async () => {
    const created = (
      await clients.admin.post('/api/products', valid({ name: 'Desk Lamp', lotNumber: 'LAMP-1' }))
    ).json();
    const res = await clients.admin.put(`/api/products/${created.id}`, {
      ...valid({
        name: 'Desk Lamp LED',
        lotNumber: 'LAMP-1',
        slug: 'desk-lamp',
        price: 12.5,
        categoryId: 'none',
      }),
      images: [
        '/uploads/products/b-640.webp',
        '/uploads/products/a-640.webp',
        '/uploads/products/c-640.webp',
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Desk Lamp LED',
      slug: 'desk-lamp',
      price: '12.50',
      categoryId: null,
      imageUrl: '/uploads/products/b-640.webp',
      images: [
        '/uploads/products/b-640.webp',
        '/uploads/products/a-640.webp',
        '/uploads/products/c-640.webp',
      ],
    });
    const audit = await auditRows(created.id);
    const update = audit.find((a) => a.action === 'update')!;
    expect((update.before as { name: string }).name).toBe('Desk Lamp');
    expect((update.after as { name: string }).name).toBe('Desk Lamp LED');
  });

  it('keeps its own slug and lot number without a conflict, refuses another product’s', async () => {
    const a = (
      await clients.admin.post('/api/products', valid({ name: 'Chair One', lotNumber: 'CH-1' }))
    ).json();
    const b = (
      await clients.admin.post('/api/products', valid({ name: 'Chair Two', lotNumber: 'CH-2' }))
    ).json();
    expect(
      (await clients.admin.put(`/api/products/${a.id}`, valid({ name: 'Chair One', lotNumber: 'CH-1' })))
        .statusCode,
    ).toBe(200);
    const clash = await clients.admin.put(
      `/api/products/${a.id}`,
      valid({ name: 'Chair One', slug: b.slug, lotNumber: 'CH-1' }),
    );
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('A product with this slug already exists.');
  });

  it('refuses a slug of digits only with 400 and the message, changing nothing', async () => {
    const p = (
      await clients.admin.post('/api/products', valid({ name: 'Animal Farm', lotNumber: 'BOOK-1945' }))
    ).json();
    const before = await t.db.select().from(products).where(eq(products.id, p.id));
    const res = await clients.admin.put(
      `/api/products/${p.id}`,
      valid({ name: 'Animal Farm', lotNumber: 'BOOK-1945', slug: '1945' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SLUG_ONLY_DIGITS_MESSAGE);
    expect(res.json().errors.slug).toBe(SLUG_ONLY_DIGITS_MESSAGE);
    expect(await t.db.select().from(products).where(eq(products.id, p.id))).toEqual(before);
  });

  it('saves a product that carries more than 5 pictures from an import (up to 10)', async () => {
    const p = (
      await clients.admin.post('/api/products', valid({ name: 'Imported Sofa', lotNumber: 'SOFA-1' }))
    ).json();
    const seven = Array.from({ length: 7 }, (_, i) => `/uploads/products/sofa-${i + 1}-640.webp`);
    // As an import of SOFA-1_1 ... SOFA-1_7 leaves it.
    await t.db.delete(productImages).where(eq(productImages.productId, p.id));
    await t.db
      .insert(productImages)
      .values(seven.map((imageUrl, i) => ({ productId: p.id, imageUrl, isPrimary: i === 0, sortOrder: i })));
    // What the edit dialog sends back: every picture, and only the price changed.
    const loaded = (await clients.admin.get(`/api/products/admin/${p.id}`)).json();
    expect(loaded.images).toEqual(seven);
    const res = await clients.admin.put(`/api/products/${p.id}`, { ...loaded, price: '149.00' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ price: '149.00', images: seven, imageUrl: seven[0] });
  });

  it('answers 404 for an unknown product and 400 for a bad id', async () => {
    expect((await clients.admin.put('/api/products/999999', valid({ lotNumber: null }))).statusCode).toBe(
      404,
    );
    expect((await clients.admin.put('/api/products/abc', valid({ lotNumber: null }))).statusCode).toBe(400);
  });

  it('turns a product off and on; an inactive product leaves the store but stays in the admin list', async () => {
    const p = (
      await clients.admin.post('/api/products', valid({ name: 'Toggle Fan', lotNumber: 'FAN-1' }))
    ).json();
    expect(await featuredIds()).toContain(p.id);
    const off = await clients.admin.patch(`/api/products/${p.id}/status`, { active: false });
    expect(await featuredIds()).not.toContain(p.id);
    expect(off.statusCode).toBe(200);
    expect(off.json().active).toBe(false);
    const list = await clients.admin.get('/api/products/admin?search=Toggle%20Fan');
    expect(list.json().map((x: { id: number }) => x.id)).toEqual([p.id]);
    expect(list.json()[0].active).toBe(false);
    const audit = (await auditRows(p.id)).find((a) => a.action === 'update-status')!;
    expect(audit.before).toEqual({ active: true });
    expect(audit.after).toEqual({ active: false });
    expect((await clients.admin.patch(`/api/products/${p.id}/status`, { active: 'yes' })).statusCode).toBe(
      400,
    );
    await clients.admin.patch(`/api/products/${p.id}/status`, { active: true });
    expect(await featuredIds()).toContain(p.id);
  });
});

describe('$0.00', () => {
  it('a product shown in the store cannot be priced $0.00; a hidden one can, and cannot be shown until priced', async () => {
    const live = await clients.admin.post(
      '/api/products',
      valid({ name: 'Free Lamp', lotNumber: 'FREE-1', price: '0.00' }),
    );
    expect(live.statusCode).toBe(400);
    expect(live.json().message).toBe(ZERO_PRICE_ON_SALE);
    const hidden = await clients.admin.post(
      '/api/products',
      valid({ name: 'Free Lamp', lotNumber: 'FREE-1', price: '0', active: false }),
    );
    expect(hidden.statusCode, hidden.body).toBe(201);
    const id = hidden.json().id;
    const shown = await clients.admin.patch(`/api/products/${id}/status`, { active: true });
    expect(shown.statusCode).toBe(409);
    expect(shown.json().message).toBe(ZERO_PRICE_ON_SALE);
    const put = await clients.admin.put(
      `/api/products/${id}`,
      valid({
        name: 'Free Lamp',
        lotNumber: 'FREE-1',
        price: '0.00',
        active: true,
        version: hidden.json().version,
      }),
    );
    expect(put.statusCode).toBe(400);
    expect(put.json().message).toBe(ZERO_PRICE_ON_SALE);
    const [row] = await t.db.select().from(products).where(eq(products.id, id));
    expect(row).toMatchObject({ active: false, price: '0.00' });
  });
});

describe('the admin list', () => {
  it('pages with X-Total-Count and searches name and lot number', async () => {
    for (let i = 0; i < 25; i++)
      await createProduct(t.db, { name: `Paging Widget ${i}`, lotNumber: `PAGE-${i}` });
    const first = await clients.admin.get('/api/products/admin?search=paging%20widget&limit=10&page=1');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe('25');
    expect(first.json()).toHaveLength(10);
    const third = await clients.admin.get('/api/products/admin?search=paging%20widget&limit=10&page=3');
    expect(third.json()).toHaveLength(5);
    const byLot = await clients.admin.get('/api/products/admin?search=PAGE-17');
    expect(byLot.json().map((p: { lotNumber: string }) => p.lotNumber)).toEqual(['PAGE-17']);
    // % and _ are searched literally.
    expect((await clients.admin.get('/api/products/admin?search=%25')).headers['x-total-count']).toBe('0');
    expect((await clients.admin.get('/api/products/admin?limit=1000')).statusCode).toBe(400);
  });
});

describe('deleting a product', () => {
  it('deletes a product no order refers to', async () => {
    const p = (
      await clients.admin.post('/api/products', valid({ name: 'Lonely Vase', lotNumber: 'VASE-1' }))
    ).json();
    const res = await clients.admin.delete(`/api/products/${p.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().outcome).toBe('deleted');
    expect(await t.db.select().from(products).where(eq(products.id, p.id))).toEqual([]);
    expect((await auditRows(p.id)).map((a) => a.action)).toContain('delete');
    expect((await clients.admin.delete(`/api/products/${p.id}`)).statusCode).toBe(404);
  });

  it('archives a product that appears in an order: gone from the store and the list, kept for the order', async () => {
    const p = (
      await clients.admin.post('/api/products', valid({ name: 'Sold Kettle', lotNumber: 'KET-1' }))
    ).json();
    await insertOrderWith(t.db, p.id);
    expect(await featuredIds()).toContain(p.id);
    const res = await clients.admin.delete(`/api/products/${p.id}`);
    expect(await featuredIds()).not.toContain(p.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().outcome).toBe('archived');
    const [row] = await t.db.select().from(products).where(eq(products.id, p.id));
    expect(row!.archivedAt).toBeInstanceOf(Date);
    expect(row!.active).toBe(false);
    expect((await clients.admin.get('/api/products/admin?search=Sold%20Kettle')).json()).toEqual([]);
    expect((await clients.admin.get(`/api/products/admin/${p.id}`)).statusCode).toBe(404);
    // Its slug and lot number are free again for a new product.
    const again = await clients.admin.post(
      '/api/products',
      valid({ name: 'Sold Kettle', lotNumber: 'KET-1' }),
    );
    expect(again.statusCode).toBe(201);
    expect(again.json().slug).toBe('sold-kettle');
    expect((await auditRows(p.id)).map((a) => a.action)).toContain('archive');
  });
});
