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
