// Runs the HTTP load generator (load-worker.mjs) on a worker thread and reports requests per second.
import { Worker } from 'node:worker_threads';

export type LoadResult = {
  requests: number;
  seconds: number;
  failures: number;
  bytes: number;
  perSecond: number;
};

export function runLoad(urls: string[], total: number, concurrency: number): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), {
      workerData: { urls, total, concurrency },
    });
    worker.once('message', (r: Omit<LoadResult, 'perSecond'>) => {
      resolve({ ...r, perSecond: r.requests / r.seconds });
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}
