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
  CreditNoteSchema,
  OrderNoteCreateSchema,
  OrderNoteSchema,
  RefundCreateSchema,
  RefundLinesCreateSchema,
} from '~/shared/schemas/admin-orders-dialog';
import { taxRegistrations } from '~/server/config';
import { permissionRefusal } from '~/server/lib/access';
import { notFound } from '~/server/lib/http-error';
import { loadCreditNote, ORDER_NOT_FOUND, previewLineRefund, refundOrder } from '~/server/features/orders';
import { privateAnswers } from '~/server/plugins/security';
import { addStaffNote, listStaffNotes } from './notes';
import { renderCreditNote } from './credit-note';
import { loadPackingSlip, type PackingSlip, renderPackingSlip, renderPackingSlips } from './packing-slip';
import { findAdminOrder } from './repository';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };

const RefundParamsSchema = AdminOrderIdParamsSchema.extend({
  refundId: z.coerce.number({ error: 'refundId must be a refund id' }).int().positive().max(2_147_483_647),
});

/** The order as the dialog reads it, with the refund just made by line (null for an amount). */
const RefundAnswerSchema = AdminOrderDetailSchema.extend({ refund: CreditNoteSchema.nullable() });

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
        summary: 'Refund lines (or an amount) of a paid order through the payment provider',
        description:
          'By line: `{ lines: [{ orderItemId, quantity, restock }], shipping, destination, reason }`. The store ' +
          "works out each line's amount and discount and each tax line (docs/decisions/0510-refunds-by-line.md); " +
          "the refunds of every line and all the shipping add up to the order's total exactly. Each line's " +
          '`restock` puts its units back in stock. `destination` "store_credit" gives the refund to the order\'s customer as store credit, with ' +
          "no provider call (docs/decisions/0530-store-credit-ledger.md; 400 for a guest's order). The answer is the order with `refund`, the credit note with its tax lines. " +
          'By amount (a goodwill refund tied to no line): `{ amount: "12.50", restock }`, `refund` null. ' +
          'Refunding everything sets the payment status refunded. 409 when the order is not paid or less is ' +
          "left to refund (units, shipping or money); 403 over the caller's refund limit; 502 when the " +
          'provider refuses, with nothing changed on the order.',
        params: AdminOrderIdParamsSchema,
        body: RefundCreateSchema,
        response: { 200: RefundAnswerSchema, 409: ErrorSchema, 502: ErrorSchema, ...errors },
      },
    },
    async (request) => {
      const { body, user } = request;
      const refund = await refundOrder(
        app.ctx,
        // The limit of a refund by line is judged on the amount the store works out, under the lock.
        { userId: user!.id, limitRefusal: (cents) => permissionRefusal(user, 'refunds', cents) },
        request.params.id,
        'lines' in body ? { lines: body } : { amountCents: body.amount, restock: body.restock },
      );
      const note = 'lines' in body ? await loadCreditNote(db, request.params.id, refund.id) : null;
      return { ...(await detail(request.params.id)), refund: note?.note ?? null };
    },
  );

  app.post(
    '/api/orders/:id/refunds/preview',
    {
      config: { access: 'staff', permission: 'refunds' },
      schema: {
        tags: ['admin'],
        summary: 'What a refund by line would give back, worked out by the store; nothing is refunded',
        description:
          'The same body and rules as POST /api/orders/{id}/refunds by line; answers the credit note it would ' +
          'make (status "preview": no id, no number), for the form to show before staff confirm.',
        params: AdminOrderIdParamsSchema,
        body: RefundLinesCreateSchema,
        response: { 200: CreditNoteSchema, 409: ErrorSchema, ...errors },
      },
    },
    async (request) => previewLineRefund(app.ctx, request.params.id, request.body),
  );

  app.get(
    '/api/orders/:id/refunds/:refundId/credit-note',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: "A refund by line's credit note: a printable HTML page in the order's language",
        params: RefundParamsSchema,
      },
    },
    async (request, reply) => {
      const found = await loadCreditNote(db, request.params.id, request.params.refundId, { asSold: true });
      if (!found) throw notFound('Credit note not found.');
      return reply.header('content-type', 'text/html; charset=utf-8').send(
        renderCreditNote({
          note: found.note,
          order: found.order,
          storeName: app.ctx.config.STORE_NAME,
          registrations: taxRegistrations(app.ctx.config),
        }),
      );
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
