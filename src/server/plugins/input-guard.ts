// Query strings, path parameters and request bodies with a NUL character (U+0000) in any text are
// refused at the door: PostgreSQL cannot
// store it in text or jsonb, so it would otherwise fail deep inside a write as a 500. One guard for
// every route, present and future (docs/decisions/0119-bad-input-is-a-4xx.md).
import type { FastifyInstance } from 'fastify';
import { badRequest } from '~/server/lib/http-error';

export const NUL_TEXT_MESSAGE = 'Text may not contain the NUL character (\\u0000).';

/** Any string (value or key) in a parsed body holding U+0000. Iterative: a deeply nested body cannot overflow the stack. */
export function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const next = stack.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (next !== null && typeof next === 'object' && !ArrayBuffer.isView(next)) {
      for (const [key, item] of Object.entries(next)) {
        if (key.includes('\u0000')) return true;
        stack.push(item);
      }
    }
  }
  return false;
}

export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    // The query string and path parameters as much as the body: a search term reaches SQL too.
    if (containsNul(request.query) || containsNul(request.params)) throw badRequest(NUL_TEXT_MESSAGE);
    if (request.body !== undefined && containsNul(request.body)) throw badRequest(NUL_TEXT_MESSAGE);
  });
}
