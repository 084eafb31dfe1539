// What happens to an order when its payment status changes: completion exactly once (payment status,
// stock, holds, history, in one transaction; then the confirmation e-mail once), failure (holds
// released), and the admin's other moves (refund, back to pending) with stock put back.
//
// Invariant: an order's stock is taken (inventoryReduced) exactly while its payment is completed,
// and never by more than the stock there is (docs/decisions/0043-payment-completion.md).
//
// Rule: the payment provider's paths (return page, webhook, payment page) complete only a pending
// order. Refunded and failed are an administrator's decisions, which no late or replayed payment
// notice undoes; only setOrderPaymentStatus (the admin) moves an order out of them.
import { and, asc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { MAX_CONFIRMATION_EMAIL_ATTEMPTS, type PaymentStatus } from '~/shared/constants';
import type { AppContext } from '~/server/context';
import type { Tx } from '~/server/db/client';
import { orderHistory, orderItems, orders, products, stockHolds } from '~/server/db/schema';
import { conflict, notFound } from '~/server/lib/http-error';
import { toCents } from '~/shared/money';
import { hitRateLimit } from '~/server/lib/rate-limit';
import { markStockChange, type StockReason } from '~/server/lib/stock-reason';
import type { PaymentVerification } from '~/server/payments/provider';
import { expiredCheckoutSql } from './unpaid-checkouts';
import { releaseDiscountCodeUse } from '~/server/features/discount-codes';
import { giveBackOrderStoreCredit } from '~/server/features/store-credit';
import { giveBackOrderGiftCards, issueSoldGiftCards } from '~/server/features/gift-cards';
import { deliverOrderEmails, queueOrderEmail, queueRefundEmail, renderOrderEmail } from './order-emails';
import { findOrderById, type OrderRow, toPaymentOrder } from './repository';
import {
  duePaymentCompletions,
  PaymentReceivedError,
  recordCompletionAttempt,
  recordPaymentToComplete,
} from './payment-completions';
import { restockedByLine } from './refund-lines';
import { moveStock } from '~/server/lib/product-writes';
import { updateOrder } from '~/server/lib/order-writes';

/** Who changed the payment status: written to order_history. */
export type PaymentActor = {
  kind: 'return-page' | 'webhook' | 'payment-page' | 'admin' | 'system' | 'checkout';
  userId?: number | null;
};

/** Whether `actor` may complete an order whose payment status is `status` (see the rule above). */
function mayComplete(status: string, actor: PaymentActor): boolean {
  return status === 'pending' || actor.kind === 'admin';
}

export type Shortage = { productId: number; name: string; needed: number; available: number };

export type PaymentChange = {
  /** False when the order already had this status (a repeat: return page, webhook and replay). */
  changed: boolean;
  order: OrderRow;
  /** Completion only: products that lacked stock (the order then needs an administrator). */
  shortages: Shortage[];
  /**
   * A provider's payment arrived on an order that no longer takes one (failed, or paid after its
   * hold expired and the stock was sold): recorded as needing a refund (refundStatus 'needed').
   */
  strayPayment?: boolean;
  /** The order was pending before this change. */
  wasPending?: boolean;
  /** Outbox ids of the e-mails queued with the change, delivered after the commit. */
  queued?: (number | null)[];
  /** Gift card e-mails queued with the change (their code sealed), sent by the mailer's own delivery. */
  giftCardMails?: number;
};

async function lockOrder(tx: Tx, orderId: number): Promise<OrderRow> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!row) throw notFound('Order not found.');
  return row;
}

async function history(
  tx: Tx,
  orderId: number,
  actor: PaymentActor,
  field: string,
  fromValue: string | null,
  toValue: string | null,
) {
  const [row] = await tx
    .insert(orderHistory)
    .values({ orderId, field, fromValue, toValue, actor: actor.kind, actorUserId: actor.userId ?? null })
    .returning({ id: orderHistory.id });
  return row!.id;
}

async function releaseHolds(tx: Tx, orderId: number) {
  await tx
    .update(stockHolds)
    .set({ releasedAt: sql`now()` })
    .where(and(eq(stockHolds.orderId, orderId), isNull(stockHolds.releasedAt)));
}

