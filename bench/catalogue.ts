// Catalogue benchmark: 100,000 generated products in a throwaway PostgreSQL database, the real app
// (buildApp with production settings), then
// - server-side latency (app.inject) of search, a filtered listing page, the default listing and a
//   product page, with the catalogue caches emptied before every request, so each one reaches the
//   database: the worst case, not the cached one; both as the JSON the pages call and as the
//   server-rendered HTML a shopper's first request gets (the built renderer, `npm run build`);
// - listing throughput over real HTTP against a bare node:http server sending the very same bytes,
//   in the same run: the popular listing (served by the response cache, as in production) and a
//   listing whose every request misses the caches.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '~/server/app';
import { loadConfig } from '~/server/config';
import { loadProductionRenderer } from '~/server/render/page-renderer';
// @ts-expect-error: a plain .mjs script shared with `npm start` and `npm test`
import { buildIsStale } from '../scripts/build-info.mjs';
import type { Benchmark } from './lib/benchmark';
import { loadCatalogue } from './lib/catalogue-data';
import { createBenchDatabase } from './lib/database';
import { runLoad } from './lib/load';
import { median, ms, percentile, table, timed } from './lib/stats';

const PRODUCTS = 100_000;
const ROUNDS_PER_GROUP = 30;
const THROUGHPUT_REQUESTS = 4_000;
const THROUGHPUT_ROUNDS = 3;
const COLD_REQUESTS = 300;
const CONCURRENCY = 16;
const SEARCH_P95_TARGET_MS = 20;
const DEFAULT_LISTING_P95_TARGET_MS = 20;
const TOTAL_ROUNDS = 50;
const THROUGHPUT_RATIO_TARGET = 0.5;

/** What shoppers type: product words, brands, two words, prefixes while typing, typos, lot numbers. */
const SEARCHES: [kind: string, q: string][] = [
  ['word', 'monitor'],
  ['word', 'keyboard'],
  ['word', 'blender'],
  ['word', 'tent'],
  ['word', 'drone'],
  ['word', 'backpack'],
  ['brand', 'acme'],
  ['brand', 'zenith'],
  ['two words', 'wireless headphones'],
  ['two words', 'stainless kettle'],
  ['two words', 'portable speaker'],
  ['prefix', 'headph'],
  ['prefix', 'suitc'],
  ['typo', 'moniter'],
  ['typo', 'hedphones'],
  ['typo', 'keybaord'],
  ['typo', 'sleepng bag'],
  ['lot number', 'LOT-04213'],
  ['lot number', 'LOT-012345'],
  ['lot number', '0777'],
];

/**
 * French queries, sent with Accept-Language: fr-CA as the French pages' client sends them: they search
 * search_vector_fr (French and English names, accents folded; docs/decisions/0351-french-search.md).
 */
const FRENCH_SEARCHES: [kind: string, q: string][] = [
  ['word', 'moniteur'],
  ['word', 'clavier'],
  ['word', 'bouilloire'],
  ['word, no accents', 'ecouteurs'],
  ['word, no accents', 'dechiqueteuse'],
  ['word, accents', 'écouteurs'],
  ['brand', 'acme'],
  ['two words', 'écouteurs sans fil'],
  ['two words', 'bouilloire inoxydable'],
  ['prefix', 'ecout'],
  ['typo', 'moniteru'],
  ['typo', 'clavir'],
  ['English word', 'headphones'],
  ['lot number', 'LOT-04213'],
];
const FRENCH = { 'accept-language': 'fr-CA' };

/** The page builder's default listing call (src/client/features/catalog/listing-params.ts). */
const DEFAULT_LISTING = '/api/products?page=1&limit=24&sort=newest&minPrice=0&maxPrice=1000';
const SORTS = ['newest', 'price-low', 'price-high', 'featured'];

async function injectLatencies(
  app: FastifyInstance,
  urls: string[],
  headers: Record<string, string> = {},
): Promise<number[]> {
  const caches = app.ctx.catalogueCaches;
  const samples: number[] = [];
  for (const url of urls) {
    caches.clear();
    let status = 0;
    samples.push(
      await timed(async () => {
        status = (await app.inject({ method: 'GET', url, headers })).statusCode;
      }),
    );
    if (status !== 200) throw new Error(`${url} answered ${status}`);
  }
  return samples;
}

