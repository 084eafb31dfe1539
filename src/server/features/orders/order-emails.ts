// The order e-mails after the confirmation (docs/decisions/0270-order-emails-through-the-outbox.md):
// each is written into the outbox in the transaction of the change it reports (status, payment,
// refund), under a unique key 'order:{id}:{kind}:{change}', so a change is mailed once however often
// or concurrently it is made; after the commit it is delivered from the outbox, and the maintenance
// job retries what failed or was lost. Marketing preferences (the newsletter, the account's
// e-mail notifications switch) do not apply: these e-mails are about the customer's order.
import { and, asc, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Cents } from '~/shared/money';
import type { CreditNote } from '~/shared/schemas/admin-orders-dialog';
import type { AppContext } from '~/server/context';
import type { DbOrTx, Tx } from '~/server/db/client';
import QRCode from 'qrcode';
import { mailOutbox, orders, pickupSlots } from '~/server/db/schema';
import type { MailAttachment } from '~/server/mail/mailer';
import { taxRegistrations } from '~/server/config';
import { brandOf, renderEmail, type RenderedEmail } from '~/server/mail/layout';
import { getContractTerms, getShippingSettings } from '~/server/features/store-settings';
import { deliveryDaysOf } from '~/shared/orders';
import {
  type OrderEmailKind,
  type OrderEmailStore,
  orderEmailContent,
  PICKUP_QR_CID,
  PICKUP_QR_KINDS,
} from './email-content';
import { listOrderItems, type OrderRow } from './repository';
import { giftCardLinesOfOrders } from '~/server/features/gift-cards';

/** Deliveries tried before an e-mail is left failed, with its error, for the administrator. */
export const MAX_ORDER_EMAIL_ATTEMPTS = 5;
/** Minutes before a failed delivery is tried again: this, doubled after each further attempt. */
const RETRY_MINUTES = 5;
/** A delivery still 'sending' after this long was lost (longer than nodemailer's 10-minute timeout). */
const STUCK_MINUTES = 15;

export async function orderEmailStore(ctx: AppContext, db: DbOrTx = ctx.db): Promise<OrderEmailStore> {
  const shipping = await getShippingSettings(db);
  return {
    brand: brandOf(ctx.config),
    registrations: taxRegistrations(ctx.config),
    deliveryDays: deliveryDaysOf(shipping),
    pickup: shipping,
    contract: await getContractTerms(db, ctx.config.STORE_NAME),
    timeZone: ctx.config.STORE_TIMEZONE,
  };
}

/** What some kinds of e-mail say beyond the order (see OrderEmailInput). */
export type OrderEmailExtra = {
  refundCents?: Cents;
  creditNote?: CreditNote;
  latePayment?: boolean;
  payUrl?: string;
  heldUntil?: Date;
};

/** One order e-mail, both parts, in the store's layout. */
export async function renderOrderEmail(
  ctx: AppContext,
  db: DbOrTx,
  kind: OrderEmailKind,
  order: OrderRow,
  extra: OrderEmailExtra = {},
): Promise<RenderedEmail> {
  const items = await listOrderItems(db, order.id);
  const giftCards = (await giftCardLinesOfOrders(db, [order.id])).get(order.id);
  const store = await orderEmailStore(ctx, db);
  const [pickupSlot] = order.pickupSlotId
    ? await db
        .select({ startsAt: pickupSlots.startsAt, endsAt: pickupSlots.endsAt })
        .from(pickupSlots)
        .where(eq(pickupSlots.id, order.pickupSlotId))
    : [];
  return renderEmail(
    orderEmailContent(kind, { order, items, giftCards, store, pickupSlot: pickupSlot ?? null, ...extra }),
    store.brand,
  );
}

/** The outbox key of one change's e-mail. */
export const orderEmailKey = (orderId: number, kind: OrderEmailKind, change: string | number) =>
  `order:${orderId}:${kind}:${change}`;

/**
 * Writes an order e-mail into the outbox inside the caller's transaction (the one that made the
 * change), to the customer, or to the store for the new-order alert. `change` names the change
 * (its order_history row, a refund's id): the same change queued twice is one e-mail. Returns the
 * outbox id to deliver after the commit, or null when this change's e-mail was already queued.
 */
export async function queueOrderEmail(
  tx: Tx,
  ctx: AppContext,
  order: OrderRow,
  kind: OrderEmailKind,
  change: string | number,
  extra: OrderEmailExtra = {},
): Promise<number | null> {
  const to = kind === 'order-new-alert' ? ctx.config.STORE_EMAIL : order.customerEmail;
  // An order whose person was erased has no address left: nothing to send (decision 0562).
  if (!to) return null;
  const mail = await renderOrderEmail(ctx, tx, kind, order, extra);
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      kind,
      to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      orderId: order.id,
      status: 'pending',
      dedupeKey: orderEmailKey(order.id, kind, change),
    })
    .onConflictDoNothing()
    .returning({ id: mailOutbox.id });
  return row?.id ?? null;
}

