// Order management for administrators. Every route is refused (401 signed out, 403 customers) before
// its body is read. The administrator's branch of PATCH /api/orders/{id}/payment-status lives in the
// orders feature's route (one path, one handler); the changes themselves are in orders/admin-changes.ts.
// Static paths (/api/orders/admin, /api/orders/export.csv, /api/orders/bulk-status) win over /api/orders/:id in Fastify's router.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminOrderDetailSchema,
  AdminOrderIdParamsSchema,
  AdminOrderSchema,
  AdminOrdersFilterSchema,
  AdminOrdersQuerySchema,
  AssociateOrderSchema,
  BulkOrderStatusAnswerSchema,
  BulkOrderStatusSchema,
  OrderDetailsUpdateSchema,
  OrderStatusUpdateSchema,
} from '~/shared/schemas/admin-orders';
import {
  AdminEmailDetailSchema,
  AdminEmailIdParamsSchema,
  AdminEmailsPageSchema,
  AdminEmailsQuerySchema,
} from '~/shared/schemas/admin-orders-emails';
import { ErrorSchema } from '~/shared/schemas/catalog';
import { recordAudit } from '~/server/lib/audit';
import { csvFileName } from '~/server/lib/csv';
import { notFound } from '~/server/lib/http-error';
import { bulkSetOrderStatus } from './bulk-status';
import { findAdminEmail, listAdminEmails } from './emails';
import { ordersCsvStream } from './export';
import { findAdminOrder, listAdminOrders } from './repository';
import {
  associateOrder,
  deliverOrderEmails,
  ORDER_NOT_FOUND,
  refundRestOfOrder,
  setOrderStatus,
  updateOrderDetails,
} from '~/server/features/orders';
import { PRIVATE_NO_STORE, privateAnswers } from '~/server/plugins/security';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };

