// GET /api/orders/{id} and PATCH /api/orders/{id}/payment-status (the confirmation page's calls).
// By its reference anyone reads an order's status and total, and its details only with proof (the
// confirmation address's signed token, the signed-in owner, staff; the e-mail goes through
// POST /api/orders/lookup): docs/decisions/0453-order-details-need-proof.md. By numeric id only its
// owner and staff read it. Everyone else gets 404.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { PaymentStatusAnswerSchema } from '~/shared/schemas/admin-orders';
import { ErrorSchema } from '~/shared/schemas/catalog';
import { z } from 'zod';
import {
  OrderAnswerSchema,
  OrderIdParamsSchema,
  OrderLookupSchema,
  OrderProofQuerySchema,
  OrderSchema,
  OrderSummarySchema,
  PaymentStatusUpdateSchema,
} from '~/shared/schemas/orders';
import { enforceAddressRateLimit } from '~/server/lib/rate-limit';
import { can } from '~/server/lib/access';
import { isOrderProof } from '~/server/lib/order-proof';
import { forbidden, HttpError, notFound } from '~/server/lib/http-error';
import { PaymentProviderError } from '~/server/payments/provider';
import { adminSetPaymentStatus, associateOrder } from './admin-changes';
import { lookUpOrder } from './lookup';
import { confirmProviderPayment } from './completion';
import { cardPaidCents } from './refund-tenders';
import { refundRestOfOrder } from './refunds';
import { buildOrderTimeline } from './timeline';
import { giftCardLinesOfOrders } from '~/server/features/gift-cards';
import type { DbOrTx } from '~/server/db/client';
import {
  findOrderById,
  findOrderByReference,
  listOrderItems,
  numericOrderId,
  type OrderRow,
  toOrderResponse,
  toOrderSummary,
  toPaymentOrder,
} from './repository';
import { PRIVATE_NO_STORE, privateAnswers } from '~/server/plugins/security';

const NOT_FOUND = 'Order not found.';
/** Order look-ups per address per hour: a guest retyping a reference, not a script trying many. */
export const ORDER_LOOKUPS_PER_IP_PER_HOUR = 20;
/**
 * Reads of an order by its reference without proof, per host per hour (its network gets four times
 * that): a shopper reopening a confirmation page, not a script trying references
 * (docs/decisions/0453-order-details-need-proof.md).
 */
export const ORDER_REFERENCE_READS_PER_IP_PER_HOUR = 30;

type ReadableOrder = {
  order: OrderRow;
  /** Whether the requester proved the order is theirs: name, address and lines may be shown. */
  proven: boolean;
};

/**
 * The order `id` names, if the requester may see it; 404 otherwise (never 403: no hint it exists).
 * By numeric id: its owner or staff, in full. By reference: anyone, but in full only with proof (the
 * signed-in owner, staff, or the confirmation page's signed `token`); every read without proof counts
 * against the address's limit of reference guesses, found or not.
 */
export async function loadReadableOrder(
  request: FastifyRequest,
  id: string,
  token: string | undefined,
): Promise<ReadableOrder> {
  const { db, config } = request.server.ctx;
  const numeric = numericOrderId(id);
  const user = request.user;
  if (numeric !== null) {
    if (!user) throw notFound(NOT_FOUND);
    const order = await findOrderById(db, numeric);
    if (!order || !(can(user, 'read-any-order') || order.userId === user.id)) throw notFound(NOT_FOUND);
    return { order, proven: true };
  }
  const order = await findOrderByReference(db, id);
  const proven =
    !!order &&
    ((!!user && (can(user, 'read-any-order') || order.userId === user.id)) ||
      isOrderProof(config.sessionSecret, order.orderReference, token));
  if (!proven) {
    await enforceAddressRateLimit(
      db,
      'order-reference',
      request.ip,
      ORDER_REFERENCE_READS_PER_IP_PER_HOUR,
      3600,
      'order look-ups from this address',
    );
  }
  if (!order) throw notFound(NOT_FOUND);
  return { order, proven };
}

