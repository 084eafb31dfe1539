// A client hoarding sockets (docs/decisions/0452-connection-limits.md): its sockets past the per-client
// cap are closed and logged, and /api/health still answers another client at once.
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '~/server/test/test-app';
import { applyConnectionLimits } from './connection-limits';

const logged: { msg?: string; client?: string }[] = [];
let t: TestApp;
let port = 0;
beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logged.push(JSON.parse(line));
      done();
    },
  });
  t = await createTestApp({ env: { MAX_CONNECTIONS_PER_CLIENT: '20' }, logger: { level: 'warn', stream } });
  applyConnectionLimits(t.app.server, t.config, t.app.log);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** A socket from 127.0.0.2 that sends one byte of a request and then nothing. */
function hoard(): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: '127.0.0.2' }, () => {
      socket.write('G');
      resolve(socket);
    });
    socket.on('error', () => {});
    socket.once('error', reject);
  });
}

const health = () =>
  new Promise<number>((resolve, reject) => {
    http
      .get(
        { port, host: '127.0.0.1', path: '/api/health', localAddress: '127.0.0.1', agent: false },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      )
      .on('error', reject);
  });

it('closes a hoarding client’s sockets past its cap, logs it, and still answers /api/health', async () => {
  const sockets = await Promise.all(Array.from({ length: 30 }, hoard));
  try {
    const closed = await Promise.all(
      sockets.map(
        (s) =>
          new Promise<boolean>((resolve) => {
            if (s.destroyed) return resolve(true);
            s.once('close', () => resolve(true));
            setTimeout(() => resolve(false), 1000);
          }),
      ),
    );
    expect(closed.filter(Boolean)).toHaveLength(10);
    expect(await health()).toBe(200);
    expect(
      logged.some(
        (l) => l.msg === 'connection refused: the client holds too many sockets' && l.client === '127.0.0.2',
      ),
    ).toBe(true);
    expect(t.app.server.headersTimeout).toBe(10_000);
  } finally {
    for (const s of sockets) s.destroy();
  }
});
