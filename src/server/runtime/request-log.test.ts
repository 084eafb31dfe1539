// The log stream as an operator reads it: one JSON line per request carrying the id returned to the
// client, the same id on every line the request writes, and no secrets (docs/decisions/0203-request-logs.md).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '~/server/test/fixtures';
import { createTestApp, type TestApp } from '~/server/test/test-app';
import { loggableUrl, scrubLogLine } from './request-log';

const lines: string[] = [];
const records = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);
const ORIGIN = { origin: 'http://store.test' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    configure: (app) => {
      app.post('/api/test-only/log-inside', { config: { access: 'public' } }, async (request) => {
        request.log.warn(
          {
            customer: { email: 'jane.doe@example.com', password: 'inside-password-1' },
            token: 'tok-secret-99',
          },
          `writing to jane.doe@example.com about card 4111 1111 1111 1111`,
        );
        return { ok: true };
      });
      // A statement that fails with an order's personal details among its values, as a real write can.
      app.post('/api/test-only/failing-write', { config: { access: 'public' } }, async () => {
        await app.ctx.db.execute(
          sql`insert into orders (customer_name, customer_phone, customer_email) values (${'Gaston Lagaffe'}, ${'514-555-0188'}, ${'gaston@example.com'})`,
        );
        return { ok: true };
      });
      app.post('/api/test-only/bad-value', { config: { access: 'public' } }, async () => {
        await app.ctx.db.execute(sql`select ${'1 rue Sainte-Catherine'}::int`);
        return { ok: true };
      });
    },
  });
});
afterAll(() => t.close());

describe('request logs', () => {
  it('writes one line per request, with the id returned in X-Request-Id on every line of that request', async () => {
    lines.length = 0;
    const res = await t.app.inject({ method: 'POST', url: '/api/test-only/log-inside', headers: ORIGIN });
    expect(res.statusCode).toBe(200);
    const id = res.headers['x-request-id'];
    expect(typeof id).toBe('string');
    const mine = records().filter((r) => r.reqId === id);
    // The handler's own line and the request line: nothing else, and nothing without the id.
    expect(mine).toHaveLength(2);
    expect(records()).toHaveLength(2);
    const requestLine = mine.find((r) => r.msg === 'request')!;
    expect(requestLine).toMatchObject({
      method: 'POST',
      url: '/api/test-only/log-inside',
      route: '/api/test-only/log-inside',
      statusCode: 200,
    });
    expect(typeof requestLine.durationMs).toBe('number');
  });

  it('gives each request its own id, and keeps a well-formed one from the balancer', async () => {
    const a = await t.app.inject('/api/health');
    const b = await t.app.inject('/api/health');
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
    const given = await t.app.inject({
      url: '/api/health',
      headers: { 'x-request-id': 'lb-0123456789abcdef' },
    });
    expect(given.headers['x-request-id']).toBe('lb-0123456789abcdef');
    const forged = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'x"}{"level":60' } });
    expect(forged.headers['x-request-id']).not.toBe('x"}{"level":60');
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('never writes a password, token, session id or card number, and masks e-mail addresses', async () => {
    lines.length = 0;
    const user = await createUser(t.db, { email: 'marie.curie@example.com', password: 'Radium-1898-secret' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: ORIGIN,
      payload: { username: user.username, password: 'Radium-1898-secret' },
    });
    expect(login.statusCode).toBe(200);
    const session = login.cookies.find((c) => c.value.length > 20)!;
    expect(session).toBeDefined();
    await t.app.inject({
      url: '/api/auth/me?email=marie.curie@example.com&token=reset-token-777',
      headers: { cookie: `${session.name}=${session.value}`, authorization: 'Bearer bearer-secret-42' },
    });
    await t.app.inject({ method: 'POST', url: '/api/test-only/log-inside', headers: ORIGIN });

    const all = lines.join('\n');
    for (const secret of [
      'Radium-1898-secret',
      'reset-token-777',
      'bearer-secret-42',
      session.value,
      'inside-password-1',
      'tok-secret-99',
      '4111 1111 1111 1111',
      'marie.curie',
      'jane.doe',
    ]) {
      expect(all).not.toContain(secret);
    }
    expect(all).toContain('m***@example.com');
    expect(all).toContain('j***@example.com');
    expect(all).toContain('[card number]');
    const me = records().find((r) => r.route === '/api/auth/me')!;
    expect(me.url).toBe('/api/auth/me?email=m***@example.com&token=[redacted]');
    expect(me.userId).toBe(user.id);
  });
});

describe('error logs', () => {
  it('write the failed statement with its placeholders, never its values nor what PostgreSQL quotes of them', async () => {
    lines.length = 0;
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/test-only/failing-write',
      headers: ORIGIN,
    });
    expect(failed.statusCode).toBe(500);
    const bad = await t.app.inject({ method: 'POST', url: '/api/test-only/bad-value', headers: ORIGIN });
    expect(bad.statusCode).toBe(500);
    const errorLines = records().filter((r) => r.msg === 'request failed');
    expect(errorLines).toHaveLength(2);
    const all = lines.join('\n');
    for (const personal of ['Gaston', '514-555-0188', 'gaston@', 'Sainte-Catherine'])
      expect(all).not.toContain(personal);
    const err = errorLines[0]!.err as {
      message: string;
      params: string;
      query: string;
      cause: { code: string };
    };
    // What an operator needs is still there: the statement, the SQLSTATE.
    expect(err.query).toContain(
      'insert into orders (customer_name, customer_phone, customer_email) values ($1, $2, $3)',
    );
    expect(err.params).toBe('[redacted]');
    expect(err.message).toContain('params: [redacted]');
    expect(err.cause.code).toBe('23502');
  });
});

describe('scrubbing', () => {
  it('masks card numbers that pass the Luhn check and leaves other long numbers and the time alone', () => {
    expect(scrubLogLine('{"time":1795321057713,"msg":"paid with 4242-4242-4242-4242"}')).toBe(
      '{"time":1795321057713,"msg":"paid with [card number]"}',
    );
    // 4242 4242 4242 4241 fails the check: an order number, not a card.
    expect(scrubLogLine('{"msg":"order 4242424242424241"}')).toBe('{"msg":"order 4242424242424241"}');
  });

  it('redacts query values whose names suggest a secret', () => {
    expect(loggableUrl('/reset?code=abc&page=2&api_key=k')).toBe(
      '/reset?code=[redacted]&page=2&api_key=[redacted]',
    );
    expect(loggableUrl('/api/orders?q=a%40b.example')).toBe('/api/orders?q=a@b.example');
  });
});
