// In the orders feature rather than admin-orders: the orders feature's PATCH /api/orders/{id}/payment-status
// route has an administrator's branch, and admin-orders builds on orders, never the other way round
// (docs/decisions/0175-enforced-boundaries.md).
// The administrator's changes to orders: status (any of the seven, except working an order that must
// not be worked), tracking number and estimated delivery, payment status (through the checkout's completion functions, so stock and the
// confirmation e-mail change exactly once), and linking an order to a user. Each change writes
// order_history rows (shown in the detail dialog) and the admin audit log.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { PaymentStatus } from '~/shared/constants';
import type { OrderDetailsUpdate, OrderStatusUpdate } from '~/shared/schemas/admin-orders';
import type { Tx } from '~/server/db/client';
import { mailOutbox, orderHistory, orders, users } from '~/server/db/schema';
import { recordAudit } from '~/server/lib/audit';
import { type OrderFields, updateOrder, updateOrders } from '~/server/lib/order-writes';
import { orderStatusLabel } from '~/shared/orders';
import { conflict, notFound } from '~/server/lib/http-error';
import { type PaymentChange, restockOrder, setOrderPaymentStatus } from './completion';
import { STATUS_EMAIL_KINDS } from './email-content';
import { deliverOrderEmails, queueOrderEmail } from './order-emails';
import type { OrderRow } from './repository';
import type { AppContext } from '~/server/context';

export const ORDER_NOT_FOUND = 'Order not found.';
export const USER_NOT_FOUND = 'User not found.';

export type Actor = { userId: number };

async function lockOrder(tx: Tx, id: number): Promise<OrderRow> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  if (!row) throw notFound(ORDER_NOT_FOUND);
  return row;
}

type Change = {
  field: 'status' | 'trackingNumber' | 'trackingCarrier' | 'estimatedDeliveryDate' | 'userId';
  from: string | null;
  to: string | null;
};

/**
 * Writes the changed fields, one history row each, and one audit row; nothing when nothing changed.
 * Returns the order as written and the history row id of each changed field.
 */
async function applyChanges(
  tx: Tx,
  actor: Actor,
  order: OrderRow,
  changes: Change[],
  action: string,
): Promise<{ order: OrderRow; historyIds: Partial<Record<Change['field'], number>> }> {
  const real = changes.filter((c) => c.from !== c.to);
  if (real.length === 0) return { order, historyIds: {} };
  const set: OrderFields = {};
  for (const c of real) {
    if (c.field === 'userId') set.userId = c.to === null ? null : Number(c.to);
    else set[c.field] = c.to as never;
  }
  const updated = await updateOrder(tx, order.id, set);
  const rows = await tx
    .insert(orderHistory)
    .values(
      real.map((c) => ({
        orderId: order.id,
        field: c.field,
        fromValue: c.from,
        toValue: c.to,
        actor: 'admin',
        actorUserId: actor.userId,
      })),
    )
    .returning({ id: orderHistory.id, field: orderHistory.field });
  await recordAudit(tx, {
    userId: actor.userId,
    action,
    entity: 'order',
    entityId: order.id,
    before: Object.fromEntries(real.map((c) => [c.field, c.from])),
    after: Object.fromEntries(real.map((c) => [c.field, c.to])),
  });
  return { order: updated!, historyIds: Object.fromEntries(rows.map((r) => [r.field, r.id])) };
}

function detailChanges(order: OrderRow, input: OrderDetailsUpdate): Change[] {
  const changes: Change[] = [];
  if (input.trackingNumber !== undefined) {
    changes.push({ field: 'trackingNumber', from: order.trackingNumber, to: input.trackingNumber });
  }
  if (input.trackingCarrier !== undefined) {
    changes.push({ field: 'trackingCarrier', from: order.trackingCarrier, to: input.trackingCarrier });
  }
  if (input.estimatedDeliveryDate !== undefined) {
    changes.push({
      field: 'estimatedDeliveryDate',
      from: order.estimatedDeliveryDate,
      to: input.estimatedDeliveryDate,
    });
  }
  return changes;
}

/** The statuses that mean the store is working on the order: packing, shipping, handing over. */
const WORK_STATUSES: ReadonlySet<string> = new Set([
  'processing',
  'ready-for-pickup',
  'shipped',
  'delivered',
  'picked-up',
]);

/**
 * Why an order cannot be moved to a working status, or null (docs/decisions/0462-order-guards.md): an
 * unpaid checkout may still be abandoned (its stock is only held), a cancelled order's stock may be back
 * on sale, a fully refunded order has been paid back. Nothing is packed or shipped for any of them.
 */
export function workRefusal(order: Pick<OrderRow, 'status' | 'paymentStatus'>, to: string): string | null {
  if (!WORK_STATUSES.has(to) || order.status === to) return null;
  const target = orderStatusLabel(to);
  if (order.status === 'cancelled')
    return `This order is cancelled: it cannot be moved to ${target}. Set it to Pending first if it was cancelled by mistake.`;
  if (order.paymentStatus === 'refunded')
    return `This order is fully refunded: it cannot be moved to ${target}.`;
  if (order.paymentStatus !== 'completed')
    return `This order is not paid: it cannot be moved to ${target} until its payment is completed.`;
  return null;
}

/**
 * The customer's e-mails of one change (docs/decisions/0463-fulfil-step-and-tracking-e-mails.md), queued
 * in its transaction; only for a paid (or since refunded) order, the only kind ever confirmed to its
 * customer. A new status sends its e-mail, except Shipped, which goes once per order whatever goes back
 * and forth: a second 'has shipped' would tell the customer of a second parcel. Tracking added or
 * corrected on a shipped order (a number known after the change) sends 'new tracking details', also when
 * it comes with a repeat of Shipped.
 */
