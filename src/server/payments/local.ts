// The store's own hosted payment page (/pay/{orderReference}), so the whole purchase works offline, in
// demos and in end-to-end tests. It behaves like a real provider: the shopper's Pay or Decline is
// recorded on the provider's side first (a row in payment_webhook_events under provider 'local'),
// and the store learns the result by verifying against that record. No money moves.
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '~/server/config';
import type { Db } from '~/server/db/client';
import { paymentWebhookEvents } from '~/server/db/schema';
import type { PaymentOrder, PaymentProvider, PaymentVerification } from './provider';
import { PaymentProviderError, WebhookSignatureError } from './provider';

export type LocalPaymentResult = 'completed' | 'declined';

const eventIdFor = (orderReference: string) => `payment:${orderReference}`;

type LocalPaymentPayload = {
  orderReference: string;
  amountCents: number;
  paymentId: string;
  /** Set when the payment was given back (refund): it no longer pays the order. */
  refundId?: string;
};

/**
 * Records the shopper's decision on the payment page, once per order: the first decision stands, as
 * with a card that has been charged or declined. Returns the decision that stands.
 */
export async function recordLocalPayment(
  db: Db,
  order: { orderReference: string; totalCents: number },
  result: LocalPaymentResult,
): Promise<{ result: LocalPaymentResult; paymentId: string }> {
  const payload: LocalPaymentPayload = {
    orderReference: order.orderReference,
    amountCents: order.totalCents,
    paymentId: `LOCAL-${randomBytes(8).toString('hex').toUpperCase()}`,
  };
  await db
    .insert(paymentWebhookEvents)
    .values({
      provider: 'local',
      eventId: eventIdFor(order.orderReference),
      type: result === 'completed' ? 'payment.completed' : 'payment.declined',
      payload,
      processedAt: new Date(),
    })
    .onConflictDoNothing();
  const stands = await readLocalPayment(db, order.orderReference);
  return stands!;
}

async function readLocalPayment(
  db: Db,
  orderReference: string,
): Promise<{
  result: LocalPaymentResult;
  paymentId: string;
  amountCents: number;
  refundId: string | null;
} | null> {
  const [row] = await db
    .select()
    .from(paymentWebhookEvents)
    .where(
      and(
        eq(paymentWebhookEvents.provider, 'local'),
        eq(paymentWebhookEvents.eventId, eventIdFor(orderReference)),
      ),
    );
  if (!row) return null;
  const payload = row.payload as LocalPaymentPayload;
  return {
    result: row.type === 'payment.completed' ? 'completed' : 'declined',
    paymentId: payload.paymentId,
    amountCents: payload.amountCents,
    refundId: payload.refundId ?? null,
  };
}

export function createLocalProvider(config: Config, db: Db): PaymentProvider {
  return {
    name: 'local',
    async createCheckout(order) {
      return { checkoutUrl: `${config.publicUrl}/pay/${order.orderReference}`, paymentLinkId: null };
    },
    async verifyPayment(order: PaymentOrder): Promise<PaymentVerification> {
      const payment = await readLocalPayment(db, order.orderReference);
      if (!payment) return { paid: false, reason: 'No payment has been made for this order.' };
      if (payment.result !== 'completed') return { paid: false, reason: 'The payment was declined.' };
      if (payment.refundId) return { paid: false, reason: 'The payment was refunded.' };
      if (payment.amountCents !== order.totalCents)
        return { paid: false, reason: 'The amount paid does not match the order.' };
      return { paid: true, reference: payment.paymentId };
    },
    parseWebhook() {
      throw new WebhookSignatureError('The local payment provider sends no webhooks.');
    },
    async orderReferenceFor() {
      return null;
    },
    async closeCheckout() {
      // Nothing to close: the payment page takes a payment only for a pending order.
    },
    async refund(request) {
      // Like a provider: one refund per idempotency key, recorded on the provider's side, and the
      // payment it gives back no longer verifies as paid. No money moves.
      const payment = await readLocalPayment(db, request.orderReference);
      if (payment?.result !== 'completed' || payment.paymentId !== request.paymentReference) {
        throw new PaymentProviderError('The local provider has no such payment to refund.', 404);
      }
      if (request.amountCents > payment.amountCents) {
        throw new PaymentProviderError('The refund is larger than the payment.', 400);
      }
      const refundId = `LOCALREFUND-${randomBytes(8).toString('hex').toUpperCase()}`;
      await db
        .insert(paymentWebhookEvents)
        .values({
          provider: 'local',
          eventId: `refund:${request.idempotencyKey}`,
          type: 'refund.created',
          payload: { ...request, refundId },
          processedAt: new Date(),
        })
        .onConflictDoNothing();
      const [row] = await db
        .select()
        .from(paymentWebhookEvents)
        .where(
          and(
            eq(paymentWebhookEvents.provider, 'local'),
            eq(paymentWebhookEvents.eventId, `refund:${request.idempotencyKey}`),
          ),
        );
      const stands = (row!.payload as { refundId: string }).refundId;
      if (!payment.refundId) {
        await db
          .update(paymentWebhookEvents)
          .set({
            payload: sql`${paymentWebhookEvents.payload} || ${JSON.stringify({ refundId: stands })}::jsonb`,
          })
          .where(
            and(
              eq(paymentWebhookEvents.provider, 'local'),
              eq(paymentWebhookEvents.eventId, eventIdFor(request.orderReference)),
            ),
          );
      }
      return { refundId: stands, status: 'COMPLETED' };
    },
  };
}
