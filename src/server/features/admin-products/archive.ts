// Archived products (docs/decisions/0051-archive-products-that-were-ordered.md): listed for staff and
// restorable (docs/decisions/0241-archived-products-are-restorable.md). Archiving freed the product's
// slug and lot number; restoring takes them back when no other product has taken them meanwhile.
import { and, count, desc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { AdminProduct, ArchivedProduct } from '~/shared/schemas/admin-products';
import type { DbOrTx } from '~/server/db/client';
import { adminAuditLog, categories, products } from '~/server/db/schema';
import { recordAudit } from '~/server/lib/audit';
import { endDemoMode } from '~/server/lib/demo-mode';
import { notFound } from '~/server/lib/http-error';
import type { AppContext } from '~/server/context';
import { findAdminProduct } from './repository';
import { updateProducts } from '~/server/lib/product-writes';

export const ARCHIVED_NOT_FOUND = 'Archived product not found.';
const ARCHIVED_SUFFIX = /--archived-\d+$/;

/** The lot number a product had when it was archived: the archive's audit entry keeps it. */
async function archivedLotNumbers(db: DbOrTx, ids: number[]): Promise<Map<number, string | null>> {
  const lots = new Map<number, string | null>();
  if (ids.length === 0) return lots;
  const rows = await db
    .select({
      entityId: adminAuditLog.entityId,
      lot: sql<string | null>`${adminAuditLog.before} ->> 'lotNumber'`,
    })
    .from(adminAuditLog)
    .where(
      and(
        eq(adminAuditLog.entity, 'product'),
        eq(adminAuditLog.action, 'archive'),
        sql`${adminAuditLog.entityId} in (select unnest(array[${sql.join(
          ids.map((id) => sql`${String(id)}`),
          sql`, `,
        )}]::text[]))`,
      ),
    )
    .orderBy(desc(adminAuditLog.id));
  for (const r of rows) if (!lots.has(Number(r.entityId))) lots.set(Number(r.entityId), r.lot);
  return lots;
}

export async function listArchivedProducts(
  db: DbOrTx,
  options: { page: number; limit: number; search?: string },
): Promise<{ items: ArchivedProduct[]; total: number }> {
  const where = and(
    isNotNull(products.archivedAt),
    options.search
      ? sql`${products.name} ilike ${`%${options.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`
      : undefined,
  );
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        id: products.id,
        name: products.name,
        slug: products.slug,
        price: products.price,
        categoryName: categories.name,
        archivedAt: products.archivedAt,
      })
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .where(where)
      .orderBy(desc(products.archivedAt), desc(products.id))
      .limit(options.limit)
      .offset((options.page - 1) * options.limit),
    db.select({ total: count() }).from(products).where(where),
  ]);
  const lots = await archivedLotNumbers(
    db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => ({
      ...r,
      slug: r.slug.replace(ARCHIVED_SUFFIX, ''),
      lotNumber: lots.get(r.id) ?? null,
      archivedAt: r.archivedAt!.toISOString(),
    })),
    total: Number(totalRow?.total ?? 0),
  };
}

async function slugFree(tx: DbOrTx, slug: string, id: number): Promise<boolean> {
  const [other] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.slug, slug), ne(products.id, id)))
    .limit(1);
  return !other;
}

async function lotFree(tx: DbOrTx, lot: string): Promise<boolean> {
  const [other] = await tx
    .select({ id: products.id })
    .from(products)
    .where(sql`lower(${products.lotNumber}) = ${lot.toLowerCase()}`)
    .limit(1);
  return !other;
}

/**
 * Brings an archived product back to the product list, turned off (staff check it before shoppers see
 * it again), with its old slug and lot number when they are still free; the message says what it got.
 */
export async function restoreProduct(
  ctx: AppContext,
  id: number,
  userId: number,
): Promise<{ product: AdminProduct; message: string }> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ slug: products.slug, archivedAt: products.archivedAt })
      .from(products)
      .where(and(eq(products.id, id), isNotNull(products.archivedAt)))
      .for('update');
    if (!row) throw notFound(ARCHIVED_NOT_FOUND);
    const notes: string[] = [];
    const base = row.slug.replace(ARCHIVED_SUFFIX, '');
    let slug = base;
    if (!(await slugFree(tx, slug, id))) {
      slug = `${base}-${id}`;
      if (!(await slugFree(tx, slug, id))) slug = row.slug;
      notes.push(`Its old address "${base}" is now another product's, so it is "${slug}".`);
    }
    const oldLot = (await archivedLotNumbers(tx, [id])).get(id) ?? null;
    let lotNumber: string | null = null;
    if (oldLot) {
      if (await lotFree(tx, oldLot)) lotNumber = oldLot;
      else notes.push(`Its lot number ${oldLot} is now another product's, so it has none.`);
    }
    await updateProducts(tx, id, { archivedAt: null, active: false, slug, lotNumber }, { bumpVersion: true });
    const product = (await findAdminProduct(tx, id))!;
    await recordAudit(tx, { userId, action: 'restore', entity: 'product', entityId: id, after: product });
    await endDemoMode(tx);
    return {
      product,
      message: [
        'The product is back in the product list, turned off: turn it on to show it in the store.',
        ...notes,
      ].join(' '),
    };
  });
}
