// Who may keep a copy of an answer (docs/decisions/0141-cdn-caching-and-private-answers.md): whatever a
// route says, an answer to a signed-in person is `private`, so no CDN or shared proxy stores it; with no
// Cache-Control of its own it is not stored at all. (Answers that set a cookie, and personal plugins,
// are made `private, no-store` by plugins/security.ts, docs/decisions/0111-transport-and-cache-headers.md.)
import type { FastifyInstance } from 'fastify';

/** Shared-cache directives that have no place in a private answer. */
const SHARED_ONLY = /^(public|private|s-maxage=.*|proxy-revalidate|stale-while-revalidate=.*)$/i;

export function privateCacheControl(value: string | undefined): string {
  if (!value) return 'private, no-store';
  const kept = value
    .split(',')
    .map((d) => d.trim())
    .filter((d) => d !== '' && !SHARED_ONLY.test(d));
  return ['private', ...kept].join(', ');
}

export function registerCachePolicy(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.user) {
      const current = reply.getHeader('cache-control');
      reply.header('cache-control', privateCacheControl(current === undefined ? undefined : String(current)));
    }
    return payload;
  });
}
