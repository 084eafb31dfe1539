// /api/admin/discount-codes: administrators only (the contract path).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorSchema } from '~/shared/schemas/catalog';
import {
  DiscountCodeIdParamsSchema,
  DiscountCodeInputSchema,
  DiscountCodeSchema,
} from '~/shared/schemas/discount-codes';
import { createDiscountCode, deleteDiscountCode, listDiscountCodes, updateDiscountCode } from './service';
import { privateAnswers } from '~/server/plugins/security';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };
const base = '/api/admin/discount-codes';

export const discountCodeRoutes: FastifyPluginAsyncZod = async (app) => {
  privateAnswers(app);
  const access = { access: 'admin' as const };

  app.get(
    base,
    {
      config: access,
      schema: {
        tags: ['admin'],
        summary: 'Discount codes',
        response: { 200: z.array(DiscountCodeSchema), ...errors },
      },
    },
    async () => listDiscountCodes(app.ctx),
  );

  app.post(
    base,
    {
      config: access,
      schema: {
        tags: ['admin'],
        summary: 'Create a discount code',
        body: DiscountCodeInputSchema,
        response: { 201: DiscountCodeSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createDiscountCode(app.ctx, request.body, request.user!.id)),
  );

  app.put(
    `${base}/:id`,
    {
      config: access,
      schema: {
        tags: ['admin'],
        summary: 'Replace a discount code',
        params: DiscountCodeIdParamsSchema,
        body: DiscountCodeInputSchema,
        response: { 200: DiscountCodeSchema, ...errors },
      },
    },
    async (request) => updateDiscountCode(app.ctx, request.params.id, request.body, request.user!.id),
  );

  app.delete(
    `${base}/:id`,
    {
      config: access,
      schema: {
        tags: ['admin'],
        summary: 'Delete a discount code',
        params: DiscountCodeIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteDiscountCode(app.ctx, request.params.id, request.user!.id);
      return reply.code(204).send(null);
    },
  );
};
