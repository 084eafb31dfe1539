// GET /api/orders/{id} and PATCH /api/orders/{id}/payment-status (the confirmation page's calls).
// A guest reads an order only through its unguessable reference; a signed-in customer also by the
// numeric id of their own orders; an administrator reads any. Everyone else gets 404.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { PaymentStatusAnswerSchema } from '~/shared/schemas/admin-orders';
import { ErrorSchema } from '~/shared/schemas/catalog';
import {
  OrderIdParamsSchema,
  OrderLookupSchema,
  OrderSchema,
  PaymentStatusUpdateSchema,
} from '~/shared/schemas/orders';
import { enforceAddressRateLimit } from '~/server/lib/rate-limit';
import { can } from '~/server/lib/access';
import { forbidden, HttpError, notFound } from '~/server/lib/http-error';
import { PaymentProviderError } from '~/server/payments/provider';
import { adminSetPaymentStatus, associateOrder } from './admin-changes';
import { lookUpOrder } from './lookup';
import { confirmProviderPayment } from './completion';
import { refundRestOfOrder } from './refunds';
import {
  findOrderById,
  findOrderByReference,
  listOrderItems,
  numericOrderId,
  type OrderRow,
  toOrderResponse,
  toPaymentOrder,
} from './repository';
import { PRIVATE_NO_STORE, privateAnswers } from '~/server/plugins/security';

const NOT_FOUND = 'Order not found.';
/** Order look-ups per address per hour: a guest retyping a reference, not a script trying many. */
export const ORDER_LOOKUPS_PER_IP_PER_HOUR = 20;

/** The order `id` names, if the requester may see it; 404 otherwise (never 403: no hint it exists). */
export async function loadReadableOrder(request: FastifyRequest, id: string): Promise<OrderRow> {
  const { db } = request.server.ctx;
  const numeric = numericOrderId(id);
  const user = request.user;
  if (numeric !== null) {
    if (!user) throw notFound(NOT_FOUND);
    const order = await findOrderById(db, numeric);
    if (!order || !(can(user, 'read-any-order') || order.userId === user.id)) throw notFound(NOT_FOUND);
    return order;
  }
  const order = await findOrderByReference(db, id);
  if (!order) throw notFound(NOT_FOUND);
  return order;
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
        params: OrderIdParamsSchema,
        response: { 200: OrderSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      const order = await loadReadableOrder(request, request.params.id);
      reply.header('cache-control', PRIVATE_NO_STORE);
      return toOrderResponse(order, await listOrderItems(db, order.id));
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
        body: PaymentStatusUpdateSchema,
        response: {
          200: PaymentStatusAnswerSchema,
          403: ErrorSchema,
          404: ErrorSchema,
          409: ErrorSchema,
          502: ErrorSchema,
          503: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE_NO_STORE);
      const order = await loadReadableOrder(request, request.params.id);
      const user = request.user;
      // The administrator's selector (the admin area addresses orders by numeric id): any of the four
      // values, with its effects on stock and e-mail exactly once (docs/decisions/0071-admin-payment-status.md).
      // The confirmation page addresses orders by reference and keeps the provider-verified path below.
      if (user && can(user, 'set-payment-status') && numericOrderId(request.params.id) !== null) {
        const actor = { userId: user.id };
        if (request.body.userId) await associateOrder(app.ctx, actor, order.id, request.body.userId);
        // 'Refunded' on an order paid through the provider gives the money back through it (what is
        // left of it) and restocks, rather than only saying so
        // (docs/decisions/0230-refunds-through-the-provider.md).
        if (
          request.body.paymentStatus === 'refunded' &&
          order.paymentStatus === 'completed' &&
          order.paymentReference
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
      return toOrderResponse(current, await listOrderItems(db, current.id));
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
      return toOrderResponse(order, await listOrderItems(db, order.id));
    },
  );
};
