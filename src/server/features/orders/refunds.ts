// Staff refunds through the payment provider, full or partial, with the items put back in stock on
// request (docs/decisions/0230-refunds-through-the-provider.md).
//
// Three steps, because the provider must not be called inside a database transaction (an HTTP call
// would hold the order's row lock, and on PGlite the one connection, for as long as it takes):
// 1. under the order's row lock: the rules (paid, has a provider payment, amount within what is still
//    refundable counting refunds in flight) and a 'pending' refund row with its idempotency key;
// 2. the provider is asked, with that key;
// 3. under the row lock again: the row becomes 'completed' and the order records the money given
//    back (refundedAmount, 'refunded' when all of it), the stock and the history; or the row becomes
//    'failed' and the order is left exactly as it was.
// A refund by line (docs/decisions/0510-refunds-by-line.md) is worked out in step 1, under the same
// lock, from the units still refundable (refund-lines.ts); in step 3 it gets its credit note number,
// restocks only its lines marked so, and its e-mail carries the credit note.
// A crash between 1 and 3 leaves a 'pending' row, which keeps counting against what is refundable (so
// nothing can be refunded twice) until the maintenance job asks the provider again with the same key.
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { cashRoundingOf } from '~/shared/cash-rounding';
import { centsToString, formatCents, toCents } from '~/shared/money';
import type { AppContext } from '~/server/context';
import type { Tx } from '~/server/db/client';
import type { CreditNote, RefundLinesCreate } from '~/shared/schemas/admin-orders-dialog';
import { orderHistory, orderRefunds, orders } from '~/server/db/schema';
import { recordAudit } from '~/server/lib/audit';
import { updateOrder } from '~/server/lib/order-writes';
import { badRequest, conflict, HttpError, notFound } from '~/server/lib/http-error';
import { refundToOrderGiftCards } from '~/server/features/gift-cards';
import { moveStoreCredit } from '~/server/features/store-credit';
import { PaymentProviderError } from '~/server/payments/provider';
import { restockOrder } from './completion';
import { deliverOrderEmails, queueRefundEmail } from './order-emails';
import {
  creditNoteNumber,
  creditNoteOf,
  GUEST_NO_STORE_CREDIT,
  insertRefundLines,
  lineRefundValues,
  planLineRefund,
  previewCreditNote,
  restockRefundLines,
} from './refund-lines';
import {
  cardGivenBackCents,
  NO_TENDER_SPLIT,
  providerCardOf,
  splitRefundOverTenders,
} from './refund-tenders';
import type { OrderRow } from './repository';

export const ONLY_PAID_ORDERS = 'Only a paid order can be refunded.';
export const ALREADY_REFUNDED = 'This order has already been refunded in full.';
export const NO_PROVIDER_PAYMENT =
  'This order has no payment with the payment provider to refund: it was marked paid by hand.';

type RefundRow = typeof orderRefunds.$inferSelect;

/** How a refund to store credit is recorded where a provider's refund id would be. */
const STORE_CREDIT_SETTLEMENT = { refundId: 'store-credit', status: 'COMPLETED' };
/** How a refund that gives nothing back to the card (only gift cards and store credit) is recorded. */
const TENDERS_SETTLEMENT = { refundId: 'tenders', status: 'COMPLETED' };

/** A refund the provider is not asked about: to store credit, or to gift cards and store credit only. */
const settlesWithoutProvider = (refund: RefundRow) =>
  refund.destination === 'store_credit'
    ? STORE_CREDIT_SETTLEMENT
    : refund.cardCents === 0
      ? TENDERS_SETTLEMENT
      : null;

async function lockOrder(tx: Tx, id: number): Promise<OrderRow> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  if (!row) throw notFound('Order not found.');
  return row;
}

/** Cents of the order still refundable: the total less what was given back and what is being given back. */
async function refundableCents(tx: Tx, order: OrderRow): Promise<{ left: number; taken: number }> {
  const [pending] = await tx
    .select({ sum: sql<string>`coalesce(sum(${orderRefunds.amount}), 0)::text` })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, order.id), eq(orderRefunds.status, 'pending')));
  const taken = (toCents(order.refundedAmount) ?? 0) + (toCents(pending?.sum) ?? 0);
  return { left: refundableTotal(order) - taken, taken };
}

