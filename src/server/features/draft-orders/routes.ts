// Draft orders (docs/decisions/0625-draft-orders.md): staff create, list, resend and cancel orders
// taken by phone or message. Staff's role may do all of it; every route is refused before its body
// is read for anyone else.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorSchema } from '~/shared/schemas/catalog';
import {
  CreateDraftOrderSchema,
  DraftOrderCreatedSchema,
  DraftOrderIdParamsSchema,
  DraftOrderListSchema,
  DraftOrderSchema,
} from '~/shared/schemas/draft-orders';
import { recordAudit } from '~/server/lib/audit';
import { privateAnswers } from '~/server/plugins/security';
import { cancelDraftOrder, createDraftOrder, listDraftOrders, resendDraftOrder } from './service';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };
const changeErrors = { ...errors, 404: ErrorSchema, 409: ErrorSchema };

export const draftOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  privateAnswers(app);

  app.get(
    '/api/admin/draft-orders',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: 'Draft orders taken by phone or message, newest first, with their state',
        response: { 200: DraftOrderListSchema, ...errors },
      },
    },
    async () => ({ draftOrders: await listDraftOrders(app.ctx.db) }),
  );

  app.post(
    '/api/admin/draft-orders',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: 'Create a draft order: price it, hold its lots and e-mail the buyer a pay link',
        body: CreateDraftOrderSchema,
        response: { 201: DraftOrderCreatedSchema, ...changeErrors },
      },
    },
    async (request, reply) => {
      const created = await createDraftOrder(app.ctx, request.user!.id, request.body);
      await recordAudit(app.ctx.db, {
        userId: request.user!.id,
        action: 'draft-order.create',
        entity: 'order',
        entityId: created.draftOrder.id,
      });
      return reply.code(201).send(created);
    },
  );

  app.post(
    '/api/admin/draft-orders/:id/resend',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: 'Send the pay link of a held draft order again',
        params: DraftOrderIdParamsSchema,
        response: { 200: DraftOrderSchema, ...changeErrors },
      },
    },
    async (request) => resendDraftOrder(app.ctx, request.params.id),
  );

  app.post(
    '/api/admin/draft-orders/:id/cancel',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: 'Cancel a held draft order: its lots are for sale again at once',
        params: DraftOrderIdParamsSchema,
        response: { 200: DraftOrderSchema, ...changeErrors },
      },
    },
    async (request) => {
      const draft = await cancelDraftOrder(app.ctx, request.user!.id, request.params.id);
      await recordAudit(app.ctx.db, {
        userId: request.user!.id,
        action: 'draft-order.cancel',
        entity: 'order',
        entityId: draft.id,
      });
      return draft;
    },
  );
};
