// A till sale's card part on the Square Terminal (docs/decisions/0613-till-card-on-square-terminal.md).
// The sale was recorded awaiting the card, its stock taken and its other tenders held (sales.ts); the
// Terminal's checkout is then followed (the till's poll, the cashier's cancel) until Square says:
// COMPLETED, and the card tender is recorded with its payment and the order is paid; CANCELED (declined
// and given up at the device, cancelled there or by the cashier, timed out), and the sale is cancelled:
// stock back, gift cards and store credit given back, the order cancelled. Each happens once, under the
// order's row lock, whichever of two polls comes first.
import { and, eq } from 'drizzle-orm';
import { centsToString, toCents } from '~/shared/money';
import type { PosSale } from '~/shared/schemas/pos';
import type { AppContext } from '~/server/context';
import type { Tx } from '~/server/db/client';
import { orderHistory, orderItems, orders, posSessions, posTenders } from '~/server/db/schema';
import { conflict, HttpError } from '~/server/lib/http-error';
import { moveStock } from '~/server/lib/product-writes';
import { updateOrder } from '~/server/lib/order-writes';
import { markStockChange } from '~/server/lib/stock-reason';
import { PaymentProviderError, type TerminalCheckout } from '~/server/payments/provider';
import { giveBackOrderGiftCards } from '~/server/features/gift-cards';
import { giveBackOrderStoreCredit } from '~/server/features/store-credit';
import { saleOrNotFound } from './sales';

export const SALE_ALREADY_PAID = 'This sale is paid: give the money back with a refund instead.';
export const CARD_NOT_MATCHING =
  "Square's card payment does not match the card part of this sale: an administrator must check it in Square.";
const TERMINAL_UNREACHABLE = 'Square could not be reached to cancel the card payment. Try again.';

type Actor = { id: number };

/** The sale, after asking Square about its card when it is awaiting one. */
export async function followSale(ctx: AppContext, id: number, cashier: Actor): Promise<PosSale> {
  const sale = await saleOrNotFound(ctx.db, id);
  const terminal = ctx.payments.terminal;
  if (sale.status !== 'awaiting_card' || !sale.terminalCheckout || !terminal) return sale;
  try {
    await applyCheckout(ctx, id, await terminal.getCheckout(sale.terminalCheckout.id), cashier);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    // Square away for a moment: the sale goes on waiting and the till asks again.
    ctx.log.warn({ err: error, saleId: id }, 'reading the Terminal checkout or its payment failed');
    return sale;
  }
  return saleOrNotFound(ctx.db, id);
}

/**
 * The cashier cancels the card: Square is asked to cancel the checkout. A checkout the buyer is paying
 * may end COMPLETED all the same (the sale is then paid), or CANCEL_REQUESTED while the device stops.
 */
export async function cancelCardSale(ctx: AppContext, id: number, cashier: Actor): Promise<PosSale> {
  const sale = await saleOrNotFound(ctx.db, id);
  if (sale.status === 'cancelled') return sale;
  if (sale.status !== 'awaiting_card') throw conflict(SALE_ALREADY_PAID);
  const terminal = ctx.payments.terminal;
  if (!terminal || !sale.terminalCheckout) return sale;
  let checkout: TerminalCheckout;
  try {
    checkout = await terminal.cancelCheckout(sale.terminalCheckout.id);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    // Square refuses to cancel a checkout that completed meanwhile: read where it ended.
    try {
      checkout = await terminal.getCheckout(sale.terminalCheckout.id);
    } catch {
      ctx.log.error({ err: error, saleId: id }, 'cancelling the Terminal checkout failed');
      throw new HttpError(502, TERMINAL_UNREACHABLE);
    }
  }
  try {
    await applyCheckout(ctx, id, checkout, cashier);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    ctx.log.error({ err: error, saleId: id }, 'reading the payment of the Terminal checkout failed');
    throw new HttpError(502, TERMINAL_UNREACHABLE);
  }
  return saleOrNotFound(ctx.db, id);
}

/** Moves an awaiting sale by its checkout's status; a sale already completed or cancelled is left alone. */
export async function applyCheckout(
  ctx: AppContext,
  orderId: number,
  checkout: TerminalCheckout,
  cashier: Actor | null,
): Promise<void> {
  if (checkout.status === 'COMPLETED') return completeCard(ctx, orderId, checkout, cashier);
  if (checkout.status === 'CANCELED') {
    await ctx.db.transaction((tx) => cancelAwaitingSale(tx, orderId, checkout, cashier));
    return;
  }
  // Still on the device (PENDING, IN_PROGRESS, CANCEL_REQUESTED): the till shows where it is. The
  // device's progress, not a change of the sale.
  await updateOrder(
    ctx.db,
    orderId,
    { terminalCheckoutStatus: checkout.status },
    { onlyIf: eq(orders.paymentStatus, 'pending'), marksChanged: false },
  );
}

