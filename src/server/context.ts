// What every feature needs, built once per app and decorated on Fastify as `app.ctx`.
import type { Config } from './config';
import type { Db } from './db/client';

export type AppContext = {
  config: Config;
  db: Db;
  dbKind: 'pglite' | 'postgres';
  /** Filled in by the features that provide them (mail, payments, storage). */
  services: Record<string, unknown>;
};

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
