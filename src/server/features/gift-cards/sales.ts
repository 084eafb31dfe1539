// Gift cards sold in the storefront (docs/decisions/0534-gift-card-sales.md): an order's gift card
// lines are written by the checkout and their cards issued, once, in the transaction that marks the
// order paid, each e-mailed to its recipient in the order's language.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Locale } from '~/shared/i18n/locales';
import type { CheckoutGiftCard } from '~/shared/schemas/checkout';
import type { OrderGiftCardLine } from '~/shared/schemas/account';
import { centsToString, toCents } from '~/shared/money';
import type { AppContext } from '~/server/context';
import type { DbOrTx, Tx } from '~/server/db/client';
import { orderGiftCardLines } from '~/server/db/schema';
import { queueGiftCardEmail } from './gift-card-email';
import { issueGiftCard } from './ledger';

/** What the cards of a checkout cost in all, in cents. */
export function giftCardSaleCents(lines: readonly CheckoutGiftCard[] | undefined): number {
  return (lines ?? []).reduce((sum, l) => sum + (toCents(l.amount) ?? 0) * l.quantity, 0);
}

/** Writes an order's gift card lines (the checkout's transaction). */
export async function addOrderGiftCardLines(
  tx: Tx,
  orderId: number,
  lines: readonly CheckoutGiftCard[],
): Promise<void> {
  if (lines.length === 0) return;
  await tx.insert(orderGiftCardLines).values(
    lines.map((l) => ({
      orderId,
      amountCents: toCents(l.amount) ?? 0,
      quantity: l.quantity,
      recipientName: l.recipientName,
      recipientEmail: l.recipientEmail,
      message: l.message?.trim() ? l.message.trim() : null,
    })),
  );
}

/**
 * Issues the cards of an order's lines not issued yet (one card per unit, its 'issued' movement naming
 * the order) and queues each card's e-mail to its recipient; called under the order's row lock in the
 * transaction that completes the payment, so whichever completion comes first issues them, once.
 * Returns the outbox ids to deliver after the commit.
 */
export async function issueSoldGiftCards(
  ctx: AppContext,
  tx: Tx,
  order: { id: number; locale: string },
): Promise<number[]> {
  const lines = await tx
    .select()
    .from(orderGiftCardLines)
    .where(and(eq(orderGiftCardLines.orderId, order.id), isNull(orderGiftCardLines.issuedAt)))
    .orderBy(asc(orderGiftCardLines.id));
  const queued: number[] = [];
  for (const line of lines) {
    for (let unit = 0; unit < line.quantity; unit++) {
      const { code } = await issueGiftCard(tx, {
        cents: line.amountCents,
        recipientEmail: line.recipientEmail,
        message: line.message,
        soldOrderId: order.id,
      });
      queued.push(
        await queueGiftCardEmail(ctx, tx, {
          to: line.recipientEmail,
          cents: line.amountCents,
          code,
          message: line.message,
          locale: (order.locale === 'fr' ? 'fr' : 'en') as Locale,
          orderId: order.id,
        }),
      );
    }
    await tx
      .update(orderGiftCardLines)
      .set({ issuedAt: sql`now()` })
      .where(eq(orderGiftCardLines.id, line.id));
  }
  return queued;
}

/** The gift card lines of some orders as their shopper reads them (amount, quantity, recipient; never a code). */
export async function giftCardLinesOfOrders(
  db: DbOrTx,
  orderIds: readonly number[],
): Promise<Map<number, OrderGiftCardLine[]>> {
  const byOrder = new Map<number, OrderGiftCardLine[]>();
  if (orderIds.length === 0) return byOrder;
  const lines = await db
    .select()
    .from(orderGiftCardLines)
    .where(inArray(orderGiftCardLines.orderId, [...orderIds]))
    .orderBy(asc(orderGiftCardLines.id));
  for (const l of lines) {
    const list = byOrder.get(l.orderId) ?? [];
    list.push({
      id: l.id,
      amount: centsToString(l.amountCents),
      quantity: l.quantity,
      recipientName: l.recipientName,
      recipientEmail: l.recipientEmail,
      issued: l.issuedAt !== null,
    });
    byOrder.set(l.orderId, list);
  }
  return byOrder;
}
