// GET/PUT /api/discounts/weekday and /api/discounts/category: administrators only. Percentages are
// clamped to an integer 0..100 by the shared schema (anything that is not a number becomes 0).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorSchema } from '~/shared/schemas/catalog';
import {
  CategoryDiscountSchema,
  CategoryDiscountsUpdateSchema,
  WeekdayDiscountSchema,
  WeekdayDiscountsUpdateSchema,
} from '~/shared/schemas/admin-discounts';
import {
  listCategoryDiscounts,
  listWeekdayDiscounts,
  saveCategoryDiscounts,
  saveWeekdayDiscounts,
} from './service';
import { privateAnswers } from '~/server/plugins/security';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };

export const adminDiscountRoutes: FastifyPluginAsyncZod = async (app) => {
  privateAnswers(app);
  const { db } = app.ctx;

  app.get(
    '/api/discounts/weekday',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Weekday discounts, Sunday (0) to Saturday (6)',
        response: { 200: z.array(WeekdayDiscountSchema), ...errors },
      },
    },
    async () => listWeekdayDiscounts(db, app.ctx.config.STORE_TIMEZONE),
  );

  app.put(
    '/api/discounts/weekday',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Set weekday discounts: { discounts: [{ day, percentage }] }',
        body: WeekdayDiscountsUpdateSchema,
        response: { 200: z.array(WeekdayDiscountSchema), ...errors },
      },
    },
    async (request) => saveWeekdayDiscounts(app.ctx, request.body.discounts, request.user!.id),
  );

  app.get(
    '/api/discounts/category',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Category discounts for every category',
        response: { 200: z.array(CategoryDiscountSchema), ...errors },
      },
    },
    async () => listCategoryDiscounts(db, app.ctx.config.STORE_TIMEZONE),
  );

  app.put(
    '/api/discounts/category',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Set category discounts: { discounts: [{ categoryId, percentage }] }',
        body: CategoryDiscountsUpdateSchema,
        response: { 200: z.array(CategoryDiscountSchema), ...errors },
      },
    },
    async (request) => saveCategoryDiscounts(app.ctx, request.body.discounts, request.user!.id),
  );
};