/** Quantity per product of an order (lines whose product was deleted are skipped). */
async function orderQuantities(tx: Tx, orderId: number): Promise<Map<number, number>> {
  const rows = await tx
    .select({ productId: orderItems.productId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  const map = new Map<number, number>();
  for (const r of rows)
    if (r.productId !== null) map.set(r.productId, (map.get(r.productId) ?? 0) + r.quantity);
  return map;
}

/**
 * Takes the order's items out of stock, all or nothing. Product rows are locked in id order (the
 * order checkout uses: no deadlocks); an item may use its own active hold plus whatever no other
 * checkout is holding. Returns the shortages; with any, nothing is taken.
 */
async function takeStock(tx: Tx, orderId: number): Promise<Shortage[]> {
  const quantities = await orderQuantities(tx, orderId);
  const ids = [...quantities.keys()].sort((a, b) => a - b);
  if (ids.length === 0) return [];
  const locked = await tx
    .select({ id: products.id, name: products.name, stock: products.stock })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id))
    .for('no key update');
  const othersHeld = await tx
    .select({ productId: stockHolds.productId, held: sql<number>`sum(${stockHolds.quantity})::int` })
    .from(stockHolds)
    .where(
      and(
        inArray(stockHolds.productId, ids),
        ne(stockHolds.orderId, orderId),
        isNull(stockHolds.releasedAt),
        gt(stockHolds.expiresAt, sql`now()`),
      ),
    )
    .groupBy(stockHolds.productId);
  const heldBy = new Map(othersHeld.map((r) => [r.productId, Number(r.held)]));
  const shortages: Shortage[] = [];
  for (const id of ids) {
    const product = locked.find((p) => p.id === id);
    const needed = quantities.get(id)!;
    if (!product) continue; // deleted since: nothing to take
    const available = Math.max(0, product.stock - (heldBy.get(id) ?? 0));
    if (available < needed) shortages.push({ productId: id, name: product.name, needed, available });
  }
  if (shortages.length > 0) return shortages;
  await markStockChange(tx, { reason: 'sale', orderId });
  for (const id of ids) {
    if (!locked.some((p) => p.id === id)) continue;
    const q = quantities.get(id)!;
    // moveStock repeats the check in the database: stock never goes below 0 whatever happens above.
    if (!(await moveStock(tx, id, -q))) throw new Error(`Stock of product ${id} changed under a row lock`);
  }
  return [];
}

/** Puts an order's items back in stock if they were taken. */
export async function restockOrder(
  tx: Tx,
  order: OrderRow,
  actor: PaymentActor,
  reason: StockReason = 'refund',
): Promise<void> {
  if (!order.inventoryReduced) return;
  const quantities = await orderQuantities(tx, order.id);
  // Units a refund by line already put back are not put back twice.
  for (const [productId, units] of await restockedByLine(tx, order.id)) {
    const left = (quantities.get(productId) ?? 0) - units;
    if (left > 0) quantities.set(productId, left);
    else quantities.delete(productId);
  }
  await markStockChange(tx, {
    reason,
    orderId: order.id,
    userId: actor.kind === 'admin' ? (actor.userId ?? null) : null,
  });
  for (const id of [...quantities.keys()].sort((a, b) => a - b)) await moveStock(tx, id, quantities.get(id)!);
  await updateOrder(tx, order.id, { inventoryReduced: false });
  await history(tx, order.id, actor, 'inventoryReduced', 'true', 'false');
}

/**
 * Marks an order paid, exactly once whichever of return page, webhook or admin comes first: payment
 * status completed, stock taken (never below 0), holds released, inventoryReduced set, history
 * written, in one transaction. Then the confirmation e-mail, once. A paid order whose stock is no
 * longer there (its hold expired and the units were sold) stays paid and is flagged for an
 * administrator: history row 'attention' and an e-mail to the store.
 */
