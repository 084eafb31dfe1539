// Loads the demo store (catalogue, pictures, discounts, shipping, taxes, pages, FAQ, one administrator)
// into an empty database: on first start and by `npm run seed`.
import {
  DEMO_CATEGORY_NAMES_FR,
  DEMO_CONTENT_PAGES_FR,
  DEMO_FAQ_ITEMS_FR,
  DEMO_PRODUCTS_FR,
} from './demo-catalogue-fr';
import type { ProductCondition } from '~/shared/constants';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { CATEGORY_COLOURS, CATEGORY_FALLBACK_COLOUR, PROVINCES } from '~/shared/constants';
import { hashPassword } from '~/server/lib/passwords';
import type { Db, DbOrTx } from './client';
import {
  DEMO_CATEGORIES,
  DEMO_CATEGORY_DISCOUNTS,
  DEMO_CONTENT_PAGES,
  DEMO_FAQ_ITEMS,
  DEMO_SHIPPING,
  DEMO_TAX_RATES,
  DEMO_WEEKDAY_DISCOUNTS,
} from './demo-catalogue';
import { usernameSkeleton } from '~/server/lib/username-skeleton';
import { insertProducts } from '~/server/lib/product-writes';
import { createLocalStorage, type FileStorage } from '~/server/storage/file-storage';
import { type DemoImage, demoImageKey, writeDemoImages } from './demo-images';
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

/** Where the demo pictures go: the app's storage (local folder or S3 bucket), or a folder. */
export type SeedOptions = ({ storage: FileStorage } | { uploadsDir: string }) & {
  adminUsername?: string;
  adminPassword?: string;
  log?: (line: string) => void;
};

export type SeedResult = {
  adminUsername: string;
  /** Only when it was generated here: the caller shows it once, it is stored nowhere in clear. */
  adminPassword: string | null;
};

const DAY_MS = 24 * 60 * 60 * 1000;
// Instances starting together on one empty PostgreSQL server must not both seed it.
const SEED_LOCK_KEY = 748_215_001;

export async function isDatabaseEmpty(db: DbOrTx): Promise<boolean> {
  const [category] = await db.select({ id: categories.id }).from(categories).limit(1);
  if (category) return false;
  const [user] = await db.select({ id: users.id }).from(users).limit(1);
  if (user) return false;
  const [product] = await db.select({ id: products.id }).from(products).limit(1);
  return !product;
}

export function seedDemoData(db: Db, options: SeedOptions): Promise<SeedResult> {
  return seed(db, options, false) as Promise<SeedResult>;
}

/** Seeds only a database that has no categories, users or products; null when it did nothing. */
export async function seedIfEmpty(db: Db, options: SeedOptions): Promise<SeedResult | null> {
  if (!(await isDatabaseEmpty(db))) return null;
  return seed(db, options, true);
}

/** The lines to print after seeding, so the owner can sign in. */
export function adminSignInLines(result: SeedResult): string[] {
  return [
    `Administrator username: ${result.adminUsername}`,
    result.adminPassword === null
      ? 'Administrator password: the ADMIN_PASSWORD you configured.'
      : `Administrator password: ${result.adminPassword}  (generated; shown only this once, so note it now)`,
  ];
}

async function seed(db: Db, options: SeedOptions, onlyIfEmpty: boolean): Promise<SeedResult | null> {
  const log = options.log ?? (() => {});
  const adminUsername = options.adminUsername ?? 'admin';
  const generatedPassword = options.adminPassword ? null : randomBytes(18).toString('base64url');
  const now = new Date();
  const storage = 'storage' in options ? options.storage : createLocalStorage(options.uploadsDir);
  const catalogue = buildCatalogue(now, (folder, basename) => storage.urlFor(demoImageKey(folder, basename)));

  // Pictures and the password hash are slow; do them before the transaction so it stays short.
  const started = Date.now();
  await writeDemoImages(storage, catalogue.images);
  log(`Drew ${catalogue.images.length} demo pictures in ${Date.now() - started} ms.`);
  const passwordHash = await hashPassword(options.adminPassword ?? generatedPassword!);

  const inserted = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (onlyIfEmpty && !(await isDatabaseEmpty(tx))) return false;

    const categoryRows = await tx
      .insert(categories)
      .values(catalogue.categories)
      .returning({ id: categories.id, slug: categories.slug });
    const categoryIds = new Map(categoryRows.map((c) => [c.slug, c.id]));

    const productRows = await insertProducts(
      tx,
      catalogue.products.map(({ categorySlug, images: _, ...p }) => ({
        ...p,
        categoryId: categoryIds.get(categorySlug)!,
      })),
    );
    const productIds = new Map(productRows.map((p) => [p.slug, p.id]));
    await tx.insert(productImages).values(
      catalogue.products.flatMap((p) =>
        p.images.map((imageUrl, i) => ({
          productId: productIds.get(p.slug)!,
          imageUrl,
          isPrimary: i === 0,
          sortOrder: i,
          createdAt: p.createdAt,
        })),
      ),
    );

    await tx
      .insert(weekdayDiscounts)
      .values(DEMO_WEEKDAY_DISCOUNTS.map((percentage, day) => ({ day, percentage })));
    await tx.insert(categoryDiscounts).values(
      Object.entries(DEMO_CATEGORY_DISCOUNTS).map(([slug, percentage]) => ({
        categoryId: categoryIds.get(slug)!,
        percentage,
      })),
    );
    await tx.insert(shippingSettings).values({ ...DEMO_SHIPPING, updatedAt: now });
    await tx.insert(canadianTaxRates).values(
      DEMO_TAX_RATES.map((r) => ({
        provinceCode: r.code,
        provinceName: PROVINCES.find((p) => p.code === r.code)!.name,
        taxRate: r.total,
        gstRate: r.gst,
        pstRate: r.pst,
        updatedAt: now,
      })),
    );
    await tx.insert(contentPages).values(
      DEMO_CONTENT_PAGES.map((page) => ({
        ...page,
        titleFr: DEMO_CONTENT_PAGES_FR[page.slug]?.titleFr ?? '',
        contentFr: DEMO_CONTENT_PAGES_FR[page.slug]?.contentFr ?? '',
        isStructured: false,
        updatedAt: now,
      })),
    );
    await tx.insert(faqItems).values(
      DEMO_FAQ_ITEMS.map((item, i) => ({
        ...item,
        questionFr: DEMO_FAQ_ITEMS_FR[item.question]?.questionFr ?? '',
        answerFr: DEMO_FAQ_ITEMS_FR[item.question]?.answerFr ?? '',
        sortOrder: i + 1,
        active: true,
        updatedAt: now,
      })),
    );
    await tx.insert(users).values({
      username: adminUsername,
      usernameSkeleton: usernameSkeleton(adminUsername),
      email: `${adminUsername.toLowerCase().replace(/[^a-z0-9._-]/g, '') || 'admin'}@liquidation-depot.example`,
      password: passwordHash,
      isAdmin: true,
      createdAt: now,
    });
    await tx
      .insert(storeMeta)
      .values({ key: 'demoData', value: true })
      .onConflictDoUpdate({ target: storeMeta.key, set: { value: true } });
    return true;
  });
  if (!inserted) return null;

  log(
    `Seeded ${catalogue.categories.length} categories and ${catalogue.products.length} products with discounts, shipping, taxes, pages and FAQ.`,
  );
  return { adminUsername, adminPassword: generatedPassword };
}

