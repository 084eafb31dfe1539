// The store through a database outage, on a PostgreSQL cluster of the test's own (test/private-postgres.ts):
// two instances (the real entry point) under checkout load while the server is stopped ('fast', as a
// restart does) and started again: both processes live through it, shoppers get 503 with Retry-After
// and then 200, every acknowledged order is in the database and no order stands behind a 500. A frozen
// server (SIGSTOP) answers 503 once the statement timeout has passed rather than hanging
// (docs/decisions/0440-database-failures-answer-503.md).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateCheckout, CurrentFigures } from '~/shared/schemas/checkout';
import { type PrivatePostgres, privatePostgresMissing, startPrivatePostgres } from './test/private-postgres';
import { type SpawnedStore, spawnStore } from './test/spawn-store';
import { testDbKind } from './test/test-database';

const missing = privatePostgresMissing();
if (missing) console.warn(`Skipping the database outage tests: ${missing}`);
// The cluster is the test's own: once is enough, whichever database the other API tests use.
const skip = Boolean(missing) || testDbKind() === 'postgres';

const STATEMENT_TIMEOUT_MS = 1_500;
let cluster: PrivatePostgres;
const stores: SpawnedStore[] = [];
const dirs: string[] = [];

async function sql<T>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: cluster.url('store') });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  if (skip) return;
  cluster = await startPrivatePostgres();
  const admin = new pg.Client({ connectionString: cluster.url() });
  await admin.connect();
  await admin.query('create database store');
  await admin.end();
  for (let i = 0; i < 2; i++) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'store-outage-'));
    dirs.push(dataDir);
    stores.push(
      await spawnStore({
        DATA_DIR: dataDir,
        DATABASE_URL: cluster.url('store'),
        ADMIN_USERNAME: 'owner',
        ADMIN_PASSWORD: 'owner-password-1',
        TRUST_PROXY: 'loopback',
        DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
        DB_CONNECT_TIMEOUT_MS: '1000',
        DB_LOCK_TIMEOUT_MS: '1000',
        LOG_LEVEL: 'warn',
        // The load holds more than the share rule's floor of the demo stock: this test is about the
        // database going away, not about hoarding (hoarding.test.ts covers that rule).
        HOLD_SHARE_MIN_UNITS: '10000000',
      }),
    );
  }
  await Promise.all(stores.map((s) => s.ready()));
}, 180_000);

