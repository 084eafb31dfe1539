// The scale-out proof (docs/decisions/0215-scale-out-proof.md): two built instances behind HAProxy on a fresh
// PostgreSQL database, pictures in the S3 test server, driven over real HTTP from distinct shopper addresses
// (X-Forwarded-For through the balancer). It measures checkout throughput with one and with two instances,
// then proves, failing the run when one does not hold:
// 1. 500 concurrent checkouts of a product of stock 10 -> exactly 10 accepted, the rest refused with 409;
// 2. their payments completed on the local payment page through both instances (each twice, once on each)
//    -> stock 0 and exactly one confirmation and one new-order alert per order in the outbox;
// 3. a picture uploaded through one instance loads, byte for byte, through the other;
// 4. one instance killed (SIGKILL) in the middle of a run of checkouts -> every 200 answer's order and hold
//    exist; the checkouts after it all answer 200 (the balancer sends them to the survivor); once the
//    one-minute holds have passed, the whole stock can be held again, the dead instance's holds included.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { mailOutbox, orders, products, stockHolds } from '~/server/db/schema';
import { createProduct } from '~/server/test/fixtures';
import { startS3TestServer } from '~/server/test/s3-test-server';
import type { CreateCheckout, CurrentFigures } from '~/shared/schemas/checkout';
import {
  haproxyConfig,
  prepareCluster,
  type StoreInstance,
  startHaproxy,
  startStoreInstance,
  waitFor,
} from '../scripts/cluster-parts';
import type { Benchmark } from './lib/benchmark';
import { body } from './checkout';
import { createBenchDatabase } from './lib/database';
import { ms, percentile, table } from './lib/stats';

// The balancer over both instances; the instances on the next two ports; a second frontend over the first
// instance alone on the port after, so one and two instances are measured through the same balancer.
const BASE_PORT = Number(process.env.SCALE_OUT_PORT ?? 18_180);
const HOT_STOCK = 10;
const HOT_CHECKOUTS = 500;
const THROUGHPUT_ROUNDS = 2;
const THROUGHPUT_CHECKOUTS = 300;
const THROUGHPUT_CONCURRENCY = 32;
const KILL_STOCK = 150;
const KILL_AFTER_ANSWERS = 40;
const AFTER_KILL_CHECKOUTS = 30;

class ProofFailed extends Error {}
const failures: string[] = [];
function expect(ok: boolean, what: string) {
  console.log(`  ${ok ? 'ok  ' : 'FAIL'}  ${what}`);
  if (!ok) failures.push(what);
}

// Shopper addresses from 198.18.0.0/15, the range set aside for benchmarks: one per checkout. They only
// travel in X-Forwarded-For; every connection goes to the balancer on 127.0.0.1.
let shopper = 0;
const nextAddress = () => {
  shopper++;
  return `198.${18 + ((shopper >> 16) & 1)}.${(shopper >> 8) & 255}.${shopper & 255}`;
};

/** `by`: the instance that answered (HAProxy's X-Served-By), when the balancer was in between. */
type Answer = { status: number; orderId?: string; error?: string; ms: number; by?: string };

