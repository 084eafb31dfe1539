// Draft orders (docs/decisions/0625-draft-orders.md): staff build an order a buyer asked for by phone
// or message; the checkout's placeStaffOrder prices and holds it as any checkout, for
// DRAFT_ORDER_HOLD_HOURS, and the buyer is e-mailed the hosted payment page in their language.
// Paid, the payment completion makes it an order like any other; unpaid, the expiry job fails it,
// releases its holds and tells the buyer (orders/completion.ts).
import { eq, sql } from 'drizzle-orm';
import type { CreateCheckout } from '~/shared/schemas/checkout';
import type { CreateDraftOrder, DraftOrder, DraftOrderState } from '~/shared/schemas/draft-orders';
import type { Locale } from '~/shared/i18n/locales';
import type { AppContext } from '~/server/context';
import type { DbOrTx } from '~/server/db/client';
import { users } from '~/server/db/schema';
import { badRequest, conflict, notFound } from '~/server/lib/http-error';
import { hostedCheckout, placeStaffOrder } from '~/server/features/checkout';
import {
  closeCheckouts,
  DRAFT_CLIENT_KEY_PREFIX,
  deliverOrderEmails,
  failPendingOrder,
  findOrderByReference,
  isDraftOrder,
  type OrderRow,
  queueOrderEmail,
} from '~/server/features/orders';

export const DRAFT_CANCELLED_NOTE = 'Draft order cancelled by staff';
const NOT_A_DRAFT = 'Draft order not found.';
const NOT_HELD = 'This draft order is no longer waiting for payment.';
const NO_SUCH_ACCOUNT = 'No customer account has this id.';

/** The checkout request a draft stands for: lots and customer; its figures are never read. */
function checkoutBodyOf(input: CreateDraftOrder): CreateCheckout {
  const pickup = input.shippingMethod === 'pickup';
  return {
    orderData: {
      customerName: input.customer.name,
      customerEmail: input.customer.email,
      customerPhone: input.customer.phone,
      shippingAddress: pickup ? null : (input.shippingAddress ?? null),
      shippingMethod: input.shippingMethod,
      subtotal: '0.00',
      discountAmount: '0.00',
      discountPercentage: '0.00',
      shippingCost: '0.00',
      taxRate: '0',
      taxAmount: '0.00',
      total: '0.00',
      paymentStatus: 'pending',
      status: 'pending',
      notes: input.notes ?? null,
      userId: null,
      contractAccepted: true,
    },
    items: input.items.map((i) => ({
      productId: i.productId,
      name: `Product #${i.productId}`,
      price: '0.00',
      compareAtPrice: null,
      quantity: i.quantity,
      discountApplied: false,
      imageUrl: null,
    })),
  } as CreateCheckout;
}

const STATE_SQL = sql<DraftOrderState>`case
  when o.payment_status = 'completed' then 'paid'
  when o.payment_status = 'pending' and exists (select 1 from stock_holds h where h.order_id = o.id
    and h.released_at is null and h.expires_at > now()) then 'held'
  when exists (select 1 from order_history oh where oh.order_id = o.id and oh.field = 'note'
    and oh.to_value = ${DRAFT_CANCELLED_NOTE}) then 'cancelled'
  when o.payment_status in ('pending', 'failed') then 'expired'
  else 'closed' end`;

type DraftRow = {
  id: number;
  order_reference: string;
  customer_name: string;
  customer_email: string | null;
  shipping_method: string;
  total: string;
  locale: string | null;
  state: DraftOrderState;
  held_until: Date | string | null;
  created_at: Date | string;
};

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

