// Creating, changing and removing products. Each change runs in one transaction with its audit entry,
// and ends the store's demo mode (docs/decisions/0052-demo-mode-notice.md).
import { and, desc, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type {
  AdminProduct,
  ProductData,
  ProductUpdate,
  StockMovement,
} from '~/shared/schemas/admin-products';
import type { Db, DbOrTx } from '~/server/db/client';
import { categories, orderItems, products, stockMovements, users } from '~/server/db/schema';
import { recordAudit } from '~/server/lib/audit';
import { endDemoMode } from '~/server/lib/demo-mode';
import { badRequest, conflict, notFound } from '~/server/lib/http-error';
import { markStockChange } from '~/server/lib/stock-reason';
import { findAdminProduct, replaceProductImages } from './repository';
import { isZeroPrice, ZERO_PRICE_ON_SALE } from '~/shared/schemas/admin-products';
import type { AppContext } from '~/server/context';
import { deleteProductRow, insertProducts, moveStock, updateProducts } from '~/server/lib/product-writes';

export const SLUG_TAKEN = 'A product with this slug already exists.';
export const LOT_TAKEN = 'A product with this lot number already exists.';
export const PRODUCT_NOT_FOUND = 'Product not found.';
export const CATEGORY_NOT_FOUND = 'Category not found.';
export const PRODUCT_CHANGED =
  'Someone else changed this product since you opened it. Their changes are shown; make yours again on top of them.';
export const STOCK_BY_ADJUSTMENT =
  'Stock is changed by an adjustment, not by editing the product: its stock is now {stock}.';
/** 'there is 1 in stock', 'there are 2 in stock', 'there are none in stock'. */
export const stockBelowZero = (stock: number) =>
  `Stock cannot go below 0: ${stock === 0 ? 'there are none' : stock === 1 ? 'there is 1' : `there are ${stock}`} in stock.`;

/** The unique index a PostgreSQL error (PGlite or node-postgres, possibly wrapped by drizzle) violated. */
export function uniqueViolation(error: unknown): string | null {
  for (
    let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === '23505') return e.constraint ?? 'unique';
  }
  return null;
}

function uniqueConflict(error: unknown): Error | null {
  const constraint = uniqueViolation(error);
  if (!constraint) return null;
  return conflict(constraint.includes('lot') ? LOT_TAKEN : SLUG_TAKEN);
}

async function checkCategory(db: DbOrTx, categoryId: number | null) {
  if (categoryId === null) return;
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId));
  if (!row) throw badRequest(CATEGORY_NOT_FOUND, { errors: { categoryId: CATEGORY_NOT_FOUND } });
}

/** 409 with a message when another product already uses the slug or lot number. */
async function checkUnique(db: DbOrTx, data: Pick<ProductData, 'slug' | 'lotNumber'>, exceptId?: number) {
  const others = (match: SQL) =>
    db
      .select({ id: products.id })
      .from(products)
      .where(and(match, exceptId === undefined ? undefined : ne(products.id, exceptId)))
      .limit(1);
  const [slugRow] = await others(eq(products.slug, data.slug));
  if (slugRow) throw conflict(SLUG_TAKEN, { errors: { slug: SLUG_TAKEN } });
  if (data.lotNumber) {
    // 'mx-0099' and 'MX-0099' are one lot (docs/decisions/0242-lot-numbers-ignore-case.md).
    const [lotRow] = await others(sql`lower(${products.lotNumber}) = ${data.lotNumber.toLowerCase()}`);
    if (lotRow) throw conflict(LOT_TAKEN, { errors: { lotNumber: LOT_TAKEN } });
  }
}

function columnsOf(data: Omit<ProductData, 'stock'>) {
  return {
    name: data.name,
    nameFr: data.nameFr,
    slug: data.slug,
    lotNumber: data.lotNumber,
    description: data.description,
    descriptionFr: data.descriptionFr,
    price: data.price,
    compareAtPrice: data.compareAtPrice,
    categoryId: data.categoryId,
    featured: data.featured,
    new: data.new,
    active: data.active,
    applyDailyDiscount: data.applyDailyDiscount,
    condition: data.condition,
    conditionNotes: data.conditionNotes,
    conditionNotesFr: data.conditionNotesFr,
    finalSale: data.finalSale,
    imageUrl: data.imageUrl,
  };
}

async function inTransaction<T>(db: Db, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    throw uniqueConflict(error) ?? error;
  }
}

export async function createProduct(
  ctx: AppContext,
  data: ProductData,
  userId: number,
): Promise<AdminProduct> {
  const { db } = ctx;
  return inTransaction(db, async (tx) => {
    await checkCategory(tx, data.categoryId);
    await checkUnique(tx, data);
    await markStockChange(tx, { reason: 'created', userId });
    const [row] = await insertProducts(tx, [{ ...columnsOf(data), stock: data.stock }]);
    await replaceProductImages(tx, row!.id, data.images);
    const created = (await findAdminProduct(tx, row!.id))!;
    await recordAudit(tx, {
      userId,
      action: 'create',
      entity: 'product',
      entityId: created.id,
      after: created,
    });
    await endDemoMode(tx);
    return created;
  });
}

/**
 * Writes the product's own fields, never its stock, and bumps its version. With `version`, a write
 * based on an older version is refused with 409 and the current product, so two people editing one
 * product never undo each other (docs/decisions/0210-product-edits-and-stock-history.md).
 */
