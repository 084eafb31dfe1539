// GET /api/health: the process lives. GET /api/ready: this instance should get traffic: the database
// answers, every migration is applied, and it is not shutting down
// (docs/decisions/0201-graceful-shutdown.md).
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
          'Readiness: 200 when the database answers and is migrated, 503 otherwise or while shutting down',
        response: { 200: ReadySchema, 503: ReadySchema },
      },
    },
    async (_request, reply) => {
      const shuttingDown = app.lifecycle.shuttingDown;
      let databaseUp = false;
      try {
        await database.db.execute(sql`select 1`);
        databaseUp = true;
        if (!migrated) migrated = await migrationsApplied(database);
      } catch {
        // Down or unreachable: not ready.
      }
      const ready = databaseUp && migrated && !shuttingDown;
      reply.header('cache-control', 'no-store');
      return reply.status(ready ? 200 : 503).send({
        status: ready ? 'ready' : 'not ready',
        database: database.kind,
        checks: { database: databaseUp, migrations: databaseUp && migrated, shuttingDown },
      });
    },
  );
}
