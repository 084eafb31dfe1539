// Reads the configuration, migrates, seeds an empty database with the demo catalogue, and listens until
// a signal stops it gracefully.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, databaseTimeouts, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { prepareWhenReachable } from './db/prepare';
import { DatabaseWaitTimeout } from './db/wait-for-database';
import { startMaintenance } from './maintenance';
import { startOnlineBackup } from './db/online-backup';
import { loadProductionRenderer, type PageRenderer } from './render/page-renderer';
import { createFileStorage } from './storage/file-storage';
import { applyConnectionLimits } from './runtime/connection-limits';
import { startMetricsServer } from './runtime/metrics';
import { makeDataFolderPrivate, setPrivateUmask } from './storage/private-data';

async function main() {
  // Before anything is written (the generated session secret, PGlite's files, uploads): the data folder
  // is the store's user's alone (docs/decisions/0118-private-data-folder.md).
  setPrivateUmask();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const dev = config.NODE_ENV === 'development';
  const uploadsDir = path.join(config.dataDir, 'uploads');
  mkdirSync(uploadsDir, { recursive: true });

  // Connections lost by the pool are logged, never fatal (docs/decisions/0440-database-failures-answer-503.md).
  let logConnectionError = (error: Error) => console.warn(`Database connection lost: ${error.message}`);
  const database = await openDatabase(config, {
    timeouts: databaseTimeouts(config),
    onConnectionError: (error) => logConnectionError(error),
  });
  // Under the start-up lock: instances started at once on an empty database migrate and seed it once.
  // A database that is down or restarting is waited for (db/wait-for-database.ts).
  const seeded = await prepareWhenReachable(config, database, {
    storage: createFileStorage(config),
    adminUsername: config.ADMIN_USERNAME,
    adminPassword: config.ADMIN_PASSWORD,
  });

  // After the database is open: PGlite writes the files of a new database (and its pid files) with
  // explicit modes 0666/0644 whatever the umask; what it writes later honours the umask. This also
  // closes up files left open by older versions.
  const notPrivate = makeDataFolderPrivate(config.dataDir);
  if (notPrivate.length) {
    console.warn(
      `  Warning: could not make these files in ${config.dataDir} private to this user (check who owns them):\n${notPrivate
        .slice(0, 10)
        .map((f) => `    ${f}`)
        .join('\n')}`,
    );
  }

  const distDir = path.resolve(process.env.STORE_DIST_DIR ?? 'dist');
  let renderer: PageRenderer;
  let devMiddleware: ((app: FastifyInstance) => Promise<void>) | undefined;
  if (dev) {
    const { createDevRenderer } = await import('./render/dev-renderer');
    const devSetup = await createDevRenderer();
    renderer = devSetup.renderer;
    devMiddleware = devSetup.middleware;
  } else {
    renderer = await loadProductionRenderer(distDir);
  }

  const app = await buildApp({
    config,
    database,
    renderer,
    devMiddleware,
    clientDir: dev ? undefined : path.join(distDir, 'client'),
    logger: { level: config.LOG_LEVEL, ...(dev ? { transport: { target: 'pino-pretty' } } : {}) },
  });

  logConnectionError = (error) => app.log.warn({ reason: error.message }, 'database connection lost');

  let stopMaintenance = async () => {};
  let stopOnlineBackup = async () => {};
  let stopMetrics = async () => {};
  // SIGTERM/SIGINT: not ready at once, stop listening, let the requests in flight finish within
  // SHUTDOWN_TIMEOUT_MS, stop the jobs, close the pool (docs/decisions/0201-graceful-shutdown.md).
  closeWithGrace(
    {
      delay: config.SHUTDOWN_TIMEOUT_MS,
      logger: { error: (message: unknown) => app.log.error(message) },
      onTimeout: (delay) =>
        app.log.error(`Shutdown: requests still in flight after ${delay} ms (SHUTDOWN_TIMEOUT_MS); exiting.`),
    },
    async ({ signal, err }) => {
      if (err) app.log.error({ err }, 'Shutdown after an uncaught error');
      else app.log.info(`Shutdown on ${signal ?? 'exit'}: finishing the requests in flight.`);
      app.lifecycle.shuttingDown = true;
      // Idle keep-alive connections (a balancer's) would hold the close until the deadline.
      app.server.closeIdleConnections();
      await app.close();
      await stopMaintenance();
      await stopMetrics();
      await stopOnlineBackup();
      await database.close();
      app.log.info('Shutdown complete.');
    },
  );

  // Caps and timeouts on sockets (docs/decisions/0452-connection-limits.md).
  applyConnectionLimits(app.server, config, app.log);
  await app.listen({ port: config.PORT, host: config.HOST });
  stopMaintenance = startMaintenance(app);
  // The embedded database is backed up through this process, which alone may open it.
  if (database.kind === 'pglite')
    stopOnlineBackup = (await startOnlineBackup(database, config.dataDir, app.log)).stop;
  if (config.METRICS_PORT) {
    const metrics = await startMetricsServer(app.metricsRegistry, config.METRICS_PORT, config.METRICS_HOST);
    stopMetrics = metrics.close;
    console.log(`  Metrics at http://${config.METRICS_HOST}:${metrics.port}/metrics`);
  }
  const where = config.DATABASE_URL
    ? 'PostgreSQL (DATABASE_URL)'
    : `embedded PostgreSQL in ${path.join(config.dataDir, 'pglite')}`;
  console.log(`\n  Store running at ${config.publicUrl}  (database: ${where})`);
  if (config.testPayments) {
    // docs/decisions/0115-test-payments-only-on-purpose.md
    console.warn(
      `  Warning: TEST PAYMENTS. The store's own payment page (PAYMENT_PROVIDER=local) marks orders paid with no money taken, and every page says "Test store: no payment is taken". Set PAYMENT_PROVIDER=square to take real payments.`,
    );
  }
  if (seeded) {
    console.log('  Demo catalogue loaded.');
    console.log(`  Administrator sign-in: username "${seeded.adminUsername}"`);
    if (seeded.adminPassword) console.log(`  Password (shown once, change it): ${seeded.adminPassword}`);
    else console.log('  Password: the ADMIN_PASSWORD you set.');
  }
  console.log('');
}

main().catch((error) => {
  // A second process on one embedded database: the message says which folder and which process.
  console.error(
    error instanceof DataDirLockedError || error instanceof DatabaseWaitTimeout ? error.message : error,
  );
  process.exit(1);
});