export async function completeOrderPayment(
  ctx: AppContext,
  orderId: number,
  actor: PaymentActor,
  options: { paymentReference?: string | null; attachUserId?: number | null } = {},
): Promise<PaymentChange> {
  const result = await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const attach = options.attachUserId && order.userId === null ? options.attachUserId : null;
    if (order.paymentStatus === 'completed') {
      if (attach) {
        await updateOrder(tx, orderId, { userId: attach });
        await history(tx, orderId, actor, 'userId', null, String(attach));
      }
      return { changed: false, order: (await findOrderById(tx, orderId))!, shortages: [] };
    }
    if (!mayComplete(order.paymentStatus, actor)) {
      // The provider took a payment for an order that had failed or expired meanwhile (its checkout
      // was replaced, its hold ran out): the money goes back (docs/decisions/0121-payments-on-dead-orders.md).
      const stray =
        !!options.paymentReference &&
        isDeadOrder(order) &&
        (await recordStrayPayment(tx, order, actor, options.paymentReference, 'the order had closed'));
      return {
        changed: false,
        order: (await findOrderById(tx, orderId))!,
        shortages: [],
        strayPayment: stray,
      };
    }
    const shortages = order.inventoryReduced ? [] : await takeStock(tx, orderId);
    if (shortages.length > 0 && actor.kind !== 'admin' && options.paymentReference) {
      // Paid after the hold expired and the stock was sold: the store cannot deliver, so the order
      // fails and the payment is refunded (docs/decisions/0122-paid-after-the-stock-was-sold.md).
      await releaseHolds(tx, orderId);
      const failed = await updateOrder(tx, orderId, { paymentStatus: 'failed' });
      await history(tx, orderId, actor, 'paymentStatus', order.paymentStatus, 'failed');
      await recordStrayPayment(
        tx,
        failed!,
        actor,
        options.paymentReference,
        `its stock hold expired and the stock was sold (${shortageText(shortages)})`,
      );
      return {
        changed: true,
        order: (await findOrderById(tx, orderId))!,
        shortages,
        strayPayment: true,
      };
    }
    const reduced = order.inventoryReduced || shortages.length === 0;
    await releaseHolds(tx, orderId);
    const updated = await updateOrder(tx, orderId, {
      paymentStatus: 'completed',
      inventoryReduced: reduced,
      paymentReference: options.paymentReference ?? order.paymentReference,
      ...(attach ? { userId: attach } : {}),
    });
    await history(tx, orderId, actor, 'paymentStatus', order.paymentStatus, 'completed');
    if (!order.inventoryReduced && reduced)
      await history(tx, orderId, actor, 'inventoryReduced', 'false', 'true');
    if (attach) await history(tx, orderId, actor, 'userId', null, String(attach));
    if (shortages.length > 0) {
      await history(
        tx,
        orderId,
        actor,
        'attention',
        null,
        `Paid but short of stock: ${shortageText(shortages)}`,
      );
    }
    // The store hears of every paid order once, whatever pays it (docs/decisions/0270).
    const alert = await queueOrderEmail(tx, ctx, updated!, 'order-new-alert', 'paid');
    // The gift cards it sold are issued and e-mailed now, once (docs/decisions/0534-gift-card-sales.md).
    const cards = await issueSoldGiftCards(ctx, tx, updated!);
    return { changed: true, order: updated!, shortages, queued: [alert], giftCardMails: cards.length };
  });
  if (result.strayPayment) {
    // An order failed just now (paid short of stock) takes no further payment.
    if (result.changed) await closeCheckouts(ctx, [result.order]);
    await refundStrayPayment(ctx, orderId);
    return { ...result, order: (await findOrderById(ctx.db, orderId))! };
  }
  if (result.changed) {
    // The order is paid and committed: a failure from here on (the database or its disk refusing
    // the claim) must not turn the answer into an error. The confirmation is still due, and the
    // maintenance job's retryOrderConfirmations sends it.
    try {
      await sendOrderConfirmation(ctx, orderId);
    } catch (error) {
      ctx.log.error({ err: error, orderId }, 'order paid; its confirmation is left to the retry');
    }
    await deliverOrderEmails(ctx, result.queued ?? []);
    if (result.giftCardMails) {
      await ctx.mailer
        .deliverQueued()
        .catch((err) =>
          ctx.log.warn({ err, orderId }, 'sending the gift card e-mails failed; the outbox retries'),
        );
    }
    if (result.shortages.length > 0) await notifyStoreOfShortage(ctx, result.order, result.shortages);
  }
  const { queued: _queued, giftCardMails: _mails, ...change } = result;
  return change;
}

