// SIGTERM on the real entry point (main.ts in a child process, on PGlite): new connections are refused,
// an idle keep-alive connection is closed at once, a request in flight still gets its answer, then the
// process exits 0; one that outlasts SHUTDOWN_TIMEOUT_MS does not hold the process, which exits 1
// saying so (docs/decisions/0201-graceful-shutdown.md).
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnStore } from './test/spawn-store';
import { testDbKind } from './test/test-database';

// The stores here run on the embedded database whichever database the other API tests use (DATABASE_URL
// is empty or left out): once is enough, in the PGlite tier.
const once = testDbKind() === 'postgres';

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

/**
 * A balancer's idle keep-alive connection: one request answered, then the socket left open. Resolves
 * `closed` when the store closes it.
 */
async function idleKeepAlive(url: string) {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const answered = new Promise<string>((resolve) => socket.once('data', (chunk) => resolve(String(chunk))));
  socket.write(`GET /api/health HTTP/1.1\r\nHost: ${hostname}\r\nConnection: keep-alive\r\n\r\n`);
  return { answer: await answered, closed };
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

describe.skipIf(once)('shutdown on SIGTERM', () => {
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
      const idle = await idleKeepAlive(store.url);
      expect(idle.answer).toMatch(/^HTTP\/1\.1 200/);
      expect(idle.answer.toLowerCase()).toContain('connection: keep-alive');
      const held = heldRequest(store.url);
      await held.inFlight;
      store.signal('SIGTERM');
      // The idle connection is closed at once, while a request is still in flight: it does not hold
      // the shutdown until the deadline.
      const idleClosed = await Promise.race([
        idle.closed.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 3000)),
      ]);
      expect(idleClosed).toBe(true);
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
