// GET /metrics as Prometheus scrapes it (docs/decisions/0202-prometheus-metrics.md). The expected
// figures are the rows and requests this test makes, counted by hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, orderHistory, orders, stockHolds } from '~/server/db/schema';
import { HOLD_EXPIRED_NOTE } from '~/server/features/orders';
import { runMaintenance } from '~/server/maintenance';
import { createProduct } from '~/server/test/fixtures';
import { createTestApp, type TestApp } from '~/server/test/test-app';
import { startMetricsServer } from './metrics';

const TOKEN = 'metrics-token-0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(() => t.close());

function scrape() {
  return t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
}

/** The value of one series, by its exact name and labels as written. */
function sample(body: string, series: string): number | undefined {
  const line = body.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function order(reference: string, paymentStatus: string) {
  const [row] = await t.db
    .insert(orders)
    .values({
      orderReference: reference,
      customerEmail: 'a@example.com',
      customerName: 'A',
      shippingAddress: {},
      subtotal: '10.00',
      total: '10.00',
      paymentStatus,
    })
    .returning();
  return row!;
}

describe('metrics', () => {
  it('refuses a scrape without the token, or with a wrong one', async () => {
    expect((await t.app.inject('/metrics')).statusCode).toBe(401);
    const wrong = await t.app.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer not-the-token-at-all' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['www-authenticate']).toBe('Bearer');
  });

  it('counts requests by route and status with their latency, and checkouts by outcome', async () => {
    const before = (await scrape()).body;
    const products = '{method="GET",route="/api/products",status="200"}';
    const start = sample(before, `store_http_requests_total${products}`) ?? 0;
    for (let i = 0; i < 3; i++) expect((await t.app.inject('/api/products')).statusCode).toBe(200);
    await t.app.inject('/api/no-such-thing');
    await t.app.inject('/api/no-such-thing-either');
    // An empty checkout is refused as bad input: outcome "rejected".
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/square/create-checkout',
      headers: { origin: 'http://store.test' },
      payload: {},
    });
    expect(checkout.statusCode).toBe(400);

    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const body = res.body;
    expect(sample(body, `store_http_requests_total${products}`)).toBe(start + 3);
    expect(sample(body, `store_http_request_duration_seconds_count${products}`)).toBe(start + 3);
    expect(body).toContain(
      'store_http_request_duration_seconds_bucket{le="0.1",method="GET",route="/api/products"',
    );
    // Unknown paths share one label: no series per made-up address.
    expect(sample(body, 'store_http_requests_total{method="GET",route="(other)",status="404"}')).toBe(2);
    expect(body).not.toContain('no-such-thing');
    expect(sample(body, 'store_checkouts_total{outcome="rejected"}')).toBe(1);
  });

  it('reports active stock holds, the outbox backlog and orders by payment status from the database', async () => {
    const product = await createProduct(t.db, { stock: 10 });
    const open = await order('M-OPEN', 'pending');
    const paid = await order('M-PAID', 'completed');
    await order('M-FAILED', 'failed');
    const hour = 3600_000;
    await t.db.insert(stockHolds).values([
      { orderId: open.id, productId: product.id, quantity: 2, expiresAt: new Date(Date.now() + hour) },
      { orderId: open.id, productId: product.id, quantity: 3, expiresAt: new Date(Date.now() + hour) },
      // Expired, and released: neither counts.
      { orderId: open.id, productId: product.id, quantity: 7, expiresAt: new Date(Date.now() - hour) },
      {
        orderId: paid.id,
        productId: product.id,
        quantity: 1,
        expiresAt: new Date(Date.now() + hour),
        releasedAt: new Date(),
      },
    ]);
    const mail = { kind: 'test', to: 'b@example.com', subject: 's', text: 't' };
    await t.db.insert(mailOutbox).values([
      { ...mail, status: 'queued' },
      { ...mail, status: 'queued' },
      { ...mail, status: 'failed' },
      { ...mail, to: 'someone-else@example.com', status: 'sent' },
    ]);

    const body = (await scrape()).body;
    expect(sample(body, 'store_stock_holds_active{measure="holds"}')).toBe(2);
    expect(sample(body, 'store_stock_holds_active{measure="units"}')).toBe(5);
    expect(sample(body, 'store_mail_outbox_backlog{status="queued"}')).toBe(2);
    expect(sample(body, 'store_mail_outbox_backlog{status="failed"}')).toBe(1);
    expect(sample(body, 'store_mail_outbox_backlog{status="sending"}')).toBe(0);
    expect(sample(body, 'store_orders{payment_status="pending"}')).toBe(1);
    expect(sample(body, 'store_orders{payment_status="completed"}')).toBe(1);
    expect(sample(body, 'store_orders{payment_status="failed"}')).toBe(1);
    expect(sample(body, 'store_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
  });

  it('counts a failed e-mail as waiting only until a later one of its kind to its address is sent', async () => {
    const o = await order('M-MAIL', 'completed');
    const mail = { kind: 'order-confirmation', to: 'c@example.com', subject: 's', text: 't', orderId: o.id };
    const before = sample((await scrape()).body, 'store_mail_outbox_backlog{status="failed"}')!;
    await t.db.insert(mailOutbox).values([{ ...mail, status: 'failed' }]);
    expect(sample((await scrape()).body, 'store_mail_outbox_backlog{status="failed"}')).toBe(before + 1);
    // The retry sent it as a new message: nothing of it waits any more.
    await t.db.insert(mailOutbox).values([{ ...mail, status: 'sent' }]);
    expect(sample((await scrape()).body, 'store_mail_outbox_backlog{status="failed"}')).toBe(before);
  });

  it('tells declined payments apart from checkouts that expired unpaid', async () => {
    const expired = await order('M-EXPIRED', 'failed');
    await t.db.insert(orderHistory).values({
      orderId: expired.id,
      field: 'note',
      fromValue: null,
      toValue: HOLD_EXPIRED_NOTE,
      actor: 'system',
    });
    const body = (await scrape()).body;
    // M-FAILED of the test above was declined; M-EXPIRED expired.
    expect(sample(body, 'store_payments_failed{reason="declined"}')).toBe(1);
    expect(sample(body, 'store_payments_failed{reason="expired"}')).toBe(1);
    expect(sample(body, 'store_db_up')).toBe(1);
  });

  it('says when each maintenance task last ran and failed', async () => {
    const before = Math.floor(Date.now() / 1000);
    const ran = await runMaintenance(t.app, [
      { name: 'fine task', run: async () => {} },
      {
        name: 'broken task',
        run: async () => {
          throw new Error('broken on purpose');
        },
      },
    ]);
    expect(ran).toBe(true);
    const body = (await scrape()).body;
    for (const task of ['fine task', 'broken task'])
      expect(sample(body, `store_job_last_run_timestamp_seconds{task="${task}"}`)).toBeGreaterThanOrEqual(
        before,
      );
    expect(sample(body, 'store_job_failures_total{task="broken task"}')).toBe(1);
    expect(
      sample(body, 'store_job_last_failure_timestamp_seconds{task="broken task"}'),
    ).toBeGreaterThanOrEqual(before);
    expect(sample(body, 'store_job_failures_total{task="fine task"}')).toBeUndefined();
  });

  it('serves the same figures on a port of its own, with no token', async () => {
    const server = await startMetricsServer(t.app.metricsRegistry, 0, '127.0.0.1');
    try {
      const res = await fetch(`http://127.0.0.1:${server.port}/metrics`);
      expect(res.status).toBe(200);
      // M-FAILED and M-EXPIRED of the tests above.
      expect(await res.text()).toContain('store_orders{payment_status="failed"} 2');
      expect((await fetch(`http://127.0.0.1:${server.port}/other`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});

describe('metrics not configured', () => {
  it('has no /metrics route without a token', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.app.inject('/metrics')).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