function shortageText(shortages: Shortage[]): string {
  return shortages
    .map((s) => `${s.name} (#${s.productId}): needs ${s.needed}, ${s.available} available`)
    .join('; ');
}

/**
 * An order that takes no more payments and was never paid: failed (declined, replaced by a newer
 * checkout, expired) with no payment recorded. A failed order that was once paid is an
 * administrator's decision, which a late notice does not touch (docs/decisions/0043-payment-completion.md).
 */
function isDeadOrder(order: OrderRow): boolean {
  return order.paymentStatus === 'failed' && order.paymentReference === null;
}

/**
 * Records, under the order's row lock, that a payment arrived which the store must give back:
 * refundStatus 'needed', the payment's reference, and history rows the administrator sees. Once per
 * order: a second notice of the same payment finds it recorded and does nothing (false).
 */
async function recordStrayPayment(
  tx: Tx,
  order: OrderRow,
  actor: PaymentActor,
  paymentReference: string,
  why: string,
): Promise<boolean> {
  if (order.refundStatus !== null) return false;
  await updateOrder(tx, order.id, { refundStatus: 'needed', refundPaymentReference: paymentReference });
  await history(tx, order.id, actor, 'refundStatus', null, 'needed');
  await history(
    tx,
    order.id,
    actor,
    'attention',
    null,
    `Payment ${paymentReference} arrived after ${why}: it must be refunded.`,
  );
  return true;
}

/** The idempotency key of the refund of an order's stray payment: one refund per order, ever. */
export const strayRefundKey = (orderReference: string) => `stray-${orderReference}`;

/**
 * Gives back an order's stray payment through the provider (refundStatus 'needed'). The provider
 * call carries one idempotency key per order, so a retry or a concurrent call never refunds twice;
 * the conditional UPDATE records the refund once. A failure leaves the order 'needed' (the admin
 * sees it; the maintenance job tries again) and tells the store. Returns the status after.
 */
export async function refundStrayPayment(ctx: AppContext, orderId: number): Promise<string | null> {
  const order = await findOrderById(ctx.db, orderId);
  if (order?.refundStatus !== 'needed' || !order.refundPaymentReference) return order?.refundStatus ?? null;
  let refundId: string;
  try {
    const result = await ctx.payments.refund({
      paymentReference: order.refundPaymentReference,
      orderReference: order.orderReference,
      amountCents: toCents(order.total) ?? 0,
      reason: `Order ${order.orderReference} was no longer open when the payment arrived`,
      idempotencyKey: strayRefundKey(order.orderReference),
    });
    refundId = result.refundId;
  } catch (error) {
    ctx.log.error({ err: error, orderId }, 'refunding a payment on a closed order failed');
    await notifyStore(
      ctx,
      order,
      `Order ${order.orderReference} needs a refund`,
      `A payment (${order.refundPaymentReference}) arrived for order ${order.id} (${order.orderReference}) after it had closed, and the automatic refund failed: ${error instanceof Error ? error.message : String(error)}.\n\nThe store will try again; please check the order in the admin area.`,
    );
    return 'needed';
  }
  const recorded = await ctx.db.transaction(async (tx) => {
    const updated = await updateOrder(
      tx,
      orderId,
      { refundStatus: 'refunded', refundReference: refundId },
      { onlyIf: eq(orders.refundStatus, 'needed') },
    );
    if (!updated) return false;
    await history(tx, orderId, { kind: 'system' }, 'refundStatus', 'needed', 'refunded');
    await history(tx, orderId, { kind: 'system' }, 'refundReference', null, refundId);
    // The shopper paid and is owed word of it as much as the store: their refund e-mail, once.
    return queueOrderEmail(tx, ctx, updated, 'order-refunded', 'late-payment', {
      refundCents: toCents(order.total) ?? 0,
      latePayment: true,
    });
  });
  if (recorded !== false) {
    await deliverOrderEmails(ctx, [recorded]);
    await notifyStore(
      ctx,
      order,
      `Order ${order.orderReference}: a late payment was refunded`,
      `A payment (${order.refundPaymentReference}) arrived for order ${order.id} (${order.orderReference}) after it had closed. It was refunded automatically (refund ${refundId}).`,
    );
  }
  return 'refunded';
}

