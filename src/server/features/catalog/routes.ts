// The shopper's catalogue API and the crawler files. Handlers parse with the
// shared schemas and call service.ts; every GET answer here carries an ETag (catalogue-cache.ts).
import { desc, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LOCALES, localizedPath } from '~/shared/i18n/locales';
import { storeDate } from '~/shared/pricing';
import {
  CategoryProductsQuerySchema,
  CategorySchema,
  ErrorSchema,
  ProductDetailSchema,
  ProductImageSchema,
  ProductListQuerySchema,
  ProductSchema,
  ProductSearchQuerySchema,
  RelatedProductsQuerySchema,
} from '~/shared/schemas/catalog';
import { products } from '~/server/db/schema';
import { can, type Caller } from '~/server/lib/access';
import { apiLocale } from '~/server/lib/request-locale';
import { notFound } from '~/server/lib/http-error';
import { registerCatalogueCaching } from './catalogue-cache';
import { todaysWeekdayDiscount } from './discounts';
import type { ListingPage } from './listing-repository';
import { listShopperProducts } from './product-repository';
import { buildFeed, type FeedKind } from './feeds';
import { buildRobots, buildSitemap, buildSitemapPart } from './seo';
import {
  activeCategories,
  getCategory,
  getProductDetail,
  getProductImages,
  getRelatedProducts,
  listProducts,
} from './service';

const HOME_SECTION_LIMIT = 8;
const tags = ['catalogue'];
const errors = { 400: ErrorSchema, 404: ErrorSchema };
const SlugOrIdParams = z.object({ idOrSlug: z.string() });

