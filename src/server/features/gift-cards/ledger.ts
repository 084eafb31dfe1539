// Gift cards (docs/decisions/0533-gift-cards.md): the one writer of their balances and movements.
// A code is 16 characters of base32 from 80 random bits (crypto.randomBytes), shown in groups of four
// (ABCD-EFGH-JKLM-NPQR); the database keeps only its SHA-256 hash and its last 4 characters, so a
// leaked table gives no usable code. Balances never go below zero: a spend locks the card's row and
// takes the lesser of its balance and what is left to pay, and a CHECK constraint backs it.
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '~/server/db/client';
import { giftCardMovements, giftCards, orders } from '~/server/db/schema';
import { recordAudit } from '~/server/lib/audit';
import { badRequest, conflict } from '~/server/lib/http-error';
import { centsToString } from '~/shared/money';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
export const GIFT_CARD_MAX_CENTS = 1_000_00;
export const UNKNOWN_GIFT_CARD = 'This gift card code is not valid. Please check it and try again.';
export const USED_UP_GIFT_CARD = 'This gift card has no balance left.';

/** 16 base32 characters (80 random bits) in groups of four. */
export function newGiftCardCode(): string {
  const bytes = randomBytes(10);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = ((value << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out.match(/.{4}/g)!.join('-');
}

/** The code as typed, without spaces or dashes, upper case; null when it cannot be a code. */
export function normalizeGiftCardCode(code: string): string | null {
  const plain = code.replace(/[\s-]/g, '').toUpperCase();
  return /^[A-Z2-7]{16}$/.test(plain) ? plain : null;
}

const hashOf = (plain: string) => createHash('sha256').update(plain).digest('hex');

/** Issues a card of `cents` (its 'issued' movement and an audit entry); returns the card and its code. */
export async function issueGiftCard(
  tx: Tx,
  options: {
    cents: number;
    recipientEmail?: string | null;
    message?: string | null;
    soldOrderId?: number | null;
    staffUserId?: number | null;
  },
) {
  if (!Number.isInteger(options.cents) || options.cents <= 0 || options.cents > GIFT_CARD_MAX_CENTS) {
    throw badRequest('A gift card is worth between $0.01 and $1,000.00.');
  }
  const code = newGiftCardCode();
  const plain = normalizeGiftCardCode(code)!;
  const [card] = await tx
    .insert(giftCards)
    .values({
      codeHash: hashOf(plain),
      last4: plain.slice(-4),
      initialCents: options.cents,
      balanceCents: options.cents,
      recipientEmail: options.recipientEmail ?? null,
      message: options.message ?? null,
      soldOrderId: options.soldOrderId ?? null,
      issuedByUserId: options.staffUserId ?? null,
    })
    .returning();
  await tx.insert(giftCardMovements).values({
    giftCardId: card!.id,
    amountCents: options.cents,
    kind: 'issued',
    orderId: options.soldOrderId ?? null,
    balanceAfterCents: options.cents,
  });
  await recordAudit(tx, {
    userId: options.staffUserId ?? null,
    action: 'gift-card-issued',
    entity: 'gift_card',
    entityId: card!.id,
    before: null,
    after: {
      amount: centsToString(options.cents),
      last4: card!.last4,
      soldOrderId: options.soldOrderId ?? null,
    },
  });
  return { card: card!, code };
}

/** The card a code opens, or null. */
export async function findGiftCard(db: DbOrTx, code: string) {
  const plain = normalizeGiftCardCode(code);
  if (!plain) return null;
  const [card] = await db
    .select()
    .from(giftCards)
    .where(eq(giftCards.codeHash, hashOf(plain)));
  return card ?? null;
}

/**
 * Pays up to `maxCents` of an order with the cards whose codes are given, in the order given
 * (duplicates counted once), inside the order's transaction. Each card's row is locked and the lesser
 * of its balance and what is left is taken, so two checkouts of one card at once never take more than
 * it holds. An unknown code or a card with nothing left is a 400 (the caller's transaction rolls
 * back, so nothing is written). Returns the cents taken in all.
 */
export async function spendGiftCardsOnOrder(
  tx: Tx,
  codes: readonly string[],
  orderId: number,
  maxCents: number,
): Promise<number> {
  const seen = new Set<string>();
  let taken = 0;
  for (const code of codes) {
    const plain = normalizeGiftCardCode(code);
    if (!plain) throw badRequest(UNKNOWN_GIFT_CARD, { code: 'gift_card_unknown' });
    if (seen.has(plain)) continue;
    seen.add(plain);
    const [card] = await tx
      .select()
      .from(giftCards)
      .where(eq(giftCards.codeHash, hashOf(plain)))
      .for('update');
    if (!card) throw badRequest(UNKNOWN_GIFT_CARD, { code: 'gift_card_unknown' });
    if (card.balanceCents <= 0) {
      throw badRequest(USED_UP_GIFT_CARD, { code: 'gift_card_used_up', last4: card.last4 });
    }
    const cents = Math.min(card.balanceCents, maxCents - taken);
    if (cents <= 0) continue;
    await moveGiftCard(tx, card.id, -cents, 'spent', orderId);
    taken += cents;
  }
  return taken;
}

/** One movement and the new balance, by a conditional update (never below zero). */
async function moveGiftCard(
  tx: Tx,
  giftCardId: number,
  cents: number,
  kind: 'spent' | 'reversal' | 'refund',
  orderId: number | null,
) {
  const [card] = await tx
    .update(giftCards)
    .set({ balanceCents: sql`${giftCards.balanceCents} + ${cents}`, updatedAt: sql`now()` })
    .where(and(eq(giftCards.id, giftCardId), sql`${giftCards.balanceCents} + ${cents} >= 0`))
    .returning();
  if (!card) throw badRequest(USED_UP_GIFT_CARD, { code: 'gift_card_used_up' });
  await tx.insert(giftCardMovements).values({
    giftCardId,
    amountCents: cents,
    kind,
    orderId,
    balanceAfterCents: card.balanceCents,
  });
  await recordAudit(tx, {
    userId: null,
    action: `gift-card-${kind}`,
    entity: 'gift_card',
    entityId: giftCardId,
    before: { balance: centsToString(card.balanceCents - cents) },
    after: { balance: centsToString(card.balanceCents), amount: centsToString(cents), orderId },
  });
}

/**
 * Gives back what an unpaid order took from gift cards (failPendingOrder), once: per card, what its
 * `spent` and `reversal` movements of the order still leave taken.
 */
export async function giveBackOrderGiftCards(tx: Tx, orderId: number): Promise<number> {
  const rows = await tx
    .select({
      giftCardId: giftCardMovements.giftCardId,
      cents: sql<number>`sum(${giftCardMovements.amountCents})::int`,
    })
    .from(giftCardMovements)
    .where(
      and(eq(giftCardMovements.orderId, orderId), sql`${giftCardMovements.kind} in ('spent', 'reversal')`),
    )
    .groupBy(giftCardMovements.giftCardId)
    .orderBy(giftCardMovements.giftCardId);
  let given = 0;
  for (const row of rows) {
    const taken = -Number(row.cents);
    if (taken <= 0) continue;
    await moveGiftCard(tx, row.giftCardId, taken, 'reversal', orderId);
    given += taken;
  }
  return given;
}

/**
 * Gives `cents` of a paid order's refund back to the gift cards that paid it (0535), the card spent
 * last first, each up to what it gave the order less what refunds already gave back to it ('refund'
 * movements naming the order). The caller holds the order's row lock and has checked that the cards
 * are owed at least `cents`. Returns each card given back to, with its last 4 characters.
 */
export async function refundToOrderGiftCards(
  tx: Tx,
  orderId: number,
  cents: number,
): Promise<{ giftCardId: number; last4: string; cents: number }[]> {
  const rows = await tx
    .select({
      giftCardId: giftCardMovements.giftCardId,
      last4: giftCards.last4,
      owed: sql<number>`(-sum(${giftCardMovements.amountCents}))::int`,
    })
    .from(giftCardMovements)
    .innerJoin(giftCards, eq(giftCards.id, giftCardMovements.giftCardId))
    .where(
      and(
        eq(giftCardMovements.orderId, orderId),
        sql`${giftCardMovements.kind} in ('spent', 'reversal', 'refund')`,
      ),
    )
    .groupBy(giftCardMovements.giftCardId, giftCards.last4)
    .orderBy(sql`max(case when ${giftCardMovements.kind} = 'spent' then ${giftCardMovements.id} end) desc`);
  const given: { giftCardId: number; last4: string; cents: number }[] = [];
  let left = cents;
  for (const row of rows) {
    const back = Math.min(Number(row.owed), left);
    if (back <= 0) continue;
    await moveGiftCard(tx, row.giftCardId, back, 'refund', orderId);
    given.push({ giftCardId: row.giftCardId, last4: row.last4, cents: back });
    left -= back;
  }
  if (left > 0) throw conflict('The gift cards that paid this order are owed less than this refund.');
  return given;
}

/** Every card with its balance, newest first (the admin's list), and a card's movements. */
export async function listGiftCards(db: DbOrTx, limit = 200) {
  const cards = await db.select().from(giftCards).orderBy(desc(giftCards.id)).limit(limit);
  return cards.map(toGiftCardSummary);
}

export async function giftCardMovementsOf(db: DbOrTx, giftCardId: number) {
  const rows = await db
    .select()
    .from(giftCardMovements)
    .where(eq(giftCardMovements.giftCardId, giftCardId))
    .orderBy(desc(giftCardMovements.id));
  return rows.map((m) => ({
    id: m.id,
    amount: centsToString(m.amountCents),
    kind: m.kind,
    orderId: m.orderId,
    balanceAfter: centsToString(m.balanceAfterCents),
    createdAt: m.createdAt.toISOString(),
  }));
}

export function toGiftCardSummary(card: typeof giftCards.$inferSelect) {
  return {
    id: card.id,
    last4: card.last4,
    initial: centsToString(card.initialCents),
    balance: centsToString(card.balanceCents),
    recipientEmail: card.recipientEmail,
    soldOrderId: card.soldOrderId,
    createdAt: card.createdAt.toISOString(),
  };
}

/** The cards sent to a customer's e-mail or bought by their orders, newest first. */
export async function customerGiftCards(db: DbOrTx, user: { id: number; email: string }) {
  const cards = await db
    .select()
    .from(giftCards)
    .where(
      or(
        sql`lower(${giftCards.recipientEmail}) = lower(${user.email})`,
        inArray(
          giftCards.soldOrderId,
          db.select({ id: orders.id }).from(orders).where(eq(orders.userId, user.id)),
        ),
      ),
    )
    .orderBy(desc(giftCards.id))
    .limit(200);
  return cards.map((card) => ({
    ...toGiftCardSummary(card),
    relation:
      card.recipientEmail?.toLowerCase() === user.email.toLowerCase()
        ? ('received' as const)
        : ('bought' as const),
  }));
}
