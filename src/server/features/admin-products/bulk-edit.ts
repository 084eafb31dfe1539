// The products table's bulk edit (docs/decisions/0243-bulk-edit-of-products.md): category, shown in
// the store, daily discount and price by a percentage for the selected products, in one transaction
// with one audit entry per product. Prices are worked out here from each product's stored price (the
// client sends only the percentage); stock is never touched.
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { centsToString, formatCents, toCents } from '~/shared/money';
import { priceChangedByPercent } from '~/shared/pricing';
import {
  type BulkEdit,
  isZeroPrice,
  MAX_PRICE_CENTS,
  ZERO_PRICE_ON_SALE,
} from '~/shared/schemas/admin-products';
import { categories, products } from '~/server/db/schema';
import { recordAudit } from '~/server/lib/audit';
import { endDemoMode } from '~/server/lib/demo-mode';
import { badRequest, conflict, notFound } from '~/server/lib/http-error';
import type { AppContext } from '~/server/context';
import { updateProducts } from '~/server/lib/product-writes';

export const BULK_MISSING =
  'Some of the selected products no longer exist or were archived. Reload the list and select again; nothing was changed.';
export const BULK_CATEGORY_NOT_FOUND = 'Category not found.';

const label = (p: { name: string; lotNumber: string | null }) =>
  p.lotNumber ? `"${p.name}" (${p.lotNumber})` : `"${p.name}"`;

export async function bulkEditProducts(
  ctx: AppContext,
  edit: BulkEdit,
  userId: number,
): Promise<{ updated: number; message: string }> {
  return ctx.db.transaction(async (tx) => {
    if (edit.categoryId !== undefined && edit.categoryId !== null) {
      const [category] = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(eq(categories.id, edit.categoryId));
      if (!category)
        throw badRequest(BULK_CATEGORY_NOT_FOUND, { errors: { categoryId: BULK_CATEGORY_NOT_FOUND } });
    }
    // Locked in id order, so two bulk edits over the same products queue rather than deadlock.
    const rows = await tx
      .select({
        id: products.id,
        name: products.name,
        lotNumber: products.lotNumber,
        price: products.price,
        categoryId: products.categoryId,
        active: products.active,
        applyDailyDiscount: products.applyDailyDiscount,
      })
      .from(products)
      .where(and(inArray(products.id, edit.ids), isNull(products.archivedAt)))
      .orderBy(asc(products.id))
      .for('update');
    if (rows.length !== edit.ids.length) throw notFound(BULK_MISSING);

    const changes = rows.map((row) => {
      const set: Partial<typeof products.$inferInsert> = {};
      if (edit.categoryId !== undefined) set.categoryId = edit.categoryId;
      if (edit.active !== undefined) set.active = edit.active;
      if (edit.applyDailyDiscount !== undefined) set.applyDailyDiscount = edit.applyDailyDiscount;
      if (edit.pricePercent !== undefined) {
        const cents = priceChangedByPercent(toCents(row.price)!, edit.pricePercent);
        // Shown in the store: refused below with the on-sale rule's own message.
        if (cents <= 0 && !(set.active ?? row.active))
          throw conflict(
            `The new price of ${label(row)} would be ${formatCents(cents)}: a price must be more than 0. Nothing was changed.`,
          );
        if (cents > MAX_PRICE_CENTS)
          throw conflict(`The new price of ${label(row)} would be too large. Nothing was changed.`);
        set.price = centsToString(cents);
      }
      // The same rule as the product form and the status switch (one definition, decision 0466): a
      // product shown in the store after this edit cannot be at $0.00, whether the percentage took it
      // there or the edit shows a hidden $0.00 product.
      if ((set.active ?? row.active) && isZeroPrice(set.price ?? row.price))
        throw conflict(`${label(row)}: ${ZERO_PRICE_ON_SALE} Nothing was changed.`);
      return { row, set };
    });

    for (const { row, set } of changes) {
      await updateProducts(tx, row.id, set, { bumpVersion: true });
      const before = Object.fromEntries(Object.keys(set).map((k) => [k, row[k as keyof typeof row]]));
      await recordAudit(tx, {
        userId,
        action: 'bulk-edit',
        entity: 'product',
        entityId: row.id,
        before,
        after: set,
      });
    }
    await endDemoMode(tx);
    const n = rows.length;
    return { updated: n, message: `${n} ${n === 1 ? 'product' : 'products'} updated.` };
  });
}
