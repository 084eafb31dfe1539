// Periodic housekeeping. Every task is idempotent and safe to run from several instances at once.
import type { FastifyInstance } from 'fastify';
import { expireUnpaidOrders, retryOrderConfirmations, retryStrayRefunds } from './features/orders/completion';
import { purgeOldRateLimits } from './lib/rate-limit';
import { purgeExpiredSessions } from './plugins/sessions';

export type MaintenanceTask = { name: string; run: (app: FastifyInstance) => Promise<unknown> };

const EVERY_MS = 5 * 60_000;

export const maintenanceTasks: MaintenanceTask[] = [
  { name: 'expired sessions', run: (app) => purgeExpiredSessions(app.ctx.db) },
  { name: 'old rate-limit counters', run: (app) => purgeOldRateLimits(app.ctx.db) },
  { name: 'order confirmation e-mails', run: (app) => retryOrderConfirmations(app.ctx) },
  { name: 'expired checkouts', run: (app) => expireUnpaidOrders(app.ctx) },
  { name: 'refunds of late payments', run: (app) => retryStrayRefunds(app.ctx) },
];

export async function runMaintenance(app: FastifyInstance, tasks = maintenanceTasks): Promise<void> {
  for (const task of tasks) {
    try {
      await task.run(app);
    } catch (error) {
      app.log.error({ err: error, task: task.name }, 'maintenance task failed');
    }
  }
}

/** Runs the tasks now and every few minutes while the server listens. */
export function startMaintenance(app: FastifyInstance, tasks = maintenanceTasks): () => void {
  let busy = false;
  // A slow run is never overlapped by the next tick.
  const tick = async () => {
    if (busy) return;
    busy = true;
    try {
      await runMaintenance(app, tasks);
    } finally {
      busy = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
