// The application context: everything a service needs, typed, built once per app in createAppContext
// and decorated on Fastify as `app.ctx`. Every service takes it as its first argument; what belongs
// to one request (the user, the address, an idempotency key) follows as plain values
// (docs/decisions/0165-one-application-context.md). A new member is a field here and a line in
// createAppContext.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { type CatalogueCaches, createCatalogueCaches } from './features/catalog';
import { createMailer, type Mailer } from './mail/mailer';
import { createPaymentProvider, type PaymentProvider } from './payments';
import { createFileStorage, type FileStorage } from './storage/file-storage';

export type AppContext = {
  config: Config;
  db: Db;
  dbKind: 'pglite' | 'postgres';
  /** The app's logger (Fastify's). */
  log: FastifyBaseLogger;
  /** Every e-mail goes through it (SMTP_URL, else the outbox table). */
  mailer: Mailer;
  /** The configured payment provider (PAYMENT_PROVIDER). */
  payments: PaymentProvider;
  /** Uploaded files (`<dataDir>/uploads`, served at /uploads/). */
  storage: FileStorage;
  /** This instance's short-lived catalogue caches. */
  catalogueCaches: CatalogueCaches;
};

/** Builds the context of one app: the one place its members are created. */
export function createAppContext(config: Config, database: Database, log: FastifyBaseLogger): AppContext {
  return {
    config,
    db: database.db,
    dbKind: database.kind,
    log,
    mailer: createMailer(config, database.db),
    payments: createPaymentProvider(config, database.db),
    storage: createFileStorage(config),
    catalogueCaches: createCatalogueCaches(config),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
