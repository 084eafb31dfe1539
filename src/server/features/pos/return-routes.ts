// Returns at the till (docs/decisions/0614-returns-at-the-till.md): staff with the 'till' permission
// find a sale by its receipt's code and refund units of it in their open session. Thin handlers over
// returns.ts; the refund itself is the orders feature's refund by line.
import bwipjs from 'bwip-js/node';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RefundLinesCreateSchema } from '~/shared/schemas/admin-orders-dialog';
import { ErrorSchema } from '~/shared/schemas/catalog';
import { PosRefundSchema, PosReturnableSchema } from '~/shared/schemas/pos';
import { permissionRefusal } from '~/server/lib/access';
import { privateAnswers } from '~/server/plugins/security';
import { findReturnable, refundAtTill } from './returns';

const till = { access: 'staff', permission: 'till' } as const;
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };
/** The receipt's code: the order reference printed on it and in its barcode. */
const reference = z
  .string()
  .trim()
  .min(1, 'Scan or type the receipt code')
  .max(40, 'This is not a receipt code');

export const posReturnRoutes: FastifyPluginAsyncZod = async (app) => {
  privateAnswers(app);

  app.get(
    '/api/pos/receipt-barcode/:reference',
    {
      config: till,
      schema: {
        tags: ['pos'],
        summary:
          "The receipt's code as a Code 128 barcode (SVG), printed on the receipt for the scanner to read back",
        params: z.object({ reference: reference.regex(/^[A-Z0-9-]+$/, 'This is not a receipt code') }),
      },
    },
    async (request, reply) =>
      reply
        .type('image/svg+xml; charset=utf-8')
        .send(bwipjs.toSVG({ bcid: 'code128', text: request.params.reference, scale: 2, height: 10 })),
  );

  app.get(
    '/api/pos/returns/:reference',
    {
      config: till,
      schema: {
        tags: ['pos'],
        summary: "The sale a receipt's code names, with the units of each line still refundable",
        params: z.object({ reference }),
        response: { 200: PosReturnableSchema, ...errors },
      },
    },
    async (request) => findReturnable(app.ctx.db, request.params.reference),
  );

  app.post(
    '/api/pos/sessions/:id/returns/:reference',
    {
      config: till,
      schema: {
        tags: ['pos'],
        summary:
          'Refund units of a sale in this open session: back to its tenders in reverse, the cash of a cash sale from this drawer',
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647), reference }),
        body: RefundLinesCreateSchema,
        response: { 200: PosRefundSchema, ...errors },
      },
    },
    async (request) => {
      const user = request.user!;
      return refundAtTill(app.ctx, request.params.id, request.params.reference, request.body, {
        userId: user.id,
        limitRefusal: (cents) => permissionRefusal(user, 'refunds', cents),
      });
    },
  );
};
