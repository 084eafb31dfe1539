// The one writer of store credit (docs/decisions/0530-store-credit-ledger.md): every movement of a
// customer's credit goes through `moveStoreCredit`, inside the caller's transaction, so the movement,
// the balance and the audit entry are written together or not at all.
//
// The balance never goes below zero, under any concurrency, on PGlite and PostgreSQL alike: the
// balance row is changed by one conditional statement (`balance + delta >= 0`), which PostgreSQL runs
// against the latest committed row (a second spend waits for the first's commit and re-checks), and a
// CHECK constraint on the table backs it. A spend that would overdraw changes nothing and is refused.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '~/server/db/client';
import { storeCreditBalances, storeCreditMovements } from '~/server/db/schema';
import { recordAudit } from '~/server/lib/audit';
import { badRequest } from '~/server/lib/http-error';
import { centsToString } from '~/shared/money';

export type StoreCreditKind = 'refund' | 'staff' | 'spent' | 'reversal';

export type StoreCreditMove = {
  userId: number;
  /** Signed cents: positive issues credit, negative takes it. Never 0. */
  cents: number;
  kind: StoreCreditKind;
  reason?: string | null;
  orderId?: number | null;
  refundId?: number | null;
  /** The staff member who made the movement (null when the customer or the store's own job did). */
  staffUserId?: number | null;
};

export const NOT_ENOUGH_CREDIT = 'There is not enough store credit for this.';

/**
 * Writes one movement and the new balance; refused (400, nothing written) when it would take the
 * balance below zero. Returns the movement.
 */
export async function moveStoreCredit(tx: Tx, move: StoreCreditMove) {
  if (!Number.isInteger(move.cents) || move.cents === 0) throw badRequest('The amount must not be 0.00.');
  // Creates the balance row at 0 when the customer has none, without touching an existing one, so the
  // conditional update below always has a row to work on.
  await tx.insert(storeCreditBalances).values({ userId: move.userId }).onConflictDoNothing();
  const [balance] = await tx
    .update(storeCreditBalances)
    .set({
      balanceCents: sql`${storeCreditBalances.balanceCents} + ${move.cents}`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(storeCreditBalances.userId, move.userId),
        sql`${storeCreditBalances.balanceCents} + ${move.cents} >= 0`,
      ),
    )
    .returning({ balanceCents: storeCreditBalances.balanceCents });
  if (!balance) throw badRequest(NOT_ENOUGH_CREDIT);
  const [movement] = await tx
    .insert(storeCreditMovements)
    .values({
      userId: move.userId,
      amountCents: move.cents,
      kind: move.kind,
      reason: move.reason || null,
      orderId: move.orderId ?? null,
      refundId: move.refundId ?? null,
      staffUserId: move.staffUserId ?? null,
      balanceAfterCents: balance.balanceCents,
    })
    .returning();
  await recordAudit(tx, {
    userId: move.staffUserId ?? null,
    action: `store-credit-${move.kind}`,
    entity: 'store_credit',
    entityId: move.userId,
    before: { balance: centsToString(balance.balanceCents - move.cents) },
    after: {
      balance: centsToString(balance.balanceCents),
      amount: centsToString(move.cents),
      reason: move.reason || null,
      orderId: move.orderId ?? null,
      refundId: move.refundId ?? null,
      movementId: movement!.id,
    },
  });
  return movement!;
}

/** A customer's balance and movements, newest first. */
export async function readStoreCredit(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ balanceCents: storeCreditBalances.balanceCents })
    .from(storeCreditBalances)
    .where(eq(storeCreditBalances.userId, userId));
  const movements = await db
    .select()
    .from(storeCreditMovements)
    .where(eq(storeCreditMovements.userId, userId))
    .orderBy(desc(storeCreditMovements.id))
    .limit(200);
  return {
    balance: centsToString(row?.balanceCents ?? 0),
    movements: movements.map((m) => ({
      id: m.id,
      amount: centsToString(m.amountCents),
      kind: m.kind,
      reason: m.reason,
      orderId: m.orderId,
      refundId: m.refundId,
      balanceAfter: centsToString(m.balanceAfterCents),
      createdAt: m.createdAt.toISOString(),
    })),
  };
}

/**
 * Pays up to `maxCents` of an order with the customer's credit, inside the order's transaction
 * (docs/decisions/0531-paying-with-credit-and-gift-cards.md): the balance row is locked, the amount
 * taken is the lesser of the balance and `maxCents`, and it is written as one `spent` movement. Two
 * checkouts of one customer at once queue on the row lock, so the second sees what the first left.
 * Returns the cents taken (0 when there is no credit).
 */
export async function spendStoreCreditOnOrder(
  tx: Tx,
  userId: number,
  orderId: number,
  maxCents: number,
): Promise<number> {
  if (maxCents <= 0) return 0;
  const [row] = await tx
    .select({ balanceCents: storeCreditBalances.balanceCents })
    .from(storeCreditBalances)
    .where(eq(storeCreditBalances.userId, userId))
    .for('update');
  const cents = Math.min(row?.balanceCents ?? 0, maxCents);
  if (cents <= 0) return 0;
  await moveStoreCredit(tx, { userId, cents: -cents, kind: 'spent', orderId });
  return cents;
}

/**
 * Gives an unpaid order's credit back (failPendingOrder: expired, replaced, cancelled, declined):
 * one `reversal` for what its `spent` and `reversal` movements still leave taken, so a second call
 * finds nothing to give. The caller holds the order's row lock. Returns the cents given back.
 */
export async function giveBackOrderStoreCredit(tx: Tx, orderId: number): Promise<number> {
  const rows = await tx
    .select({
      userId: storeCreditMovements.userId,
      cents: sql<number>`sum(${storeCreditMovements.amountCents})::int`,
    })
    .from(storeCreditMovements)
    .where(
      and(
        eq(storeCreditMovements.orderId, orderId),
        sql`${storeCreditMovements.kind} in ('spent', 'reversal')`,
      ),
    )
    .groupBy(storeCreditMovements.userId);
  let given = 0;
  for (const row of rows) {
    const taken = -Number(row.cents);
    if (taken <= 0) continue;
    await moveStoreCredit(tx, {
      userId: row.userId,
      cents: taken,
      kind: 'reversal',
      orderId,
      reason: 'The checkout ended unpaid',
    });
    given += taken;
  }
  return given;
}