export async function updateProduct(
  ctx: AppContext,
  id: number,
  data: ProductUpdate,
  userId: number,
): Promise<AdminProduct> {
  const { db } = ctx;
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`select 1 from ${products} where ${products.id} = ${id} for update`);
    const before = await findAdminProduct(tx, id);
    if (!before) throw notFound(PRODUCT_NOT_FOUND);
    if (data.version !== undefined && data.version !== before.version)
      throw conflict(PRODUCT_CHANGED, { product: before });
    if (data.stock !== undefined && data.stock !== before.stock)
      throw conflict(STOCK_BY_ADJUSTMENT.replace('{stock}', String(before.stock)), {
        errors: { stock: STOCK_BY_ADJUSTMENT.replace('{stock}', String(before.stock)) },
        product: before,
      });
    await checkCategory(tx, data.categoryId);
    await checkUnique(tx, data, id);
    await updateProducts(tx, id, columnsOf(data), { bumpVersion: true });
    await replaceProductImages(tx, id, data.images);
    const after = (await findAdminProduct(tx, id))!;
    await recordAudit(tx, { userId, action: 'update', entity: 'product', entityId: id, before, after });
    await endDemoMode(tx);
    return after;
  });
}

/**
 * Adds or takes units (`delta`), with the reason, as one row of the product's stock history. The row
 * lock serialises adjustments with sales, so concurrent changes all count and stock never goes below 0.
 */
export async function adjustStock(
  db: Db,
  id: number,
  adjustment: { delta: number; reason: string },
  userId: number,
): Promise<{ product: AdminProduct; movement: StockMovement }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ stock: products.stock })
      .from(products)
      .where(and(eq(products.id, id), isNull(products.archivedAt)))
      .for('no key update');
    if (!row) throw notFound(PRODUCT_NOT_FOUND);
    if (row.stock + adjustment.delta < 0)
      throw conflict(stockBelowZero(row.stock), { errors: { delta: stockBelowZero(row.stock) } });
    await markStockChange(tx, { reason: 'adjustment', note: adjustment.reason, userId });
    await moveStock(tx, id, adjustment.delta);
    const product = (await findAdminProduct(tx, id))!;
    const [movement] = await stockHistory(tx, id, 1);
    await recordAudit(tx, {
      userId,
      action: 'adjust-stock',
      entity: 'product',
      entityId: id,
      before: { stock: row.stock },
      after: { stock: product.stock, delta: adjustment.delta, reason: adjustment.reason },
    });
    await endDemoMode(tx);
    return { product, movement: movement! };
  });
}

/** The product's stock history, newest first. */
export async function stockHistory(db: DbOrTx, productId: number, limit = 100): Promise<StockMovement[]> {
  const rows = await db
    .select({
      id: stockMovements.id,
      delta: stockMovements.delta,
      stockAfter: stockMovements.stockAfter,
      reason: stockMovements.reason,
      note: stockMovements.note,
      orderId: stockMovements.orderId,
      userId: stockMovements.userId,
      username: users.username,
      createdAt: stockMovements.createdAt,
    })
    .from(stockMovements)
    .leftJoin(users, eq(users.id, stockMovements.userId))
    .where(eq(stockMovements.productId, productId))
    .orderBy(desc(stockMovements.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

export async function setProductStatus(
  ctx: AppContext,
  id: number,
  active: boolean,
  userId: number,
): Promise<AdminProduct> {
  const { db } = ctx;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ active: products.active, price: products.price })
      .from(products)
      .where(and(eq(products.id, id), isNull(products.archivedAt)))
      .for('update');
    if (!row) throw notFound(PRODUCT_NOT_FOUND);
    if (active && !row.active && isZeroPrice(row.price)) throw conflict(ZERO_PRICE_ON_SALE);
    await updateProducts(tx, id, { active }, { bumpVersion: true });
    await recordAudit(tx, {
      userId,
      action: 'update-status',
      entity: 'product',
      entityId: id,
      before: { active: row.active },
      after: { active },
    });
    await endDemoMode(tx);
    return (await findAdminProduct(tx, id))!;
  });
}

/**
 * A product that appears in orders is archived: it leaves the store and the admin list, and its slug
 * and lot number are freed for new products, while the orders keep it for their history
 * (docs/decisions/0051-archive-products-that-were-ordered.md). Any other product is deleted.
 */
export async function deleteProduct(
  ctx: AppContext,
  id: number,
  userId: number,
): Promise<{ outcome: 'deleted' | 'archived'; message: string }> {
  const { db } = ctx;
  return db.transaction(async (tx) => {
    const before = await findAdminProduct(tx, id);
    if (!before) throw notFound(PRODUCT_NOT_FOUND);
    await tx.execute(sql`select 1 from ${products} where ${products.id} = ${id} for update`);
    const [ordered] = await tx
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(eq(orderItems.productId, id))
      .limit(1);
    await endDemoMode(tx);
    if (ordered) {
      await updateProducts(tx, id, {
        archivedAt: new Date(),
        active: false,
        slug: `${before.slug}--archived-${id}`,
        lotNumber: null,
      });
      await recordAudit(tx, { userId, action: 'archive', entity: 'product', entityId: id, before });
      return {
        outcome: 'archived' as const,
        message: 'The product appears in orders, so it was archived: it is no longer shown in the store.',
      };
    }
    await deleteProductRow(tx, id);
    await recordAudit(tx, { userId, action: 'delete', entity: 'product', entityId: id, before });
    return { outcome: 'deleted' as const, message: 'The product has been deleted.' };
  });
}
