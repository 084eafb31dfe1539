// Who the client is: X-Forwarded-For and X-Forwarded-Proto count only from a proxy TRUST_PROXY names
// (docs/decisions/0085-trusted-proxy.md). Otherwise a client could forge a new address with every request
// and escape every per-address limit.
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rateLimits } from './db/schema';
import { awayFromWindowEdge } from '~/server/features/auth/test-support';
import { MAX_FAILURES_PER_IP } from '~/server/features/auth';
import { createUser } from './test/fixtures';
import { createTestApp, type TestApp, TestClient } from './test/test-app';

/** inject's connecting address when none is given. */
const SOCKET_ADDRESS = '127.0.0.1';

async function failedSignIn(t: TestApp, headers: Record<string, string>, remoteAddress?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: `nobody-${Math.random()}`, password: 'wrong-password' },
    headers,
    remoteAddress,
  });
  expect(res.statusCode).toBe(401);
}

/** The addresses the sign-in limit has counted failures for: what the app took as request.ip. */
async function countedAddresses(t: TestApp): Promise<string[]> {
  const rows = await t.db.select().from(rateLimits).where(like(rateLimits.key, 'login:ip:%'));
  return rows.map((r) => r.key.slice('login:ip:'.length)).sort();
}

/** Whether a sign-in sent with `headers` gets a Secure session cookie. */
async function secureCookieFor(t: TestApp, headers: Record<string, string>, remoteAddress?: string) {
  const u = await createUser(t.db);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: u.username, password: u.plainPassword },
    headers,
    remoteAddress,
  });
  expect(res.statusCode).toBe(200);
  const cookie = (res.cookies as { name: string; secure?: boolean }[]).find((c) => c.name === 'sid');
  expect(cookie).toBeDefined();
  return cookie!.secure === true;
}

/** MAX_FAILURES_PER_IP failed sign-ins, each claiming another address, then a right password from yet another. */
async function rightPasswordAfterForgedFailures(t: TestApp): Promise<number> {
  await awayFromWindowEdge();
  for (let i = 0; i < MAX_FAILURES_PER_IP; i++) {
    await failedSignIn(t, { 'x-forwarded-for': `198.51.100.${i + 1}` });
  }
  const u = await createUser(t.db);
  const res = await new TestClient(t.app).post(
    '/api/auth/login',
    { username: u.username, password: u.plainPassword },
    { 'x-forwarded-for': '198.51.100.250' },
  );
  return res.statusCode;
}

describe('without TRUST_PROXY (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(() => t.db.delete(rateLimits));

  it('ignores a forged X-Forwarded-For: the address is the connecting one', async () => {
    await failedSignIn(t, { 'x-forwarded-for': '203.0.113.9' });
    expect(await countedAddresses(t)).toEqual([SOCKET_ADDRESS]);
  });

  it('keeps the sign-in limit per address however the header changes', async () => {
    expect(await rightPasswordAfterForgedFailures(t)).toBe(429);
  }, 120_000);

  it('does not mark the cookie Secure on a forged X-Forwarded-Proto: https', async () => {
    expect(await secureCookieFor(t, { 'x-forwarded-proto': 'https' })).toBe(false);
  });
});

describe('with TRUST_PROXY=true', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => t.close());
  beforeEach(() => t.db.delete(rateLimits));

  it('takes the client address from X-Forwarded-For', async () => {
    await failedSignIn(t, { 'x-forwarded-for': '203.0.113.9' });
    expect(await countedAddresses(t)).toEqual(['203.0.113.9']);
  });

  it('counts each forwarded client on its own', async () => {
    expect(await rightPasswordAfterForgedFailures(t)).toBe(200);
  }, 120_000);

  it('marks the cookie Secure when the proxy says the request came over HTTPS', async () => {
    expect(await secureCookieFor(t, { 'x-forwarded-proto': 'https' })).toBe(true);
    expect(await secureCookieFor(t, { 'x-forwarded-proto': 'http' })).toBe(false);
  });
});

describe('with TRUST_PROXY naming the proxy', () => {
  const PROXY = '192.0.2.10';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: `${PROXY},10.1.0.0/16` } });
  });
  afterAll(() => t.close());
  beforeEach(() => t.db.delete(rateLimits));

  it('believes the headers from that proxy only', async () => {
    await failedSignIn(t, { 'x-forwarded-for': '203.0.113.20' }, PROXY);
    await failedSignIn(t, { 'x-forwarded-for': '203.0.113.21' }, '10.1.7.7');
    await failedSignIn(t, { 'x-forwarded-for': '203.0.113.22' }, '192.0.2.11');
    expect(await countedAddresses(t)).toEqual(['192.0.2.11', '203.0.113.20', '203.0.113.21']);
    expect(await secureCookieFor(t, { 'x-forwarded-proto': 'https' }, PROXY)).toBe(true);
    expect(await secureCookieFor(t, { 'x-forwarded-proto': 'https' }, '192.0.2.11')).toBe(false);
  });
});

describe('with TRUST_PROXY as a number of proxies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => t.close());
  beforeEach(() => t.db.delete(rateLimits));

  it('takes the address the nearest proxy saw, not what the client put in front of it', async () => {
    // The client sent "X-Forwarded-For: 6.6.6.6"; the proxy appended the address it saw.
    await failedSignIn(t, { 'x-forwarded-for': '6.6.6.6, 203.0.113.30' });
    expect(await countedAddresses(t)).toEqual(['203.0.113.30']);
    expect(await secureCookieFor(t, { 'x-forwarded-proto': 'https' })).toBe(true);
  });
});
