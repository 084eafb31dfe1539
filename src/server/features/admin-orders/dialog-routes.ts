// The order dialog's staff routes: private notes, refunds through the payment provider and the
// packing slip (docs/decisions/0230-refunds-through-the-provider.md, 0231, 0232). Every answer is
// private; each route is staff's.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminOrderDetailSchema,
  AdminOrderIdParamsSchema,
  PackingSlipsQuerySchema,
} from '~/shared/schemas/admin-orders';
import { ErrorSchema } from '~/shared/schemas/catalog';
import {
  OrderNoteCreateSchema,
  OrderNoteSchema,
  RefundCreateSchema,
} from '~/shared/schemas/admin-orders-dialog';
import { notFound } from '~/server/lib/http-error';
import { ORDER_NOT_FOUND, refundOrder } from '~/server/features/orders';
import { privateAnswers } from '~/server/plugins/security';
import { addStaffNote, listStaffNotes } from './notes';
import { loadPackingSlip, type PackingSlip, renderPackingSlip, renderPackingSlips } from './packing-slip';
import { findAdminOrder } from './repository';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };

export const orderDialogRoutes: FastifyPluginAsyncZod = async (app) => {
  privateAnswers(app);
  const { db } = app.ctx;

  async function detail(id: number) {
    const order = await findAdminOrder(db, id);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    return order;
  }

  app.get(
    '/api/orders/:id/notes',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: "The order's private staff notes, oldest first, with author and time",
        params: AdminOrderIdParamsSchema,
        response: { 200: z.array(OrderNoteSchema), ...errors },
      },
    },
    async (request) => listStaffNotes(db, request.params.id),
  );

  app.post(
    '/api/orders/:id/notes',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: 'Add a private staff note to the order (never shown to the customer)',
        params: AdminOrderIdParamsSchema,
        body: OrderNoteCreateSchema,
        response: { 200: AdminOrderDetailSchema, ...errors },
      },
    },
    async (request) => {
      await addStaffNote(db, request.user!.id, request.params.id, request.body.text);
      return detail(request.params.id);
    },
  );

  app.post(
    '/api/orders/:id/refunds',
    {
      // Up to the caller's refund limit, counting what the order already gave back.
      config: { access: 'staff', permission: 'refunds' },
      schema: {
        tags: ['admin'],
        summary: 'Refund all or part of a paid order through the payment provider; optionally restock',
        description:
          '`amount` (e.g. "12.50") is given back on the order\'s payment, at most what is still refundable ' +
          '(the total less earlier refunds). Refunding everything sets the payment status refunded. ' +
          "`restock: true` puts the order's items back in stock. 409 when the order is not paid or less is " +
          'left to refund; 502 when the provider refuses, with nothing changed on the order.',
        params: AdminOrderIdParamsSchema,
        body: RefundCreateSchema,
        response: { 200: AdminOrderDetailSchema, 409: ErrorSchema, 502: ErrorSchema, ...errors },
      },
    },
    async (request) => {
      await refundOrder(app.ctx, { userId: request.user!.id }, request.params.id, {
        amountCents: request.body.amount,
        restock: request.body.restock,
      });
      return detail(request.params.id);
    },
  );

  // A static path: it wins over /api/orders/:id in Fastify's router.
  app.get(
    '/api/orders/packing-slips',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: 'The packing slips of several orders (ids=12,15,40, at most 100) in one printable page',
        description:
          'One slip per order, each on a sheet of its own, in the order given. Numbers that are no order are ' +
          'named on screen and left out; 404 when none is an order.',
        querystring: PackingSlipsQuerySchema,
      },
    },
    async (request, reply) => {
      const slips: PackingSlip[] = [];
      const missing: number[] = [];
      for (const id of request.query.ids) {
        const slip = await loadPackingSlip(db, id);
        if (slip) slips.push(slip);
        else missing.push(id);
      }
      if (slips.length === 0) throw notFound(ORDER_NOT_FOUND);
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .send(renderPackingSlips(slips, missing, app.ctx.config.STORE_NAME));
    },
  );

  app.get(
    '/api/orders/:id/packing-slip',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary:
          'The packing slip of the order: a printable HTML page (items, quantities, SKU, lot, shelf, ship-to)',
        params: AdminOrderIdParamsSchema,
      },
    },
    async (request, reply) => {
      const slip = await loadPackingSlip(db, request.params.id);
      if (!slip) throw notFound(ORDER_NOT_FOUND);
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .send(renderPackingSlip(slip, app.ctx.config.STORE_NAME));
    },
  );
};