async function checkout(baseUrl: string, payload: CreateCheckout): Promise<Answer> {
  const t0 = performance.now();
  try {
    const res = await fetch(`${baseUrl}/api/square/create-checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
      body: JSON.stringify(payload),
    });
    const json = (await res.json().catch(() => ({}))) as { orderId?: string };
    return {
      status: res.status,
      orderId: json.orderId,
      ms: performance.now() - t0,
      by: res.headers.get('x-served-by') ?? undefined,
    };
  } catch (error) {
    // The connection broke: not an acknowledged checkout.
    const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
    return {
      status: 0,
      error: `${(error as Error).message}${cause ? ` (${cause.code ?? cause.message})` : ''}`,
      ms: performance.now() - t0,
    };
  }
}

/** Runs the submissions `concurrency` at a time; `onAnswer` sees each answer as it comes. */
async function drive(
  baseUrl: string,
  bodies: CreateCheckout[],
  concurrency: number,
  onAnswer?: (answered: number) => void,
) {
  const answers: Answer[] = new Array(bodies.length);
  let next = 0;
  let answered = 0;
  const start = performance.now();
  async function worker() {
    while (next < bodies.length) {
      const i = next++;
      answers[i] = await checkout(baseUrl, bodies[i]!);
      onAnswer?.(++answered);
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, bodies.length) }, worker));
  return { answers, seconds: (performance.now() - start) / 1000 };
}

const statusText = (answers: Answer[]) => {
  const counts = new Map<number, number>();
  for (const a of answers) counts.set(a.status, (counts.get(a.status) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => a[0] - b[0])
    .map(([s, n]) => `${n} x ${s === 0 ? 'broken' : s}`)
    .join(', ');
};

/** Which instance gave the 200 answers. */
const servedText = (answers: Answer[]) => {
  const counts = new Map<string, number>();
  for (const a of answers) if (a.status === 200) counts.set(a.by ?? '?', (counts.get(a.by ?? '?') ?? 0) + 1);
  return [...counts]
    .sort()
    .map(([by, n]) => `${by} ${n}`)
    .join(', ');
};

/** The current figures for one unit (the server prices it; a zero submission answers 409 with them). */
async function figuresFor(baseUrl: string, productId: number) {
  const zero = '0.00';
  const probe = body(
    productId,
    {
      subtotal: zero,
      discountAmount: zero,
      discountPercentage: zero,
      shippingCost: zero,
      taxRate: '0',
      taxAmount: zero,
      total: zero,
    },
    {
      productId,
      name: 'x',
      price: zero,
      regularPrice: zero,
      compareAtPrice: null,
      discountApplied: false,
      discountPercentage: 0,
      quantity: 1,
      available: 0,
      finalSale: false,
    },
  );
  const res = await fetch(`${baseUrl}/api/square/create-checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
    body: JSON.stringify(probe),
  });
  if (res.status !== 409) throw new Error(`expected a 409 quote, got ${res.status}: ${await res.text()}`);
  const { items, ...figures } = ((await res.json()) as { current: CurrentFigures }).current;
  return { figures, item: items[0]! };
}

