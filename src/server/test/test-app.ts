// Builds the real app over a fresh database for one test file, and talks to it over real HTTP
// semantics through Fastify's inject (the whole request pipeline: hooks, validation, serialisation).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '~/server/app';
import { type Config, loadConfig } from '~/server/config';
import type { Database, Db } from '~/server/db/client';
import type { PageRenderer } from '~/server/render/page-renderer';
import { createTestDatabase } from './test-database';

export type TestApp = {
  app: FastifyInstance;
  db: Db;
  database: Database;
  config: Config;
  dataDir: string;
  close: () => Promise<void>;
};

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    renderer?: PageRenderer;
    /** A built client folder to serve, as in production. */
    clientDir?: string;
    /** Fastify's logger option, e.g. `{ level: 'error', stream }` to read what the app logs. */
    logger?: object;
    /** Runs before any route is registered: e.g. an onRoute hook that lists the routes. */
    beforeRoutes?: (app: FastifyInstance) => void;
    /** Runs after buildApp, before the app is ready: e.g. test-only routes. */
    configure?: (app: FastifyInstance) => void;
    /** Another app's database: a second instance of the store on the same data (closed by its owner). */
    database?: Database;
  } = {},
): Promise<TestApp> {
  const shared = options.database;
  const database = shared ?? (await createTestDatabase());
  const closeDatabase = () => (shared ? Promise.resolve() : database.close());
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'store-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://store.test',
    // Not a loopback address: the local payment page runs because the tests choose it
    // (docs/decisions/0115-test-payments-only-on-purpose.md).
    ALLOW_TEST_PAYMENTS: 'true',
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const app = await buildApp({
    config,
    database,
    renderer: options.renderer,
    clientDir: options.clientDir,
    logger: options.logger,
    beforeRoutes: options.beforeRoutes,
  });
  options.configure?.(app);
  try {
    await app.ready();
  } catch (error) {
    // A start-up check refused (tests of start-up do this on purpose): leave no database behind.
    await app.close().catch(() => {});
    await closeDatabase();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    app,
    db: database.db,
    database,
    config,
    dataDir,
    close: async () => {
      await app.close();
      await closeDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Renders pages with the source entry-server (Vitest compiles it), for SSR tests. */
export async function sourceRenderer(): Promise<PageRenderer> {
  const { render } = await import('~/client/entry-server');
  const template =
    '<!doctype html><html><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>';
  return { template: async () => template, render: async () => render };
}

/** A small HTTP client over inject that keeps cookies, like a browser session. */
export class TestClient {
  cookies = new Map<string, string>();
  constructor(private readonly app: FastifyInstance) {}

  async request(options: InjectOptions): Promise<LightMyRequestResponse> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await this.app.inject({
      ...options,
      headers: { ...(cookie ? { cookie } : {}), ...options.headers },
    });
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now()) || c.value === '';
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }
  get(url: string, headers?: Record<string, string>) {
    return this.request({ method: 'GET', url, headers });
  }
  post(url: string, payload?: unknown, headers?: Record<string, string>) {
    return this.request({ method: 'POST', url, payload: payload as InjectOptions['payload'], headers });
  }
  put(url: string, payload?: unknown, headers?: Record<string, string>) {
    return this.request({ method: 'PUT', url, payload: payload as InjectOptions['payload'], headers });
  }
  patch(url: string, payload?: unknown, headers?: Record<string, string>) {
    return this.request({ method: 'PATCH', url, payload: payload as InjectOptions['payload'], headers });
  }
  delete(url: string, headers?: Record<string, string>) {
    return this.request({ method: 'DELETE', url, headers });
  }
}
