// The store's own page for "try again in a moment", in English or French: what a page request gets when
// the database is unavailable before the page could be rendered at all. deploy/errors/503.http is the
// page for HAProxy, for when no instance answers (docs/decisions/0441-readiness-and-the-balancer.md): the
// balancer cannot tell the shopper's language, so that one says it in both.
import type { Locale } from '~/shared/i18n/locales';

const TEXT = {
  en: {
    title: 'We’ll be right back',
    body: 'The store is busy right now. Please try again in a moment.',
    again: 'Try again',
  },
  fr: {
    title: 'Nous revenons dans un instant',
    body: 'La boutique est très occupée en ce moment. Veuillez réessayer dans un instant.',
    again: 'Réessayer',
  },
} as const;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function unavailablePage(storeName: string, locale: Locale): string {
  const t = TEXT[locale];
  const lang = locale === 'fr' ? 'fr-CA' : 'en-CA';
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(t.title)} | ${escapeHtml(storeName)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;color:#1f2937;background:#f9fafb}main{max-width:32rem;margin:15vh auto;padding:1.5rem}h1{font-size:1.5rem}a{display:inline-block;margin-top:1rem;padding:.75rem 1.25rem;background:#b91c1c;color:#fff;border-radius:.375rem;text-decoration:none}</style>
</head><body><main><p><strong>${escapeHtml(storeName)}</strong></p><h1>${escapeHtml(t.title)}</h1><p>${escapeHtml(t.body)}</p><a href="">${escapeHtml(t.again)}</a></main></body></html>
`;
}

const STYLE =
  'body{font-family:system-ui,sans-serif;margin:0;color:#1f2937;background:#f9fafb}main{max-width:32rem;margin:15vh auto;padding:1.5rem}h1{font-size:1.5rem}a{display:inline-block;margin-top:1rem;padding:.75rem 1.25rem;background:#b91c1c;color:#fff;border-radius:.375rem;text-decoration:none}section+section{margin-top:2rem;border-top:1px solid #e5e7eb}';

/** deploy/errors/503.http: HAProxy's answer when no instance answers, in English and in French. */
export function balancerErrorFile(storeName: string): string {
  const part = (locale: Locale) => {
    const t = TEXT[locale];
    const lang = locale === 'fr' ? 'fr-CA' : 'en-CA';
    return `<section lang="${lang}"><h1>${escapeHtml(t.title)}</h1><p>${escapeHtml(t.body)}</p><a href="">${escapeHtml(t.again)}</a></section>`;
  };
  const body = `<!doctype html>
<html lang="en-CA"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(TEXT.en.title)} / ${escapeHtml(TEXT.fr.title)} | ${escapeHtml(storeName)}</title>
<style>${STYLE}</style>
</head><body><main><p><strong>${escapeHtml(storeName)}</strong></p>${part('en')}${part('fr')}</main></body></html>
`;
  return [
    'HTTP/1.0 503 Service Unavailable',
    'Cache-Control: no-store',
    'Connection: close',
    'Content-Type: text/html; charset=utf-8',
    'Content-Language: en-CA, fr-CA',
    'Retry-After: 5',
    '',
    body,
  ].join('\r\n');
}
