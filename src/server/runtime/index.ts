// What running in production needs of every instance: request ids and the one log line per request,
// the metrics, /api/health and /api/ready (docs/decisions/0201-graceful-shutdown.md,
// 0202-prometheus-metrics.md, 0203-request-logs.md).
import { type FastifyInstance, LogController } from 'fastify';
import type { Registry } from 'prom-client';
import type { Config } from '~/server/config';
import type { Database } from '~/server/db/client';
import { registerHealth } from './health';
import { registerProxyWarning } from './proxy-warning';
import { createMetrics, registerMetrics } from './metrics';
import { registerRequestLog, requestIdFor, safeLoggerOptions } from './request-log';

declare module 'fastify' {
  interface FastifyInstance {
    metricsRegistry: Registry;
    /** The database handle itself (pool and kind), for its locks: the maintenance run's. */
    database: Database;
  }
}

/** Fastify's constructor options for logging and request ids. */
export function runtimeFastifyOptions(logger: boolean | object | undefined) {
  return {
    logger: safeLoggerOptions(logger),
    // Fastify's own two lines per request are replaced by registerRequestLog's one.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestIdFor,
  };
}

export function registerRuntime(app: FastifyInstance, database: Database, config: Config): void {
  app.decorate('database', database);
  registerRequestLog(app);
  registerProxyWarning(app);
  // Node's own process metrics watch the event loop and the garbage collector for the process's life:
  // only for a real server, not for each of the many apps a test run builds.
  const registry = createMetrics(database, { processMetrics: config.NODE_ENV !== 'test' });
  app.decorate('metricsRegistry', registry);
  registerMetrics(app, registry, config);
  registerHealth(app, database);
}
