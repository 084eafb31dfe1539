// Re-grading and restocking a received return (docs/decisions/0541-return-restock-as-lots.md). Each
// received unit is graded (condition, notes, a new price, or written off). A unit graded as it was
// sold, at the lot's price, with no new notes goes back into the sold lot's stock; units graded
// otherwise become new lots, one per distinct grade (condition, notes, price) of a line, copied from
// the sold lot (name, description, pictures, category) with their own lot number and slug; written-off
// units go nowhere. Stock and lots are written through the product administration's own writers
// (stock history, audit), never straight into products.
import { inArray } from 'drizzle-orm';
import type { AppContext } from '~/server/context';
import type { DbOrTx } from '~/server/db/client';
import { returnUnits } from '~/server/db/schema';
import { adjustStock, createProduct, findAdminProduct } from '~/server/features/admin-products';
import { badRequest, conflict } from '~/server/lib/http-error';
import { centsToString, toCents } from '~/shared/money';
import { type ProductData, ProductInputSchema } from '~/shared/schemas/admin-products';
import { type ReturnRestock, returnNumber } from '~/shared/schemas/returns';
import { linesOf, lockReturn, recordStep, refuseState } from './steps';

type Outcome = 'original' | 'new-lot' | 'written-off';
type GradedUnit = ReturnRestock['units'][number] & { outcome: Outcome; groupKey: string };

/**
 * Step 1, under the return's lock: the grades checked against what was received (one grade per unit
 * received, no more, no less), written with their outcome; a return already re-graded is a 409.
 */
async function recordGrades(ctx: AppContext, id: number, input: ReturnRestock, userId: number) {
  return ctx.db.transaction(async (tx) => {
    const ret = await lockReturn(tx, id);
    refuseState(ret, ['received', 'refunded'], 're-graded');
    const lines = await linesOf(tx, id);
    const already = await tx
      .select({ id: returnUnits.id })
      .from(returnUnits)
      .where(
        inArray(
          returnUnits.returnLineId,
          lines.map((l) => l.id),
        ),
      )
      .limit(1);
    if (already.length > 0) throw conflict(`${returnNumber(id)} has already been re-graded and restocked.`);
    const graded: (GradedUnit & { line: (typeof lines)[number] })[] = [];
    for (const unit of input.units) {
      const line = lines.find((l) => l.id === unit.lineId);
      if (!line) throw badRequest(`Line ${unit.lineId} is not a line of this return.`);
      const soldCents = toCents(line.item.price) ?? 0;
      const asSold =
        unit.condition === (line.item.condition ?? 'new') &&
        unit.notes === '' &&
        (unit.price === null || unit.price === soldCents);
      const outcome: Outcome = unit.writeOff ? 'written-off' : asSold ? 'original' : 'new-lot';
      if (outcome !== 'written-off' && line.item.productId === null)
        throw badRequest(
          `${line.item.productName}: the sold lot no longer exists, so its units can only be written off.`,
        );
      graded.push({
        ...unit,
        line,
        outcome,
        groupKey: `${line.id}|${unit.condition}|${unit.notes}|${unit.price ?? ''}`,
      });
    }
    for (const line of lines) {
      const n = graded.filter((g) => g.line.id === line.id).length;
      const received = line.receivedQuantity ?? 0;
      if (n !== received)
        throw badRequest(
          `${line.item.productName}: grade each of the ${received} units received (${n} graded).`,
        );
    }
    // Units graded alike become one lot; each lot is checked before anything is written.
    const groups = new Map<string, typeof graded>();
    for (const g of graded) {
      if (g.outcome === 'written-off') continue;
      const key = g.outcome === 'original' ? `original|${g.line.id}` : g.groupKey;
      groups.set(key, [...(groups.get(key) ?? []), g]);
    }
    const plans: { key: string; productId: number; data: ProductData | null; indexes: number[] }[] = [];
    let n = 0;
    for (const [key, units] of groups) {
      const productId = units[0]!.line.item.productId!;
      const indexes = units.map((u) => graded.indexOf(u));
      if (key.startsWith('original|')) {
        plans.push({ key, productId, data: null, indexes });
        continue;
      }
      n += 1;
      const data = await lotData(tx, productId, units[0]!, units.length, `${returnNumber(id)}-${n}`);
      plans.push({ key, productId, data, indexes });
    }
    const rows = await tx
      .insert(returnUnits)
      .values(
        graded.map((g) => ({
          returnLineId: g.line.id,
          condition: g.condition,
          notes: g.notes,
          price: g.price === null ? null : centsToString(g.price),
          writeOff: g.writeOff,
          outcome: g.outcome,
          actorUserId: userId,
        })),
      )
      .returning({ id: returnUnits.id });
    const summary = graded
      .map((g) => `${g.line.item.productName}: ${g.outcome === 'new-lot' ? g.condition : g.outcome}`)
      .join('; ');
    await recordStep(tx, ctx, ret, { kind: 'restocked', message: summary, userId });
    return plans.map((p) => ({ ...p, unitIds: p.indexes.map((i) => rows[i]!.id) }));
  });
}

/** Step 2: the units back on sale, through the product writers; each unit records its lot. */
export async function restockReturn(ctx: AppContext, id: number, input: ReturnRestock, userId: number) {
  const plans = await recordGrades(ctx, id, input, userId);
  const setLot = (unitIds: number[], productId: number) =>
    ctx.db.update(returnUnits).set({ productId }).where(inArray(returnUnits.id, unitIds));
  for (const plan of plans) {
    if (plan.data === null) {
      await adjustStock(
        ctx.db,
        plan.productId,
        { delta: plan.unitIds.length, reason: `Return ${returnNumber(id)}: back as sold` },
        userId,
      );
      await setLot(plan.unitIds, plan.productId);
      continue;
    }
    const created = await createProduct(ctx, plan.data, userId);
    await setLot(plan.unitIds, created.id);
  }
}

/**
 * A new lot of `stock` units copied from the sold lot, with the unit's grade and price, checked by the
 * product form's own schema (before anything of the re-grade is written).
 */
async function lotData(
  db: DbOrTx,
  soldId: number,
  unit: ReturnRestock['units'][number],
  stock: number,
  suffix: string,
): Promise<ProductData> {
  const sold = await findAdminProduct(db, soldId);
  if (!sold) throw badRequest('The sold lot no longer exists.');
  const parsed = ProductInputSchema.safeParse({
    name: sold.name,
    nameFr: sold.nameFr,
    slug: `${sold.slug}-${suffix.toLowerCase()}`,
    lotNumber: `${sold.lotNumber ?? `LOT-${sold.id}`}-${suffix}`,
    description: sold.description,
    descriptionFr: sold.descriptionFr,
    price: unit.price === null ? sold.price : centsToString(unit.price),
    compareAtPrice: sold.compareAtPrice,
    stock,
    categoryId: sold.categoryId,
    featured: false,
    new: false,
    active: true,
    applyDailyDiscount: sold.applyDailyDiscount,
    condition: unit.condition,
    conditionNotes: unit.notes,
    conditionNotesFr: '',
    finalSale: sold.finalSale,
    imageUrl: sold.imageUrl,
    images: sold.images,
  });
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'The new lot is not valid.');
  return parsed.data;
}
