// POST /api/orders/bulk-ship: a CSV of tracking numbers ships each order it names
// (docs/decisions/0480-bulk-shipping-from-a-tracking-csv.md). A plugin of its own: only this route of
// the orders screen takes a multipart body.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BulkShipAnswerSchema } from '~/shared/schemas/admin-orders';
import { ErrorSchema } from '~/shared/schemas/catalog';
import { badRequest, HttpError } from '~/server/lib/http-error';
import { privateAnswers } from '~/server/plugins/security';
import { bulkShipFromCsv } from './bulk-ship';

/** A few hundred lines of order, carrier and number: far under a megabyte. */
const MAX_TRACKING_FILE_BYTES = 1024 * 1024;

export const bulkShipRoutes: FastifyPluginAsyncZod = async (app) => {
  privateAnswers(app);
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_TRACKING_FILE_BYTES, files: 1, parts: 2 } });

  app.post(
    '/api/orders/bulk-ship',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary:
          'Ship the orders a CSV names (field "file": columns Order or Reference, Carrier, Tracking Number), each with its own tracking number',
        description:
          "Each line ships its order as the Fulfil step does: one Shipped e-mail with that line's carrier and number. " +
          'A line naming no order, or an order that cannot be shipped (unpaid, cancelled, fully refunded, picked up, ' +
          'delivered), is reported by its line number and changes nothing; the other lines still ship.',
        consumes: ['multipart/form-data'],
        response: {
          200: BulkShipAnswerSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          403: ErrorSchema,
          413: ErrorSchema,
        },
      },
    },
    async (request) => {
      if (!request.isMultipart())
        throw badRequest('Send the tracking file as a CSV file (multipart/form-data).');
      let file: Buffer | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          if (file) throw badRequest('Send one tracking file at a time.');
          if (!/\.(csv|txt)$/i.test(part.filename)) {
            await part.toBuffer().catch(() => {});
            throw badRequest('Please select a CSV file.');
          }
          file = await part.toBuffer();
        }
      } catch (error) {
        if (error instanceof request.server.multipartErrors.RequestFileTooLargeError)
          throw new HttpError(413, 'The tracking file is too large (at most 1 MB).');
        throw error;
      }
      if (!file || file.length === 0) throw badRequest('No File Selected: choose the tracking CSV.');
      return bulkShipFromCsv(app.ctx, { userId: request.user!.id }, file);
    },
  );
};
