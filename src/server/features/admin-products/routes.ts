// Administrator routes for the catalogue: products, image upload, bulk import. Every route is refused
// (401 signed out, 403 customers) before its body is even read. The static paths /api/products/admin,
// /template, /import and /images-only win over the storefront's /api/products/:slug in Fastify's router.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminProductSchema,
  AdminProductsQuerySchema,
  ArchivedProductSchema,
  BulkEditResultSchema,
  BulkEditSchema,
  RestoreProductResultSchema,
  DeleteProductResultSchema,
  ImagesOnlyResultSchema,
  ImportResultSchema,
  MAX_UPLOAD_IMAGE_BYTES,
  ProductInputSchema,
  ProductStatusSchema,
  ProductUpdateSchema,
  StockAdjustmentResultSchema,
  StockAdjustmentSchema,
  StockHistorySchema,
  UploadedImageSchema,
} from '~/shared/schemas/admin-products';
import { ErrorSchema } from '~/shared/schemas/catalog';
import { recordAudit } from '~/server/lib/audit';
import {
  type Fields,
  readUpload,
  type Upload,
  uploadSchema,
  uploadValidator,
} from '~/server/lib/multipart-fields';
import { badRequest, HttpError, notFound } from '~/server/lib/http-error';
import { imageTooLarge, storeProductImage } from '~/server/storage/images';
import { listArchivedProducts, restoreProduct } from './archive';
import { bulkEditProducts } from './bulk-edit';
import { exportProductsCsv } from './export';
import { attachLotImages, ImageStaging } from './import-images';
import { imagesOnlyResult, importResult, newReport, type RowsResult } from './import-report';
import { importCsv, templateCsv } from './import-service';
import { ProgressStream, wantsProgress } from './import-progress';
import { findAdminProduct, listAdminProducts } from './repository';
import {
  adjustStock,
  createProduct,
  deleteProduct,
  PRODUCT_NOT_FOUND,
  setProductStatus,
  stockHistory,
  updateProduct,
} from './service';
import { PRIVATE_NO_STORE, privateAnswers } from '~/server/plugins/security';
import { csvFileName } from '~/server/lib/csv';

/** A CSV of 50,000 rows is about 10 MB; leave room for long descriptions. */
export const MAX_CSV_BYTES = 200 * 1024 * 1024;
export const MAX_IMPORT_IMAGES = 2000;

const csvTooLarge = () =>
  new HttpError(413, `The CSV file is too large (at most ${MAX_CSV_BYTES / 1024 / 1024} MB).`);
const IdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };

const IMAGE_UPLOAD = {
  fields: {
    image: {
      type: 'file',
      description: 'The picture: JPEG, PNG, WebP, GIF or AVIF, at most 10 MB',
      required: true,
      missing: 'No image was uploaded. Choose a picture to upload.',
    },
  },
  limits: { fileSize: MAX_UPLOAD_IMAGE_BYTES, files: 5, parts: 20 },
  notMultipart: 'Send the picture as multipart/form-data in the field "image".',
  tooLarge: imageTooLarge,
} satisfies Upload<Fields>;

const IMPORTED_PICTURES = {
  type: 'file',
  description: 'Pictures named <lot number>_<1-10>, attached to the products of that lot',
  many: true,
} as const;

/** The CSV streams row by row into the import: it is never held whole in memory. */
const IMPORT_UPLOAD = {
  fields: {
    file: {
      type: 'file',
      description: `The product CSV (the template's columns), at most ${MAX_CSV_BYTES / 1024 / 1024} MB`,
      required: true,
      streamed: true,
      aliases: ['csv'],
      accept: { name: /\.csv$/i, message: 'Please select a CSV file.' },
      oneOnly: 'Send one CSV file at a time.',
      missing: 'No File Selected: choose a CSV file to import.',
    },
    images: { ...IMPORTED_PICTURES, aliases: ['image'] },
  },
  limits: { fileSize: MAX_CSV_BYTES, files: MAX_IMPORT_IMAGES + 1, parts: MAX_IMPORT_IMAGES + 20 },
  notMultipart: 'No File Selected: choose a CSV file to import.',
  tooLarge: csvTooLarge,
} satisfies Upload<Fields>;

/** One byte over the picture limit, so that a picture cut there is known to be too large. */
const IMAGES_ONLY_UPLOAD = {
  fields: {
    images: {
      ...IMPORTED_PICTURES,
      anyName: true,
      required: true,
      missing: 'No Images Selected: choose the pictures to upload.',
    },
  },
  limits: { fileSize: MAX_UPLOAD_IMAGE_BYTES + 1, files: MAX_IMPORT_IMAGES, parts: MAX_IMPORT_IMAGES + 20 },
  notMultipart: 'No Images Selected: choose the pictures to upload.',
  tooLarge: imageTooLarge,
} satisfies Upload<Fields>;