const repeat = <T>(items: T[], times: number) => Array.from({ length: times }, () => items).flat();

async function bareServer(body: Buffer, headers: Record<string, string>) {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, headers);
    res.end(body);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function run() {
  const started = performance.now();
  const bench = await createBenchDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'store-bench-'));
  let app: FastifyInstance | undefined;
  let bare: http.Server | undefined;
  try {
    const db = bench.database.db;
    const loadMs = await timed(() => loadCatalogue(db, PRODUCTS));
    const [{ visible }] = (
      (await db.execute(sql`
        select count(*)::int as visible from products p left join categories c on c.id = p.category_id
        where p.active and p.archived_at is null and (p.category_id is null or c.active)`)) as unknown as {
        rows: { visible: number }[];
      }
    ).rows as [{ visible: number }];
    const version = (
      (await db.execute(sql`select current_setting('server_version') as v`)) as unknown as {
        rows: { v: string }[];
      }
    ).rows[0]!.v;
    console.log(
      `Loaded ${PRODUCTS.toLocaleString('en-US')} products (${visible.toLocaleString('en-US')} visible to shoppers) into PostgreSQL ${version} in ${(loadMs / 1000).toFixed(1)} s.`,
    );

    const config = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: bench.url,
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://bench.localhost',
      SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-01',
      LOG_LEVEL: 'silent',
    });
    // Pages are rendered by the built entry-server, as in production.
    if (buildIsStale()) {
      console.log('Building the store for the page timings...');
      const build = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
      if (build.status !== 0) throw new Error('npm run build failed');
    }
    const renderer = await loadProductionRenderer(path.resolve('dist'));
    app = await buildApp({ config, database: bench.database, logger: false, renderer });
    await app.ready();

    // --- Server-side latency, every request reaching the database.
    const slugs = (
      (await db.execute(sql`
        select p.slug from products p left join categories c on c.id = p.category_id
        where p.active and p.archived_at is null and (p.category_id is null or c.active)
        order by (p.id * 7919) % 100003 limit 300`)) as unknown as { rows: { slug: string }[] }
    ).rows.map((r) => r.slug);
    const categorySlugs = (
      (await db.execute(sql`select slug from categories where active order by id`)) as unknown as {
        rows: { slug: string }[];
      }
    ).rows.map((r) => r.slug);

    const searchUrls = (kind?: string, searches = SEARCHES) =>
      searches
        .filter(([k]) => !kind || k === kind)
        .map(([, q]) => `/api/products/search?q=${encodeURIComponent(q)}`);
    const frenchSearchUrls = (kind?: string) => searchUrls(kind, FRENCH_SEARCHES);
    const listingUrls = Array.from({ length: 300 }, (_, i) => {
      const category = categorySlugs[i % categorySlugs.length];
      const sort = SORTS[i % SORTS.length];
      const page = 1 + (i % 5);
      return `/api/products?category=${category}&minPrice=20&maxPrice=400&inStock=true&sort=${sort}&page=${page}&limit=24`;
    });
    const defaultListingUrls = Array.from({ length: 100 }, (_, i) =>
      DEFAULT_LISTING.replace('page=1', `page=${1 + (i % 10)}`),
    );
    const productUrls = slugs.map((s) => `/api/products/${s}`);
    // The same requests as the pages a shopper opens: the HTML the server renders with the data in it.
    const listingPageUrls = listingUrls
      .slice(0, 100)
      .map((u) => u.replace('/api/products?', '/products?').replace('&limit=24', ''));
    const productPageUrls = slugs.slice(0, 100).map((s) => `/products/${s}`);

    // Warm-up: PostgreSQL's buffer cache and Node's JIT, as on a server that has been up a while.
    await injectLatencies(app, frenchSearchUrls(), FRENCH);
    await injectLatencies(app, [
      ...searchUrls(),
      ...listingUrls.slice(0, 40),
      ...defaultListingUrls.slice(0, 10),
      ...productUrls.slice(0, 40),
      ...listingPageUrls.slice(0, 10),
      ...productPageUrls.slice(0, 10),
    ]);

    const search = await injectLatencies(app, repeat(searchUrls(), ROUNDS_PER_GROUP));
    const frenchSearch = await injectLatencies(app, repeat(frenchSearchUrls(), ROUNDS_PER_GROUP), FRENCH);
    const frenchSearchOk = percentile(frenchSearch, 95) <= SEARCH_P95_TARGET_MS;
    const listing = await injectLatencies(app, listingUrls);
    const defaultListing = await injectLatencies(app, defaultListingUrls);
    const product = await injectLatencies(app, productUrls);
    const listingPage = await injectLatencies(app, listingPageUrls);
    const productPage = await injectLatencies(app, productPageUrls);
    const searchOk = percentile(search, 95) <= SEARCH_P95_TARGET_MS;
    const defaultListingOk = percentile(defaultListing, 95) <= DEFAULT_LISTING_P95_TARGET_MS;

    console.log(
      '\nServer-side latency (app.inject; caches emptied before every request, so each reaches PostgreSQL)',
    );
    console.log(
      table([
        ['request', 'requests', 'p50', 'p95', 'target'],
        [
          'search (20 queries, mixed kinds)',
          search.length,
          ms(percentile(search, 50)),
          ms(percentile(search, 95)),
          `p95 <= ${SEARCH_P95_TARGET_MS} ms: ${searchOk ? 'met' : 'MISSED'}`,
        ],
        [
          `French search (${FRENCH_SEARCHES.length} queries, fr-CA)`,
          frenchSearch.length,
          ms(percentile(frenchSearch, 50)),
          ms(percentile(frenchSearch, 95)),
          `p95 <= ${SEARCH_P95_TARGET_MS} ms: ${frenchSearchOk ? 'met' : 'MISSED'}`,
        ],
        [
          'filtered listing page',
          listing.length,
          ms(percentile(listing, 50)),
          ms(percentile(listing, 95)),
          '',
        ],
        [
          'default listing (all products)',
          defaultListing.length,
          ms(percentile(defaultListing, 50)),
          ms(percentile(defaultListing, 95)),
          `p95 <= ${DEFAULT_LISTING_P95_TARGET_MS} ms: ${defaultListingOk ? 'met' : 'MISSED'}`,
        ],
        ['product page', product.length, ms(percentile(product, 50)), ms(percentile(product, 95)), ''],
        [
          'filtered listing page, rendered HTML',
          listingPage.length,
          ms(percentile(listingPage, 50)),
          ms(percentile(listingPage, 95)),
          '',
        ],
        [
          'product page, rendered HTML',
          productPage.length,
          ms(percentile(productPage, 50)),
          ms(percentile(productPage, 95)),
          '',
        ],
      ]),
    );
    console.log('  filtered listing = category + price 20-400 + in stock + one of four sorts + pages 1-5');
    const kinds = [...new Set(SEARCHES.map(([k]) => k))];
    const byKind: (string | number)[][] = [['search kind', 'requests', 'p50', 'p95']];
    for (const kind of kinds) {
      const samples = await injectLatencies(app, repeat(searchUrls(kind), 5));
      byKind.push([kind, samples.length, ms(percentile(samples, 50)), ms(percentile(samples, 95))]);
    }
    console.log(`\n${table(byKind)}`);
    const frenchKinds = [...new Set(FRENCH_SEARCHES.map(([k]) => k))];
    const frenchByKind: (string | number)[][] = [['French search kind', 'requests', 'p50', 'p95']];
    for (const kind of frenchKinds) {
      const samples = await injectLatencies(app, repeat(frenchSearchUrls(kind), 5), FRENCH);
      frenchByKind.push([kind, samples.length, ms(percentile(samples, 50)), ms(percentile(samples, 95))]);
    }
    console.log(`\n${table(frenchByKind)}`);

    // --- The default listing's total, the two ways, taking turns so the machine's load hits both alike:
    // counting every visible product (what every request did before
    // docs/decisions/0140-listing-totals-from-maintained-counts.md) and the statement that now answers.
    const exactTotal = sql`select count(*)::int from products p left join categories c on c.id = p.category_id
      where p.active and p.archived_at is null and (p.category_id is null or c.active)`;
    const maintainedTotal = sql`select
      (select coalesce(sum(pc.visible), 0) from product_counts pc left join categories c on c.id = pc.category_key
        where pc.category_key = 0 or c.active)::int as total,
      exists (select 1 from products where active and archived_at is null and price > 1000::numeric) as priced_above`;
    const exactTimes: number[] = [];
    const maintainedTimes: number[] = [];
    for (let round = 0; round < TOTAL_ROUNDS; round++) {
      exactTimes.push(await timed(() => db.execute(exactTotal)));
      maintainedTimes.push(await timed(() => db.execute(maintainedTotal)));
    }
    console.log(
      `\n${table([
        ['total of the default listing', 'statements', 'p50', 'p95'],
        [
          'count every visible product',
          exactTimes.length,
          ms(percentile(exactTimes, 50)),
          ms(percentile(exactTimes, 95)),
        ],
        [
          'maintained counts (product_counts)',
          maintainedTimes.length,
          ms(percentile(maintainedTimes, 50)),
          ms(percentile(maintainedTimes, 95)),
        ],
      ])}`,
    );

    // --- Throughput over HTTP against a bare server sending the same bytes.
    await app.listen({ host: '127.0.0.1', port: 0 });
    const appUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const sample = await fetch(appUrl + DEFAULT_LISTING);
    const body = Buffer.from(await sample.arrayBuffer());
    const headers: Record<string, string> = {};
    sample.headers.forEach((value, name) => {
      if (!['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name)) headers[name] = value;
    });
    const bareSetup = await bareServer(body, headers);
    bare = bareSetup.server;

    // Warm both, then alternate rounds so background noise hits both alike; keep the medians.
    await runLoad([bareSetup.url], 500, CONCURRENCY);
    await runLoad([appUrl + DEFAULT_LISTING], 500, CONCURRENCY);
    const bareRates: number[] = [];
    const appRates: number[] = [];
    for (let round = 0; round < THROUGHPUT_ROUNDS; round++) {
      const b = await runLoad([bareSetup.url], THROUGHPUT_REQUESTS, CONCURRENCY);
      const a = await runLoad([appUrl + DEFAULT_LISTING], THROUGHPUT_REQUESTS, CONCURRENCY);
      if (a.failures || b.failures) throw new Error(`failed requests: app ${a.failures}, bare ${b.failures}`);
      bareRates.push(b.perSecond);
      appRates.push(a.perSecond);
    }
    // Every request a cache miss: a different price filter each time, so neither the response nor the
    // total is cached.
    const coldUrls = Array.from(
      { length: COLD_REQUESTS },
      (_, i) => appUrl + DEFAULT_LISTING.replace('minPrice=0', `minPrice=${i}`),
    );
    const cold = await runLoad(coldUrls, COLD_REQUESTS, CONCURRENCY);
    const coldBare = await runLoad([bareSetup.url], THROUGHPUT_REQUESTS, CONCURRENCY);
    if (cold.failures) throw new Error(`failed requests: ${cold.failures}`);

    const hotRatio = median(appRates) / median(bareRates);
    console.log(
      `\nListing throughput over HTTP (${CONCURRENCY} concurrent keep-alive node:http loops on a worker thread; ${(body.length / 1024).toFixed(1)} KiB body)`,
    );
    console.log(
      table([
        ['listing', 'requests', 'app req/s', 'bare node:http req/s', 'ratio', 'target'],
        [
          'popular listing (response cache, as in production)',
          `${THROUGHPUT_ROUNDS} x ${THROUGHPUT_REQUESTS}`,
          Math.round(median(appRates)),
          Math.round(median(bareRates)),
          hotRatio.toFixed(2),
          `>= ${THROUGHPUT_RATIO_TARGET}: ${hotRatio >= THROUGHPUT_RATIO_TARGET ? 'met' : 'MISSED'}`,
        ],
        [
          'every request a cache miss (database each time)',
          COLD_REQUESTS,
          Math.round(cold.perSecond),
          Math.round(coldBare.perSecond),
          (cold.perSecond / coldBare.perSecond).toFixed(2),
          '',
        ],
      ]),
    );
  } finally {
    await app?.close();
    await new Promise((resolve) => (bare ? bare.close(resolve) : resolve(undefined)));
    await bench.drop();
    rmSync(dataDir, { recursive: true, force: true });
    console.log(
      `\nDropped ${bench.name}; benchmark took ${((performance.now() - started) / 1000).toFixed(0)} s.`,
    );
  }
}

export const catalogueBenchmark: Benchmark = {
  name: 'catalogue',
  description: `${PRODUCTS.toLocaleString('en-US')} products: search, listing and product page latency; listing throughput against bare node:http`,
  run,
};