/**
 * What of an order's total can be given back: not the gift cards it sold, which stay live once issued
 * (refunding a card line while its balance is untouched is not built yet: 0534).
 */
function refundableTotal(order: OrderRow): number {
  return (toCents(order.total) ?? 0) - (toCents(order.giftCardSaleAmount) ?? 0);
}

/**
 * A refund made at the outlet's till (docs/decisions/0614-returns-at-the-till.md): the session it is
 * made in, and `lockSession`, run first in the refund's transaction, which locks the session's row and
 * refuses a closed one (so a close never counts the drawer around a refund). On an order with no
 * provider payment the card bucket's share is handed back in cash from that drawer, rounded to 5 cents.
 */
export type AtTill = { sessionId: number; lockSession: (tx: Tx) => Promise<unknown> };

/** What to refund: an amount (all that is left with 'rest'), or units of lines and shipping. */
export type RefundInput =
  | { amountCents: number | 'rest'; restock: boolean }
  | { lines: RefundLinesCreate; atTill?: AtTill };

/**
 * Who asks: the staff member, and the refusal of their refund limit for a sum of money given back on
 * the order (docs/decisions/0459-staff-permissions.md), judged here under the order's lock for a
 * refund by line, whose amount only the store works out.
 */
export type RefundActor = { userId: number; limitRefusal?: (cents: number) => Error | null };

const toStoreCredit = (input: RefundInput) => 'lines' in input && input.lines.destination === 'store_credit';

function refusePaidRules(order: OrderRow): void {
  if (order.paymentStatus === 'refunded') throw conflict(ALREADY_REFUNDED);
  if (order.paymentStatus !== 'completed') throw conflict(ONLY_PAID_ORDERS);
}

/**
 * Where the money goes: all of it to new store credit (0530), or back to the tenders that paid, the
 * card first (refund-tenders.ts). Only the card's part needs a payment with the provider: an order
 * paid by gift cards and store credit alone is refunded to them without one.
 */
async function splitOf(tx: Tx, order: OrderRow, input: RefundInput, amountCents: number) {
  const atTill = 'atTill' in input ? input.atTill : undefined;
  const till = atTill ? { posSessionId: atTill.sessionId } : {};
  if (toStoreCredit(input)) return { ...NO_TENDER_SPLIT, ...till };
  const split = await splitRefundOverTenders(tx, order, amountCents);
  if (split.cardCents === 0) return { ...split, ...till };
  // The card bucket's share goes to the provider's card up to what it took less what went back to it;
  // the rest of it was cash at the till (or marked paid by hand), handed back in cash from the drawer
  // of a refund at the till and refused elsewhere.
  const card = await providerCardOf(tx, order);
  const toCard = Math.min(
    split.cardCents,
    Math.max(0, card.cents - (await cardGivenBackCents(tx, order.id))),
  );
  const cashCents = split.cardCents - toCard;
  if (cashCents > 0 && !atTill) throw conflict(NO_PROVIDER_PAYMENT);
  return { ...split, ...till, cardCents: toCard, cashCents, cashRoundingCents: cashRoundingOf(cashCents) };
}

