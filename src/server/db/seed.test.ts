import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVINCES } from '~/shared/constants';
import { verifyPassword } from '~/server/lib/passwords';
import { createTestApp, TestClient } from '~/server/test/test-app';
import { createTestDatabase } from '~/server/test/test-database';
import type { Database } from './client';
import { DEMO_CONTENT_PAGES, DEMO_FAQ_ITEMS } from './demo-catalogue';
import { DEMO_CONTENT_PAGES_FR, DEMO_FAQ_ITEMS_FR } from './demo-catalogue-fr';
import {
  canadianTaxRates,
  categories,
  categoryDiscounts,
  contentPages,
  faqItems,
  productImages,
  products,
  shippingSettings,
  storeMeta,
  users,
  weekdayDiscounts,
} from './schema';
import { isDatabaseEmpty, type SeedResult, seedDemoData, seedIfEmpty } from './seed';

let database: Database;
let uploadsDir: string;
let result: SeedResult;
let emptyBefore: boolean;

beforeAll(async () => {
  database = await createTestDatabase();
  uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'store-seed-'));
  emptyBefore = await isDatabaseEmpty(database.db);
  result = await seedDemoData(database.db, { uploadsDir });
});

afterAll(async () => {
  await database.close();
  rmSync(uploadsDir, { recursive: true, force: true });
});

const WIDTHS = [320, 640, 1024];
const cents = (money: string) => Math.round(Number(money) * 100);

function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

async function expectWebpVariants(url: string) {
  expect(url).toMatch(/^\/uploads\/(products|categories)\/[a-z0-9-]+-640\.webp$/);
  for (const width of WIDTHS) {
    const file = path.join(
      uploadsDir,
      url.replace(/^\/uploads\//, '').replace(/-640\.webp$/, `-${width}.webp`),
    );
    const bytes = readFileSync(file);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width, height: width });
  }
}

