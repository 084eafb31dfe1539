// Recall data and the quarantine report (docs/decisions/0571-recall-screening.md). Loading recall data
// is the owner's; staff read what it found.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  QuarantineReportSchema,
  ReleaseQuarantineSchema,
  RecallImportResultSchema,
  RecallSchema,
} from '~/shared/schemas/admin-recalls';
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
import { importRecalls, listRecalls, quarantineReport, releaseFromQuarantine } from './service';

/** Health Canada's whole consumer-product file is tens of megabytes. */
const MAX_RECALL_FILE_BYTES = 200 * 1024 * 1024;
const RECALL_UPLOAD = {
  fields: {
    file: {
      type: 'file',
      description: "Health Canada's or the CPSC's recall data as published (JSON)",
      required: true,
      anyName: true,
      accept: { name: /\.json$/i, message: 'Please select a JSON file.' },
      oneOnly: 'Send one recall file at a time.',
      missing: 'No File Selected: choose the recall data file (JSON).',
    },
    language: {
      type: 'text',
      schema: z
        .enum(['en', 'fr'])
        .optional()
        .describe('"fr" for the French edition of the file (titles in French)'),
    },
  },
  limits: { fileSize: MAX_RECALL_FILE_BYTES, files: 1, parts: 3 },
  notMultipart: 'Send the recall data as a JSON file (multipart/form-data).',
  tooLarge: () =>
    new HttpError(413, `The file is too large (at most ${MAX_RECALL_FILE_BYTES / 1024 / 1024} MB).`),
} satisfies Upload<Fields>;

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };

export const recallRoutes: FastifyPluginAsyncZod = async (app) => {
  privateAnswers(app);
  await app.register(fastifyMultipart, { limits: RECALL_UPLOAD.limits });

  app.post(
    '/api/admin/recalls',
    {
      config: { access: 'admin' },
      validatorCompiler: uploadValidator,
      schema: {
        tags: ['admin'],
        summary:
          'Load recall data (Health Canada or CPSC JSON, field "file"); every lot whose UPC a recall names goes into quarantine, off sale',
        ...uploadSchema(RECALL_UPLOAD),
        response: { 200: RecallImportResultSchema, 413: ErrorSchema, ...errors },
      },
    },
    async (request) => {
      const { file, language } = await readUpload(request, RECALL_UPLOAD, {});
      if (language !== undefined && language !== 'en' && language !== 'fr')
        throw new HttpError(400, 'The language must be en or fr.');
      return importRecalls(app.ctx, file.data.toString('utf8'), request.user!.id, language ?? 'en');
    },
  );

  app.get(
    '/api/admin/recalls',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: 'The recalls loaded, the latest first (200 at most)',
        response: { 200: z.array(RecallSchema), ...errors },
      },
    },
    async () => listRecalls(app.ctx),
  );

  app.get(
    '/api/admin/recalls/quarantine',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: 'Lots in quarantine with their recall, and lots a recall may concern by brand and model',
        response: { 200: QuarantineReportSchema, ...errors },
      },
    },
    async () => quarantineReport(app.ctx),
  );

  app.post(
    '/api/admin/recalls/quarantine/:id/release',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Release a lot from quarantine when its recall matched it wrongly, with a reason (audited); the lot stays off sale',
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        body: ReleaseQuarantineSchema,
        response: {
          200: z.object({ id: z.number(), releasedFrom: z.number() }),
          404: ErrorSchema,
          409: ErrorSchema,
          ...errors,
        },
      },
    },
    async (request) =>
      releaseFromQuarantine(app.ctx, request.params.id, request.body.reason, request.user!.id),
  );
};
