// Adding, changing, ordering and removing categories. Each change runs in one transaction with its audit
// entry (docs/decisions/0240-category-administration.md). Shoppers see the change at once: every
// successful write empties the catalogue caches (src/server/features/catalog/catalogue-cache.ts).
import { and, asc, count, eq, isNull, ne } from 'drizzle-orm';
import type { AdminCategory, CategoryData } from '~/shared/schemas/admin-categories';
import type { DbOrTx } from '~/server/db/client';
import { categories, products } from '~/server/db/schema';
import { recordAudit } from '~/server/lib/audit';
import { endDemoMode } from '~/server/lib/demo-mode';
import { conflict, notFound } from '~/server/lib/http-error';
import type { AppContext } from '~/server/context';

export const CATEGORY_NOT_FOUND = 'Category not found.';
export const CATEGORY_SLUG_TAKEN = 'A category with this slug already exists.';
export const categoryHasProducts = (n: number) =>
  `This category still has ${n} ${n === 1 ? 'product' : 'products'}. Move ${n === 1 ? 'it' : 'them'} to another category (bulk edit in the Products tab) before deleting it, or turn the category off instead.`;

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

const productCount = count(products.id);

function selectCategories(db: DbOrTx) {
  return db
    .select({
      id: categories.id,
      name: categories.name,
      nameFr: categories.nameFr,
      slug: categories.slug,
      imageUrl: categories.imageUrl,
      active: categories.active,
      sortOrder: categories.sortOrder,
      productCount,
    })
    .from(categories)
    .leftJoin(products, and(eq(products.categoryId, categories.id), isNull(products.archivedAt)))
    .groupBy(categories.id)
    .$dynamic();
}

/** Every category, inactive ones too, in the store's order. */
export async function listAdminCategories(db: DbOrTx): Promise<AdminCategory[]> {
  const rows = await selectCategories(db).orderBy(asc(categories.sortOrder), asc(categories.id));
  return rows.map((r) => ({ ...r, productCount: Number(r.productCount) }));
}

async function findAdminCategory(db: DbOrTx, id: number): Promise<AdminCategory | null> {
  const [row] = await selectCategories(db).where(eq(categories.id, id));
  return row ? { ...row, productCount: Number(row.productCount) } : null;
}

async function assertSlugFree(tx: DbOrTx, slug: string, exceptId?: number) {
  const [other] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.slug, slug), exceptId === undefined ? undefined : ne(categories.id, exceptId)))
    .limit(1);
  if (other) throw conflict(CATEGORY_SLUG_TAKEN, { errors: { slug: CATEGORY_SLUG_TAKEN } });
}

/** A slug taken by a concurrent write (the unique index) is the same 409 as one found first. */
async function slugSafe<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict(CATEGORY_SLUG_TAKEN, { errors: { slug: CATEGORY_SLUG_TAKEN } });
    throw error;
  }
}

export function createCategory(ctx: AppContext, data: CategoryData, userId: number): Promise<AdminCategory> {
  return slugSafe(() =>
    ctx.db.transaction(async (tx) => {
      await assertSlugFree(tx, data.slug);
      const [row] = await tx.insert(categories).values(data).returning({ id: categories.id });
      const created = (await findAdminCategory(tx, row!.id))!;
      await recordAudit(tx, {
        userId,
        action: 'create',
        entity: 'category',
        entityId: created.id,
        after: created,
      });
      await endDemoMode(tx);
      return created;
    }),
  );
}

export function updateCategory(
  ctx: AppContext,
  id: number,
  data: CategoryData,
  userId: number,
): Promise<AdminCategory> {
  return slugSafe(() =>
    ctx.db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(eq(categories.id, id))
        .for('update');
      if (!locked) throw notFound(CATEGORY_NOT_FOUND);
      const before = (await findAdminCategory(tx, id))!;
      await assertSlugFree(tx, data.slug, id);
      await tx.update(categories).set(data).where(eq(categories.id, id));
      const after = (await findAdminCategory(tx, id))!;
      await recordAudit(tx, { userId, action: 'update', entity: 'category', entityId: id, before, after });
      await endDemoMode(tx);
      return after;
    }),
  );
}

/**
 * Deletes a category that holds no products. One that still holds some is refused with 409 and how
 * many: deleting would silently take them out of their category (decision 0240). Archived products
 * lose the category (the foreign key sets it to null); orders keep their own copy of what was sold.
 */
export function deleteCategory(ctx: AppContext, id: number, userId: number): Promise<void> {
  return ctx.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.id, id))
      .for('update');
    if (!locked) throw notFound(CATEGORY_NOT_FOUND);
    // Products filed under it meanwhile wait for this lock (their foreign key check shares the row).
    const before = (await findAdminCategory(tx, id))!;
    if (before.productCount > 0) throw conflict(categoryHasProducts(before.productCount));
    await tx.delete(categories).where(eq(categories.id, id));
    await recordAudit(tx, { userId, action: 'delete', entity: 'category', entityId: id, before });
    await endDemoMode(tx);
  });
}