/** Rows derived from the demo data; dates are offsets from `now` so the demo never looks stale. */
function buildCatalogue(now: Date, imageUrl: (folder: DemoImage['folder'], basename: string) => string) {
  const random = mulberry32(2411);
  const images: DemoImage[] = [];
  const categoryRows = DEMO_CATEGORIES.map((c) => {
    const colour = CATEGORY_COLOURS[c.name] ?? CATEGORY_FALLBACK_COLOUR;
    const nameFr = DEMO_CATEGORY_NAMES_FR[c.slug] ?? '';
    if (!c.withImage) return { name: c.name, nameFr, slug: c.slug, imageUrl: null };
    const basename = `demo-${c.slug}`;
    images.push({ folder: 'categories', basename, title: c.name, colour, icon: c.icon, view: 0 });
    return { name: c.name, nameFr, slug: c.slug, imageUrl: imageUrl('categories', basename) };
  });

  const lotBatches = ['2410', '2411', '2412'];
  const productRows = DEMO_CATEGORIES.flatMap((c) =>
    c.products.map((p) => ({
      ...p,
      category: c,
      colour: CATEGORY_COLOURS[c.name] ?? CATEGORY_FALLBACK_COLOUR,
    })),
  ).map((p, index) => {
    const slug = slugify(p.name);
    const urls: string[] = [];
    for (let view = 0; view <= (p.extraImages ?? 0); view++) {
      const basename = view === 0 ? `demo-${slug}` : `demo-${slug}-view-${view + 1}`;
      images.push({
        folder: 'products',
        basename,
        title: p.name,
        colour: p.colour,
        icon: p.category.icon,
        view,
      });
      urls.push(imageUrl('products', basename));
    }
    // New arrivals arrived in the last two weeks; the rest over the two months before.
    const ageDays = p.isNew ? random() * 12 : 6 + random() * 54;
    const createdAt = new Date(now.getTime() - Math.round(ageDays * DAY_MS));
    return {
      lotNumber: `LOT-${lotBatches[index % lotBatches.length]}-${String(index + 1).padStart(4, '0')}`,
      name: p.name,
      nameFr: DEMO_PRODUCTS_FR[p.name]?.nameFr ?? '',
      slug,
      description: p.description,
      descriptionFr: DEMO_PRODUCTS_FR[p.name]?.descriptionFr ?? '',
      price: p.price,
      compareAtPrice: p.compareAtPrice ?? null,
      imageUrl: urls[0]!,
      stock: p.stock,
      featured: p.featured ?? false,
      new: p.isNew ?? false,
      active: true,
      applyDailyDiscount: p.applyDailyDiscount ?? true,
      ...demoCondition(p.name),
      createdAt,
      updatedAt: createdAt,
      categorySlug: p.category.slug,
      images: urls,
    };
  });
  return { categories: categoryRows, products: productRows, images };
}

/**
 * A demo lot's grade, read from the words its name ends with, so the demo shows every kind of lot:
 * open-box and damaged-box units are new in an opened box; refurbished ones are like new; customer
 * returns are used and sold as final sale.
 */
function demoCondition(name: string): {
  condition: ProductCondition;
  conditionNotes: string;
  finalSale: boolean;
} {
  if (/\((open box|damaged box)\)/i.test(name))
    return {
      condition: 'new-open-box',
      conditionNotes: 'Opened box; the item itself is unused.',
      finalSale: false,
    };
  if (/refurbished/i.test(name))
    return {
      condition: 'used-like-new',
      conditionNotes: 'Refurbished and tested; no visible wear.',
      finalSale: false,
    };
  if (/\(customer return\)/i.test(name))
    return {
      condition: 'used-good',
      conditionNotes: 'Returned by a customer and tested; light signs of use.',
      finalSale: true,
    };
  return { condition: 'new', conditionNotes: '', finalSale: false };
}

function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/(\d),(\d)/g, '$1$2')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Small seeded PRNG: the demo must come out the same on every installation. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