/** Step 1: the rules, and the refund written 'pending' so a concurrent refund counts it. */
async function openRefund(
  ctx: AppContext,
  actor: RefundActor,
  orderId: number,
  input: RefundInput,
): Promise<{ refund: RefundRow; order: OrderRow }> {
  return ctx.db.transaction(async (tx) => {
    if ('atTill' in input && input.atTill) await input.atTill.lockSession(tx);
    const order = await lockOrder(tx, orderId);
    refusePaidRules(order);
    const { left, taken } = await refundableCents(tx, order);
    const plan = 'lines' in input ? await planLineRefund(tx, order, input.lines) : null;
    // 'The rest' is read under the row lock, so a refund settled or opened meanwhile is counted, and
    // nothing left is a refusal, never a refund of 0.00.
    const amountCents = plan
      ? plan.totals.totalCents
      : 'amountCents' in input && input.amountCents !== 'rest'
        ? input.amountCents
        : left;
    if (plan && amountCents <= 0 && left > 0)
      throw conflict('This refund comes to $0.00: there is nothing to give back.');
    if (amountCents > left || amountCents <= 0) {
      throw conflict(
        left <= 0
          ? 'Nothing is left to refund on this order: its whole total has been refunded or is being refunded.'
          : `At most ${formatCents(left)} can still be refunded on this order (total ${formatCents(toCents(order.total) ?? 0)}, already refunded or being refunded ${formatCents(taken)}).`,
      );
    }
    const split = await splitOf(tx, order, input, amountCents);
    const limited = actor.limitRefusal?.(taken + amountCents);
    if (limited) throw limited;
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, orderId));
    // Unique per refund and stable for its retries; short enough for Square's 45 characters.
    const idempotencyKey = `refund-${order.orderReference}-${Number(n) + 1}`;
    const [refund] = await tx
      .insert(orderRefunds)
      .values({
        orderId,
        amount: centsToString(amountCents),
        restock: 'restock' in input ? input.restock : false,
        idempotencyKey,
        actorUserId: actor.userId,
        ...split,
        ...(plan && 'lines' in input ? lineRefundValues(plan, input.lines) : {}),
      })
      .returning();
    if (plan) await insertRefundLines(tx, refund!.id, plan);
    return { refund: refund!, order };
  });
}

function whereItWent(refund: RefundRow, providerRefundId: string): string {
  if (refund.giftCardCents === 0 && refund.storeCreditCents === 0 && refund.cashCents === 0)
    return providerRefundId;
  return [
    refund.cardCents > 0 ? `card ${centsToString(refund.cardCents)} ${providerRefundId}` : null,
    refund.cashCents > 0 ? `cash ${centsToString(refund.cashCents)}` : null,
    refund.giftCardCents > 0 ? `gift cards ${centsToString(refund.giftCardCents)}` : null,
    refund.storeCreditCents > 0 ? `store credit ${centsToString(refund.storeCreditCents)}` : null,
  ]
    .filter(Boolean)
    .join('; ');
}

/**
 * A refund to 'original' gives the gift cards and store credit their shares in the transaction that
 * settles it, so a refund the provider refused moves nothing (0535).
 */
async function giveBackToTenders(tx: Tx, order: OrderRow, refund: RefundRow): Promise<void> {
  if (refund.destination !== 'original') return;
  if (refund.giftCardCents > 0) await refundToOrderGiftCards(tx, order.id, refund.giftCardCents);
  if (refund.storeCreditCents > 0) {
    if (!order.userId) throw conflict(GUEST_NO_STORE_CREDIT);
    await moveStoreCredit(tx, {
      userId: order.userId,
      cents: refund.storeCreditCents,
      kind: 'refund',
      reason: refund.reason ?? `Refund on order ${order.orderReference}`,
      orderId: order.id,
      refundId: refund.id,
      staffUserId: refund.actorUserId,
    });
  }
}

/**
 * Step 3 on success: the refund completed, the order's refunded amount and (when all is given back)
 * payment status, the stock when asked, history and audit. Once: a refund already settled is left.
 */
