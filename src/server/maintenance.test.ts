import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from './db/client';
import { mailOutbox, rateLimits, sessions } from './db/schema';
import { type MaintenanceTask, runMaintenance } from './maintenance';
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

describe('maintenance across instances', () => {
  it('runs on one instance at a time: a second runner skips while the first works, so each item is handled once', async () => {
    // A second instance on the same database: its own pool on PostgreSQL; on PGlite the one process
    // that owns the database (docs/decisions/0114-one-process-per-embedded-database.md).
    const connectionString = t.app.database.pool?.options.connectionString;
    const second = connectionString ? openPostgres(connectionString, 2) : t.app.database;
    const otherInstance = { database: second, log: t.app.log } as unknown as FastifyInstance;
    try {
      const mail = { kind: 'job-test', to: 'c@example.com', subject: 's', text: 't', status: 'queued' };
      await t.db.insert(mailOutbox).values([mail, mail, mail]);
      const handled = new Map<number, number>();
      let entered!: () => void;
      const inside = new Promise<void>((resolve) => {
        entered = resolve;
      });
      let release!: () => void;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      // Reads its items, then marks them later: two runs at once would both take the same rows.
      const task = (wait: boolean): MaintenanceTask => ({
        name: 'job test',
        run: async (app) => {
          const due = await app.database.db
            .select({ id: mailOutbox.id })
            .from(mailOutbox)
            .where(and(eq(mailOutbox.kind, 'job-test'), eq(mailOutbox.status, 'queued')));
          if (wait) {
            entered();
            await gate;
          }
          for (const { id } of due) {
            handled.set(id, (handled.get(id) ?? 0) + 1);
            await app.database.db.update(mailOutbox).set({ status: 'sent' }).where(eq(mailOutbox.id, id));
          }
        },
      });

      const first = runMaintenance(t.app, [task(true)]);
      await inside;
      expect(await runMaintenance(otherInstance, [task(false)])).toBe(false);
      release();
      expect(await first).toBe(true);
      expect([...handled.values()]).toEqual([1, 1, 1]);
      // The lock is free again: the other instance runs, and finds nothing left to do.
      expect(await runMaintenance(otherInstance, [task(false)])).toBe(true);
      expect([...handled.values()]).toEqual([1, 1, 1]);
    } finally {
      if (second !== t.app.database) await second.close();
    }
  });
});