async function queueChangeEmails(
  tx: Tx,
  ctx: AppContext,
  order: OrderRow,
  historyIds: Partial<Record<Change['field'], number>>,
): Promise<(number | null)[]> {
  const paid = order.paymentStatus === 'completed' || order.paymentStatus === 'refunded';
  if (!paid) return [];
  const trackingChange = historyIds.trackingNumber ?? historyIds.trackingCarrier;
  const trackingNews = order.status === 'shipped' && trackingChange !== undefined && !!order.trackingNumber;
  const queued: (number | null)[] = [];
  if (historyIds.status !== undefined) {
    const kind = STATUS_EMAIL_KINDS[order.status];
    if (kind === 'order-shipped') {
      if (!(await shippedEmailQueued(tx, order.id))) {
        queued.push(await queueOrderEmail(tx, ctx, order, kind, SHIPPED_ONCE));
        return queued;
      }
    } else if (kind) {
      queued.push(await queueOrderEmail(tx, ctx, order, kind, `history-${historyIds.status}`));
      return queued;
    }
  }
  if (trackingNews) {
    queued.push(await queueOrderEmail(tx, ctx, order, 'order-tracking-updated', `history-${trackingChange}`));
  }
  return queued;
}

/** The shipped e-mail's change key: one per order. */
const SHIPPED_ONCE = 'once';

/** Whether the order's shipped e-mail is in the outbox (sent, waiting or failed), under any key. */
async function shippedEmailQueued(tx: Tx, orderId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.orderId, orderId), eq(mailOutbox.kind, 'order-shipped')))
    .limit(1);
  return row !== undefined;
}

/**
 * Any of the seven statuses, except a working one for an order that must not be worked (workRefusal);
 * repeating the current one changes nothing. Cancelling with `restock` puts the order's items back in
 * stock (if they were taken) in the same transaction.
 */
export async function setOrderStatus(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: OrderStatusUpdate,
): Promise<void> {
  const { db } = ctx;
  const queued = await db.transaction(async (tx) => {
    // The row lock orders two administrators pressing at once: the second finds the status already
    // set, changes nothing and queues nothing (docs/decisions/0270-order-emails-through-the-outbox.md).
    const order = await lockOrder(tx, id);
    const refusal = workRefusal(order, input.status);
    if (refusal) throw conflict(refusal);
    const changes: Change[] = [
      { field: 'status', from: order.status, to: input.status },
      ...detailChanges(order, input),
    ];
    const written = await applyChanges(tx, actor, order, changes, 'update-status');
    if (input.status === 'cancelled' && input.restock) {
      await restockOrder(tx, written.order, { kind: 'admin', userId: actor.userId }, 'cancelled');
    }
    return queueChangeEmails(tx, ctx, written.order, written.historyIds);
  });
  await deliverOrderEmails(ctx, queued);
}

/**
 * Tracking number, carrier and estimated delivery date; blank clears them. On a shipped order, a
 * tracking number added or corrected is e-mailed to the customer (queueChangeEmails).
 */
export async function updateOrderDetails(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: OrderDetailsUpdate,
): Promise<void> {
  const { db } = ctx;
  const queued = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    const written = await applyChanges(tx, actor, order, detailChanges(order, input), 'update');
    return queueChangeEmails(tx, ctx, written.order, written.historyIds);
  });
  await deliverOrderEmails(ctx, queued);
}

/** Links an order (a guest's, typically) to a user, who then sees it in their account. */
export async function associateOrder(
  ctx: AppContext,
  actor: Actor,
  id: number,
  userId: number,
): Promise<void> {
  const { db } = ctx;
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!user) throw notFound(USER_NOT_FOUND);
    const from = order.userId === null ? null : String(order.userId);
    await applyChanges(tx, actor, order, [{ field: 'userId', from, to: String(userId) }], 'associate');
  });
}

/**
 * The administrator's payment status selector: completion (stock taken, confirmation e-mail) and
 * its reversal (stock returned) happen in the checkout's completion functions, exactly once however
 * often or concurrently this is called. The audit row follows the change.
 */
export async function adminSetPaymentStatus(
  ctx: AppContext,
  actor: Actor,
  id: number,
  status: PaymentStatus,
): Promise<PaymentChange> {
  const before = await ctx.db
    .select({ paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.id, id));
  if (before.length === 0) throw notFound(ORDER_NOT_FOUND);
  const change = await setOrderPaymentStatus(ctx, id, status, { kind: 'admin', userId: actor.userId });
  if (change.changed) {
    await recordAudit(ctx.db, {
      userId: actor.userId,
      action: 'update-payment-status',
      entity: 'order',
      entityId: id,
      before: { paymentStatus: before[0]!.paymentStatus },
      after: { paymentStatus: change.order.paymentStatus, inventoryReduced: change.order.inventoryReduced },
    });
  }
  return change;
}

/**
 * A new account whose e-mail address was just proven (its confirmation link opened) takes the guest orders
 * placed with that address: the shopper who ticked 'Create an account' at checkout finds the order in
 * their account, as the checkout promised. Only orders of no account move; history says who and why.
 */
export async function claimGuestOrders(tx: Tx, user: { id: number; email: string }): Promise<number[]> {
  const claimed = await updateOrders(
    tx,
    and(isNull(orders.userId), sql`lower(${orders.customerEmail}) = lower(${user.email})`),
    { userId: user.id },
  );
  if (claimed.length > 0)
    await tx.insert(orderHistory).values(
      claimed.map(({ id }) => ({
        orderId: id,
        field: 'userId',
        fromValue: null,
        toValue: String(user.id),
        actor: 'account-confirmed',
        actorUserId: user.id,
      })),
    );
  return claimed.map(({ id }) => id);
}
