// The admin's Returns tab (docs/decisions/0540-return-requests.md): the queue by state, one return
// with its photos, and each step: approve or refuse, instructions, receive, re-grade and restock,
// refund (through the refund-by-line service, within the caller's refund limit), close. Each answers
// the return as it now is.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorSchema } from '~/shared/schemas/catalog';
import {
  ReturnCloseSchema,
  ReturnDecisionSchema,
  ReturnIdParamsSchema,
  ReturnInstructionsSchema,
  ReturnListQuerySchema,
  ReturnListSchema,
  ReturnReceiveSchema,
  ReturnRefundSchema,
  ReturnRestockSchema,
  ReturnSchema,
} from '~/shared/schemas/returns';
import { permissionRefusal } from '~/server/lib/access';
import { notFound } from '~/server/lib/http-error';
import { privateAnswers } from '~/server/plugins/security';
import { listReturns, loadReturn } from './repository';
import { refundReturn } from './refund';
import { restockReturn } from './restock';
import { closeReturn, decideReturn, RETURN_NOT_FOUND, receiveReturn, sendInstructions } from './steps';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };

export const adminReturnRoutes: FastifyPluginAsyncZod = async (app) => {
  privateAnswers(app);
  const { db } = app.ctx;
  const detail = async (id: number) => {
    const ret = await loadReturn(db, id);
    if (!ret) throw notFound(RETURN_NOT_FOUND);
    return ret;
  };

  app.get(
    '/api/admin/returns',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: 'The returns queue, newest first, by state and reason, with a search; counts by state',
        querystring: ReturnListQuerySchema,
        response: { 200: ReturnListSchema, ...errors },
      },
    },
    async (request) => listReturns(db, request.query),
  );

  app.get(
    '/api/admin/returns/:id',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: 'One return: lines, photos, received and re-graded units, steps, refund',
        params: ReturnIdParamsSchema,
        response: { 200: ReturnSchema, ...errors },
      },
    },
    async (request) => detail(request.params.id),
  );

  const step = <B extends import('zod').ZodType>(
    path: string,
    summary: string,
    body: B,
    run: (id: number, input: import('zod').output<B>, userId: number) => Promise<void>,
  ) =>
    app.post(
      `/api/admin/returns/:id/${path}`,
      {
        config: { access: 'staff' },
        schema: {
          tags: ['admin'],
          summary,
          params: ReturnIdParamsSchema,
          body,
          response: { 200: ReturnSchema, ...errors },
        },
      },
      async (request) => {
        await run(request.params.id, request.body as import('zod').output<B>, request.user!.id);
        return detail(request.params.id);
      },
    );

  step(
    'decision',
    'Approve or refuse a requested return, with a message to the shopper',
    ReturnDecisionSchema,
    (id, input, userId) => decideReturn(app.ctx, id, input, userId),
  );
  step(
    'instructions',
    'Send the return instructions: ship to an address, or drop off at the store (the pickup place)',
    ReturnInstructionsSchema,
    (id, input, userId) => sendInstructions(app.ctx, id, input, userId),
  );
  step(
    'receive',
    'Record what came back: received and damaged units per line',
    ReturnReceiveSchema,
    (id, input, userId) => receiveReturn(app.ctx, id, input, userId),
  );
  step(
    'restock',
    'Re-grade each received unit and restock it: the sold lot, a new lot, or written off',
    ReturnRestockSchema,
    (id, input, userId) => restockReturn(app.ctx, id, input, userId),
  );
  step('close', 'Close the return (no further refund)', ReturnCloseSchema, (id, input, userId) =>
    closeReturn(app.ctx, id, input.message, userId),
  );

  app.post(
    '/api/admin/returns/:id/refund',
    {
      config: { access: 'staff', permission: 'refunds' },
      schema: {
        tags: ['admin'],
        summary: 'Refund received units through the refund-by-line service (destination passed through)',
        params: ReturnIdParamsSchema,
        body: ReturnRefundSchema,
        response: { 200: ReturnSchema, 502: ErrorSchema, ...errors },
      },
    },
    async (request) => {
      const user = request.user!;
      await refundReturn(app.ctx, request.params.id, request.body, {
        userId: user.id,
        limitRefusal: (cents) => permissionRefusal(user, 'refunds', cents),
      });
      return detail(request.params.id);
    },
  );
};