/** The maintenance job's retry of stray payments whose refund failed or was lost. */
export async function retryStrayRefunds(ctx: AppContext, limit = 20): Promise<number> {
  const due = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.refundStatus, 'needed'))
    .orderBy(asc(orders.id))
    .limit(limit);
  for (const { id } of due) await refundStrayPayment(ctx, id);
  return due.length;
}

async function notifyStore(ctx: AppContext, order: OrderRow, subject: string, text: string): Promise<void> {
  try {
    await ctx.mailer.send({
      kind: 'order-attention',
      to: ctx.config.STORE_EMAIL,
      orderId: order.id,
      subject,
      text,
    });
  } catch {
    // The order's history and refund status already tell the administrator; the notice is a courtesy.
  }
}

/**
 * The payment provider's word on an order, for the return page, the webhook and the payment page.
 * `verify` asks the provider and is called only for a pending order: a refunded or failed one is
 * answered as it is, unchanged (the rule above; completeOrderPayment checks it again under the row
 * lock, in case an administrator acts meanwhile). A completed order only gets `attachUserId` linked
 * when it has no user yet. `verification` is null when the provider was not asked.
 */
export async function confirmProviderPayment(
  ctx: AppContext,
  order: OrderRow,
  actor: PaymentActor,
  verify: () => Promise<PaymentVerification>,
  options: { attachUserId?: number | null } = {},
): Promise<{ order: OrderRow; verification: PaymentVerification | null }> {
  if (order.paymentStatus === 'completed') {
    if (!options.attachUserId || order.userId !== null) return { order, verification: null };
    const change = await completeOrderPayment(ctx, order.id, actor, options);
    return { order: change.order, verification: null };
  }
  // A dead order (failed, never paid) is still asked about: a payment made on it anyway must be
  // noticed and given back. Other refunded or failed orders are the administrator's: unchanged.
  if (!mayComplete(order.paymentStatus, actor) && !isDeadOrder(order)) return { order, verification: null };
  const verification = await verify();
  if (!verification.paid) return { order, verification };
  try {
    const change = await completeOrderPayment(ctx, order.id, actor, {
      paymentReference: verification.reference,
      attachUserId: options.attachUserId,
    });
    return { order: change.order, verification };
  } catch (error) {
    // The provider has the money and the store could not record it: kept for the maintenance job
    // (retryPaymentCompletions), and the shopper is told the payment arrived rather than that
    // something went wrong.
    await recordPaymentToComplete(ctx, order.id, verification.reference ?? null, actor.kind, error);
    throw new PaymentReceivedError();
  }
}

/**
 * The maintenance job's retry of payments confirmed by the provider whose recording failed: each is
 * completed as the provider's notice would have done it (once: completeOrderPayment finds an order
 * already completed and does nothing; a payment on an order that closed meanwhile is refunded).
 * Returns how many were finished.
 */
export async function retryPaymentCompletions(ctx: AppContext, limit = 20): Promise<number> {
  let finished = 0;
  for (const due of await duePaymentCompletions(ctx, limit)) {
    try {
      await completeOrderPayment(
        ctx,
        due.orderId,
        { kind: 'system' },
        { paymentReference: due.paymentReference },
      );
      await recordCompletionAttempt(ctx, due.id, true);
      finished++;
    } catch (error) {
      ctx.log.error({ err: error, orderId: due.orderId }, 'completing a recorded payment failed again');
      await recordCompletionAttempt(ctx, due.id, false, error);
    }
  }
  return finished;
}

/** A payment that failed or was declined: the order's holds are released. A completed order is left alone. */
export async function failOrderPayment(
  ctx: AppContext,
  orderId: number,
  actor: PaymentActor,
): Promise<PaymentChange> {
  return ctx.db.transaction(async (tx) => {
    const failed = await failPendingOrder(tx, orderId, actor);
    return failed
      ? { changed: true, order: failed, shortages: [] }
      : { changed: false, order: (await findOrderById(tx, orderId))!, shortages: [] };
  });
}

