// Prometheus metrics (docs/decisions/0202-prometheus-metrics.md): what this instance served, and what
// the shared database holds (stock held, e-mails waiting, orders by payment status). Off unless
// METRICS_TOKEN (GET /metrics with a bearer token) or METRICS_PORT (a listener of its own) is set.
import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '~/server/config';
import type { Database } from '~/server/db/client';

/** Pages and unknown paths share one label, so a crawler's made-up addresses cannot grow the series. */
const OTHER_ROUTE = '(other)';
const CHECKOUT_ROUTE = '/api/square/create-checkout';

/** What a checkout request's status means, for store_checkouts_total. */
export function checkoutOutcome(status: number): string {
  if (status < 300) return 'created';
  if (status === 409) return 'changed_or_out_of_stock';
  if (status === 429) return 'limited';
  if (status === 502) return 'provider_error';
  if (status < 500) return 'rejected';
  return 'error';
}

type Rows<T> = { rows: T[] };

async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as Rows<T>).rows;
}

/** A database figure: a failed query leaves the gauge as it was rather than failing the whole scrape. */
async function quietly(task: () => Promise<void>): Promise<void> {
  try {
    await task();
  } catch {
    // The database is down: /api/ready says so; the request metrics still answer.
  }
}

export function createMetrics(database: Database, options: { processMetrics: boolean }): Registry {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  new Counter({
    name: 'store_http_requests_total',
    help: 'HTTP requests answered',
    labelNames,
    registers: [registry],
  });
  new Histogram({
    name: 'store_http_request_duration_seconds',
    help: 'Time to answer an HTTP request',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Counter({
    name: 'store_checkouts_total',
    help: 'Checkout requests answered by this instance, by outcome',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const pool = database.pool;
  new Gauge({
    name: 'store_db_pool_connections',
    help: 'Database pool connections by state (PostgreSQL; the embedded database has one connection)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      if (!pool) {
        this.set({ state: 'total' }, 1);
        return;
      }
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  // The figures below are the shared database's, so every instance reports the same values.
  new Gauge({
    name: 'store_stock_holds_active',
    help: 'Unexpired, unreleased stock holds of unpaid checkouts',
    labelNames: ['measure'],
    registers: [registry],
    async collect() {
      await quietly(async () => {
        const [row] = await rows<{ holds: number | string; units: number | string }>(
          database,
          sql`select count(*) as holds, coalesce(sum(quantity), 0) as units from stock_holds
            where released_at is null and expires_at > now()`,
        );
        this.set({ measure: 'holds' }, Number(row?.holds ?? 0));
        this.set({ measure: 'units' }, Number(row?.units ?? 0));
      });
    },
  });
  new Gauge({
    name: 'store_mail_outbox_backlog',
    help: 'E-mails in the outbox not sent (queued without SMTP, sending, or failed), by status',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      await quietly(async () => {
        const found = await rows<{ status: string; n: number | string }>(
          database,
          sql`select status, count(*) as n from mail_outbox where status <> 'sent' group by status`,
        );
        this.reset();
        for (const status of ['queued', 'sending', 'failed']) this.set({ status }, 0);
        for (const r of found) this.set({ status: r.status }, Number(r.n));
      });
    },
  });
  new Gauge({
    name: 'store_orders',
    help: 'Orders by payment status (pending, completed, failed, refunded): the payments by outcome',
    labelNames: ['payment_status'],
    registers: [registry],
    async collect() {
      await quietly(async () => {
        const found = await rows<{ status: string; n: number | string }>(
          database,
          sql`select payment_status as status, count(*) as n from orders group by payment_status`,
        );
        this.reset();
        for (const r of found) this.set({ payment_status: r.status }, Number(r.n));
      });
    },
  });
  return registry;
}

function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** Counts every answer, and serves GET /metrics when METRICS_TOKEN is set. */
export function registerMetrics(app: FastifyInstance, registry: Registry, config: Config): void {
  const requests = registry.getSingleMetric('store_http_requests_total') as Counter;
  const durations = registry.getSingleMetric('store_http_request_duration_seconds') as Histogram;
  const checkouts = registry.getSingleMetric('store_checkouts_total') as Counter;
  app.addHook('onResponse', async (request, reply) => {
    const route = request.is404 ? OTHER_ROUTE : (request.routeOptions.url ?? OTHER_ROUTE);
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
    if (route === CHECKOUT_ROUTE && request.method === 'POST')
      checkouts.inc({ outcome: checkoutOutcome(reply.statusCode) });
  });

  const token = config.METRICS_TOKEN;
  if (!token) return;
  // Public as far as sessions go: the bearer token is its access check.
  app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!given || !sameSecret(given, token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send({ message: 'A valid metrics token is required.' });
    }
    reply.header('cache-control', 'no-store').type(registry.contentType);
    return registry.metrics();
  });
}

/** METRICS_PORT: the metrics on a listener of their own (no token), for a network only the scraper reaches. */
export async function startMetricsServer(
  registry: Registry,
  port: number,
  host: string,
): Promise<{ port: number; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (body) => res.writeHead(200, { 'content-type': registry.contentType }).end(body),
      (error: unknown) =>
        res.writeHead(500, { 'content-type': 'text/plain' }).end(`Metrics failed: ${String(error)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as { port: number }).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
