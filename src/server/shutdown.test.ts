// SIGTERM on the real entry point (main.ts in a child process, on PGlite): new connections are refused,
// a request in flight still gets its answer, then the process exits 0; one that outlasts
// SHUTDOWN_TIMEOUT_MS does not hold the process, which exits 1 saying so
// (docs/decisions/0201-graceful-shutdown.md).
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnStore } from './test/spawn-store';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const ADMIN = { username: 'admin', password: 'admin-password-shutdown' };

/**
 * A sign-in whose body is held back: resolves `inFlight` once the server has read its headers (its
 * "100 Continue"), so the request is under way in the store; `finish` sends the body.
 */
function heldRequest(url: string) {
  const body = JSON.stringify(ADMIN);
  const request = http.request(`${url}/api/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      expect: '100-continue',
      origin: url,
    },
  });
  const inFlight = new Promise<void>((resolve) => request.once('continue', () => resolve()));
  const answered = new Promise<number>((resolve, reject) => {
    request.once('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    request.once('error', reject);
  });
  request.flushHeaders();
  return { inFlight, answered, finish: () => request.end(body), abandon: () => request.destroy() };
}

async function refusesConnections(url: string): Promise<void> {
  for (;;) {
    try {
      await fetch(`${url}/api/health`);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('shutdown on SIGTERM', () => {
  it('finishes the request in flight and exits 0; past the deadline, exits 1', async () => {
    const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'store-shutdown-')), 'data');
    dirs.push(path.dirname(dataDir));
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'info',
    };

    const store = await spawnStore(env);
    try {
      await store.ready();
      const held = heldRequest(store.url);
      await held.inFlight;
      store.signal('SIGTERM');
      await refusesConnections(store.url);
      held.finish();
      // The sign-in ran to its end (a database read and a session written) after the signal.
      expect(await held.answered).toBe(200);
      expect(await store.exited).toBe(0);
      expect(store.output()).toContain('Shutdown on SIGTERM: finishing the requests in flight.');
      expect(store.output()).toContain('Shutdown complete.');
    } finally {
      await store.stop();
    }

    // The same data folder, already seeded: a request that never completes meets the deadline.
    const again = await spawnStore({ ...env, SHUTDOWN_TIMEOUT_MS: '1000' });
    try {
      await again.ready();
      const held = heldRequest(again.url);
      held.answered.catch(() => {});
      await held.inFlight;
      again.signal('SIGTERM');
      expect(await again.exited).toBe(1);
      expect(again.output()).toContain('requests still in flight after 1000 ms (SHUTDOWN_TIMEOUT_MS)');
      expect(again.output()).not.toContain('Shutdown complete.');
      held.abandon();
    } finally {
      await again.stop();
    }
  }, 240_000);
});
