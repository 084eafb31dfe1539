// The administrator's view of products: every unarchived product (inactive ones too), raw stock, and
// all images in order.
import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AdminProduct } from '~/shared/schemas/admin-products';
import type { DbOrTx } from '~/server/db/client';
import { categories, productImages, products } from '~/server/db/schema';
import { getStoreSettings } from '~/server/features/store-settings';

const adminColumns = {
  id: products.id,
  lotNumber: products.lotNumber,
  name: products.name,
  nameFr: products.nameFr,
  slug: products.slug,
  description: products.description,
  descriptionFr: products.descriptionFr,
  price: products.price,
  compareAtPrice: products.compareAtPrice,
  imageUrl: products.imageUrl,
  stock: products.stock,
  version: products.version,
  categoryId: products.categoryId,
  categoryName: categories.name,
  featured: products.featured,
  new: products.new,
  active: products.active,
  applyDailyDiscount: products.applyDailyDiscount,
  condition: products.condition,
  conditionNotes: products.conditionNotes,
  conditionNotesFr: products.conditionNotesFr,
  finalSale: products.finalSale,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
};

type AdminRow = {
  [K in keyof typeof adminColumns]: K extends 'categoryName'
    ? string | null
    : (typeof products.$inferSelect)[K & keyof typeof products.$inferSelect];
};

function toAdminProduct(row: AdminRow, imageUrls: string[]): AdminProduct {
  const images = imageUrls.length > 0 ? imageUrls : row.imageUrl ? [row.imageUrl] : [];
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    images,
    additionalImages: images.slice(1).map((imageUrl) => ({ imageUrl })),
  };
}

/** Each product's pictures in order (the main one first); products without rows are left out. */
export async function imagesOf(db: DbOrTx, ids: number[]): Promise<Map<number, string[]>> {
  const byProduct = new Map<number, string[]>();
  if (ids.length === 0) return byProduct;
  const rows = await db
    .select({ productId: productImages.productId, imageUrl: productImages.imageUrl })
    .from(productImages)
    .where(inArray(productImages.productId, ids))
    .orderBy(asc(productImages.productId), asc(productImages.sortOrder), asc(productImages.id));
  for (const r of rows) {
    const list = byProduct.get(r.productId) ?? [];
    list.push(r.imageUrl);
    byProduct.set(r.productId, list);
  }
  return byProduct;
}

/** `%` and `_` typed by the administrator are searched for literally. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listAdminProducts(
  db: DbOrTx,
  options: { page: number; limit: number; search?: string; lowStock?: boolean; noEvidence?: boolean },
): Promise<{ items: AdminProduct[]; total: number }> {
  const conditions: SQL[] = [isNull(products.archivedAt)];
  if (options.lowStock) conditions.push(await lowStockCondition(db));
  // A compare-at price above the price (shown struck through as an estimated retail price) whose
  // source is not a manifest: a claim without evidence (docs/decisions/0567-price-claims-with-evidence.md).
  if (options.noEvidence) {
    conditions.push(
      sql`${products.compareAtPrice} > ${products.price} and (${products.compareAtSource} is null or ${products.compareAtSource} not like 'manifest:%')`,
    );
  }
  if (options.search) {
    const pattern = likePattern(options.search);
    conditions.push(
      or(
        ilike(products.name, pattern),
        ilike(products.nameFr, pattern),
        ilike(products.lotNumber, pattern),
        ilike(products.slug, pattern),
      ) as SQL,
    );
  }
  const where = and(...conditions);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(adminColumns)
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .where(where)
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(options.limit)
      .offset((options.page - 1) * options.limit),
    db.select({ total: count() }).from(products).where(where),
  ]);
  const images = await imagesOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => toAdminProduct(r as AdminRow, images.get(r.id) ?? [])),
    total: Number(totalRow?.total ?? 0),
  };
}

/** One unarchived product, or null. */
export async function findAdminProduct(db: DbOrTx, id: number): Promise<AdminProduct | null> {
  const [row] = await db
    .select(adminColumns)
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(products.id, id), isNull(products.archivedAt)));
  if (!row) return null;
  const images = await imagesOf(db, [id]);
  return toAdminProduct(row as AdminRow, images.get(id) ?? []);
}

/** Replaces a product's images: the first is the main image (isPrimary, sortOrder 0). */
export async function replaceProductImages(db: DbOrTx, productId: number, urls: string[]): Promise<void> {
  await db.delete(productImages).where(eq(productImages.productId, productId));
  if (urls.length === 0) return;
  await db
    .insert(productImages)
    .values(urls.map((imageUrl, i) => ({ productId, imageUrl, isPrimary: i === 0, sortOrder: i })));
}

/**
 * Low on stock: active, unarchived, some units left and no more than the store's threshold
 * (docs/decisions/0251-low-stock.md). The same rule for the products tab's filter and the Overview card.
 */
export async function lowStockCondition(db: DbOrTx): Promise<SQL> {
  const { lowStockThreshold } = await getStoreSettings(db);
  return and(
    isNull(products.archivedAt),
    eq(products.active, true),
    gt(products.stock, 0),
    lte(products.stock, lowStockThreshold),
  ) as SQL;
}