afterAll(async () => {
  for (const store of stores) await store.stop();
  await cluster?.destroy();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

let shopper = 0;
type Answer = { status: number; email: string; orderId?: string; retryAfter: string | null; at: number };

function submission(productId: number, current: CurrentFigures, email: string): CreateCheckout {
  const { items, ...figures } = current;
  const item = items[0]!;
  return {
    orderData: {
      customerName: 'Outage Shopper',
      customerEmail: email,
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
  } as CreateCheckout;
}

async function post(url: string, payload: unknown, address: string) {
  return fetch(`${url}/api/square/create-checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address, origin: url },
    body: JSON.stringify(payload),
  });
}

/** Today's figures for one unit: a submission at zero answers 409 with them. */
async function currentFigures(url: string, productId: number): Promise<CurrentFigures> {
  const zero = submission(
    productId,
    {
      subtotal: '0.00',
      discountAmount: '0.00',
      discountPercentage: '0.00',
      shippingCost: '0.00',
      taxRate: '0',
      taxAmount: '0.00',
      total: '0.00',
      items: [{ name: 'x', price: '0.00', compareAtPrice: null, discountApplied: false }],
    } as unknown as CurrentFigures,
    'probe@example.com',
  );
  const res = await post(url, zero, '198.18.255.1');
  expect(res.status).toBe(409);
  return ((await res.json()) as { current: CurrentFigures }).current;
}

async function checkout(url: string, productId: number, current: CurrentFigures): Promise<Answer> {
  const n = ++shopper;
  const email = `shopper-${n}@example.com`;
  // Each shopper on a network of its own (a /24 each): the limits that count people per network
  // (docs/decisions/0450-limits-that-count-people.md) are not what this test is about.
  const address = `10.${(n >> 8) & 255}.${n & 255}.1`;
  try {
    const res = await post(url, submission(productId, current, email), address);
    const json = (await res.json().catch(() => ({}))) as { orderId?: string };
    return {
      status: res.status,
      email,
      orderId: json.orderId,
      retryAfter: res.headers.get('retry-after'),
      at: Date.now(),
    };
  } catch {
    return { status: 0, email, retryAfter: null, at: Date.now() };
  }
}

describe.skipIf(skip)('a database outage', () => {
  it('a restart under checkout load: 503s then 200s, no process lost, nothing acknowledged lost', async () => {
    const [product] = await sql<{ id: number }>(
      'select id from products where active and not final_sale order by id limit 1',
    );
    await sql('update products set stock = 100000 where id = $1', [product!.id]);
    const current = await currentFigures(stores[0]!.url, product!.id);

    const answers: Answer[] = [];
    let phase: 'before' | 'down' | 'after' = 'before';
    let restartedAt = 0;
    const okAfterRestart = new Set<string>();
    let stopLoad = false;
    const worker = async (store: SpawnedStore) => {
      while (!stopLoad) {
        const answer = await checkout(store.url, product!.id, current);
        answers.push(answer);
        if (phase === 'after' && answer.status === 200 && answer.at > restartedAt)
          okAfterRestart.add(store.url);
      }
    };
    const load = stores.flatMap((store) => [worker(store), worker(store)]);

    const until = async (condition: () => boolean) => {
      while (!condition()) await new Promise((r) => setTimeout(r, 50));
    };
    await until(() => answers.filter((a) => a.status === 200).length >= 6);
    phase = 'down';
    await cluster.stop('fast');
    const downAt = Date.now();
    await until(() => answers.filter((a) => a.status === 503 && a.at > downAt).length >= 4);
    await cluster.start();
    restartedAt = Date.now();
    phase = 'after';
    await until(() => okAfterRestart.size === stores.length);
    stopLoad = true;
    await Promise.all(load);

    // Both processes lived through it.
    for (const store of stores) {
      expect(store.output()).not.toContain('uncaught');
      expect((await fetch(`${store.url}/api/health`)).status).toBe(200);
    }
    const statuses = new Set(answers.map((a) => a.status));
    expect([...statuses].sort()).toEqual([200, 503]);
    for (const a of answers.filter((x) => x.status === 503)) expect(a.retryAfter).toBe('5');

    // Every acknowledged checkout has its order; every order was acknowledged or answered 503 (a
    // commit whose answer was lost with the connection: the shopper's retry finds it by its key).
    const orders = await sql<{ order_reference: string; customer_email: string }>(
      "select order_reference, customer_email from orders where customer_email like 'shopper-%'",
    );
    const byEmail = new Map(orders.map((o) => [o.customer_email, o.order_reference]));
    for (const a of answers.filter((x) => x.status === 200)) expect(byEmail.get(a.email)).toBe(a.orderId);
    const answered = new Map(answers.map((a) => [a.email, a.status]));
    for (const o of orders) expect([200, 503]).toContain(answered.get(o.customer_email));
  }, 120_000);

  it('a frozen database: a page of the API answers 503 after the statement timeout, not never', async () => {
    const url = stores[0]!.url;
    expect((await fetch(`${url}/api/products?limit=1`)).status).toBe(200);
    expect((await fetch(`${url}/api/ready`)).status).toBe(200);
    await cluster.freeze();
    try {
      const res = await fetch(`${url}/api/products?limit=2`, { signal: AbortSignal.timeout(30_000) });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      // Readiness answers at once and keeps the instance in the balancer (the database is everybody's).
      const ready = await fetch(`${url}/api/ready`, { signal: AbortSignal.timeout(30_000) });
      expect(ready.status).toBe(200);
      expect(((await ready.json()) as { checks: { database: boolean } }).checks.database).toBe(false);
    } finally {
      await cluster.thaw();
    }
    for (const store of stores) expect((await fetch(`${store.url}/api/health`)).status).toBe(200);
  }, 60_000);
});
