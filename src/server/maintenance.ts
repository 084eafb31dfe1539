// Periodic housekeeping, one run at a time across instances. Every task is idempotent as well.
import type { FastifyInstance } from 'fastify';
import { LOCK_KEYS, withDatabaseLock } from './db/advisory-lock';
import {
  expireUnpaidOrders,
  retryOrderConfirmations,
  retryPaymentCompletions,
  retryOrderEmails,
  retryPendingRefunds,
  retryStrayRefunds,
} from '~/server/features/orders';
import { applyMarkdowns } from '~/server/features/markdowns';
import { sendAlertDigests, sendHoldReminders, sendWatchAlerts } from '~/server/features/alerts';
import { fetchRecallData } from '~/server/features/recalls';
import { storeDate } from '~/shared/pricing';
import { purgeOldRateLimits } from './lib/rate-limit';
import { recordJobRun } from './runtime/metrics';
import { purgeExpiredSessions } from './plugins/sessions';
import { purgeOldResetTokens } from '~/server/features/auth';
import { purgeByRetention } from '~/server/features/privacy';
import { cancelPickupNoShows, sendPickupReminders } from '~/server/features/pickup';

export type MaintenanceTask = { name: string; run: (app: FastifyInstance) => Promise<unknown> };

const EVERY_MS = 5 * 60_000;

export const maintenanceTasks: MaintenanceTask[] = [
  { name: 'expired sessions', run: (app) => purgeExpiredSessions(app.ctx.db) },
  { name: 'old rate-limit counters', run: (app) => purgeOldRateLimits(app.ctx.db) },
  // Before the e-mails: a payment completed here has its confirmation sent in the same run.
  { name: 'payments to record', run: (app) => retryPaymentCompletions(app.ctx) },
  { name: 'order confirmation e-mails', run: (app) => retryOrderConfirmations(app.ctx) },
  { name: 'order e-mails in the outbox', run: (app) => retryOrderEmails(app.ctx) },
  { name: 'expired checkouts', run: (app) => expireUnpaidOrders(app.ctx) },
  { name: 'refunds of late payments', run: (app) => retryStrayRefunds(app.ctx) },
  { name: 'staff refunds left unsettled', run: (app) => retryPendingRefunds(app.ctx) },
  // What an answer left in the outbox and did not send (the instance stopped first).
  { name: 'queued e-mails', run: (app) => app.ctx.mailer.deliverQueued(100) },
  { name: 'old password reset links', run: (app) => purgeOldResetTokens(app.ctx) },
  // Contact messages, abandoned checkouts and old sessions past their retention periods.
  { name: 'retention periods', run: (app) => purgeByRetention(app.ctx) },
  // The daily markdowns: each step is applied once, so running every few minutes marks a product down
  // within minutes of the day it reaches a step (docs/decisions/0320-markdowns-lower-the-selling-price.md).
  { name: 'markdowns by age', run: (app) => applyMarkdowns(app.ctx) },
  // After the markdowns, so a price they lowered is in today's watch e-mails
  // (docs/decisions/0572-new-arrival-alerts-and-price-watches.md).
  { name: 'price watch e-mails', run: (app) => sendWatchAlerts(app.ctx) },
  { name: 'new-arrival digests', run: (app) => sendAlertDigests(app.ctx) },
  // One e-mail before an unpaid checkout's hold ends (docs/decisions/0582-hold-expiry-reminder.md).
  { name: 'hold-expiry reminders', run: (app) => sendHoldReminders(app.ctx) },
  // Booked pickup: one reminder the day before the slot, and orders not collected within the no-show
  // days cancelled, refunded and restocked (docs/decisions/0622-pickup-reminder-and-qr.md, 0623).
  { name: 'pickup reminders', run: (app) => sendPickupReminders(app.ctx) },
  { name: 'pickup no-shows', run: (app) => cancelPickupNoShows(app.ctx) },
  // Once a day when RECALL_DATA_URLS names files (docs/decisions/0571-recall-screening.md).
  {
    name: 'recall data',
    run: (app) =>
      fetchRecallData(app.ctx, storeDate(app.ctx.config.STORE_TIMEZONE), (err, url) =>
        app.log.error({ err, url }, 'recall data could not be loaded'),
      ),
  },
];

/**
 * Runs the tasks once, unless another instance is running them now: the maintenance lock makes one
 * run at a time across every instance on the database, so no item is handled twice by two runs
 * (docs/decisions/0200-database-locks-for-start-up-and-jobs.md). Returns whether this run happened.
 */
export async function runMaintenance(app: FastifyInstance, tasks = maintenanceTasks): Promise<boolean> {
  const result = await withDatabaseLock(app.database, LOCK_KEYS.maintenance, { wait: false }, async () => {
    for (const task of tasks) {
      try {
        await task.run(app);
        recordJobRun(app.metricsRegistry, task.name, true);
      } catch (error) {
        recordJobRun(app.metricsRegistry, task.name, false);
        app.log.error({ err: error, task: task.name }, 'maintenance task failed');
      }
    }
  });
  return result.acquired;
}

/**
 * Runs the tasks now and every few minutes while the server listens. The returned stop ends the
 * schedule and resolves once a run under way has finished, so the pool can then be closed.
 */
export function startMaintenance(app: FastifyInstance, tasks = maintenanceTasks): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  // A slow run is never overlapped by the next tick.
  const tick = () => {
    if (running || stopped) return;
    running = runMaintenance(app, tasks)
      .catch((error) => app.log.error({ err: error }, 'maintenance run failed'))
      .finally(() => {
        running = null;
      });
  };
  tick();
  const timer = setInterval(tick, EVERY_MS);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