export const adminOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  privateAnswers(app);
  const { db } = app.ctx;

  async function detail(id: number) {
    const order = await findAdminOrder(db, id);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    return order;
  }

  app.get(
    '/api/orders/admin',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary:
          'Orders, newest first, paged; filter by status or payment status, search by number, reference, name or e-mail',
        description: 'The total number of matching orders is in the X-Total-Count header.',
        querystring: AdminOrdersQuerySchema,
        response: { 200: z.array(AdminOrderSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { items, total } = await listAdminOrders(db, request.query, app.ctx.config.STORE_TIMEZONE);
      reply.header('x-total-count', String(total));
      reply.header('cache-control', PRIVATE_NO_STORE);
      return items;
    },
  );

  app.get(
    '/api/orders/admin/:id',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: 'One order with its items, e-mail delivery, linked user and history',
        params: AdminOrderIdParamsSchema,
        response: { 200: AdminOrderDetailSchema, 404: ErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE_NO_STORE);
      return detail(request.params.id);
    },
  );

  // The outbox holds customers' addresses and what they bought: administrators, and staff the
  // administrator allowed (docs/decisions/0273-admin-e-mails-view.md, 0459-staff-permissions.md).
  app.get(
    '/api/admin/emails',
    {
      config: { access: 'staff', permission: 'emails' },
      schema: {
        tags: ['admin'],
        summary: 'The e-mail outbox, newest first, paged: what was sent, what waits, what failed',
        querystring: AdminEmailsQuerySchema,
        response: { 200: AdminEmailsPageSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE_NO_STORE);
      return listAdminEmails(db, request.query);
    },
  );

  app.get(
    '/api/admin/emails/:id',
    {
      config: { access: 'staff', permission: 'emails' },
      schema: {
        tags: ['admin'],
        summary: 'One e-mail of the outbox with its text and HTML parts',
        params: AdminEmailIdParamsSchema,
        response: { 200: AdminEmailDetailSchema, 404: ErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const email = await findAdminEmail(db, request.params.id);
      if (!email) throw notFound('E-mail not found.');
      reply.header('cache-control', PRIVATE_NO_STORE);
      return email;
    },
  );

  app.get(
    '/api/orders/export.csv',
    {
      // Names, addresses, e-mails and phones of every customer: a permission of its own.
      config: { access: 'staff', permission: 'customer-export' },
      schema: {
        tags: ['admin'],
        summary: 'Every order matching the filters as CSV (for the accountant), formula-safe',
        querystring: AdminOrdersFilterSchema,
      },
    },
    async (request, reply) => {
      await recordAudit(db, {
        userId: request.user!.id,
        action: 'export',
        entity: 'orders',
        after: { filters: request.query },
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csvFileName('orders')}"`)
        .header('cache-control', PRIVATE_NO_STORE)
        .send(ordersCsvStream(db, request.query, { timeZone: app.ctx.config.STORE_TIMEZONE }));
    },
  );

  app.patch(
    '/api/orders/:id/status',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary:
          'Set the order status; optionally the tracking number, carrier and estimated delivery too, in one change',
        description:
          'Shipped e-mails the customer once per order, with the tracking details sent with it. Tracking added ' +
          'or corrected on a shipped order e-mails the new details. With status cancelled: `refund` gives back ' +
          'what is left of the payment, `restock` puts the items back in stock (left out, it follows `refund`).',
        params: AdminOrderIdParamsSchema,
        body: OrderStatusUpdateSchema,
        response: {
          200: AdminOrderDetailSchema,
          404: ErrorSchema,
          409: ErrorSchema,
          502: ErrorSchema,
          ...errors,
        },
      },
    },
    async (request) => {
      const actor = { userId: request.user!.id };
      // Refund and restock are two choices; left out, restock follows refund
      // (docs/decisions/0464-cancel-refund-and-restock.md).
      const restock = request.body.restock ?? request.body.refund === true;
      // Cancelling a paid order with its refund: the money goes back first, so a provider's refusal
      // cancels nothing (docs/decisions/0230-refunds-through-the-provider.md).
      // Its e-mail waits for the cancellation's, which announces it: the customer reads them in order.
      let refundEmail: number | null = null;
      if (request.body.refund) {
        await refundRestOfOrder(app.ctx, actor, request.params.id, {
          restock,
          deferEmail: (id) => {
            refundEmail = id;
          },
        });
      }
      try {
        await setOrderStatus(app.ctx, actor, request.params.id, { ...request.body, restock });
      } finally {
        await deliverOrderEmails(app.ctx, [refundEmail]);
      }
      return detail(request.params.id);
    },
  );

  app.post(
    '/api/orders/bulk-status',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: 'Set one status for several orders (at most 100), each changed as a single change would be',
        description:
          'Answers how it went for each order: an id that names no order is reported and the others still change.',
        body: BulkOrderStatusSchema,
        response: { 200: BulkOrderStatusAnswerSchema, ...errors },
      },
    },
    async (request) =>
      bulkSetOrderStatus(app.ctx, { userId: request.user!.id }, request.body.ids, request.body.status),
  );

  app.patch(
    '/api/orders/:id',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: 'Set the tracking number and/or the estimated delivery date (blank clears)',
        params: AdminOrderIdParamsSchema,
        body: OrderDetailsUpdateSchema,
        response: { 200: AdminOrderDetailSchema, 404: ErrorSchema, ...errors },
      },
    },
    async (request) => {
      await updateOrderDetails(app.ctx, { userId: request.user!.id }, request.params.id, request.body);
      return detail(request.params.id);
    },
  );

  app.post(
    '/api/orders/:id/associate',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: "Link the order to a user's account (a guest's order, typically)",
        params: AdminOrderIdParamsSchema,
        body: AssociateOrderSchema,
        response: { 200: AdminOrderDetailSchema, 404: ErrorSchema, ...errors },
      },
    },
    async (request) => {
      await associateOrder(app.ctx, { userId: request.user!.id }, request.params.id, request.body.userId);
      return detail(request.params.id);
    },
  );
};
