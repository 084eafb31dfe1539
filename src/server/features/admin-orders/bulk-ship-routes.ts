// POST /api/orders/bulk-ship: a CSV of tracking numbers ships each order it names
// (docs/decisions/0480-bulk-shipping-from-a-tracking-csv.md). A plugin of its own: only this route of
// the orders screen takes a multipart body.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BulkShipAnswerSchema } from '~/shared/schemas/admin-orders';
import { ErrorSchema } from '~/shared/schemas/catalog';
import { HttpError } from '~/server/lib/http-error';
import {
  type Fields,
  readUpload,
  type Upload,
  uploadSchema,
  uploadValidator,
} from '~/server/lib/multipart-fields';
import { privateAnswers } from '~/server/plugins/security';
import { bulkShipFromCsv } from './bulk-ship';

/** A few hundred lines of order, carrier and number: far under a megabyte. */
const MAX_TRACKING_FILE_BYTES = 1024 * 1024;
const TRACKING_UPLOAD = {
  fields: {
    file: {
      type: 'file',
      description: 'The tracking CSV (columns Order or Reference, Carrier, Tracking Number), at most 1 MB',
      required: true,
      anyName: true,
      accept: { name: /\.(csv|txt)$/i, message: 'Please select a CSV file.' },
      oneOnly: 'Send one tracking file at a time.',
      missing: 'No File Selected: choose the tracking CSV.',
    },
  },
  limits: { fileSize: MAX_TRACKING_FILE_BYTES, files: 1, parts: 2 },
  notMultipart: 'Send the tracking file as a CSV file (multipart/form-data).',
  tooLarge: () => new HttpError(413, 'The tracking file is too large (at most 1 MB).'),
} satisfies Upload<Fields>;

export const bulkShipRoutes: FastifyPluginAsyncZod = async (app) => {
  privateAnswers(app);
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_TRACKING_FILE_BYTES, files: 1, parts: 2 } });

  app.post(
    '/api/orders/bulk-ship',
    {
      config: { access: 'staff' },
      validatorCompiler: uploadValidator,
      schema: {
        tags: ['admin'],
        summary:
          'Ship the orders a CSV names (field "file": columns Order or Reference, Carrier, Tracking Number), each with its own tracking number',
        description:
          "Each line ships its order as the Fulfil step does: one Shipped e-mail with that line's carrier and number. " +
          'A line naming no order, or an order that cannot be shipped (unpaid, cancelled, fully refunded, picked up, ' +
          'delivered), is reported by its line number and changes nothing; the other lines still ship.',
        ...uploadSchema(TRACKING_UPLOAD),
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
      const { file } = await readUpload(request, TRACKING_UPLOAD, {});
      return bulkShipFromCsv(app.ctx, { userId: request.user!.id }, file.data);
    },
  );
};