/** `count` submissions for one unit of the product, each from its own shopper e-mail. */
async function bodiesFor(baseUrl: string, productIds: number[], count: number) {
  const quote = await figuresFor(baseUrl, productIds[0]!);
  return Array.from({ length: count }, (_, i) => {
    const b = body(productIds[i % productIds.length]!, quote.figures, quote.item);
    // One recipient per order: the per-recipient e-mail limit must not be what decides the e-mail count.
    return { ...b, orderData: { ...b.orderData, customerEmail: `shopper${shopper + i}@example.com` } };
  });
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function run() {
  prepareCluster();
  failures.length = 0;
  // Migrated here; the first instance to start seeds it (the demo store and the administrator) under the lock.
  const bench = await createBenchDatabase('bench_scale');
  const root = mkdtempSync(path.join(os.tmpdir(), 'store-scale-'));
  const s3 = await startS3TestServer({ directory: path.join(root, 's3') });
  const children: ChildProcess[] = [];
  const balanced = `http://127.0.0.1:${BASE_PORT}`;
  const single = `http://127.0.0.1:${BASE_PORT + 3}`;
  const adminPassword = randomBytes(12).toString('hex');
  try {
    const db = bench.database.db;
    const env = {
      ...s3.env,
      DATABASE_URL: bench.url,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_URL: balanced,
      LOG_LEVEL: 'warn',
      // Holds of one minute, so the dead instance's holds pass within the run.
      STOCK_HOLD_MINUTES: '1',
      ADMIN_USERNAME: 'bench-admin',
      ADMIN_PASSWORD: adminPassword,
    };
    // Both at once on the fresh database: the start-up lock lets one migrate and seed.
    const instances: StoreInstance[] = [1, 2].map((n) =>
      startStoreInstance({
        n,
        port: BASE_PORT + n,
        env: { ...env, DATA_DIR: path.join(root, `store${n}`) },
        stdio: 'ignore',
      }),
    );
    children.push(...instances.map((i) => i.child));
    for (const instance of instances) {
      while ((await waitFor(`${instance.url}/api/ready`, instance.child)) !== 200) {
        await new Promise((r) => setTimeout(r, 500));
      }
    }
    const [one, two] = instances as [StoreInstance, StoreInstance];
    const haproxy = startHaproxy(
      path.join(root, 'haproxy.cfg'),
      haproxyConfig(
        [
          { name: 'both', port: BASE_PORT, instances },
          { name: 'first', port: BASE_PORT + 3, instances: [one] },
        ],
        '/api/ready',
        { servedByHeader: true },
      ),
    );
    children.push(haproxy);
    await waitFor(`${balanced}/api/health`, haproxy, 30);
    await waitFor(`${single}/api/health`, haproxy, 30);

    // --- Throughput: one instance against two, taking turns through the same balancer.
    const spread: number[] = [];
    for (let i = 0; i < 100; i++) {
      spread.push((await createProduct(db, { name: `Scale Lot ${i}`, price: '25.00', stock: 100_000 })).id);
    }
    const warm = await bodiesFor(balanced, spread, 100);
    await drive(balanced, warm, THROUGHPUT_CONCURRENCY);
    const runs = {
      one: { n: 0, s: 0, lat: [] as number[], answers: [] as Answer[] },
      two: { n: 0, s: 0, lat: [] as number[], answers: [] as Answer[] },
    };
    for (let round = 0; round < THROUGHPUT_ROUNDS; round++) {
      // One, two, then two, one: neither always runs first.
      const order = [
        ['one', single],
        ['two', balanced],
      ] as const;
      for (const [key, url] of round % 2 ? [...order].reverse() : order) {
        const r = await drive(
          url,
          await bodiesFor(url, spread, THROUGHPUT_CHECKOUTS),
          THROUGHPUT_CONCURRENCY,
        );
        runs[key].n += r.answers.length;
        runs[key].s += r.seconds;
        runs[key].lat.push(...r.answers.map((a) => a.ms));
        runs[key].answers.push(...r.answers);
      }
    }
    const rate = (k: 'one' | 'two') => runs[k].n / runs[k].s;
    console.log(
      `\nCheckouts over ${spread.length} products, ${THROUGHPUT_CONCURRENCY} at a time through HAProxy, ${THROUGHPUT_ROUNDS} alternating rounds of ${THROUGHPUT_CHECKOUTS}:`,
    );
    console.log(
      table([
        ['instances', 'checkouts/s', 'p50', 'p95', 'answers', 'served by'],
        ...(['one', 'two'] as const).map((k) => [
          k === 'one' ? 'one' : 'two',
          Math.round(rate(k)),
          ms(percentile(runs[k].lat, 50)),
          ms(percentile(runs[k].lat, 95)),
          statusText(runs[k].answers),
          servedText(runs[k].answers),
        ]),
      ]),
    );
    console.log(`Ratio two / one instance throughput: ${(rate('two') / rate('one')).toFixed(2)}\n`);
    expect(
      [...runs.one.answers, ...runs.two.answers].every((a) => a.status === 200),
      'every throughput checkout answered 200',
    );

    // --- 1. 500 concurrent checkouts of a product of stock 10.
    console.log('Proof:');
    const hot = await createProduct(db, { name: 'Scale Hot Lot', price: '25.00', stock: HOT_STOCK });
    const hotBodies = await bodiesFor(balanced, [hot.id], HOT_CHECKOUTS);
    const hotRun = await drive(balanced, hotBodies, HOT_CHECKOUTS);
    const accepted = hotRun.answers.filter((a) => a.status === 200);
    console.log(
      `  ${HOT_CHECKOUTS} concurrent checkouts for stock ${HOT_STOCK}: ${statusText(hotRun.answers)} (accepted by ${servedText(hotRun.answers)})`,
    );
    expect(accepted.length === HOT_STOCK, `exactly ${HOT_STOCK} of ${HOT_CHECKOUTS} accepted`);
    expect(
      new Set(hotRun.answers.map((a) => a.by)).size === 2,
      'both instances answered the concurrent checkouts',
    );
    expect(
      hotRun.answers.every((a) => a.status === 200 || a.status === 409),
      'every other one refused with 409 (out of stock), none failed',
    );
    const references = accepted.map((a) => a.orderId!);
    const hotOrders = references.length
      ? await db.select().from(orders).where(inArray(orders.orderReference, references))
      : [];
    expect(hotOrders.length === accepted.length, 'each accepted checkout has its order');

    // --- 2. Payments through both instances: each order paid on one, then again on the other.
    const pay = async (instance: StoreInstance, reference: string) => {
      const res = await fetch(`${instance.url}/pay/${reference}/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: '',
        redirect: 'manual',
      });
      return res.status === 303 && (res.headers.get('location') ?? '').includes('success');
    };
    const paid = await Promise.all(
      references.map(async (reference, i) => {
        const first = await pay(instances[i % 2]!, reference);
        const again = await pay(instances[(i + 1) % 2]!, reference);
        return first && again;
      }),
    );
    expect(
      paid.every(Boolean),
      'every payment succeeded, through instance 1 for half and 2 for the others, and again on the other one',
    );
    const [hotNow] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, hot.id));
    expect(hotNow!.stock === 0, `stock 0 after the payments (is ${hotNow!.stock})`);
    const orderIds = hotOrders.map((o) => o.id);
    // The confirmation is written after the payment's transaction; allow it to land.
    let mails: { orderId: number | null; kind: string }[] = [];
    for (let i = 0; i < 60; i++) {
      mails = orderIds.length
        ? await db
            .select({ orderId: mailOutbox.orderId, kind: mailOutbox.kind })
            .from(mailOutbox)
            .where(inArray(mailOutbox.orderId, orderIds))
        : [];
      if (mails.length >= 2 * orderIds.length) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    // Each paid order: its confirmation and the new-order alert to the store (docs/decisions/0270).
    const perOrder = orderIds.map((id) => mails.filter((m) => m.orderId === id).length);
    const kindsOf = (id: number) =>
      mails
        .filter((m) => m.orderId === id)
        .map((m) => m.kind)
        .sort()
        .join();
    console.log(
      `  e-mails per order in the outbox: ${perOrder.join(', ')} (${[...new Set(mails.map((m) => m.kind))].join(', ')})`,
    );
    expect(
      orderIds.length === HOT_STOCK &&
        orderIds.every((id) => kindsOf(id) === 'order-confirmation,order-new-alert'),
      'exactly one confirmation and one new-order alert per order in the outbox',
    );

    // --- 3. A picture uploaded through one instance loads through the other.
    const login = await fetch(`${one.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench-admin', password: adminPassword }),
    });
    const cookie = (login.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
    const png = await sharp({
      create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 40, b: 40 } },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'scale-out.png');
    const upload = await fetch(`${one.url}/api/upload/image`, {
      method: 'POST',
      headers: { cookie },
      body: form,
    });
    const uploaded = upload.status === 200 ? ((await upload.json()) as { url: string }).url : null;
    let sameBytes = false;
    if (uploaded?.startsWith('/')) {
      const [viaOne, viaTwo] = await Promise.all(
        [one, two].map(async (i) => {
          const res = await fetch(`${i.url}${uploaded}`);
          return res.status === 200 ? Buffer.from(await res.arrayBuffer()) : null;
        }),
      );
      sameBytes = !!viaOne && !!viaTwo && viaOne.length > 0 && viaOne.equals(viaTwo);
    }
    console.log(`  picture: login ${login.status}, upload ${upload.status} ${uploaded ?? ''}`);
    expect(sameBytes, 'the picture uploaded through instance 1 loads through instance 2, the same bytes');

    // --- 4. Instance 2 killed in the middle of a run of checkouts.
    const lot = await createProduct(db, { name: 'Scale Kill Lot', price: '25.00', stock: KILL_STOCK });
    const killBodies = await bodiesFor(balanced, [lot.id], KILL_STOCK);
    let killedAt = -1;
    const killRun = await drive(balanced, killBodies, 16, (answered) => {
      if (answered === KILL_AFTER_ANSWERS && killedAt < 0) {
        killedAt = answered;
        two.child.kill('SIGKILL');
      }
    });
    const acknowledged = killRun.answers.filter((a) => a.status === 200).map((a) => a.orderId!);
    console.log(
      `  ${KILL_STOCK} checkouts for stock ${KILL_STOCK}, instance 2 killed (SIGKILL) after ${killedAt} answers: ${statusText(killRun.answers)} (accepted by ${servedText(killRun.answers)})`,
    );
    const broken = [...new Set(killRun.answers.filter((a) => a.error).map((a) => a.error))];
    if (broken.length) console.log(`  broken connections: ${broken.join('; ')}`);
    const byDead = killRun.answers
      .filter((a) => a.status === 200 && a.by === 'store2')
      .map((a) => a.orderId!);
    expect(byDead.length > 0, 'instance 2 had accepted checkouts (holds) of the lot before it died');
    const found = acknowledged.length
      ? await db
          .select({ reference: orders.orderReference })
          .from(orders)
          .innerJoin(stockHolds, eq(stockHolds.orderId, orders.id))
          .where(and(inArray(orders.orderReference, acknowledged), eq(stockHolds.productId, lot.id)))
      : [];
    expect(
      acknowledged.length > 0 && new Set(found.map((f) => f.reference)).size === acknowledged.length,
      `no acknowledged checkout lost: all ${acknowledged.length} answered 200 have their order and hold`,
    );
    const [{ holds: allHolds }] = (await db
      .select({ holds: sql<number>`count(*)::int` })
      .from(stockHolds)
      .where(eq(stockHolds.productId, lot.id))) as [{ holds: number }];
    console.log(
      `  holds on the lot: ${allHolds}: ${byDead.length} acknowledged by instance 2, ${allHolds - acknowledged.length} with no 200 answer (cut off by the kill)`,
    );
    expect(two.child.signalCode === 'SIGKILL', 'instance 2 is dead');

    const other = await createProduct(db, { name: 'Scale After Lot', price: '25.00', stock: 1_000 });
    const afterRun = await drive(balanced, await bodiesFor(balanced, [other.id], AFTER_KILL_CHECKOUTS), 8);
    console.log(
      `  ${AFTER_KILL_CHECKOUTS} checkouts after the kill: ${statusText(afterRun.answers)} (by ${servedText(afterRun.answers)})`,
    );
    expect(
      afterRun.answers.every((a) => a.status === 200 && a.by === 'store1'),
      'every checkout after the kill answered 200: the balancer sends them to the survivor',
    );

    // The holds were one minute long: wait for the last to pass, then the whole stock must be holdable again.
    const [{ last }] = (await db
      .select({ last: sql<string>`max(${stockHolds.expiresAt})::text` })
      .from(stockHolds)
      .where(eq(stockHolds.productId, lot.id))) as [{ last: string }];
    const waitMs = Math.max(0, new Date(last).getTime() - Date.now()) + 1_000;
    console.log(`  waiting ${(waitMs / 1000).toFixed(0)} s for the holds to expire...`);
    await new Promise((r) => setTimeout(r, waitMs));
    const [{ active }] = (await db
      .select({ active: sql<number>`count(*)::int` })
      .from(stockHolds)
      .where(
        and(
          eq(stockHolds.productId, lot.id),
          isNull(stockHolds.releasedAt),
          gt(stockHolds.expiresAt, sql`now()`),
        ),
      )) as [{ active: number }];
    const [{ deadExpired }] = (await db
      .select({ deadExpired: sql<number>`count(*)::int` })
      .from(stockHolds)
      .innerJoin(orders, eq(orders.id, stockHolds.orderId))
      .where(
        and(
          inArray(orders.orderReference, byDead),
          isNull(stockHolds.releasedAt),
          sql`${stockHolds.expiresAt} <= now()`,
        ),
      )) as [{ deadExpired: number }];
    expect(
      deadExpired === byDead.length && active === 0,
      `the dead instance's ${byDead.length} holds expired, and no hold on the lot counts any more`,
    );
    const againRun = await drive(balanced, await bodiesFor(balanced, [lot.id], KILL_STOCK + 10), 16);
    const againAccepted = againRun.answers.filter((a) => a.status === 200).length;
    console.log(
      `  ${KILL_STOCK + 10} checkouts for the lot again, on the survivor: ${statusText(againRun.answers)}`,
    );
    expect(
      againAccepted === KILL_STOCK,
      `exactly the whole stock (${KILL_STOCK}) held again through the survivor`,
    );

    if (failures.length)
      throw new ProofFailed(`${failures.length} invariant(s) failed: ${failures.join('; ')}`);
    console.log('\nEvery invariant held.');
  } finally {
    for (const child of [...children].reverse()) await stopChild(child);
    await s3.close();
    await bench.drop();
    rmSync(root, { recursive: true, force: true });
  }
}

export const scaleOutBenchmark: Benchmark = {
  name: 'scale-out',
  description:
    'two instances behind HAProxy: checkout throughput with one and two, and the proof (stock, payments, e-mails, a kill, pictures)',
  run,
};
