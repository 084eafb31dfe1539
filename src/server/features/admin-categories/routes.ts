// Administrator routes for categories (docs/decisions/0240-category-administration.md): the list with
// inactive categories and product counts, add, change and delete. Pictures are uploaded first through
// POST /api/upload/image (the file storage every product picture uses) and the URL saved here.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdminCategorySchema, CategoryInputSchema } from '~/shared/schemas/admin-categories';
import { ErrorSchema } from '~/shared/schemas/catalog';
import { privateAnswers } from '~/server/plugins/security';
import { createCategory, deleteCategory, listAdminCategories, updateCategory } from './service';

const IdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };

export const adminCategoryRoutes: FastifyPluginAsyncZod = async (app) => {
  privateAnswers(app);

  app.get(
    '/api/categories/admin',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Every category (inactive too) in order, with how many products each holds',
        response: { 200: z.array(AdminCategorySchema), ...errors },
      },
    },
    async () => listAdminCategories(app.ctx.db),
  );

  app.post(
    '/api/categories',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Add a category',
        body: CategoryInputSchema,
        response: { 201: AdminCategorySchema, 409: ErrorSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createCategory(app.ctx, request.body, request.user!.id)),
  );

  app.put(
    '/api/categories/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "Change a category's name, slug, picture, whether it is shown and its place in the order",
        params: IdParams,
        body: CategoryInputSchema,
        response: { 200: AdminCategorySchema, 404: ErrorSchema, 409: ErrorSchema, ...errors },
      },
    },
    async (request) => updateCategory(app.ctx, request.params.id, request.body, request.user!.id),
  );

  app.delete(
    '/api/categories/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Delete a category that holds no products (409 with how many otherwise)',
        params: IdParams,
        response: { 204: z.null(), 404: ErrorSchema, 409: ErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      await deleteCategory(app.ctx, request.params.id, request.user!.id);
      return reply.status(204).send(null);
    },
  );
};
