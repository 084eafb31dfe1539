// Phone intake for staff (docs/decisions/0330-phone-intake-and-lot-labels.md): find a lot from a
// scanned or typed code, and its printable lot label.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_UPLOAD_IMAGE_BYTES } from '~/shared/schemas/admin-products';
import { ErrorSchema } from '~/shared/schemas/catalog';
import {
  IntakeLookupQuerySchema,
  IntakeLookupSchema,
  IntakeMatchSchema,
  IntakeUpdateSchema,
} from '~/shared/schemas/admin-intake';
import {
  type Fields,
  readUpload,
  type Upload,
  uploadSchema,
  uploadValidator,
} from '~/server/lib/multipart-fields';
import { privateAnswers } from '~/server/plugins/security';
import { imageTooLarge } from '~/server/storage/images';
import { addIntakePicture, lookupLots, lotLabelSvg, updateIntake } from './service';

const NO_PICTURE = 'Send the photo as multipart/form-data in the field "image".';
const PHOTO_UPLOAD = {
  fields: {
    image: {
      type: 'file',
      description: 'The photo: JPEG, PNG, WebP, GIF or AVIF, at most 10 MB',
      required: true,
      missing: NO_PICTURE,
      empty: 'The photo is empty. Take or choose the photo again.',
    },
  },
  limits: { fileSize: MAX_UPLOAD_IMAGE_BYTES, files: 1, parts: 5 },
  notMultipart: NO_PICTURE,
  tooLarge: imageTooLarge,
} satisfies Upload<Fields>;

const IdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };

export const adminIntakeRoutes: FastifyPluginAsyncZod = async (app) => {
  privateAnswers(app);
  // Only this plugin's routes accept multipart bodies: one photo at a time.
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_IMAGE_BYTES, files: 1, parts: 5 } });

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
          "A lot label (57 x 32 mm SVG): the lot's title (shortened to one line), the lot number as a Code 128 barcode, the price and the condition",
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

  app.post(
    '/api/admin/intake/products/:id/images',
    {
      config: { access: 'staff' },
      validatorCompiler: uploadValidator,
      schema: {
        tags: ['admin'],
        summary:
          'Add a photo after the lot\'s pictures (multipart field "image"; JPEG, PNG, WebP, GIF or AVIF, at most 10 MB)',
        ...uploadSchema(PHOTO_UPLOAD),
        params: IdParams,
        response: {
          200: IntakeMatchSchema,
          404: ErrorSchema,
          409: ErrorSchema,
          413: ErrorSchema,
          415: ErrorSchema,
          ...errors,
        },
      },
    },
    async (request) => {
      const { image } = await readUpload(request, PHOTO_UPLOAD, {});
      return addIntakePicture(app.ctx, request.params.id, image.data, request.user!.id);
    },
  );
};