async function settleRefund(
  ctx: AppContext,
  refundId: number,
  provider: { refundId: string; status: string },
  options: { deliverEmail?: boolean } = {},
): Promise<number | null> {
  const mail = await ctx.db.transaction(async (tx) => {
    const [open] = await tx.select().from(orderRefunds).where(eq(orderRefunds.id, refundId));
    if (!open) return null;
    const order = await lockOrder(tx, open.orderId);
    const [refund] = await tx
      .update(orderRefunds)
      .set({
        status: 'completed',
        providerRefundId: provider.refundId,
        providerStatus: provider.status,
        settledAt: sql`now()`,
        // A refund by line is a credit note, numbered once it completed.
        creditNoteNumber: sql`case when ${orderRefunds.kind} = 'lines' then ${creditNoteNumber(refundId)} end`,
      })
      .where(and(eq(orderRefunds.id, refundId), eq(orderRefunds.status, 'pending')))
      .returning();
    if (!refund) return null;
    const actor = { kind: 'admin' as const, userId: refund.actorUserId };
    const refundedCents = (toCents(order.refundedAmount) ?? 0) + (toCents(refund.amount) ?? 0);
    const whole = refundedCents >= refundableTotal(order);
    const toRefunded = whole && order.paymentStatus === 'completed';
    await updateOrder(tx, order.id, {
      refundedAmount: centsToString(refundedCents),
      ...(toRefunded ? { paymentStatus: 'refunded' } : {}),
    });
    const history = (field: string, fromValue: string | null, toValue: string | null) =>
      tx.insert(orderHistory).values({
        orderId: order.id,
        field,
        fromValue,
        toValue,
        actor: actor.kind,
        actorUserId: actor.userId,
      });
    // The refund's entry reads "Refund: 12.50 (refund id)" in the timeline, with the tenders it went
    // back to when not only the card: "60.00 (card 50.00 REF; gift cards 10.00)".
    await history('refund', null, `${refund.amount} (${whereItWent(refund, provider.refundId)})`);
    if (toRefunded) await history('paymentStatus', order.paymentStatus, 'refunded');
    if (refund.destination === 'store_credit') {
      // The order's customer is given the refund as store credit, in the same transaction (0530).
      if (!order.userId) throw badRequest(GUEST_NO_STORE_CREDIT);
      await moveStoreCredit(tx, {
        userId: order.userId,
        cents: toCents(refund.amount) ?? 0,
        kind: 'refund',
        reason: refund.reason ?? `Refund on order ${order.orderReference}`,
        orderId: order.id,
        refundId: refund.id,
        staffUserId: refund.actorUserId,
      });
    }
    await giveBackToTenders(tx, order, refund);
    if (refund.kind === 'lines') await restockRefundLines(tx, order, refund.id, refund.actorUserId);
    else if (refund.restock) await restockOrder(tx, order, actor, 'refund');
    await recordAudit(tx, {
      userId: refund.actorUserId,
      action: 'refund',
      entity: 'order',
      entityId: order.id,
      before: { paymentStatus: order.paymentStatus, refundedAmount: order.refundedAmount },
      after: {
        paymentStatus: toRefunded ? 'refunded' : order.paymentStatus,
        refundedAmount: centsToString(refundedCents),
        amount: refund.amount,
        restock: refund.restock,
        providerRefundId: provider.refundId,
      },
    });
    // The customer's e-mail of this refund, once per refund (docs/decisions/0270-order-emails-through-the-outbox.md).
    const [after] = await tx.select().from(orders).where(eq(orders.id, order.id));
    const creditNote =
      refund.kind === 'lines' ? await creditNoteOf(tx, refund, after!, { asSold: true }) : undefined;
    return queueRefundEmail(tx, ctx, after!, toCents(refund.amount) ?? 0, `refund-${refund.id}`, creditNote);
  });
  if (options.deliverEmail === false) return mail;
  await deliverOrderEmails(ctx, [mail]);
  return null;
}

/** Step 3 on a refusal: the refund is recorded failed, with why; the order is untouched. */
async function failRefund(ctx: AppContext, refundId: number, error: string): Promise<void> {
  await ctx.db
    .update(orderRefunds)
    .set({ status: 'failed', error: error.slice(0, 500), settledAt: sql`now()` })
    .where(and(eq(orderRefunds.id, refundId), eq(orderRefunds.status, 'pending')));
}

async function askProvider(ctx: AppContext, order: OrderRow, refund: RefundRow) {
  const { reference } = await providerCardOf(ctx.db, order);
  if (!reference) throw new PaymentProviderError('The order has no payment with the provider.', 400);
  return ctx.payments.refund({
    paymentReference: reference,
    orderReference: order.orderReference,
    // Only the card's share: the gift cards' and store credit's are moved by settleRefund.
    amountCents: refund.cardCents,
    reason: `Refund on order ${order.orderReference}`,
    idempotencyKey: refund.idempotencyKey,
  });
}

/**
 * Gives back `amountCents` of a paid order's payment through the provider, and with `restock` puts
 * the order's items back in stock. Refused (409) for an order that is not paid, has no provider
 * payment, or has less left to refund; 502 when the provider refuses, with nothing changed on the
 * order. Returns the refund as recorded.
 */
