// Sockets one client may keep open, and how long a socket may take to send its request, so that one
// client hoarding connections (opening thousands, sending a byte at a time) cannot stop the store and
// /api/health answering everybody else (docs/decisions/0452-connection-limits.md).
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '~/server/config';
import { hostKey } from '~/server/lib/client-address';

/** The request line and headers must arrive within this. */
export const HEADERS_TIMEOUT_MS = 10_000;
/** The whole request (body included) must arrive within this. */
export const REQUEST_TIMEOUT_MS = 60_000;
/** An idle keep-alive socket is closed after this. */
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;
/** One refusal per client is logged at most this often. */
const LOG_EVERY_MS = 10_000;

type Limits = Pick<Config, 'MAX_CONNECTIONS' | 'MAX_CONNECTIONS_PER_CLIENT' | 'TRUST_PROXY'>;

/**
 * Applies the caps and timeouts to the listening server. The per-client cap counts the peer's host
 * (IPv4 address, IPv6 /64); behind a proxy (TRUST_PROXY set) every peer is the proxy, so the cap is
 * left to it and only the total cap applies. Refusals are logged as warnings, at most one per client
 * per 10 seconds.
 */
export function applyConnectionLimits(server: Server, config: Limits, log: FastifyBaseLogger): void {
  server.maxConnections = config.MAX_CONNECTIONS;
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  let lastDropLog = 0;
  server.on('drop', (data?: { remoteAddress?: string }) => {
    const now = Date.now();
    if (now - lastDropLog < LOG_EVERY_MS) return;
    lastDropLog = now;
    log.warn(
      { remoteAddress: data?.remoteAddress, maxConnections: config.MAX_CONNECTIONS },
      'connection refused: the server holds MAX_CONNECTIONS sockets',
    );
  });
  if (config.TRUST_PROXY !== false) return;
  const perClient = config.MAX_CONNECTIONS_PER_CLIENT;
  const open = new Map<string, number>();
  const lastLog = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const client = hostKey(socket.remoteAddress ?? '');
    const count = (open.get(client) ?? 0) + 1;
    if (count > perClient) {
      socket.destroy();
      const now = Date.now();
      if (now - (lastLog.get(client) ?? 0) >= LOG_EVERY_MS) {
        lastLog.set(client, now);
        if (lastLog.size > 10_000) lastLog.clear();
        log.warn(
          { client, maxConnectionsPerClient: perClient },
          'connection refused: the client holds too many sockets',
        );
      }
      return;
    }
    open.set(client, count);
    socket.once('close', () => {
      const left = (open.get(client) ?? 1) - 1;
      if (left <= 0) open.delete(client);
      else open.set(client, left);
    });
  });
}