/** The order as its shopper reads it: its lines, the gift cards it sold and its timeline. */
async function shopperOrder(db: DbOrTx, order: OrderRow) {
  const answer = toOrderResponse(
    order,
    await listOrderItems(db, order.id),
    await buildOrderTimeline(db, order),
  );
  const giftCards = (await giftCardLinesOfOrders(db, [order.id])).get(order.id) ?? [];
  return giftCards.length > 0 ? { ...answer, giftCards } : answer;
}

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  privateAnswers(app);
  const { db } = app.ctx;

  app.get(
    '/api/orders/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['orders'],
        summary: 'One order with its items (by public reference, or by id for its owner or an admin)',
        description:
          'By reference without proof (the signed-in owner, staff, or the `token` of the confirmation ' +
          "page's address) the answer is the order's status and total only, and counts against the " +
          "address's limit of reference look-ups (429).",
        params: OrderIdParamsSchema,
        querystring: OrderProofQuerySchema,
        response: { 200: OrderAnswerSchema, 404: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE_NO_STORE);
      const { order, proven } = await loadReadableOrder(request, request.params.id, request.query.token);
      if (!proven) return toOrderSummary(order);
      return shopperOrder(db, order);
    },
  );

  app.patch(
    '/api/orders/:id/payment-status',
    {
      config: { access: 'public' },
      schema: {
        tags: ['orders'],
        summary: 'Confirm the payment with the provider (the confirmation page); attaches the signed-in user',
        description:
          'Marks a pending order completed only when the payment provider confirms the payment; otherwise the ' +
          'order is returned unchanged (a refunded or failed order always is: only an administrator reopens it). ' +
          'A redirect back from the provider proves nothing on its own.',
        params: OrderIdParamsSchema,
        querystring: OrderProofQuerySchema,
        body: PaymentStatusUpdateSchema,
        response: {
          200: z.union([PaymentStatusAnswerSchema, OrderSummarySchema]),
          403: ErrorSchema,
          404: ErrorSchema,
          409: ErrorSchema,
          429: ErrorSchema,
          502: ErrorSchema,
          503: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE_NO_STORE);
      const { order, proven } = await loadReadableOrder(request, request.params.id, request.query.token);
      const user = request.user;
      // The administrator's selector (the admin area addresses orders by numeric id): any of the four
      // values, with its effects on stock and e-mail exactly once (docs/decisions/0071-admin-payment-status.md).
      // The confirmation page addresses orders by reference and keeps the provider-verified path below.
      if (user && can(user, 'set-payment-status') && numericOrderId(request.params.id) !== null) {
        const actor = { userId: user.id };
        if (request.body.userId) await associateOrder(app.ctx, actor, order.id, request.body.userId);
        // 'Refunded' on an order paid through the provider, or by gift cards and store credit alone,
        // gives the money back to them (what is left of it, 0535) and restocks, rather than only
        // saying so (docs/decisions/0230-refunds-through-the-provider.md).
        if (
          request.body.paymentStatus === 'refunded' &&
          order.paymentStatus === 'completed' &&
          (order.paymentReference || cardPaidCents(order) === 0)
        ) {
          await refundRestOfOrder(app.ctx, actor, order.id);
          const refunded = (await findOrderById(db, order.id))!;
          return { ...toOrderResponse(refunded, await listOrderItems(db, order.id)), shortages: [] };
        }
        const change = await adminSetPaymentStatus(app.ctx, actor, order.id, request.body.paymentStatus);
        return {
          ...toOrderResponse(change.order, await listOrderItems(db, order.id)),
          shortages: change.shortages,
        };
      }
      const { paymentStatus, userId } = request.body;
      if (userId !== undefined && userId !== null && userId !== user?.id) {
        throw forbidden('An order can only be linked to your own account.');
      }
      if (paymentStatus !== 'completed') {
        throw forbidden('Only the payment provider can change this payment status.');
      }
      const provider = app.ctx.payments;
      const verify = async () => {
        try {
          return await provider.verifyPayment(toPaymentOrder(order, await listOrderItems(db, order.id)));
        } catch (error) {
          if (!(error instanceof PaymentProviderError)) throw error;
          request.log.error({ err: error }, 'payment verification failed');
          throw new HttpError(
            502,
            'We could not confirm your payment with the payment provider. Please try again in a moment.',
          );
        }
      };
      // A guest order joins the signed-in account only when it was placed with that account's e-mail:
      // holding the reference is not enough (docs/decisions/0123-linking-guest-orders.md).
      const sameEmail =
        !!user && user.email.trim().toLowerCase() === order.customerEmail.trim().toLowerCase();
      const { order: current } = await confirmProviderPayment(
        app.ctx,
        order,
        { kind: 'return-page', userId: user?.id ?? null },
        verify,
        { attachUserId: sameEmail ? user!.id : null },
      );
      // An order just linked to the signed-in account (its e-mail is the account's) is now theirs.
      if (!proven && !(user && current.userId === user.id)) return toOrderSummary(current);
      return shopperOrder(db, current);
    },
  );

  app.post(
    '/api/orders/lookup',
    {
      config: { access: 'public' },
      schema: {
        tags: ['orders'],
        summary: "A guest's order by its reference and the e-mail it was placed with",
        description:
          'Answers the order only when both match (the e-mail case-insensitively) and it is an order, not a ' +
          'checkout that was never paid; the same 404 otherwise.',
        body: OrderLookupSchema,
        response: { 200: OrderSchema, 404: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE_NO_STORE);
      await enforceAddressRateLimit(
        db,
        'order-lookup',
        request.ip,
        ORDER_LOOKUPS_PER_IP_PER_HOUR,
        3600,
        'order look-ups from this address',
      );
      const order = await lookUpOrder(db, request.body);
      return shopperOrder(db, order);
    },
  );
};
