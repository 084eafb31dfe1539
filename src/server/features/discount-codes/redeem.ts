// Counting a discount code's uses exactly (docs/decisions/0550-discount-codes.md). Called inside the
// checkout's transaction when the order is placed, and when an unpaid checkout is released.
import { and, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '~/server/db/client';
import { discountCodeUses, discountCodes } from '~/server/db/schema';

export type Redemption = { ok: true } | { ok: false; reason: 'usedUp' };

/**
 * Takes one use for an order. The conditional update both checks and counts, and it holds the code's
 * row lock until the transaction ends, so concurrent checkouts queue on it: with 5 uses left, exactly
 * 5 succeed. The per-customer count is read under that same lock (each statement sees what committed
 * before it), so a customer's two concurrent checkouts cannot both pass a limit of 1. On 'usedUp' the
 * caller must roll its transaction back (the count has been raised for a per-customer refusal).
 */
export async function redeemDiscountCode(
  tx: DbOrTx,
  use: { codeId: number; orderId: number; userId: number | null; email: string },
): Promise<Redemption> {
  const [code] = await tx
    .update(discountCodes)
    .set({ usedCount: sql`${discountCodes.usedCount} + 1` })
    .where(
      and(
        eq(discountCodes.id, use.codeId),
        sql`(${discountCodes.maxUses} is null or ${discountCodes.usedCount} < ${discountCodes.maxUses})`,
      ),
    )
    .returning({ perCustomerLimit: discountCodes.perCustomerLimit });
  if (!code) return { ok: false, reason: 'usedUp' };
  const email = use.email.trim().toLowerCase();
  if (code.perCustomerLimit !== null) {
    const mine =
      use.userId === null
        ? eq(discountCodeUses.email, email)
        : or(eq(discountCodeUses.userId, use.userId), eq(discountCodeUses.email, email));
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(discountCodeUses)
      .where(and(eq(discountCodeUses.codeId, use.codeId), mine));
    if ((row?.n ?? 0) >= code.perCustomerLimit) return { ok: false, reason: 'usedUp' };
  }
  await tx
    .insert(discountCodeUses)
    .values({ codeId: use.codeId, orderId: use.orderId, userId: use.userId, email });
  return { ok: true };
}

/** Gives an order's use back (an unpaid checkout expired or was cancelled). Idempotent. */
export async function releaseDiscountCodeUse(tx: DbOrTx, orderId: number): Promise<void> {
  const [released] = await tx
    .delete(discountCodeUses)
    .where(eq(discountCodeUses.orderId, orderId))
    .returning({ codeId: discountCodeUses.codeId });
  if (!released) return;
  await tx
    .update(discountCodes)
    .set({ usedCount: sql`greatest(${discountCodes.usedCount} - 1, 0)` })
    .where(eq(discountCodes.id, released.codeId));
}