/**
 * Fails a pending order inside the caller's transaction: row locked, holds released, payment status
 * failed, history (with `note` saying why, when given). Null when the order was no longer pending.
 * The caller closes the provider's checkout after committing (closeCheckouts).
 */
export async function failPendingOrder(
  tx: Tx,
  orderId: number,
  actor: PaymentActor,
  note?: string,
): Promise<OrderRow | null> {
  const order = await lockOrder(tx, orderId);
  if (order.paymentStatus !== 'pending') return null;
  await releaseHolds(tx, orderId);
  // An unpaid checkout that fails (expired or cancelled) gives its discount code's use back (0550).
  await releaseDiscountCodeUse(tx, orderId);
  // ... and the store credit it took, once (docs/decisions/0531-paying-with-credit-and-gift-cards.md).
  await giveBackOrderStoreCredit(tx, orderId);
  await giveBackOrderGiftCards(tx, orderId);
  const updated = await updateOrder(tx, orderId, { paymentStatus: 'failed' });
  await history(tx, orderId, actor, 'paymentStatus', order.paymentStatus, 'failed');
  if (note) await history(tx, orderId, actor, 'note', null, note);
  return updated!;
}

/**
 * Closes the provider's checkout of orders that failed (Square: the payment link is deleted), so
 * nobody can pay them any more. A failure is logged, not thrown: the order is already failed, and a
 * payment that still arrives is refunded (refundStrayPayment).
 */
export async function closeCheckouts(ctx: AppContext, closed: OrderRow[]): Promise<void> {
  for (const order of closed) {
    try {
      await ctx.payments.closeCheckout(toPaymentOrder(order, []));
    } catch (error) {
      ctx.log.warn({ err: error, orderId: order.id }, 'closing the payment link of a failed order failed');
    }
  }
}

/** The client key of an order staff took by phone or message (checkout's placeStaffOrder). */
export const DRAFT_CLIENT_KEY_PREFIX = 'draft:';
export const isDraftOrder = (order: Pick<OrderRow, 'clientKey'>) =>
  order.clientKey?.startsWith(DRAFT_CLIENT_KEY_PREFIX) ?? false;

export const HOLD_EXPIRED_NOTE = 'Stock hold expired before the payment arrived';

/**
 * Fails the unpaid checkouts whose stock holds have all expired and closes their payment links: from
 * then on a payment on them is refunded (docs/decisions/0121-payments-on-dead-orders.md). Only orders
 * that never left pending: one an administrator put back to pending stays open. Returns how many.
 */
export async function expireUnpaidOrders(ctx: AppContext, limit = 100): Promise<number> {
  // The same rule the admin list and the dashboard use for unpaid checkouts (./unpaid-checkouts.ts).
  const rows = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(expiredCheckoutSql)
    .orderBy(asc(orders.id))
    .limit(limit);
  const closed: OrderRow[] = [];
  const mails: (number | null)[] = [];
  for (const { id } of rows) {
    // Holds are never renewed, so only the status can have changed since (paid meanwhile): checked
    // under the row lock.
    const failed = await ctx.db.transaction(async (tx) => {
      const order = await failPendingOrder(tx, Number(id), { kind: 'system' }, HOLD_EXPIRED_NOTE);
      // A draft order's buyer was sent a pay link: they are told it lapsed (docs/decisions/0627).
      if (order && isDraftOrder(order)) {
        mails.push(await queueOrderEmail(tx, ctx, order, 'draft-order-expired', 'expired'));
      }
      return order;
    });
    if (failed) closed.push(failed);
  }
  await deliverOrderEmails(ctx, mails);
  await closeCheckouts(ctx, closed);
  return closed.length;
}

/** Why stock comes back when an order leaves completed for another payment status. */
const RESTOCK_REASON: Record<Exclude<PaymentStatus, 'completed'>, StockReason> = {
  refunded: 'refund',
  failed: 'payment-failed',
  pending: 'payment-reset',
};

/**
 * Sets any payment status (the administrator's selector). Completed goes through completeOrderPayment;
 * leaving completed (failed, refunded, back to pending) puts the stock back; leaving pending releases
 * the holds.
 */