describe('demo data', () => {
  it('seeds only what was an empty database', async () => {
    expect(emptyBefore).toBe(true);
    expect(await isDatabaseEmpty(database.db)).toBe(false);
  });

  it('has the eight categories of the specification, half of them with a picture', async () => {
    const rows = await database.db.select().from(categories).orderBy(asc(categories.id));
    expect(rows.map((c) => c.name)).toEqual([
      'Electronics',
      'Clothing',
      'Home & Kitchen',
      'Toys & Games',
      'Sports & Outdoors',
      'Books',
      'Beauty & Personal Care',
      'Automotive',
    ]);
    expect(rows.map((c) => c.slug)).toEqual([
      'electronics',
      'clothing',
      'home-kitchen',
      'toys-games',
      'sports-outdoors',
      'books',
      'beauty-personal-care',
      'automotive',
    ]);
    expect(rows.every((c) => c.active)).toBe(true);
    const withImage = rows.filter((c) => c.imageUrl !== null);
    expect(withImage).toHaveLength(4);
    for (const c of withImage) await expectWebpVariants(c.imageUrl!);
  });

  it('has a varied catalogue of at least 8 products per category', async () => {
    const rows = await database.db.select().from(products);
    expect(rows.length).toBeGreaterThanOrEqual(64);
    const perCategory = groupBy(rows, (p) => p.categoryId);
    expect(perCategory.size).toBe(8);
    for (const group of perCategory.values()) expect(group.length).toBeGreaterThanOrEqual(8);

    expect(new Set(rows.map((p) => p.lotNumber)).size).toBe(rows.length);
    expect(new Set(rows.map((p) => p.slug)).size).toBe(rows.length);
    for (const p of rows) {
      expect(p.lotNumber).toMatch(/^LOT-\d{4}-\d{4}$/);
      expect(p.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(p.price).toMatch(/^\d+\.\d{2}$/);
      expect(cents(p.price)).toBeGreaterThanOrEqual(499);
      expect(cents(p.price)).toBeLessThanOrEqual(89999);
      if (p.compareAtPrice !== null) expect(cents(p.compareAtPrice)).toBeGreaterThan(cents(p.price));
      expect(p.description.split(/\.\s/).length).toBeGreaterThanOrEqual(2);
      expect(p.active).toBe(true);
    }
    const withCompareAt = rows.filter((p) => p.compareAtPrice !== null).length;
    expect(withCompareAt / rows.length).toBeGreaterThan(0.25);
    expect(withCompareAt / rows.length).toBeLessThan(0.45);

    expect(rows.filter((p) => p.stock === 0).length).toBeGreaterThanOrEqual(4);
    expect(rows.filter((p) => p.stock >= 1 && p.stock <= 9).length).toBeGreaterThanOrEqual(16);
    expect(rows.filter((p) => p.stock === 1).length).toBeGreaterThanOrEqual(4);
    expect(rows.filter((p) => p.stock >= 10).length).toBeGreaterThanOrEqual(16);

    expect(rows.filter((p) => p.featured).length).toBeGreaterThanOrEqual(10);
    expect(rows.filter((p) => p.new).length).toBeGreaterThanOrEqual(10);
    expect(rows.filter((p) => !p.applyDailyDiscount).length).toBeGreaterThanOrEqual(8);
    expect(rows.some((p) => !p.featured && !p.new)).toBe(true);
  });

  it('spreads arrival dates over the last 60 days, newest first being the new arrivals', async () => {
    const rows = await database.db.select().from(products).orderBy(asc(products.createdAt));
    const now = Date.now();
    for (const p of rows) {
      expect(p.createdAt.getTime()).toBeLessThanOrEqual(now);
      expect(now - p.createdAt.getTime()).toBeLessThanOrEqual(60 * 24 * 3600 * 1000);
    }
    expect(new Set(rows.map((p) => p.createdAt.getTime())).size).toBe(rows.length);
    const newest = rows.slice(-10);
    expect(newest.filter((p) => p.new).length).toBeGreaterThanOrEqual(5);
  });

  it('gives every product a main picture in three WebP sizes, and a gallery to about a quarter', async () => {
    const rows = await database.db.select().from(products);
    const images = await database.db
      .select()
      .from(productImages)
      .orderBy(asc(productImages.productId), asc(productImages.sortOrder));
    const byProduct = groupBy(images, (i) => i.productId);
    for (const p of rows) {
      await expectWebpVariants(p.imageUrl!);
      const gallery = byProduct.get(p.id) ?? [];
      expect(gallery[0]).toMatchObject({ imageUrl: p.imageUrl, isPrimary: true, sortOrder: 0 });
      expect(gallery.map((i) => i.sortOrder)).toEqual(gallery.map((_, n) => n));
      expect(gallery.filter((i) => i.isPrimary)).toHaveLength(1);
      for (const extra of gallery.slice(1)) await expectWebpVariants(extra.imageUrl);
    }
    const withGallery = rows.filter((p) => (byProduct.get(p.id)?.length ?? 0) > 1).length;
    expect(withGallery / rows.length).toBeGreaterThanOrEqual(0.2);
    expect(withGallery / rows.length).toBeLessThanOrEqual(0.35);
  });

  it('has a discount row for every weekday and a couple of category discounts', async () => {
    const days = await database.db.select().from(weekdayDiscounts).orderBy(asc(weekdayDiscounts.day));
    expect(days.map((d) => d.day)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(days.map((d) => d.percentage)).toEqual([0, 10, 15, 20, 10, 25, 30]);
    const byCategory = await database.db
      .select({ slug: categories.slug, percentage: categoryDiscounts.percentage })
      .from(categoryDiscounts)
      .innerJoin(categories, eq(categories.id, categoryDiscounts.categoryId));
    expect(byCategory).toEqual(expect.arrayContaining([{ slug: 'clothing', percentage: 30 }]));
    expect(byCategory.length).toBeGreaterThanOrEqual(2);
  });

  it('has the shipping prices', async () => {
    const rows = await database.db.select().from(shippingSettings);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ standardPrice: '5.99', expressPrice: '14.99', pickupAvailable: true });
  });

  it('has the tax rates of all 13 provinces and territories', async () => {
    const rows = await database.db.select().from(canadianTaxRates);
    const expected: Record<string, [string, string, string]> = {
      AB: ['5.000', '5.000', '0.000'],
      BC: ['12.000', '5.000', '7.000'],
      MB: ['12.000', '5.000', '7.000'],
      NB: ['15.000', '5.000', '10.000'],
      NL: ['15.000', '5.000', '10.000'],
      NS: ['14.000', '5.000', '9.000'],
      ON: ['13.000', '5.000', '8.000'],
      PE: ['15.000', '5.000', '10.000'],
      QC: ['14.975', '5.000', '9.975'],
      SK: ['11.000', '5.000', '6.000'],
      NT: ['5.000', '5.000', '0.000'],
      NU: ['5.000', '5.000', '0.000'],
      YT: ['5.000', '5.000', '0.000'],
    };
    expect(rows).toHaveLength(13);
    for (const r of rows) {
      expect([r.taxRate, r.gstRate, r.pstRate]).toEqual(expected[r.provinceCode]);
      expect(r.provinceName).toBe(PROVINCES.find((p) => p.code === r.provinceCode)?.name);
      expect(r.active).toBe(true);
      expect(Math.round(Number(r.gstRate) * 1000) + Math.round(Number(r.pstRate) * 1000)).toBe(
        Math.round(Number(r.taxRate) * 1000),
      );
    }
  });

  it('has the five content pages with real HTML', async () => {
    const rows = await database.db.select().from(contentPages);
    expect(Object.fromEntries(rows.map((p) => [p.slug, p.title]))).toEqual({
      shipping: 'Shipping Information',
      returns: 'Returns & Refunds',
      privacy: 'Privacy Policy',
      terms: 'Terms of Service',
      sitemap: 'Sitemap',
    });
    for (const page of rows) {
      expect(page.isStructured).toBe(false);
      expect(page.updatedAt).toBeInstanceOf(Date);
      expect(page.content).toContain('<h2>');
      expect(page.content).toContain('<li>');
      if (page.slug !== 'sitemap') expect(page.content.match(/<p>/g)?.length).toBeGreaterThanOrEqual(3);
    }
    const sitemap = rows.find((p) => p.slug === 'sitemap')!.content;
    for (const href of [
      '/categories',
      '/products',
      '/faq',
      '/contact',
      '/shipping',
      '/returns',
      '/privacy',
      '/terms',
    ]) {
      expect(sitemap).toContain(`href="${href}"`);
    }
    expect(sitemap).toContain('href="/categories/home-kitchen"');
  });

  it('writes every content page and FAQ item in French too, linking to the French store', async () => {
    const pages = await database.db.select().from(contentPages);
    expect(pages).toHaveLength(DEMO_CONTENT_PAGES.length);
    for (const page of pages) {
      expect({ slug: page.slug, titleFr: page.titleFr, contentFr: page.contentFr }).toEqual({
        slug: page.slug,
        ...DEMO_CONTENT_PAGES_FR[page.slug],
      });
      expect(page.titleFr.length).toBeGreaterThan(2);
      expect(page.contentFr).toContain('<h2>');
    }
    const sitemapFr = pages.find((p) => p.slug === 'sitemap')!.contentFr;
    expect(sitemapFr).toContain('href="/fr/categories/home-kitchen">Maison et cuisine<');
    expect(sitemapFr).toContain('href="/fr/cart"');
    expect(sitemapFr).not.toMatch(/href="\/(?!fr\/)/);

    const faq = await database.db.select().from(faqItems).orderBy(asc(faqItems.sortOrder));
    expect(faq).toHaveLength(DEMO_FAQ_ITEMS.length);
    for (const f of faq) {
      expect({ questionFr: f.questionFr, answerFr: f.answerFr }).toEqual(DEMO_FAQ_ITEMS_FR[f.question]);
      expect(f.answerFr).toMatch(/^<(p|ul)>/);
    }
  });

  it('has eight active FAQ items in order', async () => {
    const rows = await database.db.select().from(faqItems).orderBy(asc(faqItems.sortOrder));
    expect(rows.map((f) => f.sortOrder)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (const f of rows) {
      expect(f.active).toBe(true);
      expect(f.question.trim().length).toBeGreaterThan(10);
      expect(f.answer).toMatch(/^<(p|ul)>/);
    }
  });

  it('creates one administrator with a generated password hashed with argon2id', async () => {
    const rows = await database.db.select().from(users);
    expect(rows).toHaveLength(1);
    const admin = rows[0]!;
    expect(admin).toMatchObject({ username: 'admin', isAdmin: true });
    expect(admin.email).toMatch(/^admin@[a-z0-9.-]+\.example$/);
    expect(result.adminUsername).toBe('admin');
    expect(result.adminPassword).not.toBeNull();
    expect(result.adminPassword!.length).toBeGreaterThanOrEqual(16);
    expect(admin.password).toMatch(/^\$argon2id\$/);
    expect(admin.password).not.toContain(result.adminPassword!);
    expect(await verifyPassword(admin.password, result.adminPassword!)).toBe(true);
    expect(await verifyPassword(admin.password, 'wrong password')).toBe(false);
  });

  it('marks the store as running on demo data', async () => {
    const [row] = await database.db.select().from(storeMeta).where(eq(storeMeta.key, 'demoData'));
    expect(row?.value).toBe(true);
  });

  it('does nothing the second time', async () => {
    const before = await database.db.select({ id: products.id }).from(products);
    expect(await seedIfEmpty(database.db, { uploadsDir })).toBeNull();
    expect(await database.db.select({ id: products.id }).from(products)).toHaveLength(before.length);
    expect(await database.db.select().from(users)).toHaveLength(1);
  });

  it('seeds an empty database with the configured administrator and does not echo the password', async () => {
    const fresh = await createTestDatabase();
    const freshUploads = mkdtempSync(path.join(os.tmpdir(), 'store-seed-'));
    try {
      const lines: string[] = [];
      const seeded = await seedIfEmpty(fresh.db, {
        uploadsDir: freshUploads,
        adminUsername: 'Owner',
        adminPassword: 'correct horse battery staple',
        log: (line) => lines.push(line),
      });
      expect(seeded).toEqual({ adminUsername: 'Owner', adminPassword: null });
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.join('\n')).not.toContain('correct horse');
      const [admin] = await fresh.db.select().from(users);
      expect(admin).toMatchObject({ username: 'Owner', isAdmin: true });
      expect(await verifyPassword(admin!.password, 'correct horse battery staple')).toBe(true);
    } finally {
      await fresh.close();
      rmSync(freshUploads, { recursive: true, force: true });
    }
  });
});

describe('the seeded demo pages and FAQ, read by a French shopper', () => {
  it('answer the seeded French for Accept-Language: fr-CA and the English otherwise', async () => {
    const t = await createTestApp({ database });
    try {
      const guest = new TestClient(t.app);
      const FR = { 'accept-language': 'fr-CA' };
      const shipping = await guest.get('/api/content-pages/slug/shipping', FR);
      expect(shipping.statusCode).toBe(200);
      expect(shipping.json()).toMatchObject({
        title: 'Renseignements sur la livraison',
        content: DEMO_CONTENT_PAGES_FR.shipping!.contentFr,
        languages: { title: 'fr', content: 'fr' },
      });
      expect(shipping.json().content).toContain(
        '<strong>Livraison standard : 5,99\u00a0$ par commande.</strong>',
      );
      expect((await guest.get('/api/content-pages/slug/shipping')).json()).toMatchObject({
        title: 'Shipping Information',
        languages: { title: 'en', content: 'en' },
      });

      const faq = await guest.get('/api/faq-items', FR);
      expect(faq.statusCode).toBe(200);
      expect(faq.json()).toMatchObject(
        DEMO_FAQ_ITEMS.map((f) => ({
          question: DEMO_FAQ_ITEMS_FR[f.question]!.questionFr,
          answer: DEMO_FAQ_ITEMS_FR[f.question]!.answerFr,
          languages: { question: 'fr', answer: 'fr' },
        })),
      );
      expect(faq.json()[0].question).toBe('Qu’est-ce qu’un produit de liquidation?');
    } finally {
      await t.close();
    }
  });
});
