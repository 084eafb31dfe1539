// Discount codes: admin list, create, update, delete (docs/decisions/0550-discount-codes.md).
// Times arrive and leave as wall-clock text in the store's zone; the database keeps instants.
import { asc, eq } from 'drizzle-orm';
import {
  combiningRuleText,
  type DiscountCode,
  type DiscountCodeInput,
} from '~/shared/schemas/discount-codes';
import { instantToStoreLocal, storeLocalToInstant } from '~/shared/store-time';
import { discountCodes } from '~/server/db/schema';
import { recordAudit } from '~/server/lib/audit';
import { badRequest, conflict, notFound } from '~/server/lib/http-error';
import type { AppContext } from '~/server/context';

export const CODE_TAKEN = 'This code already exists.';

type Row = typeof discountCodes.$inferSelect;

function toApi(row: Row, timeZone: string): DiscountCode {
  const { createdAt: _created, startsAt, endsAt, ...rest } = row;
  return {
    ...rest,
    startsAt: startsAt ? instantToStoreLocal(startsAt, timeZone) : null,
    endsAt: endsAt ? instantToStoreLocal(endsAt, timeZone) : null,
    combiningRule: combiningRuleText(row),
  };
}

function toRow(input: DiscountCodeInput, timeZone: string) {
  const at = (local: string | null, field: string) => {
    if (local === null) return null;
    const instant = storeLocalToInstant(local, timeZone);
    if (!instant)
      throw badRequest('Not a valid date and time.', { errors: { [field]: 'Not a valid date and time.' } });
    return instant;
  };
  return {
    ...input,
    // A percentage code carries no amount and a fixed one no percentage, so a row never means two things.
    percentage: input.kind === 'percent' ? input.percentage : 0,
    amount: input.kind === 'fixed' ? input.amount : '0.00',
    startsAt: at(input.startsAt, 'startsAt'),
    endsAt: at(input.endsAt, 'endsAt'),
  };
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

async function codeSafe<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(CODE_TAKEN, { errors: { code: CODE_TAKEN } });
    throw error;
  }
}

export async function listDiscountCodes(ctx: AppContext): Promise<DiscountCode[]> {
  const rows = await ctx.db.select().from(discountCodes).orderBy(asc(discountCodes.code));
  return rows.map((r) => toApi(r, ctx.config.STORE_TIMEZONE));
}

export async function createDiscountCode(
  ctx: AppContext,
  input: DiscountCodeInput,
  userId: number,
): Promise<DiscountCode> {
  const tz = ctx.config.STORE_TIMEZONE;
  const values = toRow(input, tz);
  return codeSafe(() =>
    ctx.db.transaction(async (tx) => {
      const [row] = await tx.insert(discountCodes).values(values).returning();
      const after = toApi(row!, tz);
      await recordAudit(tx, { userId, action: 'create', entity: 'discount-code', before: null, after });
      return after;
    }),
  );
}

export async function updateDiscountCode(
  ctx: AppContext,
  id: number,
  input: DiscountCodeInput,
  userId: number,
): Promise<DiscountCode> {
  const tz = ctx.config.STORE_TIMEZONE;
  const values = toRow(input, tz);
  return codeSafe(() =>
    ctx.db.transaction(async (tx) => {
      const [old] = await tx.select().from(discountCodes).where(eq(discountCodes.id, id)).for('update');
      if (!old) throw notFound('Unknown discount code.');
      // The count of uses is the orders', never the form's: a lower limit than the uses so far is refused.
      if (values.maxUses !== null && values.maxUses < old.usedCount) {
        const message = `This code has already been used ${old.usedCount} times; the limit cannot be lower.`;
        throw badRequest(message, { errors: { maxUses: message } });
      }
      const [row] = await tx.update(discountCodes).set(values).where(eq(discountCodes.id, id)).returning();
      const after = toApi(row!, tz);
      await recordAudit(tx, {
        userId,
        action: 'update',
        entity: 'discount-code',
        before: toApi(old, tz),
        after,
      });
      return after;
    }),
  );
}

export async function deleteDiscountCode(ctx: AppContext, id: number, userId: number): Promise<void> {
  const tz = ctx.config.STORE_TIMEZONE;
  await ctx.db.transaction(async (tx) => {
    const [old] = await tx.delete(discountCodes).where(eq(discountCodes.id, id)).returning();
    if (!old) throw notFound('Unknown discount code.');
    await recordAudit(tx, {
      userId,
      action: 'delete',
      entity: 'discount-code',
      before: toApi(old, tz),
      after: null,
    });
  });
}
