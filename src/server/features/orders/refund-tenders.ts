// Where a refund to the original payment goes (docs/decisions/0535-refunds-back-to-tenders-in-reverse.md):
// back to the tenders that paid the order, in reverse of how they were taken at checkout (store credit,
// then gift cards, then the card for the rest): the card first, then the gift cards, then store credit,
// each up to what it paid less what earlier refunds to 'original' (pending or completed) gave back to
// it. A gift card's share goes back to the card's balance, never to the bank card, so a refund never
// turns a gift card into cash.
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '~/server/db/client';
import type { DbOrTx } from '~/server/db/client';
import { orderRefunds, posTenders } from '~/server/db/schema';
import { conflict } from '~/server/lib/http-error';
import { toCents } from '~/shared/money';
import type { OrderRow } from './repository';

export type TenderSplit = { cardCents: number; giftCardCents: number; storeCreditCents: number };

export const NO_TENDER_SPLIT: TenderSplit = { cardCents: 0, giftCardCents: 0, storeCreditCents: 0 };

/** What the card (the provider's payment, or what was marked paid by hand) paid of the order. */
export function cardPaidCents(order: OrderRow): number {
  return (
    (toCents(order.total) ?? 0) -
    (toCents(order.storeCreditAmount) ?? 0) -
    (toCents(order.giftCardAmount) ?? 0)
  );
}

/**
 * Splits `amountCents` over the tenders, reading under the caller's lock on the order what earlier
 * refunds gave back to each. A refund the tenders cannot carry (never the case when the amount is
 * within what is left of the order) is refused.
 */
export async function splitRefundOverTenders(
  tx: Tx,
  order: OrderRow,
  amountCents: number,
): Promise<TenderSplit> {
  const [back] = await tx
    .select({
      // Cash handed back at the till stands for the card bucket of an order with no provider payment.
      card: sql<number>`coalesce(sum(${orderRefunds.cardCents} + ${orderRefunds.cashCents}), 0)::int`,
      giftCards: sql<number>`coalesce(sum(${orderRefunds.giftCardCents}), 0)::int`,
      storeCredit: sql<number>`coalesce(sum(${orderRefunds.storeCreditCents}), 0)::int`,
    })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, order.id), sql`${orderRefunds.status} in ('pending', 'completed')`));
  let left = amountCents;
  const take = (owed: number) => {
    const cents = Math.max(0, Math.min(left, owed));
    left -= cents;
    return cents;
  };
  const split = {
    cardCents: take(cardPaidCents(order) - Number(back?.card ?? 0)),
    giftCardCents: take((toCents(order.giftCardAmount) ?? 0) - Number(back?.giftCards ?? 0)),
    storeCreditCents: take((toCents(order.storeCreditAmount) ?? 0) - Number(back?.storeCredit ?? 0)),
  };
  if (left > 0) throw conflict('The payments of this order cannot carry this refund.');
  return split;
}

/**
 * The card payment with the provider behind the card bucket, and what it took: the order's own for a
 * storefront order paid by card (all of the bucket); for a till sale, its Terminal card tender
 * (docs/decisions/0613-till-card-on-square-terminal.md), which may have paid only part of the bucket
 * beside cash. No reference when the bucket was cash or marked paid by hand.
 */
export async function providerCardOf(
  db: DbOrTx,
  order: OrderRow,
): Promise<{ reference: string | null; cents: number }> {
  if (order.paymentReference) return { reference: order.paymentReference, cents: cardPaidCents(order) };
  const [card] = await db
    .select({
      reference: sql<string | null>`max(${posTenders.paymentReference})`,
      cents: sql<string>`(coalesce(sum(${posTenders.amount}), 0) * 100)::bigint::text`,
    })
    .from(posTenders)
    .where(and(eq(posTenders.orderId, order.id), eq(posTenders.kind, 'card')));
  return card?.reference
    ? { reference: card.reference, cents: Number(card.cents) }
    : { reference: null, cents: 0 };
}

/** What refunds to 'original' (pending or completed) gave back to the provider's card so far. */
export async function cardGivenBackCents(tx: Tx, orderId: number): Promise<number> {
  const [row] = await tx
    .select({ cents: sql<number>`coalesce(sum(${orderRefunds.cardCents}), 0)::int` })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), sql`${orderRefunds.status} in ('pending', 'completed')`));
  return Number(row?.cents ?? 0);
}
