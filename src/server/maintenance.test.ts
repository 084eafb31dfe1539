import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits, sessions } from './db/schema';
import { runMaintenance } from './maintenance';
import { createUser } from './test/fixtures';
import { createTestApp, type TestApp } from './test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('maintenance', () => {
  it('purges expired and idle sessions and old rate-limit counters, keeping live ones', async () => {
    const user = await createUser(t.db);
    const day = 24 * 3600_000;
    await t.db.insert(sessions).values([
      { id: 'live', userId: user.id, expiresAt: new Date(Date.now() + day) },
      { id: 'expired', userId: user.id, expiresAt: new Date(Date.now() - 1000) },
      {
        id: 'idle',
        userId: user.id,
        expiresAt: new Date(Date.now() + day),
        lastSeenAt: new Date(Date.now() - 8 * day),
      },
    ]);
    await t.db.insert(rateLimits).values([
      { key: 'old', windowStart: new Date(Date.now() - 2 * day), count: 3 },
      { key: 'recent', windowStart: new Date(Date.now() - 60_000), count: 3 },
    ]);
    await runMaintenance(t.app);
    const left = await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id));
    expect(left.map((s) => s.id)).toEqual(['live']);
    expect((await t.db.select().from(rateLimits)).map((r) => r.key)).toEqual(['recent']);
  });
});
