// /sitemap.xml and /robots.txt (docs/decisions/0014-sitemap-and-robots.md). The sitemap lists the
// public pages, the active categories, every product shoppers can see and the published content pages
// (the five fixed ones at their own addresses, the others at /pages/{slug}). The sitemaps protocol allows 50,000 URLs per file: a larger store gets a sitemap index at
// /sitemap.xml pointing to /sitemaps/pages.xml and /sitemaps/products-{n}.xml.
import { asc, count, eq } from 'drizzle-orm';
import { contentPagePath } from '~/shared/constants';
import type { DbOrTx } from '~/server/db/client';
import { categories, contentPages, products } from '~/server/db/schema';
import { visibleToShoppers } from './product-repository';

export const MAX_SITEMAP_URLS = 50_000;
const PUBLIC_PAGES = ['/', '/categories', '/products', '/faq', '/contact'];
/** Where crawlers have nothing to index: personal, transactional and machine pages. */
export const ROBOTS_DISALLOW = [
  '/cart',
  '/checkout',
  '/account',
  '/admin',
  '/auth',
  '/orders/',
  '/pay/',
  '/api/',
];

type SitemapUrl = { path: string; lastmod?: Date | null };

const xmlEscape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

function urlset(origin: string, urls: SitemapUrl[]): string {
  const entries = urls.map((u) => {
    const lastmod = u.lastmod ? `<lastmod>${u.lastmod.toISOString().slice(0, 10)}</lastmod>` : '';
    return `<url><loc>${xmlEscape(origin + u.path)}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
}

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
  if (pages.length + productCount <= maxUrls) {
    const rows = await visibleProducts(db);
    return urlset(origin, [...pages, ...rows.map(productUrl)]);
  }
  const parts = Math.ceil(productCount / maxUrls);
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
  const rows = await visibleProducts(db)
    .limit(maxUrls)
    .offset((part - 1) * maxUrls);
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