export async function setOrderPaymentStatus(
  ctx: AppContext,
  orderId: number,
  status: PaymentStatus,
  actor: PaymentActor,
): Promise<PaymentChange> {
  if (status === 'completed') return completeOrderPayment(ctx, orderId, actor);
  const change = await ctx.db.transaction(async (tx): Promise<PaymentChange> => {
    const order = await lockOrder(tx, orderId);
    if (order.paymentStatus === status) return { changed: false, order, shortages: [] };
    const tenders = (toCents(order.storeCreditAmount) ?? 0) + (toCents(order.giftCardAmount) ?? 0);
    // A closed order that store credit or gift cards paid part of gave them back when it closed: it
    // is not reopened, rather than silently taking balances that may be spent by now (0531).
    if (status === 'pending' && tenders > 0) throw conflict(TENDER_ORDER_NOT_REOPENED);
    await restockOrder(tx, order, actor, RESTOCK_REASON[status]);
    await releaseHolds(tx, orderId);
    // An unpaid checkout closed by hand gives its tenders back, like every other unpaid end.
    if (order.paymentStatus === 'pending') {
      await giveBackOrderStoreCredit(tx, orderId);
      await giveBackOrderGiftCards(tx, orderId);
    }
    const updated = await updateOrder(tx, orderId, { paymentStatus: status });
    const historyId = await history(tx, orderId, actor, 'paymentStatus', order.paymentStatus, status);
    // A paid order marked refunded: the customer is told the whole total came back (docs/decisions/0270).
    const refundMail =
      status === 'refunded' && order.paymentStatus === 'completed'
        ? await queueRefundEmail(tx, ctx, updated!, toCents(updated!.total) ?? 0, `history-${historyId}`)
        : null;
    return {
      changed: true,
      order: updated!,
      shortages: [],
      wasPending: order.paymentStatus === 'pending',
      queued: [refundMail],
    };
  });
  await deliverOrderEmails(ctx, change.queued ?? []);
  // An unpaid order the administrator closed takes no payment any more.
  if (change.wasPending && status !== 'pending') await closeCheckouts(ctx, [change.order]);
  const { queued: _queued, ...answer } = change;
  return answer;
}

export const TENDER_ORDER_NOT_REOPENED =
  'This order was paid in part with store credit or gift cards, which were given back when it closed, so it cannot be reopened. The customer can check out again.';

export const ORDER_EMAIL_LIMITED =
  'Not sent: this address has received too many order e-mails in the last hour. It will be retried.';

/** Minutes before a failed confirmation is tried again: this, doubled after each further attempt. */
const EMAIL_RETRY_MINUTES = 5;
/**
 * Minutes after which a send still marked 'sending' is taken for lost (the process died): longer than
 * nodemailer's longest timeout (10 minutes without socket activity), so a slow send is not doubled.
 */
const EMAIL_STUCK_MINUTES = 15;

/**
 * When an order's confirmation may be sent: the order is paid, the e-mail has not gone out, fewer than
 * MAX_CONFIRMATION_EMAIL_ATTEMPTS were tried, and it was never tried (status NULL: the first send, or a
 * crash between the commit and the send), or it failed and its back-off has passed, or its send was
 * lost (stuck at 'sending'). The one condition of the claim and of the retry's search.
 */
function confirmationDue() {
  // Rows from before attempts were recorded have no attempt time: due at once.
  const since = sql`coalesce(${orders.confirmationEmailAttemptAt}, '-infinity'::timestamptz)`;
  const backoff = sql`(${EMAIL_RETRY_MINUTES} * power(2, greatest(${orders.confirmationEmailAttempts}, 1) - 1))::int`;
  return and(
    eq(orders.paymentStatus, 'completed'),
    eq(orders.confirmationEmailSent, false),
    lt(orders.confirmationEmailAttempts, MAX_CONFIRMATION_EMAIL_ATTEMPTS),
    or(
      isNull(orders.confirmationEmailStatus),
      and(
        eq(orders.confirmationEmailStatus, 'failed'),
        sql`${since} <= now() - make_interval(mins => ${backoff})`,
      ),
      and(
        eq(orders.confirmationEmailStatus, 'sending'),
        sql`${since} <= now() - make_interval(mins => ${EMAIL_STUCK_MINUTES})`,
      ),
    ),
  );
}

