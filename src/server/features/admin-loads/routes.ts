// Loads and manifest intake (docs/decisions/0310-loads-and-manifest-intake.md). Staff work the
// loads, as they work products; the suggested-price percentage is a store setting, for admins.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorSchema } from '~/shared/schemas/catalog';
import {
  DraftEditSchema,
  LoadDraftSchema,
  LoadInputSchema,
  LoadReportSchema,
  LoadSchema,
  LoadSummarySchema,
  type ManifestGrades,
  type ManifestMapping,
  ManifestGradesSchema,
  ManifestMappingSchema,
  ManifestPreviewSchema,
  ManifestResultSchema,
  PublishInputSchema,
  PublishResultSchema,
  SuggestedPriceSettingSchema,
  SupplierReportSchema,
} from '~/shared/schemas/admin-loads';
import { badRequest, HttpError } from '~/server/lib/http-error';
import {
  type Fields,
  readUpload,
  type Upload,
  uploadSchema,
  uploadValidator,
} from '~/server/lib/multipart-fields';
import { privateAnswers } from '~/server/plugins/security';
import {
  applyManifest,
  createLoad,
  editDraft,
  getSuggestedPercent,
  listLoads,
  loadReport,
  previewManifest,
  publishDrafts,
  setSuggestedPercent,
  supplierReport,
} from './service';

/** Manifests are a few thousand rows; 20 MB leaves room. */
export const MAX_MANIFEST_BYTES = 20 * 1024 * 1024;
const MANIFEST_UPLOAD = {
  fields: {
    file: {
      type: 'file',
      description: `The manifest CSV, at most ${MAX_MANIFEST_BYTES / 1024 / 1024} MB`,
      required: true,
      anyName: true,
      accept: { name: /\.(csv|txt)$/i, message: 'Please select a CSV file.' },
      oneOnly: 'Send one manifest at a time.',
      missing: 'No File Selected: choose the manifest CSV.',
    },
    mapping: {
      type: 'text',
      schema: z.string().optional().describe('JSON: the column of each field, {"title": "<column>", ...}'),
    },
    grades: {
      type: 'text',
      schema: z
        .string()
        .optional()
        .describe('JSON: the condition of each grade word, {"<grade word>": "<condition>"}'),
    },
    preview: {
      type: 'text',
      schema: z
        .enum(['true', 'false'])
        .optional()
        .describe('"true": show the drafts the mapping makes, save nothing'),
    },
    remap: {
      type: 'text',
      schema: z
        .enum(['true', 'false'])
        .optional()
        .describe('"true": draft the rows of an earlier upload again'),
    },
  },
  limits: { fileSize: MAX_MANIFEST_BYTES, files: 1, parts: 5 },
  notMultipart: 'Send the manifest as a CSV file (multipart/form-data).',
  tooLarge: () =>
    new HttpError(413, `The manifest is too large (at most ${MAX_MANIFEST_BYTES / 1024 / 1024} MB).`),
} satisfies Upload<Fields>;

function parseMapping(text: string): ManifestMapping {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw badRequest('The mapping must be JSON: {"title": "<column>", ...}.');
  }
  const mapping = ManifestMappingSchema.safeParse(json);
  if (!mapping.success) throw badRequest('The mapping must name a column (or null) for each field.');
  return mapping.data;
}

function parseGrades(text: string): ManifestGrades {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw badRequest('The grades must be JSON: {"<grade word>": "<condition>", ...}.');
  }
  const grades = ManifestGradesSchema.safeParse(json);
  if (!grades.success)
    throw badRequest(
      `The grades must map each word to one of the store's conditions (${grades.error.issues[0]?.message}).`,
    );
  return grades.data;
}

const IdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };

