// /sitemap.xml and /robots.txt (docs/decisions/0014-sitemap-and-robots.md). The sitemap lists the
// public pages, the active categories, every product shoppers can see and the published content pages
// (the five fixed ones at their own addresses, the others at /pages/{slug}). The sitemaps protocol allows 50,000 URLs per file: a larger store gets a sitemap index at
// /sitemap.xml pointing to /sitemaps/pages.xml and /sitemaps/products-{n}.xml.
import { asc, count, eq } from 'drizzle-orm';
import { contentPagePath } from '~/shared/constants';
import { DEFAULT_LOCALE, LOCALE_TAGS, LOCALES, localizedPath } from '~/shared/i18n/locales';
import type { DbOrTx } from '~/server/db/client';
import { categories, contentPages, products } from '~/server/db/schema';
import { visibleToShoppers } from './product-repository';

export const MAX_SITEMAP_URLS = 50_000;
const PUBLIC_PAGES = ['/', '/categories', '/products', '/faq', '/contact', '/gift-cards'];
/** Where crawlers have nothing to index: personal, transactional and machine pages, in both languages. */
const PRIVATE_PATHS = ['/cart', '/checkout', '/account', '/admin', '/auth', '/orders/'];
export const ROBOTS_DISALLOW = [
  ...PRIVATE_PATHS,
  '/pay/',
  '/api/',
  ...PRIVATE_PATHS.map((path) => localizedPath(path, 'fr')),
];

type SitemapUrl = { path: string; lastmod?: Date | null };

export const xmlEscape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/**
 * Every page in both languages (English at its address, French under /fr), each entry naming both
 * versions and the x-default (English) with xhtml:link alternates, as Google reads them.
 */
function urlset(origin: string, urls: SitemapUrl[]): string {
  const entries = urls.flatMap((u) => {
    const lastmod = u.lastmod ? `<lastmod>${u.lastmod.toISOString().slice(0, 10)}</lastmod>` : '';
    const href = (locale: (typeof LOCALES)[number]) => xmlEscape(origin + localizedPath(u.path, locale));
    const alternates = [
      ...LOCALES.map((l) => `<xhtml:link rel="alternate" hreflang="${LOCALE_TAGS[l]}" href="${href(l)}"/>`),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${href(DEFAULT_LOCALE)}"/>`,
    ].join('');
    return LOCALES.map((l) => `<url><loc>${href(l)}</loc>${lastmod}${alternates}</url>`);
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`;
}

/** Each page is listed once per language: a file of `maxUrls` URLs holds this many pages. */
const pagesPerFile = (maxUrls: number) => Math.max(1, Math.floor(maxUrls / LOCALES.length));

function sitemapIndex(origin: string, paths: string[]): string {
  const entries = paths.map((p) => `<sitemap><loc>${xmlEscape(origin + p)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

async function pageUrls(db: DbOrTx): Promise<SitemapUrl[]> {
  const [cats, pages] = await Promise.all([
    db
      .select({ slug: categories.slug })
      .from(categories)
      .where(eq(categories.active, true))
      .orderBy(asc(categories.sortOrder), asc(categories.id)),
    db
      .select({ slug: contentPages.slug, updatedAt: contentPages.updatedAt })
      .from(contentPages)
      .where(eq(contentPages.published, true))
      .orderBy(asc(contentPages.id)),
  ]);
  return [
    ...PUBLIC_PAGES.map((path) => ({ path })),
    ...cats.map((c) => ({ path: `/categories/${encodeURIComponent(c.slug)}` })),
    ...pages.map((p) => ({ path: contentPagePath(p.slug), lastmod: p.updatedAt })),
  ];
}

function visibleProducts(db: DbOrTx) {
  return db
    .select({ slug: products.slug, updatedAt: products.updatedAt })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(visibleToShoppers)
    .orderBy(asc(products.id))
    .$dynamic();
}

async function countVisibleProducts(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(visibleToShoppers);
  return Number(row?.n ?? 0);
}

const productUrl = (p: { slug: string; updatedAt: Date }): SitemapUrl => ({
  path: `/products/${encodeURIComponent(p.slug)}`,
  lastmod: p.updatedAt,
});

/** /sitemap.xml: one urlset while everything fits, otherwise an index of smaller sitemaps. */
export async function buildSitemap(db: DbOrTx, origin: string, maxUrls = MAX_SITEMAP_URLS): Promise<string> {
  const [pages, productCount] = await Promise.all([pageUrls(db), countVisibleProducts(db)]);
  const perFile = pagesPerFile(maxUrls);
  if (pages.length + productCount <= perFile) {
    const rows = await visibleProducts(db);
    return urlset(origin, [...pages, ...rows.map(productUrl)]);
  }
  const parts = Math.ceil(productCount / perFile);
  return sitemapIndex(origin, [
    '/sitemaps/pages.xml',
    ...Array.from({ length: parts }, (_, i) => `/sitemaps/products-${i + 1}.xml`),
  ]);
}

/** /sitemaps/pages.xml or /sitemaps/products-{n}.xml of a sitemap index; null when there is no such part. */
export async function buildSitemapPart(
  db: DbOrTx,
  origin: string,
  file: string,
  maxUrls = MAX_SITEMAP_URLS,
): Promise<string | null> {
  if (file === 'pages.xml') return urlset(origin, await pageUrls(db));
  const match = /^products-([1-9]\d{0,5})\.xml$/.exec(file);
  if (!match) return null;
  const part = Number(match[1]);
  const perFile = pagesPerFile(maxUrls);
  const rows = await visibleProducts(db)
    .limit(perFile)
    .offset((part - 1) * perFile);
  if (rows.length === 0) return null;
  return urlset(origin, rows.map(productUrl));
}

export function buildRobots(origin: string): string {
  return [
    'User-agent: *',
    ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
