// Returns at the till (docs/decisions/0614-returns-at-the-till.md): the receipt's code (the order
// reference) finds the sale, the cashier chooses the units that come back and whether each goes back in
// stock, and the refund by line is worked out and recorded by the orders feature exactly as staff's
// refunds are (each tax line, credit note, e-mail, restock), made in this session: back to the tenders
// in reverse, the cash part of a cash sale handed back from this drawer, rounded to 5 cents.
import { centsToString, toCents } from '~/shared/money';
import type { RefundLinesCreate } from '~/shared/schemas/admin-orders-dialog';
import type { PosRefund, PosReturnable } from '~/shared/schemas/pos';
import type { AppContext } from '~/server/context';
import type { DbOrTx } from '~/server/db/client';
import {
  findOrderByReference,
  loadCreditNote,
  type OrderRow,
  providerCardOf,
  refundableLines,
  refundOrder,
} from '~/server/features/orders';
import { conflict, notFound } from '~/server/lib/http-error';
import { lockOpenSession } from './sessions';

export const RECEIPT_NOT_FOUND =
  'No sale has this receipt code. Check the code on the receipt and try again.';
export const NOT_PAID_SALE = 'This order is not paid, so there is nothing to refund.';

async function paidOrderOf(db: DbOrTx, reference: string): Promise<OrderRow> {
  const order = await findOrderByReference(db, reference.trim().toUpperCase());
  if (!order) throw notFound(RECEIPT_NOT_FOUND);
  if (order.paymentStatus !== 'completed') throw conflict(NOT_PAID_SALE);
  return order;
}

/** The sale a receipt's code names, with what is left to refund of each line and how it was paid. */
export async function findReturnable(db: DbOrTx, reference: string): Promise<PosReturnable> {
  const order = await paidOrderOf(db, reference);
  const lines = await refundableLines(db, order.id);
  const credit = toCents(order.storeCreditAmount) ?? 0;
  const cards = toCents(order.giftCardAmount) ?? 0;
  const rest = (toCents(order.total) ?? 0) - credit - cards;
  const card = Math.min(rest, (await providerCardOf(db, order)).cents);
  return {
    orderId: order.id,
    reference: order.orderReference,
    channel: order.channel,
    createdAt: order.createdAt.toISOString(),
    total: order.total,
    refunded: order.refundedAmount,
    hasAccount: order.userId !== null,
    lines: lines.map(({ item, refundable }) => ({
      orderItemId: item.id,
      name: item.productName,
      quantity: item.quantity,
      unitPrice: item.price,
      refundable,
    })),
    // What neither credit nor gift cards paid went through the provider's card (the order's own, or
    // the till's Terminal), the rest in cash at the till (or marked paid by hand).
    paidBy: {
      card: centsToString(card),
      cash: centsToString(rest - card),
      giftCards: centsToString(cards),
      storeCredit: centsToString(credit),
    },
  };
}

/** Refunds the chosen units of the sale in this session; the answer says what cash to hand back. */
export async function refundAtTill(
  ctx: AppContext,
  sessionId: number,
  reference: string,
  input: RefundLinesCreate,
  /** The cashier, and the refusal of their refund limit (docs/decisions/0459-staff-permissions.md). */
  actor: { userId: number; limitRefusal: (cents: number) => Error | null },
): Promise<PosRefund> {
  const order = await paidOrderOf(ctx.db, reference);
  const refund = await refundOrder(ctx, actor, order.id, {
    lines: input,
    atTill: { sessionId, lockSession: (tx) => lockOpenSession(tx, sessionId) },
  });
  const loaded = await loadCreditNote(ctx.db, order.id, refund.id);
  return {
    refundId: refund.id,
    creditNoteNumber: refund.creditNoteNumber,
    total: refund.amount,
    taxLines: (loaded?.note.taxLines ?? []).map((l) => ({
      code: l.code as PosRefund['taxLines'][number]['code'],
      rate: l.rate,
      amount: l.amount,
    })),
    tenders: {
      card: centsToString(refund.cardCents),
      cash: centsToString(refund.cashCents),
      giftCards: centsToString(refund.giftCardCents),
      storeCredit: centsToString(refund.storeCreditCents),
    },
    cashBack: centsToString(refund.cashCents + refund.cashRoundingCents),
    cashRounding: centsToString(refund.cashRoundingCents),
  };
}
