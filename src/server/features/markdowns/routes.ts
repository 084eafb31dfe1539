// The markdown rules (admin) and a product's price history (staff).
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MarkdownRulesSchema } from '~/shared/markdowns';
import { ErrorSchema } from '~/shared/schemas/catalog';
import { PriceHistorySchema } from '~/shared/schemas/markdowns';
import { products } from '~/server/db/schema';
import { notFound } from '~/server/lib/http-error';
import { privateAnswers } from '~/server/plugins/security';
import { getMarkdownRules, priceHistory, setMarkdownRules } from './service';

const IdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };

export const markdownRoutes: FastifyPluginAsyncZod = async (app) => {
  privateAnswers(app);
  const { db } = app.ctx;

  app.get(
    '/api/markdown-rules',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The markdown-by-age rules',
        response: { 200: MarkdownRulesSchema, ...errors },
      },
    },
    async () => getMarkdownRules(db),
  );

  app.put(
    '/api/markdown-rules',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Set the markdown-by-age rules (applied by the daily job)',
        body: MarkdownRulesSchema,
        response: { 200: MarkdownRulesSchema, ...errors },
      },
    },
    async (request) => setMarkdownRules(db, request.body, request.user!.id),
  );

  app.get(
    '/api/products/:id/price-history',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: "A product's price history, newest first (the last 100 changes)",
        params: IdParams,
        response: { 200: PriceHistorySchema, 404: ErrorSchema, ...errors },
      },
    },
    async (request) => {
      const [row] = await db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.id, request.params.id));
      if (!row) throw notFound('Product not found.');
      return { items: await priceHistory(db, request.params.id) };
    },
  );
};
