// The language of a request. Pages carry it in their address (/fr/...); the browser's API client sends
// the page's language as Accept-Language, so API answers (French catalogue fields, error messages)
// follow the page and not the browser's own preference. Answers that depend on it say `Vary: Accept-Language`.
import type { FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, type Locale, localeFromAcceptLanguage, localeOfPath } from '~/shared/i18n/locales';

export function apiLocale(req: Pick<FastifyRequest, 'headers'>): Locale {
  const header = req.headers['accept-language'];
  return localeFromAcceptLanguage(Array.isArray(header) ? header[0] : header) ?? DEFAULT_LOCALE;
}

export function pageLocale(req: Pick<FastifyRequest, 'url'>): Locale {
  return localeOfPath(req.url.split('?')[0] ?? '/');
}

/** What a reply must offer to have its Vary extended (a FastifyReply does). */
type HeaderTarget = { getHeader(name: string): unknown; header(name: string, value: string): unknown };

/**
 * Adds header names to the answer's Vary, keeping what is there (a plain `reply.header('vary', ...)`
 * would drop another part's names).
 */
export function addVary(reply: HeaderTarget, ...names: string[]): void {
  const current = String(reply.getHeader('vary') ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  if (current.includes('*')) return;
  const lower = new Set(current.map((n) => n.toLowerCase()));
  const added = names.filter((n) => !lower.has(n.toLowerCase()));
  if (added.length) reply.header('vary', [...current, ...added].join(', '));
}

/**
 * The language an API answer is written in, marking the answer `Vary: Accept-Language` so a shared or
 * browser cache keeps one copy per language. Call it in any route whose answer depends on the language
 * (French catalogue fields, translated messages) instead of `apiLocale` alone.
 */
export function answerLocale(req: Pick<FastifyRequest, 'headers'>, reply: HeaderTarget): Locale {
  addVary(reply, 'accept-language');
  return apiLocale(req);
}
