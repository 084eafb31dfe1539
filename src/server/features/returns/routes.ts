// The shopper's side of returns (docs/decisions/0540-return-requests.md): the request from the order
// page, POST /api/orders/{reference}/returns (multipart: the lines as JSON, the reason, a comment, up
// to five photos), with the same proof the order page needs (docs/decisions/0453): the signed-in
// owner or staff, the confirmation's `token`, or the e-mail the order was placed with (the guest
// look-up's proof, sent in the body). And the windows the returns page shows.
import fastifyMultipart from '@fastify/multipart';
import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorSchema } from '~/shared/schemas/catalog';
import { MAX_UPLOAD_IMAGE_BYTES } from '~/shared/schemas/admin-products';
import { OrderProofQuerySchema } from '~/shared/schemas/orders';
import {
  MAX_RETURN_PHOTOS,
  RETURN_REASONS,
  ReturnCreateSchema,
  ReturnPolicySchema,
  ShopperReturnSchema,
} from '~/shared/schemas/returns';
import { findOrderByReference } from '~/server/features/orders';
import { getStoreSettings } from '~/server/features/store-settings';
import { can } from '~/server/lib/access';
import { badRequest, notFound } from '~/server/lib/http-error';
import {
  type Fields,
  readUpload,
  type Upload,
  uploadSchema,
  uploadValidator,
} from '~/server/lib/multipart-fields';
import { isOrderProof } from '~/server/lib/order-proof';
import { enforceAddressRateLimit } from '~/server/lib/rate-limit';
import { PRIVATE_NO_STORE, privateAnswers } from '~/server/plugins/security';
import { checkImage, imageTooLarge, storeProductImage } from '~/server/storage/images';
import { loadReturn } from './repository';
import { createReturn, planReturn } from './request';

const NOT_FOUND = 'Order not found.';
const NOT_MULTIPART = 'Send the return request as multipart/form-data.';
/** Requests with an e-mail as proof, per address per hour: the order look-up's own limit. */
const RETURN_PROOFS_PER_IP_PER_HOUR = 20;

const RETURN_UPLOAD = {
  fields: {
    lines: {
      type: 'text',
      schema: z.string().meta({ description: 'JSON: [{ "orderItemId": 12, "quantity": 1 }]' }),
    },
    reason: { type: 'text', schema: z.enum(RETURN_REASONS) },
    comment: { type: 'text', schema: z.string().optional() },
    email: {
      type: 'text',
      schema: z
        .string()
        .optional()
        .meta({ description: "A guest's proof: the e-mail the order was placed with" }),
    },
    photos: {
      type: 'file',
      description: `Up to ${MAX_RETURN_PHOTOS} photos: JPEG, PNG, WebP, GIF or AVIF, at most 10 MB each`,
      many: true,
    },
  },
  limits: { fileSize: MAX_UPLOAD_IMAGE_BYTES, files: MAX_RETURN_PHOTOS + 1, parts: MAX_RETURN_PHOTOS + 10 },
  notMultipart: NOT_MULTIPART,
  tooLarge: imageTooLarge,
} satisfies Upload<Fields>;

/** A photo part read whole; one cut at the size limit is refused. */
async function bufferPhoto(file: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of file) chunks.push(chunk as Buffer);
  if ((file as Readable & { truncated?: boolean }).truncated) throw imageTooLarge();
  return Buffer.concat(chunks);
}

export const returnRoutes: FastifyPluginAsyncZod = async (app) => {
  privateAnswers(app);
  await app.register(fastifyMultipart, { limits: RETURN_UPLOAD.limits });
  const { db, config } = app.ctx;

  app.get(
    '/api/returns/policy',
    {
      config: { access: 'public' },
      schema: {
        tags: ['orders'],
        summary: "The store's return window per condition, in days (0: only a legal-warranty claim)",
        response: { 200: ReturnPolicySchema },
      },
    },
    async () => ({ windows: (await getStoreSettings(db)).returnWindowDays }),
  );

  app.post(
    '/api/orders/:reference/returns',
    {
      config: { access: 'public' },
      validatorCompiler: uploadValidator,
      schema: {
        tags: ['orders'],
        summary: 'Ask to return units of a delivered order (the shopper, with the order page’s proof)',
        description:
          'Proof: the signed-in owner or staff, `?token=` of the confirmation address, or the `email` field ' +
          '(the e-mail the order was placed with). Each line at most the units delivered less those ' +
          'returned, refunded or in an open return. Within the window of the lot’s condition as sold ' +
          '(store settings), never for a final-sale lot, unless the reason is a legal-warranty claim ' +
          '(not as described, defective, damaged in transit, wrong item). 400 with nothing written otherwise.',
        params: z.object({ reference: z.string().trim().min(1).max(64) }),
        querystring: OrderProofQuerySchema,
        ...uploadSchema(RETURN_UPLOAD),
        response: {
          201: ShopperReturnSchema,
          400: ErrorSchema,
          404: ErrorSchema,
          413: ErrorSchema,
          415: ErrorSchema,
          429: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE_NO_STORE);
      const photos: Buffer[] = [];
      const form = await readUpload(request, RETURN_UPLOAD, {
        photos: async (file) => {
          if (photos.length >= MAX_RETURN_PHOTOS) {
            file.resume();
            throw badRequest({ key: 'At most {{max}} photos.', values: { max: MAX_RETURN_PHOTOS } });
          }
          photos.push(await bufferPhoto(file));
        },
      });
      const order = await findOrderByReference(db, request.params.reference);
      const user = request.user;
      const email = form.email?.trim().toLowerCase();
      const proven =
        !!order &&
        ((!!user && (can(user, 'read-any-order') || order.userId === user.id)) ||
          isOrderProof(config.sessionSecret, order.orderReference, request.query.token) ||
          (!!email && email === order.customerEmail.trim().toLowerCase()));
      if (!proven) {
        await enforceAddressRateLimit(
          db,
          'order-lookup',
          request.ip,
          RETURN_PROOFS_PER_IP_PER_HOUR,
          3600,
          'order look-ups from this address',
        );
        throw notFound(NOT_FOUND);
      }
      let lines: unknown;
      try {
        lines = JSON.parse(form.lines ?? '');
      } catch {
        throw badRequest('Choose the items to return');
      }
      const parsed = ReturnCreateSchema.safeParse({
        lines,
        reason: form.reason,
        comment: form.comment ?? '',
      });
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw badRequest(issue.message, { errors: { [String(issue.path[0] ?? 'lines')]: issue.message } });
      }
      // Checked before any photo is stored, then again under the order's lock when written.
      await planReturn(db, order!, parsed.data);
      for (const photo of photos) await checkImage(photo);
      const urls: string[] = [];
      for (const photo of photos)
        urls.push(await storeProductImage(app.ctx.storage, photo, `return-${order!.id}`));
      const id = await createReturn(app.ctx, order!.id, parsed.data, urls, user?.id ?? null);
      const ret = (await loadReturn(db, id))!;
      reply.code(201);
      return {
        ...ret,
        lines: ret.lines.map((l) => ({ orderItemId: l.orderItemId, name: l.name, quantity: l.quantity })),
      };
    },
  );
};
