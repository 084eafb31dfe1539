// Phone intake for staff (docs/decisions/0330-phone-intake-and-lot-labels.md): find a lot from a
// scanned or typed code, and its printable lot label.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorSchema } from '~/shared/schemas/catalog';
import {
  IntakeLookupQuerySchema,
  IntakeLookupSchema,
  IntakeMatchSchema,
  IntakeUpdateSchema,
} from '~/shared/schemas/intake';
import { privateAnswers } from '~/server/plugins/security';
import { lookupLots, lotLabelSvg, updateIntake } from './service';

const IdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };

export const adminIntakeRoutes: FastifyPluginAsyncZod = async (app) => {
  privateAnswers(app);

  app.get(
    '/api/admin/intake/lookup',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: 'Find the lots a scanned or typed code names: a lot number (any case) or a UPC',
        querystring: IntakeLookupQuerySchema,
        response: { 200: IntakeLookupSchema, ...errors },
      },
    },
    async (request) => ({ matches: await lookupLots(app.ctx, request.query.code) }),
  );

  app.get(
    '/api/admin/products/:id/label',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary:
          'A lot label (57 x 32 mm SVG): the lot number as a Code 128 barcode, the price and the condition',
        params: IdParams,
      },
    },
    async (request, reply) =>
      reply.type('image/svg+xml; charset=utf-8').send(await lotLabelSvg(app.ctx, request.params.id)),
  );

  app.patch(
    '/api/admin/intake/products/:id',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: "Set a lot's condition, condition notes, price and shelf location (based on its version)",
        params: IdParams,
        body: IntakeUpdateSchema,
        response: { 200: IntakeMatchSchema, 404: ErrorSchema, 409: ErrorSchema, ...errors },
      },
    },
    async (request) => updateIntake(app.ctx, request.params.id, request.body, request.user!.id),
  );
};
