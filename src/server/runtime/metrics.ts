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
import { HOLD_EXPIRED_NOTE } from '~/server/features/orders';
import { mailDeliveries } from '~/server/mail/mailer';

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
    help: 'E-mails in the outbox still to send (queued without SMTP, pending, sending, or failed and not since sent), by status',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      await quietly(async () => {
        // A failed e-mail that a later one of the same kind, to the same address, for the same order
        // has since delivered (a confirmation retried as a new message) is no longer waiting.
        const found = await rows<{ status: string; n: number | string }>(
          database,
          sql`select m.status, count(*) as n from mail_outbox m
            where m.status <> 'sent' and not exists (
              select 1 from mail_outbox s where s.status = 'sent' and s.id > m.id and s.kind = m.kind
                and s."to" = m."to" and s.order_id is not distinct from m.order_id)
            group by m.status`,
        );
        this.reset();
        for (const status of ['queued', 'pending', 'sending', 'failed']) this.set({ status }, 0);
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
  new Gauge({
    name: 'store_payments_failed',
    help: 'Orders whose payment failed, by reason: declined (or refused) apart from checkouts that expired unpaid',
    labelNames: ['reason'],
    registers: [registry],
    async collect() {
      await quietly(async () => {
        const found = await rows<{ reason: string; n: number | string }>(
          database,
          sql`select case when exists (select 1 from order_history h where h.order_id = o.id
                and h.field = 'note' and h.to_value = ${HOLD_EXPIRED_NOTE}) then 'expired' else 'declined' end as reason,
              count(*) as n
            from orders o where o.payment_status = 'failed' group by 1`,
        );
        this.set({ reason: 'declined' }, 0);
        this.set({ reason: 'expired' }, 0);
        for (const r of found) this.set({ reason: r.reason }, Number(r.n));
      });
    },
  });
  new Gauge({
    name: 'store_db_up',
    help: 'Whether the database answered this scrape (1) or not (0)',
    registers: [registry],
    async collect() {
      try {
        await database.db.execute(sql`select 1`);
        this.set(1);
      } catch {
        this.set(0);
      }
    },
  });
  // This process's e-mail deliveries (src/server/mail/mailer.ts counts them).
  new Counter({
    name: 'store_mail_deliveries_total',
    help: 'E-mails handed to SMTP by this instance, by result (sent, failed)',
    labelNames: ['result'],
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ result: 'sent' }, mailDeliveries.sent);
      this.inc({ result: 'failed' }, mailDeliveries.failed);
    },
  });
  // The maintenance jobs run on one instance at a time: each instance reports the runs it made.
  new Gauge({
    name: 'store_job_last_run_timestamp_seconds',
    help: 'When this instance last ran each maintenance task (Unix time)',
    labelNames: ['task'],
    registers: [registry],
  });
  new Gauge({
    name: 'store_job_last_failure_timestamp_seconds',
    help: 'When a maintenance task last failed on this instance (Unix time)',
    labelNames: ['task'],
    registers: [registry],
  });
  new Counter({
    name: 'store_job_failures_total',
    help: 'Maintenance task runs that failed on this instance',
    labelNames: ['task'],
    registers: [registry],
  });
  return registry;
}

/** Records one maintenance task's run in the app's metrics. */
export function recordJobRun(registry: Registry | undefined, task: string, ok: boolean): void {
  if (!registry) return;
  const now = Date.now() / 1000;
  (registry.getSingleMetric('store_job_last_run_timestamp_seconds') as Gauge | undefined)?.set({ task }, now);
  if (ok) return;
  (registry.getSingleMetric('store_job_last_failure_timestamp_seconds') as Gauge | undefined)?.set(
    { task },
    now,
  );
  (registry.getSingleMetric('store_job_failures_total') as Counter | undefined)?.inc({ task });
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