export async function refundOrder(
  ctx: AppContext,
  actor: RefundActor,
  orderId: number,
  input: RefundInput,
  options: { deferEmail?: (outboxId: number | null) => void } = {},
): Promise<RefundRow> {
  const { refund, order } = await openRefund(ctx, actor, orderId, input);
  const withoutProvider = settlesWithoutProvider(refund);
  if (withoutProvider) {
    // No provider: the refund completes at once as store credit or back to the gift cards and credit.
    try {
      const held = await settleRefund(ctx, refund.id, withoutProvider, {
        deliverEmail: !options.deferEmail,
      });
      options.deferEmail?.(held);
    } catch (error) {
      await failRefund(ctx, refund.id, error instanceof Error ? error.message : String(error));
      throw error;
    }
    return (await ctx.db.select().from(orderRefunds).where(eq(orderRefunds.id, refund.id)))[0]!;
  }
  let result: { refundId: string; status: string };
  try {
    result = await askProvider(ctx, order, refund);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    ctx.log.error({ err: error, orderId, refundId: refund.id }, 'refund through the provider failed');
    await failRefund(ctx, refund.id, message);
    throw new HttpError(
      502,
      `The payment provider did not make the refund, so nothing was refunded and the order is unchanged (${message}). Please try again in a moment.`,
    );
  }
  const held = await settleRefund(ctx, refund.id, result, { deliverEmail: !options.deferEmail });
  options.deferEmail?.(held);
  return (await ctx.db.select().from(orderRefunds).where(eq(orderRefunds.id, refund.id)))[0]!;
}

/**
 * What a refund by line would give back, worked out as it would be now, without writing anything:
 * the admin form's preview. The same rules and refusals as the refund itself.
 */
export async function previewLineRefund(
  ctx: AppContext,
  orderId: number,
  input: RefundLinesCreate,
): Promise<CreditNote> {
  return ctx.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
    if (!order) throw notFound('Order not found.');
    refusePaidRules(order);
    const plan = await planLineRefund(tx, order, input);
    await splitOf(tx, order, { lines: input }, plan.totals.totalCents);
    return previewCreditNote(order, plan, input);
  });
}

/**
 * Refunds whatever is left of a paid order's payment and, unless told not to, restocks (cancelling,
 * 'Refunded' by hand). With `deferEmail` the refund's e-mail is queued but not delivered: the caller
 * is given its outbox id to deliver after its own e-mail (cancelling: the cancellation, which
 * announces the refund, arrives first).
 */
export async function refundRestOfOrder(
  ctx: AppContext,
  actor: { userId: number },
  orderId: number,
  options: { restock?: boolean; deferEmail?: (outboxId: number | null) => void } = {},
): Promise<RefundRow> {
  return refundOrder(
    ctx,
    actor,
    orderId,
    { amountCents: 'rest', restock: options.restock ?? true },
    { deferEmail: options.deferEmail },
  );
}

/**
 * The maintenance job: refunds left 'pending' by a crash between asking the provider and recording
 * its answer are asked again with the same key (the provider answers with the refund it made, or
 * makes it now) and settled. A refusal marks them failed; an unreachable provider leaves them for the
 * next run.
 */
export async function retryPendingRefunds(ctx: AppContext, limit = 20): Promise<number> {
  const stuck = await ctx.db
    .select()
    .from(orderRefunds)
    .where(
      and(eq(orderRefunds.status, 'pending'), lt(orderRefunds.createdAt, sql`now() - interval '5 minutes'`)),
    )
    .orderBy(asc(orderRefunds.id))
    .limit(limit);
  for (const refund of stuck) {
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, refund.orderId));
    const withoutProvider = settlesWithoutProvider(refund);
    if (withoutProvider) {
      await settleRefund(ctx, refund.id, withoutProvider).catch((error) =>
        failRefund(ctx, refund.id, error instanceof Error ? error.message : String(error)),
      );
      continue;
    }
    if (!order) {
      await failRefund(ctx, refund.id, 'The order has no payment with the provider.');
      continue;
    }
    // An order with no provider payment is refused by askProvider (a 400): the refund is marked failed.
    try {
      await settleRefund(ctx, refund.id, await askProvider(ctx, order, refund));
    } catch (error) {
      if (error instanceof PaymentProviderError && error.status !== undefined && error.status < 500)
        await failRefund(ctx, refund.id, error.message);
      else ctx.log.warn({ err: error, refundId: refund.id }, 'retrying a pending refund failed');
    }
  }
  return stuck.length;
}

export type { RefundRow };
