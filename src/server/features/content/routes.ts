// Content pages, FAQ items and the small public site configuration. Reads are public (the pages and
// the FAQ are public screens); every write is for administrators only.
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminContentPageSchema,
  AdminFaqItemSchema,
  ContentPageInputSchema,
  ContentPageSchema,
  ContentPageSummarySchema,
  FaqItemInputSchema,
  FaqItemSchema,
  FaqOrderSchema,
} from '~/shared/schemas/content';
import { storeDate } from '~/shared/pricing';
import { SiteConfigSchema } from '~/shared/schemas/site-config';
import { taxRegistrations } from '~/server/config';
import { can, demand } from '~/server/lib/access';
import { apiLocale } from '~/server/lib/request-locale';
import {
  createFaqItem,
  createPage,
  deleteFaqItem,
  deletePage,
  getAdminPage,
  getPageBySlug,
  listAdminFaqItems,
  listFaqItems,
  listPages,
  moveFaqItem,
  updateFaqItem,
  updatePage,
} from './service';

const IdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const Message = z.object({ message: z.string() });
// Images are embedded in pages as data URLs (spec section 5), so a page may be far larger than the
// 1 MiB every other request is limited to.
const PAGE_BODY_LIMIT = 12 * 1024 * 1024;

/** Readers' answers are in the request's language (docs/decisions/0350-french-catalogue-fields.md). */
const varyOnLanguage = (reply: FastifyReply) => reply.header('vary', 'accept-language');

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.ctx;

  app.get(
    '/api/site-config',
    {
      config: { access: 'public' },
      schema: {
        tags: ['content'],
        summary:
          "Public store facts the browser needs (contact address, newsletter popup, the store's date, test payments)",
        response: { 200: SiteConfigSchema },
      },
    },
    async () => ({
      storeName: config.STORE_NAME,
      storeEmail: config.STORE_EMAIL,
      storeProvince: config.STORE_PROVINCE,
      newsletterVariant: config.NEWSLETTER_FORM_URL ? ('A' as const) : ('B' as const),
      timeZone: config.STORE_TIMEZONE,
      today: storeDate(config.STORE_TIMEZONE),
      currency: config.STORE_CURRENCY,
      taxRegistrations: taxRegistrations(config),
      testPayments: config.testPayments,
    }),
  );

  // ---- Content pages ----

  app.get(
    '/api/content-pages',
    {
      config: { access: 'public' },
      schema: {
        tags: ['content'],
        summary:
          "Content pages without their content, titles in the request's language: published ones, unpublished too for administrators",
        response: { 200: z.array(ContentPageSummarySchema) },
      },
    },
    async (request, reply) => {
      varyOnLanguage(reply);
      return listPages(app.ctx, {
        includeDrafts: can(request.user, 'read-draft-pages'),
        locale: apiLocale(request),
      });
    },
  );

  app.get(
    '/api/content-pages/slug/:slug',
    {
      config: { access: 'public' },
      schema: {
        tags: ['content'],
        summary:
          "One content page by slug in the request's language, English where it has no French (an unpublished one only for administrators)",
        params: z.object({ slug: z.string().max(200) }),
        response: { 200: ContentPageSchema, 404: Message },
      },
    },
    async (request, reply) => {
      const includeDrafts = can(request.user, 'read-draft-pages');
      // An administrator's answer may hold a draft: no shared cache may keep it.
      if (includeDrafts) reply.header('cache-control', 'private, no-store');
      varyOnLanguage(reply);
      return getPageBySlug(app.ctx, request.params.slug, { includeDrafts, locale: apiLocale(request) });
    },
  );

  app.get(
    '/api/content-pages/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['content'],
        summary: 'One content page as stored, English and French side by side (admin; the page editor)',
        params: IdParams,
        response: { 200: AdminContentPageSchema, 404: Message },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return getAdminPage(app.ctx, request.params.id);
    },
  );

  app.post(
    '/api/content-pages',
    {
      config: { access: 'admin' },
      bodyLimit: PAGE_BODY_LIMIT,
      schema: {
        tags: ['content'],
        summary: 'Create a content page (admin); the HTML is sanitised before it is stored',
        body: ContentPageInputSchema,
        response: { 201: AdminContentPageSchema },
      },
    },
    async (request, reply) => {
      const page = await createPage(app.ctx, request.body, request.user!.id);
      return reply.status(201).send(page);
    },
  );

  app.put(
    '/api/content-pages/:id',
    {
      config: { access: 'admin' },
      bodyLimit: PAGE_BODY_LIMIT,
      schema: {
        tags: ['content'],
        summary: 'Replace a content page (admin)',
        params: IdParams,
        body: ContentPageInputSchema,
        response: { 200: AdminContentPageSchema },
      },
    },
    async (request) => updatePage(app.ctx, request.params.id, request.body, request.user!.id),
  );

  app.delete(
    '/api/content-pages/:id',
    {
      config: { access: 'admin' },
      schema: { tags: ['content'], summary: 'Delete a content page (admin)', params: IdParams },
    },
    async (request, reply) => {
      await deletePage(app.ctx, request.params.id, request.user!.id);
      return reply.status(204).send();
    },
  );

  // ---- FAQ items ----

  app.get(
    '/api/faq-items',
    {
      config: { access: 'public' },
      schema: {
        tags: ['content'],
        summary:
          "FAQ items by sortOrder: active ones in the request's language, or all of them as stored (English and French) with ?all=true (admin)",
        querystring: z.object({ all: z.enum(['true', 'false']).optional() }),
        response: { 200: z.union([z.array(FaqItemSchema), z.array(AdminFaqItemSchema)]) },
      },
    },
    async (request, reply) => {
      if (request.query.all === 'true') {
        // Inactive items are drafts: only an administrator may ask for them.
        demand(request.user, 'read-draft-faq-items');
        return listAdminFaqItems(app.ctx);
      }
      varyOnLanguage(reply);
      return listFaqItems(app.ctx, apiLocale(request));
    },
  );

  app.post(
    '/api/faq-items',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['content'],
        summary: 'Create an FAQ item (admin)',
        body: FaqItemInputSchema,
        response: { 201: AdminFaqItemSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createFaqItem(app.ctx, request.body, request.user!.id)),
  );

  app.put(
    '/api/faq-items/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['content'],
        summary: 'Replace an FAQ item (admin)',
        params: IdParams,
        body: FaqItemInputSchema,
        response: { 200: AdminFaqItemSchema },
      },
    },
    async (request) => updateFaqItem(app.ctx, request.params.id, request.body, request.user!.id),
  );

  app.put(
    '/api/faq-items/:id/order',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['content'],
        summary: "Move an FAQ item (admin): sortOrder is the neighbour's minus 1 (up) or plus 1 (down)",
        params: IdParams,
        body: FaqOrderSchema,
        response: { 200: AdminFaqItemSchema },
      },
    },
    async (request) => moveFaqItem(app.ctx, request.params.id, request.body.sortOrder, request.user!.id),
  );

  app.delete(
    '/api/faq-items/:id',
    {
      config: { access: 'admin' },
      schema: { tags: ['content'], summary: 'Delete an FAQ item (admin)', params: IdParams },
    },
    async (request, reply) => {
      await deleteFaqItem(app.ctx, request.params.id, request.user!.id);
      return reply.status(204).send();
    },
  );
};