export const adminLoadRoutes: FastifyPluginAsyncZod = async (app) => {
  privateAnswers(app);
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_MANIFEST_BYTES, files: 1, parts: 5 } });

  app.post(
    '/api/admin/loads',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: 'Record a load: supplier, date received, reference, total cost',
        body: LoadInputSchema,
        response: { 201: LoadSchema, 409: ErrorSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createLoad(app.ctx, request.body, request.user!.id)),
  );

  app.get(
    '/api/admin/loads',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: 'Every load with its recovery figures, newest first',
        response: { 200: z.array(LoadSummarySchema), ...errors },
      },
    },
    async () => listLoads(app.ctx),
  );

  app.get(
    '/api/admin/loads/report-by-supplier',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: 'The recovery figures of all loads, per supplier',
        response: { 200: SupplierReportSchema, ...errors },
      },
    },
    async () => supplierReport(app.ctx),
  );

  app.get(
    '/api/admin/loads/:id',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: 'One load: its figures, revenue per day, and its lots (drafts too)',
        params: IdParams,
        response: { 200: LoadReportSchema, 404: ErrorSchema, ...errors },
      },
    },
    async (request) => loadReport(app.ctx, request.params.id),
  );

  app.post(
    '/api/admin/loads/:id/manifest',
    {
      config: { access: 'staff' },
      validatorCompiler: uploadValidator,
      schema: {
        tags: ['admin'],
        summary:
          'Upload a manifest CSV (field "file"). Without a "mapping" field, or with "preview" = "true": its columns, first rows, the mapping to use, its grade words and its first lines as drafts. With "mapping" (JSON, field -> column) and optional "grades" (JSON, grade word -> condition): saves both for the supplier and drafts the rows; "remap" = "true" makes drafts of an earlier upload again from this mapping',
        ...uploadSchema(MANIFEST_UPLOAD),
        params: IdParams,
        response: {
          200: z.union([ManifestResultSchema, ManifestPreviewSchema]),
          404: ErrorSchema,
          413: ErrorSchema,
          ...errors,
        },
      },
    },
    async (request) => {
      const { file, mapping, grades, preview, remap } = await readUpload(request, MANIFEST_UPLOAD, {});
      const id = request.params.id;
      if (mapping === undefined) return previewManifest(app.ctx, id, file.data);
      const columns = parseMapping(mapping);
      const words = grades === undefined ? undefined : parseGrades(grades);
      if (preview === 'true')
        return previewManifest(app.ctx, id, file.data, { mapping: columns, grades: words });
      return applyManifest(app.ctx, id, file.data, columns, request.user!.id, {
        grades: words,
        remap: remap === 'true',
      });
    },
  );

  app.post(
    '/api/admin/loads/:id/publish',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: 'Publish drafts of the load (make them active); drafts without a picture or price stay',
        params: IdParams,
        body: PublishInputSchema,
        response: { 200: PublishResultSchema, 404: ErrorSchema, ...errors },
      },
    },
    async (request) => publishDrafts(app.ctx, request.params.id, request.body.productIds, request.user!.id),
  );

  app.patch(
    '/api/admin/loads/:id/lots/:productId',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: "Set a draft's condition, price and stock from the load's table (based on its version)",
        params: IdParams.extend({ productId: IdParams.shape.id }),
        body: DraftEditSchema,
        response: { 200: LoadDraftSchema, 404: ErrorSchema, 409: ErrorSchema, ...errors },
      },
    },
    async (request) =>
      editDraft(app.ctx, request.params.id, request.params.productId, request.body, request.user!.id),
  );

  app.get(
    '/api/admin/settings/suggested-price',
    {
      // A store setting, like every /api/admin/settings route: staff price drafts without reading it
      // (the Loads tab shows the setting to administrators only).
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The percentage of retail a draft is priced at (rounded down to .99)',
        response: { 200: SuggestedPriceSettingSchema, ...errors },
      },
    },
    async () => ({ percent: await getSuggestedPercent(app.ctx.db) }),
  );

  app.put(
    '/api/admin/settings/suggested-price',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Set the percentage of retail a draft is priced at',
        body: SuggestedPriceSettingSchema,
        response: { 200: SuggestedPriceSettingSchema, ...errors },
      },
    },
    async (request) => setSuggestedPercent(app.ctx, request.body.percent, request.user!.id),
  );
};
