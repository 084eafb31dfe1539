// The unsubscribe link of every marketing e-mail: GET (a person clicking it) and POST (a mail client's
// one-click unsubscribe, RFC 8058, body `List-Unsubscribe=One-Click`). No sign-in: the sealed token is
// the authority. The withdrawal is recorded and honoured at once; the page says so in the message's
// language (docs/decisions/0560-consent-records.md).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translator } from '~/shared/i18n/catalogues';
import { LOCALE_TAGS, type Locale, localizedPath } from '~/shared/i18n/locales';
import { apiLocale } from '~/server/lib/request-locale';
import { recordWithdrawal } from './consents';
import { marketingMailMessages } from './marketing-mail.messages';
import { openUnsubscribeToken } from './unsubscribe-token';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function page(storeName: string, locale: Locale, title: string, body: string): string {
  return `<!doctype html>
<html lang="${LOCALE_TAGS[locale]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${escapeHtml(title)} | ${escapeHtml(storeName)}</title>
<style>body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f3f4f6;color:#111827;margin:0;padding:24px 12px}
main{max-width:520px;margin:0 auto;background:#fff;border-radius:12px;padding:24px}h1{font-size:1.25rem;margin:0 0 12px}a{color:#1d4ed8}</style>
</head><body><main>${body}</main></body></html>`;
}

type Params = { token: string };

export const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.ctx;
  // Mail clients post the one-click form as application/x-www-form-urlencoded; its content is fixed.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_r, body, done) => done(null, body),
  );

  async function unsubscribe(request: FastifyRequest<{ Params: Params }>, reply: FastifyReply) {
    const opened = openUnsubscribeToken(config.sessionSecret, request.params.token);
    const locale = opened?.locale ?? apiLocale(request);
    const t = translator(locale, marketingMailMessages);
    const store = config.STORE_NAME;
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    if (!opened) {
      return reply
        .status(400)
        .type('text/html; charset=utf-8')
        .send(
          page(
            store,
            locale,
            t('invalidTitle'),
            `<h1>${escapeHtml(t('invalidTitle'))}</h1><p>${escapeHtml(t('invalid', { email: config.STORE_EMAIL }))}</p>`,
          ),
        );
    }
    await db.transaction((tx) =>
      recordWithdrawal(
        tx,
        { email: opened.email, ip: request.ip },
        request.method === 'POST' ? 'one-click' : 'unsubscribe-link',
        locale,
        store,
      ),
    );
    const home = localizedPath('/', locale);
    return reply
      .type('text/html; charset=utf-8')
      .send(
        page(
          store,
          locale,
          t('unsubscribedTitle'),
          `<h1>${escapeHtml(t('unsubscribedTitle'))}</h1><p>${escapeHtml(t('unsubscribed', { email: opened.email, store }))}</p><p>${escapeHtml(t('changedMind'))}</p><p><a href="${escapeHtml(home)}">${escapeHtml(t('backToStore'))}</a></p>`,
        ),
      );
  }

  const options = {
    config: { access: 'public' as const },
    schema: {
      tags: ['newsletter'],
      summary: 'Unsubscribe the address of a marketing e-mail (its link; POST is the one-click of RFC 8058)',
      params: z.object({ token: z.string().max(2000) }),
    },
  };
  app.get('/api/unsubscribe/:token', options, unsubscribe);
  app.post('/api/unsubscribe/:token', options, unsubscribe);
};
