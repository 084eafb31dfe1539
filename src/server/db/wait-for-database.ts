// Start-up with the database down or restarting: wait for it, trying again with growing pauses and one
// clear line each time, rather than a stack trace and an exit that a supervisor turns into a crash loop
// (docs/decisions/0440-database-failures-answer-503.md).
import { sleep } from '~/server/lib/sleep';
import { isDatabaseUnavailable, unavailableReason } from './unavailable';

export class DatabaseWaitTimeout extends Error {}

export type WaitOptions = {
  /** Give up after this long (DB_START_WAIT_MS); 0 = never. */
  maxWaitMs: number;
  log: (line: string) => void;
  /** The first pause; each next one doubles, up to maxPauseMs. */
  firstPauseMs?: number;
  maxPauseMs?: number;
};

/** Runs `task` until it succeeds; a database that is unavailable means try again, any other error is thrown. */
export async function waitForDatabase<T>(task: () => Promise<T>, options: WaitOptions): Promise<T> {
  const started = Date.now();
  let pause = options.firstPauseMs ?? 500;
  const maxPause = options.maxPauseMs ?? 10_000;
  for (let attempt = 1; ; attempt++) {
    try {
      const value = await task();
      if (attempt > 1) options.log(`The database answers: starting (after ${attempt} attempts).`);
      return value;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      const waited = Date.now() - started;
      if (options.maxWaitMs > 0 && waited + pause > options.maxWaitMs) {
        throw new DatabaseWaitTimeout(
          `The database did not answer within DB_START_WAIT_MS (${options.maxWaitMs} ms): ${unavailableReason(error)}. Check DATABASE_URL and that the server runs.`,
        );
      }
      options.log(
        `Waiting for the database (${unavailableReason(error)}): attempt ${attempt}, trying again in ${(pause / 1000).toFixed(1)} s.`,
      );
      await sleep(pause);
      pause = Math.min(pause * 2, maxPause);
    }
  }
}
