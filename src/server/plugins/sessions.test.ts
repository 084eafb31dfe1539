// Session lifetimes on live requests (docs/decisions/0030-sessions-and-cookies.md): 7 days idle,
// 30 days after sign-in, lastSeenAt refreshed at most once a minute, cookie Max-Age 30 days.
// Time passes by moving the session's timestamps back in the database.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '~/server/db/schema';
import { createUser } from '~/server/test/fixtures';
import { createTestApp, type TestApp, TestClient } from '~/server/test/test-app';

const MINUTE = 60_000;
const DAY = 24 * 3600_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A signed-in browser, its session row id and the sign-in answer. */
async function signIn() {
  const user = await createUser(t.db);
  const client = new TestClient(t.app);
  const res = await client.post('/api/auth/login', { username: user.username, password: user.plainPassword });
  expect(res.statusCode).toBe(200);
  const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
  return { client, res, id: row!.id };
}

const session = async (id: string) => (await t.db.select().from(sessions).where(eq(sessions.id, id)))[0];
const age = (id: string, values: Partial<typeof sessions.$inferInsert>) =>
  t.db.update(sessions).set(values).where(eq(sessions.id, id));

describe('the session cookie', () => {
  it('lasts 30 days, as long as the session may', async () => {
    const { res, id } = await signIn();
    const cookie = (res.cookies as { name: string; maxAge?: number }[]).find((c) => c.name === 'sid');
    expect(cookie?.maxAge).toBe(30 * 24 * 3600);
    const row = (await session(id))!;
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeGreaterThan(30 * DAY - MINUTE);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThan(30 * DAY + MINUTE);
  });
});

describe('the idle lifetime', () => {
  it('keeps a session used within 7 days, and moves lastSeenAt forward on use', async () => {
    const { client, id } = await signIn();
    const before = new Date(Date.now() - 6 * DAY);
    await age(id, { lastSeenAt: before });
    const requestedAt = Date.now();
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
    const seen = (await session(id))!.lastSeenAt.getTime();
    expect(seen).toBeGreaterThanOrEqual(requestedAt - 1000);
    expect(seen).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('rewrites lastSeenAt at most once a minute', async () => {
    const { client, id } = await signIn();
    const recent = new Date(Date.now() - 10_000);
    await age(id, { lastSeenAt: recent });
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
    expect((await session(id))!.lastSeenAt.getTime()).toBe(recent.getTime());
  });

  it('ends a session unused for more than 7 days, and a request does not revive it', async () => {
    const { client, id } = await signIn();
    const idle = new Date(Date.now() - 7 * DAY - MINUTE);
    await age(id, { lastSeenAt: idle });
    const res = await client.get('/api/auth/me');
    expect(res.statusCode).toBe(401);
    // Gone or left as it was: never refreshed by the refused request.
    const row = await session(id);
    expect(row === undefined || row.lastSeenAt.getTime() === idle.getTime()).toBe(true);
    expect((await client.get('/api/orders/my-orders')).statusCode).toBe(401);
  });
});

describe('the absolute lifetime', () => {
  it('ends a session 30 days after sign-in even while it is in daily use', async () => {
    const { client, id } = await signIn();
    const signedIn = new Date(Date.now() - 30 * DAY - MINUTE);
    await age(id, {
      createdAt: signedIn,
      expiresAt: new Date(signedIn.getTime() + 30 * DAY),
      lastSeenAt: new Date(Date.now() - 2 * MINUTE),
    });
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
    expect((await client.get('/api/orders/my-orders')).statusCode).toBe(401);
  });

  it('is not extended by use', async () => {
    const { client, id } = await signIn();
    const expiresAt = (await session(id))!.expiresAt;
    await age(id, { lastSeenAt: new Date(Date.now() - 2 * MINUTE) });
    expect((await client.get('/api/auth/me')).statusCode).toBe(200);
    expect((await session(id))!.expiresAt.getTime()).toBe(expiresAt.getTime());
  });
});