/**
 * Sends the confirmation e-mail if it is due (confirmationDue): the claim is one conditional UPDATE,
 * so concurrent completions and retries send one e-mail. Each claim counts an attempt. The result is
 * recorded on the order (confirmationEmailStatus sent / queued / failed, and the error); the order
 * itself is never affected. Returns the status recorded, or null when nothing was due.
 */
export async function sendOrderConfirmation(ctx: AppContext, orderId: number): Promise<string | null> {
  const { db } = ctx;
  // The e-mail's bookkeeping, not a change of the order: its updated_at stays (order-writes.ts).
  const claimed = await updateOrder(
    db,
    orderId,
    {
      confirmationEmailStatus: 'sending',
      confirmationEmailError: null,
      confirmationEmailAttempts: sql`${orders.confirmationEmailAttempts} + 1`,
      confirmationEmailAttemptAt: sql`now()`,
    },
    { onlyIf: confirmationDue(), marksChanged: false },
  );
  if (!claimed) return null;
  let status: string;
  let error: string | null = null;
  try {
    // Per recipient, counted in the database: paying for orders must not turn the store into a way
    // of mailing any address (docs/decisions/0124-order-email-limit.md). Over the limit the send
    // fails and the retry's back-off tries again later.
    const limit = await hitRateLimit(
      db,
      `order-email:${claimed.customerEmail.trim().toLowerCase()}`,
      ctx.config.MAX_ORDER_EMAILS_PER_RECIPIENT_PER_HOUR,
      3600,
    );
    if (!limit.allowed) throw new Error(ORDER_EMAIL_LIMITED);
    const mail = await renderOrderEmail(ctx, db, 'order-confirmation', claimed);
    const result = await ctx.mailer.send({
      kind: 'order-confirmation',
      to: claimed.customerEmail,
      orderId,
      ...mail,
    });
    status = result.status;
    error = result.error ?? null;
  } catch (e) {
    status = 'failed';
    error = e instanceof Error ? e.message : String(e);
  }
  await updateOrder(
    db,
    orderId,
    {
      confirmationEmailSent: status !== 'failed',
      confirmationEmailStatus: status,
      confirmationEmailError: error,
    },
    // Only this attempt's result: a send taken for lost and retried meanwhile reports its own.
    { onlyIf: eq(orders.confirmationEmailAttempts, claimed.confirmationEmailAttempts), marksChanged: false },
  );
  return status;
}

/**
 * The maintenance job's retry of confirmations that did not go out: failed sends (after their
 * back-off) and sends lost to a crash. Each is claimed and sent as on completion. Returns how many
 * were tried.
 */
export async function retryOrderConfirmations(ctx: AppContext, limit = 50): Promise<number> {
  const due = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(confirmationDue())
    .orderBy(asc(orders.id))
    .limit(limit);
  let tried = 0;
  for (const { id } of due) if ((await sendOrderConfirmation(ctx, id)) !== null) tried++;
  return tried;
}

async function notifyStoreOfShortage(ctx: AppContext, order: OrderRow, shortages: Shortage[]): Promise<void> {
  const lines = shortages.map(
    (s) => `- ${s.name} (product #${s.productId}): needs ${s.needed}, ${s.available} available`,
  );
  try {
    await ctx.mailer.send({
      kind: 'order-attention',
      to: ctx.config.STORE_EMAIL,
      orderId: order.id,
      subject: `Order ${order.orderReference} is paid but short of stock`,
      text: [
        `Order ${order.id} (${order.orderReference}) was paid after its stock hold expired, and these items are no longer in stock:`,
        ...lines,
        '',
        'No stock was taken for this order. Please contact the customer to refund or replace the items.',
      ].join('\n'),
    });
  } catch {
    // The history row already flags the order; the notice is a courtesy.
  }
}

/** Marks expired holds released. Holds stop counting at expiresAt anyway; this keeps the table small. */
export async function releaseExpiredHolds(ctx: AppContext): Promise<number> {
  const { db } = ctx;
  const released = await db
    .update(stockHolds)
    .set({ releasedAt: sql`now()` })
    .where(and(isNull(stockHolds.releasedAt), sql`${stockHolds.expiresAt} <= now()`))
    .returning({ id: stockHolds.id });
  return released.length;
}