async function selectDrafts(db: DbOrTx, where: ReturnType<typeof sql>): Promise<DraftOrder[]> {
  const result = (await db.execute(sql`
    select o.id, o.order_reference, o.customer_name, o.customer_email, o.shipping_method, o.total::text as total,
      o.locale, ${STATE_SQL} as state, o.created_at,
      (select max(h.expires_at) from stock_holds h where h.order_id = o.id) as held_until
    from orders o
    where o.client_key like ${`${DRAFT_CLIENT_KEY_PREFIX}%`} and ${where}
    order by o.id desc limit 200`)) as unknown as { rows: DraftRow[] };
  return result.rows.map((r) => ({
    id: Number(r.id),
    orderReference: r.order_reference,
    customerName: r.customer_name,
    customerEmail: r.customer_email,
    shippingMethod: r.shipping_method,
    total: r.total,
    locale: r.locale === 'fr' ? 'fr' : 'en',
    state: r.state,
    heldUntil: iso(r.held_until),
    createdAt: iso(r.created_at)!,
  }));
}

export const listDraftOrders = (db: DbOrTx) => selectDrafts(db, sql`true`);

async function draftById(db: DbOrTx, id: number): Promise<DraftOrder> {
  const [draft] = await selectDrafts(db, sql`o.id = ${id}`);
  if (!draft) throw notFound(NOT_A_DRAFT);
  return draft;
}

/** Queues and sends the pay link of a held draft; `change` tells one sending from another. */
async function sendPayLink(ctx: AppContext, order: OrderRow, payUrl: string, change: string): Promise<void> {
  const draft = await draftById(ctx.db, order.id);
  const heldUntil = draft.heldUntil ? new Date(draft.heldUntil) : undefined;
  const id = await ctx.db.transaction((tx) =>
    queueOrderEmail(tx, ctx, order, 'draft-order-pay-link', change, { payUrl, heldUntil }),
  );
  await deliverOrderEmails(ctx, [id]);
}

export async function createDraftOrder(
  ctx: AppContext,
  staffUserId: number,
  input: CreateDraftOrder,
): Promise<{ draftOrder: DraftOrder; payUrl: string }> {
  const accountUserId = input.customer.userId ?? null;
  if (accountUserId !== null) {
    const [account] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, accountUserId));
    if (!account) throw badRequest(NO_SUCH_ACCOUNT);
  }
  const locale: Locale = input.customer.locale;
  const { order, checkoutUrl } = await placeStaffOrder(
    ctx,
    checkoutBodyOf(input),
    { holdMinutes: ctx.config.DRAFT_ORDER_HOLD_HOURS * 60, staffUserId, accountUserId },
    locale,
  );
  await sendPayLink(ctx, order, checkoutUrl, 'sent');
  return { draftOrder: await draftById(ctx.db, order.id), payUrl: checkoutUrl };
}

async function heldDraft(ctx: AppContext, id: number): Promise<OrderRow> {
  const draft = await draftById(ctx.db, id);
  if (draft.state !== 'held') throw conflict(NOT_HELD, { code: 'draft_not_held', state: draft.state });
  const order = await findOrderByReference(ctx.db, draft.orderReference);
  if (!order || !isDraftOrder(order)) throw notFound(NOT_A_DRAFT);
  return order;
}

/** Sends the pay link again (the same hosted page), while the lots are held. */
export async function resendDraftOrder(ctx: AppContext, id: number): Promise<DraftOrder> {
  const held = await heldDraft(ctx, id);
  const { order, checkoutUrl } = await hostedCheckout(ctx, held);
  await sendPayLink(ctx, order, checkoutUrl, `resent:${Date.now()}`);
  return draftById(ctx.db, id);
}

/** Cancels a held draft: its holds are released at once and its payment page closed. */
export async function cancelDraftOrder(
  ctx: AppContext,
  staffUserId: number,
  id: number,
): Promise<DraftOrder> {
  await heldDraft(ctx, id);
  const failed = await ctx.db.transaction((tx) =>
    failPendingOrder(tx, id, { kind: 'admin', userId: staffUserId }, DRAFT_CANCELLED_NOTE),
  );
  if (!failed) throw conflict(NOT_HELD, { code: 'draft_not_held' });
  await closeCheckouts(ctx, [failed]);
  return draftById(ctx.db, id);
}