/** Listings answer the page as an array and the whole count in X-Total-Count. */
function sendPage(reply: FastifyReply, page: ListingPage) {
  reply.header('x-total-count', String(page.total));
  return page.items;
}

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, catalogueCaches } = app.ctx;
  registerCatalogueCaching(app);
  const includeHidden = (user: Caller) => can(user, 'see-hidden-products');

  app.get(
    '/api/categories',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Active categories', response: { 200: z.array(CategorySchema) } },
    },
    async (request) => activeCategories(db, apiLocale(request)),
  );

  app.get(
    '/api/categories/:idOrSlug',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'One active category by slug, or by id when the segment is a number',
        params: SlugOrIdParams,
        response: { 200: CategorySchema, ...errors },
      },
    },
    async (request) => getCategory(app.ctx, request.params.idOrSlug, apiLocale(request)),
  );

  app.get(
    '/api/categories/:idOrSlug/products',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "A category's products, paged (X-Total-Count)",
        params: SlugOrIdParams,
        querystring: CategoryProductsQuerySchema,
        response: { 200: z.array(ProductSchema), ...errors },
      },
    },
    async (request, reply) => {
      const locale = apiLocale(request);
      const category = await getCategory(app.ctx, request.params.idOrSlug, locale);
      return sendPage(reply, await listProducts(app.ctx, request.query, locale, category));
    },
  );

  app.get(
    '/api/discounts/today',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "Today's weekday discount in percent (0 when none)",
        response: { 200: z.number().int() },
      },
    },
    async () => todaysWeekdayDiscount(db, config.STORE_TIMEZONE),
  );

  app.get(
    '/api/products',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Products, filtered, sorted and paged (X-Total-Count)',
        querystring: ProductListQuerySchema,
        response: { 200: z.array(ProductSchema), ...errors },
      },
    },
    async (request, reply) => sendPage(reply, await listProducts(app.ctx, request.query, apiLocale(request))),
  );

  app.get(
    '/api/products/search',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Search by name, description and lot number, most relevant first, paged (X-Total-Count)',
        querystring: ProductSearchQuerySchema,
        response: { 200: z.array(ProductSchema), ...errors },
      },
    },
    async (request, reply) => sendPage(reply, await listProducts(app.ctx, request.query, apiLocale(request))),
  );

  app.get(
    '/api/products/featured',
    {
      config: { access: 'public' },
      schema: { tags, summary: "Today's Deals", response: { 200: z.array(ProductSchema) } },
    },
    async (request) => {
      const weekday = await todaysWeekdayDiscount(db, config.STORE_TIMEZONE);
      return listShopperProducts(db, weekday, {
        locale: apiLocale(request),
        where: eq(products.featured, true),
        limit: HOME_SECTION_LIMIT,
      });
    },
  );

  app.get(
    '/api/products/new',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'New arrivals', response: { 200: z.array(ProductSchema) } },
    },
    async (request) => {
      const weekday = await todaysWeekdayDiscount(db, config.STORE_TIMEZONE);
      return listShopperProducts(db, weekday, {
        locale: apiLocale(request),
        where: eq(products.new, true),
        limit: HOME_SECTION_LIMIT,
        orderBy: [desc(products.createdAt), desc(products.id)],
      });
    },
  );

  app.get(
    '/api/products/related',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "Other products of a product's category; featured and newest when it has none",
        querystring: RelatedProductsQuerySchema,
        response: { 200: z.array(ProductSchema), ...errors },
      },
    },
    async (request) => getRelatedProducts(app.ctx, request.query, apiLocale(request)),
  );

  app.get(
    '/api/products/:idOrSlug',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'One product by slug, or by id when the segment is a number, with its images',
        params: SlugOrIdParams,
        response: { 200: ProductDetailSchema, ...errors },
      },
    },
    async (request) =>
      getProductDetail(app.ctx, request.params.idOrSlug, {
        includeHidden: includeHidden(request.user),
        locale: apiLocale(request),
      }),
  );

  app.get(
    '/api/products/:idOrSlug/images',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "A product's images, the main image first",
        params: SlugOrIdParams,
        response: { 200: z.array(ProductImageSchema), ...errors },
      },
    },
    async (request) =>
      getProductImages(app.ctx, request.params.idOrSlug, { includeHidden: includeHidden(request.user) }),
  );

  // Crawler files: real routes, so they win over the page renderer's catch-all.
  app.get(
    '/sitemap.xml',
    { config: { access: 'public' }, schema: { hide: true } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600').type('application/xml; charset=utf-8');
      return buildSitemap(db, config.publicUrl);
    },
  );

  app.get(
    '/sitemaps/:file',
    { config: { access: 'public' }, schema: { hide: true, params: z.object({ file: z.string() }) } },
    async (request, reply) => {
      const xml = await buildSitemapPart(db, config.publicUrl, request.params.file);
      if (xml === null) throw notFound('No such sitemap.');
      reply.header('cache-control', 'public, max-age=3600').type('application/xml; charset=utf-8');
      return xml;
    },
  );

  // Product feeds (feeds.ts): built at most every FEED_TTL_MS per language and the store's day, and
  // whenever a write emptied the catalogue caches.
  const feedTypes: Record<FeedKind, string> = {
    google: 'application/xml; charset=utf-8',
    meta: 'text/csv; charset=utf-8',
  };
  for (const [kind, file] of [
    ['google', 'google.xml'],
    ['meta', 'meta.csv'],
  ] as const) {
    for (const locale of LOCALES) {
      app.get(
        localizedPath(`/feeds/${file}`, locale),
        { config: { access: 'public' }, schema: { hide: true } },
        async (_request, reply) => {
          if (config.PRODUCT_FEEDS !== 'true') throw notFound('Product feeds are turned off.');
          const key = `${kind} ${locale} ${storeDate(config.STORE_TIMEZONE)}`;
          let body = catalogueCaches.feeds.get(key);
          if (body === undefined) {
            body = await buildFeed(app.ctx, kind, locale);
            catalogueCaches.feeds.set(key, body);
          }
          reply.header('cache-control', 'public, max-age=900').type(feedTypes[kind]);
          return body;
        },
      );
    }
  }

  app.get(
    '/robots.txt',
    { config: { access: 'public' }, schema: { hide: true } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8');
      return buildRobots(config.publicUrl);
    },
  );
};
