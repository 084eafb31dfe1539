// Security headers on every answer, and a refusal of state-changing requests from other origins.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '~/server/lib/http-error';
import { TAP_CAPTURE_CSP_HASH } from '~/server/render/tap-capture';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Server-to-server calls that carry their own signature. */
const ORIGIN_EXEMPT = new Set(['/api/square/webhook']);

function allowedOrigins(request: FastifyRequest): Set<string> {
  const origins = new Set([new URL(request.server.ctx.config.publicUrl).origin]);
  const host = request.headers.host;
  if (host) {
    origins.add(`http://${host}`);
    origins.add(`https://${host}`);
  }
  return origins;
}

export function isCrossOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin) return !allowedOrigins(request).has(origin);
  // Browsers that send no Origin still say where the request came from.
  return request.headers['sec-fetch-site'] === 'cross-site';
}

/** Answers that carry one person's data: no cache, shared or the browser's back-forward store, keeps them. */
export const PRIVATE_NO_STORE = 'private, no-store';

/**
 * Marks every answer of a plugin's routes personal (docs/decisions/0111-transport-and-cache-headers.md). Set
 * when the request arrives, so a route may still choose otherwise and errors are covered too.
 */
export function privateAnswers(app: FastifyInstance) {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', PRIVATE_NO_STORE);
  });
}

// Browsers remember for a year to use HTTPS only; subdomains too (they are the store's).
const HSTS = 'max-age=31536000; includeSubDomains';

export function registerSecurity(app: FastifyInstance) {
  const https = app.ctx.config.publicUrl.startsWith('https://');
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE_METHODS.has(request.method)) return;
    const path = request.url.split('?')[0]!;
    if (ORIGIN_EXEMPT.has(path)) return;
    // A mail client's one-click unsubscribe (RFC 8058) posts from no page of the store; the sealed
    // token in the path is its authority (docs/decisions/0560-consent-records.md).
    if (path.startsWith('/api/unsubscribe/')) return;
    if (isCrossOrigin(request)) throw forbidden('Cross-origin request refused.');
  });
  // Vite's development client needs inline scripts and a websocket for hot reload.
  const dev = app.ctx.config.NODE_ENV === 'development';
  // Pictures in a bucket served over plain http (a test or in-house MinIO); https: is allowed already.
  const bucketUrl = app.ctx.config.FILE_STORAGE === 's3' ? app.ctx.config.S3_PUBLIC_URL : undefined;
  const imgSrc = `img-src 'self' data: blob: https:${bucketUrl?.startsWith('http://') ? ` ${new URL(bucketUrl).origin}` : ''}`;
  app.addHook('onSend', async (request, reply) => {
    if (https) reply.header('strict-transport-security', HSTS);
    // An answer that sets or clears a session is personal, whatever route it came from; so is any
    // answer to a write (sign-in, registration, checkout, forms) that did not say otherwise.
    if (reply.hasHeader('set-cookie')) reply.header('cache-control', PRIVATE_NO_STORE);
    else if (UNSAFE_METHODS.has(request.method) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', PRIVATE_NO_STORE);
    reply.header('x-content-type-options', 'nosniff');
    // A reset link's token is in that page's address: it travels in no Referer, not even to this store
    // (docs/decisions/0280-password-reset.md).
    reply.header(
      'referrer-policy',
      request.url.startsWith('/auth/reset') ? 'no-referrer' : 'strict-origin-when-cross-origin',
    );
    reply.header('x-frame-options', 'SAMEORIGIN');
    reply.header(
      'content-security-policy',
      [
        "default-src 'self'",
        // The one inline script: the capture of taps before hydration (src/server/render/tap-capture.ts).
        dev ? "script-src 'self' 'unsafe-inline'" : `script-src 'self' ${TAP_CAPTURE_CSP_HASH}`,
        "style-src 'self' 'unsafe-inline'",
        imgSrc,
        "font-src 'self' data:",
        dev ? "connect-src 'self' ws: wss:" : "connect-src 'self'",
        'frame-src https://www.youtube.com https://player.vimeo.com https://www.google.com https://maps.google.com',
        "form-action 'self' https:",
        "base-uri 'self'",
        "object-src 'none'",
        "frame-ancestors 'self'",
      ].join('; '),
    );
  });
}
