// GET /api/health: the process lives. GET /api/ready: this instance should get traffic: it has seen its
// database answer and every migration applied once, and it is not shutting down
// (docs/decisions/0201-graceful-shutdown.md). A database that stops answering later does not make it
// not-ready: every instance shares it, so the balancer would drop them all at once and show its own
// page for every address, cached pages included; each instance answers 503 itself instead and keeps
// serving what it has kept (docs/decisions/0441-readiness-and-the-balancer.md).
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '~/server/db/client';
import { migrationsApplied } from '~/server/db/migrate';

export type Lifecycle = {
  /** Set on SIGTERM/SIGINT: /api/ready answers 503 so balancers stop sending new requests. */
  shuttingDown: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

const ReadySchema = z.object({
  status: z.enum(['ready', 'not ready']),
  database: z.string(),
  checks: z.object({ database: z.boolean(), migrations: z.boolean(), shuttingDown: z.boolean() }),
});

/** How long /api/ready waits for the database's answer before reporting it as down. */
export const READY_PROBE_MS = 1_000;

async function withinProbeTime(probe: () => Promise<boolean>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_PROBE_MS);
  });
  try {
    return await Promise.race([probe().catch(() => false), late]);
  } finally {
    clearTimeout(timer);
  }
}

export function registerHealth(app: FastifyInstance, database: Database): void {
  app.decorate('lifecycle', { shuttingDown: false });
  // Once applied, migrations stay applied: asked again only until they are.
  let migrated = false;

  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Liveness: the process answers (the database is /api/ready’s concern)',
        response: { 200: z.object({ status: z.literal('ok'), database: z.string() }) },
      },
    },
    async () => ({ status: 'ok' as const, database: database.kind }),
  );

  app.get(
    '/api/ready',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary:
          'Readiness: 200 once the database has answered migrated; 503 before that and while shutting down',
        response: { 200: ReadySchema, 503: ReadySchema },
      },
    },
    async (_request, reply) => {
      const shuttingDown = app.lifecycle.shuttingDown;
      // Answers within READY_PROBE_MS whatever the database does (HAProxy's `timeout check` is longer).
      const databaseUp = await withinProbeTime(async () => {
        await database.db.execute(sql`select 1`);
        if (!migrated) migrated = await migrationsApplied(database);
        return true;
      });
      const ready = migrated && !shuttingDown;
      reply.header('cache-control', 'no-store');
      return reply.status(ready ? 200 : 503).send({
        status: ready ? 'ready' : 'not ready',
        database: database.kind,
        checks: { database: databaseUp, migrations: migrated, shuttingDown },
      });
    },
  );
}
