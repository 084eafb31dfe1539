// Checkout benchmark: POST /api/square/create-checkout through the real app (production settings,
// local payment provider) on a throwaway PostgreSQL database, in one run:
// - hot: every checkout holds one unit of the same product, so all of them queue on that product's
//   row lock (the liquidation case: one popular lot);
// - spread: the same number of checkouts over many products, so they rarely wait for each other.
// The ratio hot / spread says what the row lock that keeps two shoppers from holding the same unit
// costs when everybody wants the same thing.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '~/server/app';
import { loadConfig } from '~/server/config';
import { products, stockHolds } from '~/server/db/schema';
import type { CreateCheckout, CurrentFigures } from '~/shared/schemas/checkout';
import { createProduct, seedStoreSettings, setWeekdayDiscounts } from '~/server/test/fixtures';
import type { Benchmark } from './lib/benchmark';
import { createBenchDatabase } from './lib/database';
import { ms, percentile, table } from './lib/stats';

const CHECKOUTS = 1_500;
const CONCURRENCY = 16;
const SPREAD_PRODUCTS = 500;

/** A create-checkout submission of one unit of a product at the given figures. */
export function body(
  productId: number,
  figures: Omit<CurrentFigures, 'items'>,
  item: CurrentFigures['items'][number],
): CreateCheckout {
  return {
    orderData: {
      customerName: 'Bench Shopper',
      customerEmail: 'bench@example.com',
      customerPhone: '416-555-0123',
      shippingAddress: {
        addressLine1: '123 Main Street',
        addressLine2: null,
        city: 'Toronto',
        state: 'ON',
        zipCode: 'M5V 2T6',
        country: 'Canada',
      },
      shippingMethod: 'standard',
      ...figures,
      paymentStatus: 'pending',
      status: 'pending',
      notes: null,
      userId: null,
      contractAccepted: true,
    },
    items: [
      {
        productId,
        name: item.name,
        price: item.price,
        compareAtPrice: item.compareAtPrice,
        quantity: 1,
        discountApplied: item.discountApplied,
        imageUrl: null,
      },
    ],
  };
}

/** Today's figures for one unit of a product (every benchmark product has the same price). */
async function figuresFor(app: FastifyInstance, productId: number) {
  const probe = body(
    productId,
    {
      subtotal: '0.00',
      discountAmount: '0.00',
      discountPercentage: '0.00',
      shippingCost: '0.00',
      taxRate: '0',
      taxAmount: '0.00',
      total: '0.00',
    },
    {
      productId,
      name: 'x',
      price: '0.00',
      regularPrice: '0.00',
      compareAtPrice: null,
      discountApplied: false,
      discountPercentage: 0,
      quantity: 1,
      available: 0,
      finalSale: false,
    },
  );
  const res = await app.inject({
    method: 'POST',
    url: '/api/square/create-checkout',
    payload: probe,
    headers: { 'x-forwarded-for': '192.0.2.1' },
  });
  if (res.statusCode !== 409) throw new Error(`expected a 409 quote, got ${res.statusCode}: ${res.body}`);
  const { items, ...figures } = res.json().current as CurrentFigures;
  return { figures, item: items[0]! };
}

let ipCounter = 0;
const nextIp = () => {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

/** Runs `bodies` through create-checkout, CONCURRENCY at a time. */
async function drive(app: FastifyInstance, bodies: CreateCheckout[]) {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const start = performance.now();
  async function worker() {
    while (next < bodies.length) {
      const payload = bodies[next++]!;
      const t0 = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/square/create-checkout',
        payload,
        headers: { 'x-forwarded-for': nextIp() },
      });
      latencies.push(performance.now() - t0);
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - start) / 1000;
  return { throughput: bodies.length / seconds, latencies, statuses, seconds };
}

async function run() {
  const bench = await createBenchDatabase('bench_checkout');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'store-bench-'));
  let app: FastifyInstance | undefined;
  try {
    const db = bench.database.db;
    await seedStoreSettings(db);
    await setWeekdayDiscounts(db);
    const hot = await createProduct(db, { name: 'Hot Lot', price: '25.00', stock: CHECKOUTS });
    const spread: { id: number }[] = [];
    for (let i = 0; i < SPREAD_PRODUCTS; i++) {
      spread.push(await createProduct(db, { name: `Spread Lot ${i}`, price: '25.00', stock: CHECKOUTS }));
    }
    const warm = await createProduct(db, { name: 'Warm-up Lot', price: '25.00', stock: 1_000 });
    const config = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: bench.url,
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://bench.localhost',
      SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-01',
      LOG_LEVEL: 'silent',
      // As behind a balancer on this machine: each checkout's X-Forwarded-For is its shopper's address, so
      // the per-address checkout rate limit and hold caps see 1,500 shoppers, not one (which answered 429).
      TRUST_PROXY: 'loopback',
    });
    app = await buildApp({ config, database: bench.database, logger: false });
    await app.ready();

    const { figures, item } = await figuresFor(app, hot.id);
    // Warm-up: JIT and PostgreSQL's caches, on a product of its own.
    await drive(
      app,
      Array.from({ length: 200 }, () => body(warm.id, figures, item)),
    );

    const hotRun = await drive(
      app,
      Array.from({ length: CHECKOUTS }, () => body(hot.id, figures, item)),
    );
    const spreadRun = await drive(
      app,
      Array.from({ length: CHECKOUTS }, (_, i) => body(spread[i % spread.length]!.id, figures, item)),
    );

    const held = async (ids: number[]) =>
      (await db.select({ n: count() }).from(stockHolds).where(sql`${stockHolds.productId} in ${ids}`))[0]!.n;
    const hotHeld = await held([hot.id]);
    const spreadHeld = await held(spread.map((p) => p.id));
    const [hotStock] = await db.select({ s: products.stock }).from(products).where(eq(products.id, hot.id));

    const statusText = (m: Map<number, number>) => [...m].map(([s, n]) => `${n} x ${s}`).join(', ');
    console.log(
      `\n${CHECKOUTS} checkouts of one unit each, ${CONCURRENCY} at a time, through app.inject (PostgreSQL pool of 10)`,
    );
    console.log(
      table([
        ['scenario', 'checkouts/s', 'p50', 'p95', 'answers', 'holds'],
        [
          'hot: one product',
          Math.round(hotRun.throughput),
          ms(percentile(hotRun.latencies, 50)),
          ms(percentile(hotRun.latencies, 95)),
          statusText(hotRun.statuses),
          hotHeld,
        ],
        [
          `spread: ${SPREAD_PRODUCTS} products`,
          Math.round(spreadRun.throughput),
          ms(percentile(spreadRun.latencies, 50)),
          ms(percentile(spreadRun.latencies, 95)),
          statusText(spreadRun.statuses),
          spreadHeld,
        ],
      ]),
    );
    console.log(`Ratio hot / spread throughput: ${(hotRun.throughput / spreadRun.throughput).toFixed(2)}`);
    if (hotHeld !== CHECKOUTS || spreadHeld !== CHECKOUTS || hotStock!.s !== CHECKOUTS) {
      throw new Error(`expected ${CHECKOUTS} holds in each scenario and untouched stock`);
    }
  } finally {
    await app?.close();
    await bench.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const checkoutBenchmark: Benchmark = {
  name: 'checkout',
  description: 'create-checkout throughput on one hot product versus spread over many, and their ratio',
  run,
};
