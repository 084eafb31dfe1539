// A store behind one proxy more than TRUST_PROXY allows for sees every shopper as that proxy: its
// per-address limits then treat them all as one client (three unpaid checkouts for the whole town).
// The first requests tell: when every one of them comes from one address while X-Forwarded-For names
// others, the log says so once, soon after start-up (docs/decisions/0443-trust-proxy-defaults.md).
import type { FastifyInstance } from 'fastify';

/** How many forwarded requests are looked at before deciding; then the check stops. */
export const PROXY_SAMPLE = 20;

export function registerProxyWarning(app: FastifyInstance): void {
  let seen = 0;
  let first: string | null = null;
  let sameProxy = true;
  let done = false;
  app.addHook('onRequest', async (request) => {
    if (done) return;
    const forwarded = request.headers['x-forwarded-for'];
    if (typeof forwarded !== 'string' || !forwarded.trim()) return;
    const claimed = forwarded.split(',').map((a) => a.trim());
    // The address the store settled on is one the header names: the proxies in front are trusted.
    if (claimed.includes(request.ip) && request.ip !== request.socket.remoteAddress) {
      done = true;
      return;
    }
    first ??= request.ip;
    if (request.ip !== first) sameProxy = false;
    if (++seen < PROXY_SAMPLE) return;
    done = true;
    if (sameProxy)
      app.log.warn(
        { ip: first, requests: seen },
        `Every client seems to be the same proxy (${first}): ${seen} requests came from it naming other clients in X-Forwarded-For. Set TRUST_PROXY to the proxies in front of the store (README, Configuration), or every shopper shares one address's limits.`,
      );
  });
}
