import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rateLimits, subscribers } from '~/server/db/schema';
import { createUser, signInAs } from '~/server/test/fixtures';
import { createTestApp, TestClient, type TestApp } from '~/server/test/test-app';
import { SUBSCRIBE_LIMITS } from './routes';

let t: TestApp;
beforeAll(async () => {
  // Stands for many clients by varying X-Forwarded-For (per-address limits), so it trusts the header.
  t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(subscribers);
  await t.db.delete(rateLimits);
});

let ipCounter = 1;
const freshIp = () => `198.51.100.${ipCounter++}`;
const subscribe = (app: TestApp, payload: Record<string, unknown>, ip = freshIp()) =>
  app.app.inject({ method: 'POST', url: '/api/subscribers', payload, headers: { 'x-forwarded-for': ip } });

describe('POST /api/subscribers', () => {
  it('stores a new address', async () => {
    const res = await subscribe(t, { email: ' reader@example.com ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Thank you for subscribing to our newsletter!' });
    const rows = await t.db.select().from(subscribers);
    expect(rows.map((r) => r.email)).toEqual(['reader@example.com']);
  });

  it('answers a repeat (in any letter case) exactly like a new one and adds no duplicate', async () => {
    const first = await subscribe(t, { email: 'repeat@example.com' });
    const second = await subscribe(t, { email: 'Repeat@Example.COM' });
    expect(second.statusCode).toBe(first.statusCode);
    expect(second.body).toBe(first.body);
    expect(await t.db.select().from(subscribers)).toHaveLength(1);
  });

  it.each([
    [{ email: 'no-at-sign' }],
    [{ email: '' }],
    [{ email: 'a@' }],
    [{}],
    [{ email: `${'x'.repeat(250)}@example.com` }],
  ])('refuses %j with 400 and stores nothing', async (payload) => {
    const res = await subscribe(t, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please enter a valid email address.');
    expect(await t.db.select().from(subscribers)).toEqual([]);
  });

  it('answers a filled honeypot like a success and stores nothing', async () => {
    const res = await subscribe(t, { email: 'bot@example.com', website: 'http://spam.example' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Thank you for subscribing to our newsletter!' });
    expect(await t.db.select().from(subscribers)).toEqual([]);
  });

  it('limits attempts per client address (429), not affecting others', async () => {
    const ip = freshIp();
    for (let i = 0; i < SUBSCRIBE_LIMITS.perIp; i++) {
      expect((await subscribe(t, { email: `n${i}@example.com` }, ip)).statusCode).toBe(200);
    }
    const refused = await subscribe(t, { email: 'late@example.com' }, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(await t.db.select().from(subscribers)).toHaveLength(SUBSCRIBE_LIMITS.perIp);
    expect((await subscribe(t, { email: 'late@example.com' })).statusCode).toBe(200);
  });
});

describe('GET /api/subscribers/export', () => {
  it('is for administrators only', async () => {
    expect((await t.app.inject('/api/subscribers/export')).statusCode).toBe(401);
    const customer = new TestClient(t.app);
    await signInAs(t.db, customer, (await createUser(t.db)).id);
    expect((await customer.get('/api/subscribers/export')).statusCode).toBe(403);
  });

  it('downloads every subscriber as CSV with formula-like cells defused', async () => {
    await t.db.insert(subscribers).values([
      { email: 'plain@example.com', createdAt: new Date('2025-01-01T10:00:00Z') },
      { email: '=HYPERLINK("http://evil.example")@x.com', createdAt: new Date('2025-01-02T10:00:00Z') },
      { email: '+cmd@example.com', createdAt: new Date('2025-01-03T10:00:00Z') },
      { email: '-1@example.com', createdAt: new Date('2025-01-04T10:00:00Z') },
      { email: '@sum@example.com', createdAt: new Date('2025-01-05T10:00:00Z') },
    ]);
    const admin = new TestClient(t.app);
    await signInAs(t.db, admin, (await createUser(t.db, { isAdmin: true })).id);
    const res = await admin.get('/api/subscribers/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="subscribers-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = parse(res.body, { bom: true }) as string[][];
    expect(rows[0]).toEqual(['id', 'email', 'createdAt']);
    expect(rows.slice(1).map((r) => r[1])).toEqual([
      'plain@example.com',
      '\'=HYPERLINK("http://evil.example")@x.com',
      "'+cmd@example.com",
      "'-1@example.com",
      "'@sum@example.com",
    ]);
    expect(rows[1]![2]).toBe('2025-01-01T10:00:00.000Z');
  });
});

describe('relay to an external e-mail marketing form (popup variant A)', () => {
  let external: Server;
  let received: { contentType: string; accept: string; body: string }[] = [];
  let answer = 200;
  let relayApp: TestApp;

  beforeAll(async () => {
    external = createServer((req: IncomingMessage, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        received.push({
          contentType: req.headers['content-type'] ?? '',
          accept: req.headers.accept ?? '',
          body,
        });
        if (answer === 302) res.writeHead(302, { location: 'https://provider.example/thanks' }).end();
        else res.writeHead(answer, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => external.listen(0, '127.0.0.1', resolve));
    const { port } = external.address() as AddressInfo;
    relayApp = await createTestApp({ env: { NEWSLETTER_FORM_URL: `http://127.0.0.1:${port}/subscribe` } });
  });
  afterAll(async () => {
    await relayApp.close();
    await new Promise((resolve) => external.close(resolve));
  });
  beforeEach(() => {
    received = [];
    answer = 200;
  });

  it('tells the browser that variant A is live', async () => {
    expect((await relayApp.app.inject('/api/site-config')).json()).toMatchObject({ newsletterVariant: 'A' });
    expect((await t.app.inject('/api/site-config')).json()).toMatchObject({ newsletterVariant: 'B' });
  });

  it('posts first_name and email as multipart with Accept JSON, and stores the address too', async () => {
    const res = await subscribe(relayApp, { email: 'ann@example.com', firstName: 'Ann' });
    expect(res.statusCode).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0]!.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(received[0]!.accept).toBe('application/json');
    expect(received[0]!.body).toMatch(/name="first_name"\r\n\r\nAnn\r\n/);
    expect(received[0]!.body).toMatch(/name="email"\r\n\r\nann@example\.com\r\n/);
    expect((await relayApp.db.select().from(subscribers)).map((s) => s.email)).toContain('ann@example.com');
  });

  it('treats a redirect from the provider as success (not followed)', async () => {
    answer = 302;
    expect((await subscribe(relayApp, { email: 'bob@example.com', firstName: 'Bob' })).statusCode).toBe(200);
    expect(received).toHaveLength(1);
  });

  it('answers 502 when the provider refuses, so the popup can say it failed', async () => {
    answer = 500;
    const res = await subscribe(relayApp, { email: 'cat@example.com', firstName: 'Cat' });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('Subscription failed. Please try again later.');
  });
});
