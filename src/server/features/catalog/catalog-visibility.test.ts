// What shoppers may see, and the price figures every product carries.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, productImages, products } from '~/server/db/schema';
import {
  createCategory,
  createProduct,
  createUser,
  setCategoryDiscount,
  setWeekdayDiscounts,
  signInAs,
} from '~/server/test/fixtures';
import { createTestApp, type TestApp, TestClient } from '~/server/test/test-app';

let t: TestApp;
let shopper: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  shopper = new TestClient(t.app);
});
afterAll(() => t.close());

const get = (url: string) => shopper.get(url);
const slugsOf = (body: { slug: string }[]) => body.map((p) => p.slug);

describe('visibility', () => {
  let visible: Awaited<ReturnType<typeof createProduct>>;
  let inactive: Awaited<ReturnType<typeof createProduct>>;
  let archived: Awaited<ReturnType<typeof createProduct>>;
  let inHiddenCategory: Awaited<ReturnType<typeof createProduct>>;
  let uncategorised: Awaited<ReturnType<typeof createProduct>>;
  let shown: Awaited<ReturnType<typeof createCategory>>;
  let hidden: Awaited<ReturnType<typeof createCategory>>;

  beforeAll(async () => {
    shown = await createCategory(t.db, { name: 'Shown Things', slug: 'shown-things' });
    hidden = await createCategory(t.db, { name: 'Hidden Things', slug: 'hidden-things', active: false });
    const common = { featured: true, new: true, name: 'Visibility Widget' };
    visible = await createProduct(t.db, { ...common, slug: 'vis-visible', categoryId: shown.id });
    inactive = await createProduct(t.db, {
      ...common,
      slug: 'vis-inactive',
      categoryId: shown.id,
      active: false,
    });
    archived = await createProduct(t.db, {
      ...common,
      slug: 'vis-archived',
      categoryId: shown.id,
      archivedAt: new Date(),
    });
    inHiddenCategory = await createProduct(t.db, {
      ...common,
      slug: 'vis-hidden-category',
      categoryId: hidden.id,
    });
    uncategorised = await createProduct(t.db, { ...common, slug: 'vis-uncategorised', categoryId: null });
  });

  it('lists only active, unarchived products of active (or no) categories', async () => {
    for (const url of [
      '/api/products?limit=100',
      '/api/products/featured',
      '/api/products/new',
      '/api/products/search?q=visibility%20widget',
      '/api/products?search=widget',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      const slugs = slugsOf(res.json());
      expect(slugs, url).toEqual(expect.arrayContaining(['vis-visible', 'vis-uncategorised']));
      for (const hiddenSlug of ['vis-inactive', 'vis-archived', 'vis-hidden-category']) {
        expect(slugs, url).not.toContain(hiddenSlug);
      }
    }
    const inCategory = await get('/api/categories/shown-things/products');
    expect(slugsOf(inCategory.json())).toEqual(['vis-visible']);
    expect(inCategory.headers['x-total-count']).toBe('1');
  });

  it('answers 404 for a hidden product by slug, by id and for its images', async () => {
    for (const p of [inactive, archived, inHiddenCategory]) {
      for (const url of [
        `/api/products/${p.slug}`,
        `/api/products/${p.id}`,
        `/api/products/${p.id}/images`,
      ]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toEqual({ message: 'Product not found.' });
      }
    }
    expect((await get(`/api/products/${visible.slug}`)).statusCode).toBe(200);
    expect((await get(`/api/products/${uncategorised.id}`)).statusCode).toBe(200);
  });

  it('hides inactive categories by slug, by id and in the category list', async () => {
    expect((await get('/api/categories/hidden-things')).statusCode).toBe(404);
    expect((await get(`/api/categories/${hidden.id}`)).json()).toEqual({ message: 'Category not found.' });
    expect((await get('/api/categories/hidden-things/products')).statusCode).toBe(404);
    expect((await get('/api/products?category=hidden-things')).statusCode).toBe(404);
    const list = (await get('/api/categories')).json() as { slug: string }[];
    expect(list.map((c) => c.slug)).toContain('shown-things');
    expect(list.map((c) => c.slug)).not.toContain('hidden-things');
    const byId = await get(`/api/categories/${shown.id}`);
    expect(byId.json()).toEqual({
      id: shown.id,
      name: 'Shown Things',
      slug: 'shown-things',
      imageUrl: null,
      active: true,
      languages: { name: 'en' },
    });
    expect((await get('/api/categories/shown-things')).json()).toEqual(byId.json());
  });

  it('leaves hidden products out of related products', async () => {
    const res = await get(`/api/products/related?categoryId=${shown.id}`);
    expect(slugsOf(res.json())).toEqual(['vis-visible']);
  });

  it('lets an administrator read a hidden product (for the editor), never a shopper', async () => {
    const admin = await createUser(t.db, { isAdmin: true });
    const adminClient = new TestClient(t.app);
    await signInAs(t.db, adminClient, admin.id);
    const res = await adminClient.get(`/api/products/${inactive.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().active).toBe(false);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const customer = await createUser(t.db);
    const customerClient = new TestClient(t.app);
    await signInAs(t.db, customerClient, customer.id);
    expect((await customerClient.get(`/api/products/${inactive.id}`)).statusCode).toBe(404);
  });
});

describe('price figures', () => {
  type P = {
    discountPercentage: number;
    savingPercentage: number;
    discountedPrice: string;
    originalPrice: string | null;
    price: string;
  };
  const figures = (p: P) => [p.discountPercentage, p.discountedPrice, p.originalPrice];
  let plain: Awaited<ReturnType<typeof createCategory>>;
  let bigSale: Awaited<ReturnType<typeof createCategory>>;
  let smallSale: Awaited<ReturnType<typeof createCategory>>;

  beforeAll(async () => {
    // Every weekday the same, so the test does not depend on the day it runs.
    await setWeekdayDiscounts(t.db, [20, 20, 20, 20, 20, 20, 20]);
    plain = await createCategory(t.db);
    bigSale = await createCategory(t.db);
    smallSale = await createCategory(t.db);
    await setCategoryDiscount(t.db, bigSale.id, 30);
    await setCategoryDiscount(t.db, smallSale.id, 10);
  });

  const product = async (values: Parameters<typeof createProduct>[1]) => {
    const p = await createProduct(t.db, values);
    const res = await get(`/api/products/${p.slug}`);
    expect(res.statusCode).toBe(200);
    return res.json() as P;
  };

  it('applies the weekday percentage', async () => {
    expect(await get('/api/discounts/today').then((r) => r.json())).toBe(20);
    expect(figures(await product({ price: '100.00', categoryId: plain.id }))).toEqual([
      20,
      '80.00',
      '100.00',
    ]);
  });

  it("uses the category's percentage when larger, the weekday's otherwise", async () => {
    expect(figures(await product({ price: '100.00', categoryId: bigSale.id }))).toEqual([
      30,
      '70.00',
      '100.00',
    ]);
    expect(figures(await product({ price: '100.00', categoryId: smallSale.id }))).toEqual([
      20,
      '80.00',
      '100.00',
    ]);
  });

  it('gives no daily discount to products with applyDailyDiscount false', async () => {
    const p = await product({ price: '100.00', categoryId: bigSale.id, applyDailyDiscount: false });
    expect(figures(p)).toEqual([0, '100.00', null]);
    const withCompare = await product({
      price: '100.00',
      compareAtPrice: '150.00',
      applyDailyDiscount: false,
    });
    expect(figures(withCompare)).toEqual([0, '100.00', '150.00']);
  });

  it('takes the discount off the selling price, strikes the compare-at price through, the badge the whole saving', async () => {
    // docs/decisions/0130-daily-discount-lowers-the-selling-price.md
    // 100.00 less 20% = 80.00; struck 120.00 (an estimated retail price, decision 0567): the badge
    // compares with the shop's own price only, so it says the day's 20%, not 40 / 120 = 33%.
    const small = await product({ price: '100.00', compareAtPrice: '120.00' });
    expect(figures(small)).toEqual([20, '80.00', '120.00']);
    expect(small.savingPercentage).toBe(20);
    // 100.00 less 20% = 80.00; struck 200.00; badge 20 (not 120 / 200 = 60%)
    const big = await product({ price: '100.00', compareAtPrice: '200.00' });
    expect(figures(big)).toEqual([20, '80.00', '200.00']);
    expect(big.savingPercentage).toBe(20);
    // 10.05 x 0.8 = 8.04; 9.99 x 0.75 = 7.4925 -> 7.49; 0.10 x 0.75 = 0.075 -> 0.08 (half up)
    expect(figures(await product({ price: '10.05' }))).toEqual([20, '8.04', '10.05']);
    const quarter = await createCategory(t.db);
    await setCategoryDiscount(t.db, quarter.id, 25);
    expect(figures(await product({ price: '9.99', categoryId: quarter.id }))).toEqual([25, '7.49', '9.99']);
    expect(figures(await product({ price: '0.10', categoryId: quarter.id }))).toEqual([25, '0.08', '0.10']);
  });

  it('shows no discount on a day without one', async () => {
    await setWeekdayDiscounts(t.db);
    expect(await get('/api/discounts/today').then((r) => r.json())).toBe(0);
    expect(figures(await product({ price: '100.00', categoryId: plain.id }))).toEqual([0, '100.00', null]);
    expect(figures(await product({ price: '100.00', categoryId: bigSale.id }))).toEqual([
      30,
      '70.00',
      '100.00',
    ]);
    await setWeekdayDiscounts(t.db, [20, 20, 20, 20, 20, 20, 20]);
  });

  it('gives listings, search and the product page the same figures', async () => {
    const p = await createProduct(t.db, {
      name: 'Figure Check Kettle',
      price: '50.00',
      compareAtPrice: '60.00',
      categoryId: bigSale.id,
    });
    const detail = (await get(`/api/products/${p.id}`)).json();
    const listed = ((await get(`/api/products?category=${bigSale.slug}`)).json() as { id: number }[]).find(
      (x) => x.id === p.id,
    );
    const found = (
      (await get('/api/products/search?q=figure%20check%20kettle')).json() as { id: number }[]
    )[0];
    // 50.00 less 30% = 35.00; struck 60.00 (estimated retail): badge the day's 30%, not 25 / 60 = 41%
    expect(figures(detail)).toEqual([30, '35.00', '60.00']);
    expect(detail.savingPercentage).toBe(30);
    // The page alone has the extra pictures and when a held unit may be back.
    const { additionalImages: _, heldUntil: _held, ...withoutImages } = detail;
    expect(listed).toEqual(withoutImages);
    expect(found).toEqual(withoutImages);
  });
});

describe('product detail and images', () => {
  it('answers ProductSchema plus the images, the main one first, each URL once', async () => {
    const p = await createProduct(t.db, { imageUrl: '/uploads/main-640.webp' });
    await t.db.insert(productImages).values([
      { productId: p.id, imageUrl: '/uploads/second-640.webp', isPrimary: false, sortOrder: 2 },
      { productId: p.id, imageUrl: '/uploads/main-640.webp', isPrimary: true, sortOrder: 0 },
      { productId: p.id, imageUrl: '/uploads/first-extra-640.webp', isPrimary: false, sortOrder: 1 },
    ]);
    const detail = (await get(`/api/products/${p.slug}`)).json();
    expect(detail.imageUrl).toBe('/uploads/main-640.webp');
    expect(detail.additionalImages).toEqual([
      { imageUrl: '/uploads/main-640.webp', isPrimary: true },
      { imageUrl: '/uploads/first-extra-640.webp', isPrimary: false },
      { imageUrl: '/uploads/second-640.webp', isPrimary: false },
    ]);
    expect((await get(`/api/products/${p.id}/images`)).json()).toEqual([
      { imageUrl: '/uploads/main-640.webp', isPrimary: true, sortOrder: 0 },
      { imageUrl: '/uploads/first-extra-640.webp', isPrimary: false, sortOrder: 1 },
      { imageUrl: '/uploads/second-640.webp', isPrimary: false, sortOrder: 2 },
    ]);
    // The same product by id.
    expect((await get(`/api/products/${p.id}`)).json()).toEqual(detail);
  });

  it('answers an empty image list for a product without pictures', async () => {
    const p = await createProduct(t.db, { imageUrl: null });
    expect((await get(`/api/products/${p.id}/images`)).json()).toEqual([]);
    expect((await get(`/api/products/${p.id}`)).json().additionalImages).toEqual([]);
  });

  it('reports available stock: stock less the units held by checkouts in progress', async () => {
    const p = await createProduct(t.db, { stock: 5 });
    const { orders, stockHolds } = await import('~/server/db/schema');
    const [order] = await t.db
      .insert(orders)
      .values({
        orderReference: `ref-${p.id}`,
        customerEmail: 'a@example.com',
        customerName: 'A',
        shippingAddress: {},
        subtotal: '10',
        total: '10',
      })
      .returning();
    await t.db.insert(stockHolds).values([
      { orderId: order!.id, productId: p.id, quantity: 2, expiresAt: new Date(Date.now() + 600_000) },
      // Expired and released holds no longer count.
      { orderId: order!.id, productId: p.id, quantity: 1, expiresAt: new Date(Date.now() - 1000) },
      {
        orderId: order!.id,
        productId: p.id,
        quantity: 1,
        expiresAt: new Date(Date.now() + 600_000),
        releasedAt: new Date(),
      },
    ]);
    expect((await get(`/api/products/${p.id}`)).json().stock).toBe(3);
  });

  it('finds related products of the same category, or of the whole store without one', async () => {
    const cat = await createCategory(t.db);
    const a = await createProduct(t.db, { categoryId: cat.id });
    const b = await createProduct(t.db, { categoryId: cat.id });
    const c = await createProduct(t.db, { categoryId: cat.id, featured: true });
    const byCategory = (await get(`/api/products/related?categoryId=${cat.id}&exclude=${a.id}`)).json();
    expect(byCategory.map((p: { id: number }) => p.id)).toEqual([c.id, b.id]);
    // productId alone: that product's category, without it.
    const byProduct = (await get(`/api/products/related?productId=${b.id}`)).json();
    expect(byProduct.map((p: { id: number }) => p.id)).toEqual([c.id, a.id]);
    const lonely = await createProduct(t.db, { categoryId: null });
    const fallback = (await get(`/api/products/related?productId=${lonely.id}&limit=3`)).json() as {
      id: number;
    }[];
    expect(fallback).toHaveLength(3);
    expect(fallback.map((p) => p.id)).not.toContain(lonely.id);
    expect((await get('/api/products/related?limit=50')).json()).toHaveLength(12);
  });

  it('keeps a sold-out product visible, with stock 0', async () => {
    const p = await createProduct(t.db, { stock: 0 });
    const res = await get(`/api/products/${p.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().stock).toBe(0);
  });

  it('follows a category switched off after the product was made', async () => {
    const cat = await createCategory(t.db);
    const p = await createProduct(t.db, { categoryId: cat.id });
    expect((await get(`/api/products/${p.id}`)).statusCode).toBe(200);
    await t.db.update(categories).set({ active: false }).where(eq(categories.id, cat.id));
    expect((await get(`/api/products/${p.id}`)).statusCode).toBe(404);
    await t.db.update(products).set({ categoryId: null }).where(eq(products.id, p.id));
    expect((await get(`/api/products/${p.id}`)).statusCode).toBe(200);
  });
});
