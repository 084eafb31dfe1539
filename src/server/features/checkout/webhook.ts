// A provider's payment notification: signature checked, each event applied once, and the payment
// verified with the provider's API before the order is marked paid (the notification is a hint,
// the provider's records are the truth).
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '~/server/context';
import { paymentWebhookEvents } from '~/server/db/schema';
import { type PaymentWebhookEvent, WebhookSignatureError } from '~/server/payments/provider';
import {
  confirmProviderPayment,
  findOrderByReference,
  listOrderItems,
  toPaymentOrder,
} from '~/server/features/orders';

type WebhookAnswer = { status: number; message: string };

const PAYMENT_EVENTS = new Set(['payment.created', 'payment.updated']);

export async function handlePaymentWebhook(
  ctx: AppContext,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
): Promise<WebhookAnswer> {
  const provider = ctx.payments;
  if (provider.name !== 'square') return { status: 404, message: 'Webhooks are not enabled.' };
  let events: PaymentWebhookEvent[];
  try {
    events = provider.parseWebhook(rawBody, headers);
  } catch (error) {
    if (error instanceof WebhookSignatureError) return { status: 401, message: 'Invalid webhook signature.' };
    throw error;
  }
  for (const event of events) {
    const answer = await applyEvent(ctx, event);
    if (answer) return answer;
  }
  return { status: 200, message: 'OK' };
}

async function applyEvent(ctx: AppContext, event: PaymentWebhookEvent): Promise<WebhookAnswer | null> {
  const { db } = ctx;
  const provider = ctx.payments;
  await db
    .insert(paymentWebhookEvents)
    .values({
      provider: provider.name,
      eventId: event.eventId,
      type: event.type,
      payload: event.payload as object,
    })
    .onConflictDoNothing();
  // Claim the event: one delivery applies it, replays (and concurrent duplicates) find it taken.
  const [claimed] = await db
    .update(paymentWebhookEvents)
    .set({ processedAt: sql`now()` })
    .where(
      and(
        eq(paymentWebhookEvents.provider, provider.name),
        eq(paymentWebhookEvents.eventId, event.eventId),
        isNull(paymentWebhookEvents.processedAt),
      ),
    )
    .returning({ id: paymentWebhookEvents.id });
  if (!claimed) return null;
  try {
    if (!PAYMENT_EVENTS.has(event.type) || event.paymentStatus !== 'COMPLETED') return null;
    const reference = await provider.orderReferenceFor(event);
    if (!reference) return null;
    const order = await findOrderByReference(db, reference);
    if (!order) return null;
    // Only a pending order is completed: a notice about a refunded or failed one changes nothing.
    const { verification } = await confirmProviderPayment(ctx, order, { kind: 'webhook' }, async () =>
      provider.verifyPayment(toPaymentOrder(order, await listOrderItems(db, order.id))),
    );
    if (verification && !verification.paid) {
      ctx.log.warn(
        { orderId: order.id, reason: verification.reason },
        'webhook payment not confirmed by the provider',
      );
    }
    return null;
  } catch (error) {
    // Not applied: let the provider's retry deliver it again.
    await db
      .update(paymentWebhookEvents)
      .set({ processedAt: null })
      .where(eq(paymentWebhookEvents.id, claimed.id));
    ctx.log.error({ err: error, eventId: event.eventId }, 'payment webhook could not be applied');
    return { status: 503, message: 'The notification could not be applied now. Please retry.' };
  }
}