export const adminProductRoutes: FastifyPluginAsyncZod = async (app) => {
  privateAnswers(app);
  const { db } = app.ctx;
  // Only this plugin's routes accept multipart bodies; limits are set per route below.
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_IMAGE_BYTES, files: 1, parts: 20 } });

  app.get(
    '/api/products/admin',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: 'Products for the administrator (inactive too), paged; the total is in X-Total-Count',
        querystring: AdminProductsQuerySchema,
        response: { 200: z.array(AdminProductSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { items, total } = await listAdminProducts(db, request.query);
      reply.header('x-total-count', String(total));
      return items;
    },
  );

  app.get(
    '/api/products/archived',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary:
          'Archived products (kept because orders refer to them), newest first; total in X-Total-Count',
        querystring: AdminProductsQuerySchema,
        response: { 200: z.array(ArchivedProductSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { items, total } = await listArchivedProducts(db, request.query);
      reply.header('x-total-count', String(total));
      return items;
    },
  );

  app.post(
    '/api/products/:id/restore',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: 'Bring an archived product back to the product list (turned off)',
        params: IdParams,
        response: { 200: RestoreProductResultSchema, 404: ErrorSchema, ...errors },
      },
    },
    async (request) => restoreProduct(app.ctx, request.params.id, request.user!.id),
  );

  app.post(
    '/api/products/bulk',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary:
          'Change the selected products at once: category, shown in store, daily discount, price by a percentage',
        body: BulkEditSchema,
        response: { 200: BulkEditResultSchema, 404: ErrorSchema, 409: ErrorSchema, ...errors },
      },
    },
    async (request) => bulkEditProducts(app.ctx, request.body, request.user!.id),
  );

  app.get(
    '/api/products/export',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: 'Every product in the product list as a CSV with the import columns (download)',
      },
    },
    async (_request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csvFileName('products')}"`)
        .header('cache-control', PRIVATE_NO_STORE)
        .send(await exportProductsCsv(db)),
  );

  app.get(
    '/api/products/admin/:id',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: 'One product with all its images, for the edit dialog',
        params: IdParams,
        response: { 200: AdminProductSchema, 404: ErrorSchema, ...errors },
      },
    },
    async (request) => {
      const product = await findAdminProduct(db, request.params.id);
      if (!product) throw notFound(PRODUCT_NOT_FOUND);
      return product;
    },
  );

  app.post(
    '/api/products',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: 'Create a product',
        body: ProductInputSchema,
        response: { 201: AdminProductSchema, 409: ErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const product = await createProduct(app.ctx, request.body, request.user!.id);
      return reply.status(201).send(product);
    },
  );

  app.put(
    '/api/products/:id',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: "Replace a product's own fields (every field of the form; stock changes by adjustment)",
        params: IdParams,
        body: ProductUpdateSchema,
        response: { 200: AdminProductSchema, 404: ErrorSchema, 409: ErrorSchema, ...errors },
      },
    },
    async (request) => updateProduct(app.ctx, request.params.id, request.body, request.user!.id),
  );

  app.post(
    '/api/products/:id/stock-adjustments',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: "Add or take units of a product's stock, with the reason",
        params: IdParams,
        body: StockAdjustmentSchema,
        response: { 201: StockAdjustmentResultSchema, 404: ErrorSchema, 409: ErrorSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await adjustStock(db, request.params.id, request.body, request.user!.id)),
  );

  app.get(
    '/api/products/:id/stock-history',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: "A product's stock history, newest first (the last 100 changes)",
        params: IdParams,
        response: { 200: StockHistorySchema, 404: ErrorSchema, ...errors },
      },
    },
    async (request) => {
      if (!(await findAdminProduct(db, request.params.id))) throw notFound(PRODUCT_NOT_FOUND);
      return { items: await stockHistory(db, request.params.id) };
    },
  );

  app.patch(
    '/api/products/:id/status',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: 'Turn a product on or off in the store',
        params: IdParams,
        body: ProductStatusSchema,
        response: { 200: AdminProductSchema, 404: ErrorSchema, ...errors },
      },
    },
    async (request) => setProductStatus(app.ctx, request.params.id, request.body.active, request.user!.id),
  );

  app.delete(
    '/api/products/:id',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: 'Delete a product, or archive it when orders refer to it',
        params: IdParams,
        response: { 200: DeleteProductResultSchema, 404: ErrorSchema, ...errors },
      },
    },
    async (request) => deleteProduct(app.ctx, request.params.id, request.user!.id),
  );

  app.post(
    '/api/upload/image',
    {
      config: { access: 'staff' },
      validatorCompiler: uploadValidator,
      schema: {
        tags: ['admin'],
        summary:
          'Upload a product picture (multipart field "image"; JPEG, PNG, WebP, GIF or AVIF, at most 10 MB)',
        ...uploadSchema(IMAGE_UPLOAD),
        response: { 200: UploadedImageSchema, 413: ErrorSchema, 415: ErrorSchema, ...errors },
      },
    },
    async (request) => {
      const { image } = await readUpload(request, IMAGE_UPLOAD, {});
      const url = await storeProductImage(app.ctx.storage, image.data, image.filename);
      await recordAudit(db, {
        userId: request.user!.id,
        action: 'upload',
        entity: 'image',
        entityId: url,
        after: { url },
      });
      return { url };
    },
  );

  app.get(
    '/api/products/template',
    {
      config: { access: 'staff' },
      schema: { tags: ['admin'], summary: 'The CSV import template (download)' },
    },
    async (_request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="product-import-template.csv"')
        .header('cache-control', PRIVATE_NO_STORE)
        .send(await templateCsv(db)),
  );

  app.post(
    '/api/products/import',
    {
      config: { access: 'staff' },
      validatorCompiler: uploadValidator,
      schema: {
        tags: ['admin'],
        summary: 'Import products from a CSV file (field "file") with optional pictures (field "images")',
        description:
          'With `Accept: application/x-ndjson` the answer streams one JSON object per line: `{ progress }` ' +
          'while rows are written and pictures processed, then `{ result }` (the JSON answer below) or ' +
          '`{ error: { statusCode, message } }`. Requests refused before the first row is written answer ' +
          'their status code with a JSON error either way.',
        ...uploadSchema(IMPORT_UPLOAD),
        response: { 200: ImportResultSchema, 413: ErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const userId = request.user!.id;
      const report = newReport();
      const staging = new ImageStaging();
      const progress = wantsProgress(request) ? new ProgressStream(request, reply) : null;
      try {
        let rows = null as RowsResult | null;
        await readUpload(request, IMPORT_UPLOAD, {
          file: async (csv) => {
            const before = progress?.state.bytes ?? 0;
            rows = await importCsv(app.ctx, csv, {
              userId,
              maxRows: app.ctx.config.MAX_IMPORT_ROWS,
              report,
              onProgress: progress
                ? (read) => progress.report({ rows: read.rows, bytes: before + read.bytes })
                : undefined,
            });
          },
          images: async (file, filename) => {
            const image = await staging.add(filename, file);
            progress?.addBytes(image.size);
          },
        });
        if (!rows) throw badRequest(IMPORT_UPLOAD.fields.file.missing);
        const imagesTotal = staging.images.length;
        const images = await attachLotImages(app.ctx, staging.images, {
          userId,
          report,
          onProgress:
            progress && imagesTotal > 0
              ? (handled) => progress.report({ images: handled, imagesTotal })
              : undefined,
        });
        const result = importResult(rows, images, report);
        if (!progress) return result;
        progress.finish(result);
        return reply;
      } catch (error) {
        // Once the streamed answer has started its status is sent: the error is its last line.
        if (!progress?.started) throw error;
        progress.fail(error);
        return reply;
      } finally {
        await staging.cleanup();
      }
    },
  );

  app.post(
    '/api/products/images-only',
    {
      config: { access: 'staff' },
      validatorCompiler: uploadValidator,
      schema: {
        tags: ['admin'],
        summary: 'Attach pictures named <lot number>_<1-10> to existing products (field "images")',
        ...uploadSchema(IMAGES_ONLY_UPLOAD),
        response: { 200: ImagesOnlyResultSchema, ...errors },
      },
    },
    async (request) => {
      const report = newReport();
      const staging = new ImageStaging();
      try {
        await readUpload(request, IMAGES_ONLY_UPLOAD, {
          // A picture over the limit is reported by attachLotImages, not fatal for the others.
          images: async (file, filename) => void (await staging.add(filename, file)),
        });
        const images = await attachLotImages(app.ctx, staging.images, {
          userId: request.user!.id,
          report,
        });
        return imagesOnlyResult(images, report);
      } finally {
        await staging.cleanup();
      }
    },
  );
};