/**
 * The refunded e-mail, for whatever records a refund (the admin's payment status, a refund endpoint):
 * call it inside the refund's transaction with the amount given back and the refund's own id (one
 * e-mail per refund), then deliverOrderEmails with the id it returns after the commit.
 */
export function queueRefundEmail(
  tx: Tx,
  ctx: AppContext,
  order: OrderRow,
  amountCents: Cents,
  refundId: string | number,
  creditNote?: CreditNote,
): Promise<number | null> {
  return queueOrderEmail(tx, ctx, order, 'order-refunded', refundId, {
    refundCents: amountCents,
    creditNote,
  });
}

/** When a queued e-mail may be delivered: never tried, failed past its back-off, or lost while sending. */
function deliveryDue() {
  const since = sql`coalesce(${mailOutbox.attemptAt}, '-infinity'::timestamptz)`;
  const backoff = sql`(${RETRY_MINUTES} * power(2, greatest(${mailOutbox.attempts}, 1) - 1))::int`;
  return and(
    isNotNull(mailOutbox.dedupeKey),
    lt(mailOutbox.attempts, MAX_ORDER_EMAIL_ATTEMPTS),
    or(
      eq(mailOutbox.status, 'pending'),
      and(eq(mailOutbox.status, 'failed'), sql`${since} <= now() - make_interval(mins => ${backoff})`),
      and(eq(mailOutbox.status, 'sending'), sql`${since} <= now() - make_interval(mins => ${STUCK_MINUTES})`),
    ),
  );
}

/**
 * Delivers queued e-mails. Each is claimed by one conditional UPDATE (pending -> sending), so two
 * deliveries of the same row (the request and the maintenance job, two instances) send it once. The
 * result is recorded on the row: sent, queued (no SMTP server: it stays in the outbox) or failed with
 * the error, retried later. Never throws: the change it reports is already committed.
 */
export async function deliverOrderEmails(ctx: AppContext, ids: readonly (number | null)[]): Promise<void> {
  for (const id of ids) {
    if (id === null) continue;
    try {
      await deliverOne(ctx, id);
    } catch (error) {
      ctx.log.error({ err: error, outboxId: id }, 'delivering an order e-mail failed');
    }
  }
}

async function deliverOne(ctx: AppContext, id: number): Promise<void> {
  const [claimed] = await ctx.db
    .update(mailOutbox)
    .set({
      status: 'sending',
      error: null,
      attempts: sql`${mailOutbox.attempts} + 1`,
      attemptAt: sql`now()`,
    })
    .where(and(eq(mailOutbox.id, id), deliveryDue()))
    .returning();
  if (!claimed) return;
  let status: 'sent' | 'queued' | 'failed';
  let error: string | null = null;
  try {
    status = await ctx.mailer.transmit({
      to: claimed.to,
      subject: claimed.subject,
      text: claimed.text,
      html: claimed.html ?? undefined,
      attachments: await pickupQrAttachment(ctx, claimed),
    });
  } catch (e) {
    status = 'failed';
    error = e instanceof Error ? e.message : String(e);
  }
  await ctx.db
    .update(mailOutbox)
    .set({ status, error, sentAt: status === 'sent' ? sql`now()` : null })
    // Only this attempt's result: a delivery taken for lost and retried meanwhile records its own.
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.attempts, claimed.attempts)));
}

/**
 * The pickup code's QR image, made at delivery rather than kept in the outbox (it follows from the
 * order's code), for the e-mails whose html shows cid:pickup-qr (docs/decisions/0622-pickup-reminder-and-qr.md).
 */
async function pickupQrAttachment(
  ctx: AppContext,
  mail: { kind: string; orderId: number | null },
): Promise<MailAttachment[] | undefined> {
  if (!mail.orderId || !(PICKUP_QR_KINDS as readonly string[]).includes(mail.kind)) return undefined;
  const [row] = await ctx.db
    .select({ code: orders.pickupCode })
    .from(orders)
    .where(eq(orders.id, mail.orderId));
  if (!row?.code) return undefined;
  const content = await QRCode.toBuffer(row.code, {
    type: 'png',
    width: 300,
    margin: 2,
    errorCorrectionLevel: 'M',
  });
  return [{ filename: 'pickup-code.png', content, contentType: 'image/png', cid: PICKUP_QR_CID }];
}

/** The maintenance job: delivers queued order e-mails that are due. Returns how many were tried. */
export async function retryOrderEmails(ctx: AppContext, limit = 50): Promise<number> {
  const due = await ctx.db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(deliveryDue(), inArray(mailOutbox.status, ['pending', 'sending', 'failed'])))
    .orderBy(asc(mailOutbox.id))
    .limit(limit);
  await deliverOrderEmails(
    ctx,
    due.map((d) => d.id),
  );
  return due.length;
}
