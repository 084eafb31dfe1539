// Liveness and readiness as a balancer sees them (docs/decisions/0201-graceful-shutdown.md).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '~/server/test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type MigrationRow = { id: number; hash: string; created_at: string | number };

describe('health and readiness', () => {
  it('answers /api/ready 503 until the newest migration is applied, then 200; /api/health 200 throughout', async () => {
    const rows = (await t.db.execute(
      sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    )) as unknown as { rows: MigrationRow[] };
    const newest = rows.rows[0]!;
    await t.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest.id}`);

    const early = await t.app.inject('/api/ready');
    expect(early.statusCode).toBe(503);
    expect(early.json()).toEqual({
      status: 'not ready',
      database: t.app.ctx.dbKind,
      checks: { database: true, migrations: false, shuttingDown: false },
    });
    const alive = await t.app.inject('/api/health');
    expect(alive.statusCode).toBe(200);
    expect(alive.json()).toEqual({ status: 'ok', database: t.app.ctx.dbKind });

    await t.db.execute(
      sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest.id}, ${newest.hash}, ${newest.created_at})`,
    );
    const ready = await t.app.inject('/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      database: t.app.ctx.dbKind,
      checks: { database: true, migrations: true, shuttingDown: false },
    });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('answers /api/ready 503 once shutting down, while /api/health still answers 200', async () => {
    t.app.lifecycle.shuttingDown = true;
    try {
      const res = await t.app.inject('/api/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json().checks).toEqual({ database: true, migrations: true, shuttingDown: true });
      expect((await t.app.inject('/api/health')).statusCode).toBe(200);
    } finally {
      t.app.lifecycle.shuttingDown = false;
    }
  });
});