/** The order's row, locked; null unless it is a till sale still awaiting this checkout. */
async function lockAwaiting(tx: Tx, orderId: number, checkoutId: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (order?.paymentStatus !== 'pending' || order.terminalCheckoutId !== checkoutId) return null;
  // The session's row too: its close waits for the sale to end rather than count around it.
  if (order.posSessionId !== null)
    await tx
      .select({ id: posSessions.id })
      .from(posSessions)
      .where(eq(posSessions.id, order.posSessionId))
      .for('update');
  return order;
}

/** What the card pays of the sale: the total less what gift cards, store credit and cash paid. */
async function cardPartOf(tx: Tx, order: typeof orders.$inferSelect): Promise<number> {
  const cash = await tx
    .select({ amount: posTenders.amount })
    .from(posTenders)
    .where(and(eq(posTenders.orderId, order.id), eq(posTenders.kind, 'cash')));
  const cashCents = cash.reduce((sum, t) => sum + (toCents(t.amount) ?? 0), 0);
  return (
    (toCents(order.total) ?? 0) -
    (toCents(order.giftCardAmount) ?? 0) -
    (toCents(order.storeCreditAmount) ?? 0) -
    cashCents
  );
}

async function completeCard(
  ctx: AppContext,
  orderId: number,
  checkout: TerminalCheckout,
  cashier: Actor | null,
): Promise<void> {
  const paymentId = checkout.paymentIds.at(-1);
  // Square's payment is read before the transaction (no row lock held over the network).
  const payment = paymentId ? await ctx.payments.terminal!.getPayment(paymentId) : null;
  await ctx.db.transaction(async (tx) => {
    const order = await lockAwaiting(tx, orderId, checkout.id);
    if (!order) return; // completed or cancelled already: once only
    const cardCents = await cardPartOf(tx, order);
    const paid = payment?.amountCents ?? checkout.amountCents;
    if (
      checkout.amountCents !== cardCents ||
      paid !== cardCents ||
      (payment && payment.currency !== order.currency) ||
      (payment && !['COMPLETED', 'APPROVED'].includes(payment.status))
    ) {
      ctx.log.error({ orderId, checkout, payment }, 'Terminal payment does not match the card part');
      throw conflict(CARD_NOT_MATCHING);
    }
    await tx.insert(posTenders).values({
      orderId,
      sessionId: order.posSessionId!,
      kind: 'card',
      amount: centsToString(cardCents),
      last4: payment?.last4 ?? null,
      paymentReference: paymentId ?? null,
    });
    // The payment id stays on the tender, not the order's payment reference: the order's refund to the
    // original payment would count a split sale's cash as the card's and give back more than it paid.
    await updateOrder(tx, orderId, {
      status: 'picked-up',
      paymentStatus: 'completed',
      terminalCheckoutStatus: checkout.status,
    });
    await tx.insert(orderHistory).values([
      {
        orderId,
        field: 'paymentStatus',
        fromValue: 'pending',
        toValue: 'completed',
        actor: 'till',
        actorUserId: cashier?.id ?? null,
      },
      {
        orderId,
        field: 'status',
        fromValue: 'pending',
        toValue: 'picked-up',
        actor: 'till',
        actorUserId: cashier?.id ?? null,
      },
    ]);
  });
}

/**
 * The card was not paid: the lots go back on sale (stock history 'cancelled'), gift cards and store
 * credit are given back, the order is cancelled. The cash handed over is given back at the counter; a
 * cancelled sale's tenders are left out of the session's report.
 */
async function cancelAwaitingSale(
  tx: Tx,
  orderId: number,
  checkout: TerminalCheckout,
  cashier: Actor | null,
): Promise<void> {
  const order = await lockAwaiting(tx, orderId, checkout.id);
  if (!order) return;
  const items = await tx
    .select({ productId: orderItems.productId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  const userId = cashier?.id ?? null;
  await markStockChange(tx, { reason: 'cancelled', orderId, userId });
  const ids = items.filter((i) => i.productId !== null).sort((a, b) => a.productId! - b.productId!);
  for (const item of ids) await moveStock(tx, item.productId!, item.quantity);
  await giveBackOrderGiftCards(tx, orderId);
  await giveBackOrderStoreCredit(tx, orderId);
  await updateOrder(tx, orderId, {
    status: 'cancelled',
    paymentStatus: 'failed',
    inventoryReduced: false,
    terminalCheckoutStatus: checkout.status,
  });
  const note = `Card not paid on the Square Terminal (${checkout.cancelReason ?? 'CANCELED'})`;
  await tx.insert(orderHistory).values([
    {
      orderId,
      field: 'paymentStatus',
      fromValue: 'pending',
      toValue: 'failed',
      actor: 'till',
      actorUserId: userId,
    },
    {
      orderId,
      field: 'status',
      fromValue: 'pending',
      toValue: 'cancelled',
      actor: 'till',
      actorUserId: userId,
    },
    {
      orderId,
      field: 'note',
      fromValue: null,
      toValue: note,
      actor: 'till',
      actorUserId: userId,
    },
  ]);
}
