// The privacy toolkit's public and customer routes: the privacy officer published on the privacy page,
// the signed-in customer's data export, and a guest's request by e-mail link (export or deletion).
// The account's deletion is DELETE /api/account in the account feature (it re-checks the password).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translator } from '~/shared/i18n/catalogues';
import { LOCALE_TAGS, type Locale } from '~/shared/i18n/locales';
import { translateError } from '~/shared/i18n/error-text';
import { ErrorSchema } from '~/shared/schemas/catalog';
import {
  DataExportQuerySchema,
  PRIVACY_REQUEST_SENT,
  PrivacyContactSchema,
  PrivacyRequestInputSchema,
} from '~/shared/schemas/privacy';
import { getStoreSettings } from '~/server/features/store-settings';
import { enforceAddressRateLimit } from '~/server/lib/rate-limit';
import { apiLocale } from '~/server/lib/request-locale';
import { PRIVATE_NO_STORE, privateAnswers } from '~/server/plugins/security';
import { type DataExport, exportAccount, exportCsv, exportGuest } from './data-export';
import { guestRequestMessages } from './guest-request.messages';
import { eraseGuest, openRequest, requestGuestData } from './guest-requests';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function page(storeName: string, locale: Locale, title: string, body: string): string {
  return `<!doctype html>
<html lang="${LOCALE_TAGS[locale]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${escapeHtml(title)} | ${escapeHtml(storeName)}</title>
<style>body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f3f4f6;color:#111827;margin:0;padding:24px 12px}
main{max-width:560px;margin:0 auto;background:#fff;border-radius:12px;padding:24px}h1{font-size:1.25rem;margin:0 0 12px}a{color:#1d4ed8}
button{padding:10px 16px;border-radius:8px;border:0;background:#b91c1c;color:#fff;font-size:1rem;font-weight:600;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid #2563eb;outline-offset:2px}</style>
</head><body><main>${body}</main></body></html>`;
}

const day = () => new Date().toISOString().slice(0, 10);

/** Sends the export as a download: JSON, or the one-sheet CSV. */
function download(reply: import('fastify').FastifyReply, data: DataExport, format: 'json' | 'csv') {
  reply.header('cache-control', PRIVATE_NO_STORE);
  if (format === 'csv') {
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="my-data-${day()}.csv"`)
      .send(exportCsv(data));
  }
  return reply
    .header('content-type', 'application/json; charset=utf-8')
    .header('content-disposition', `attachment; filename="my-data-${day()}.json"`)
    .send(JSON.stringify(data, null, 2));
}

export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.ctx;

  app.get(
    '/api/privacy-contact',
    {
      config: { access: 'public' },
      schema: {
        tags: ['privacy'],
        summary: 'The person in charge of personal information, as the privacy page shows them',
        response: { 200: PrivacyContactSchema },
      },
    },
    async () => {
      const s = await getStoreSettings(db);
      return {
        name: s.privacyOfficerName,
        title: s.privacyOfficerTitle,
        titleFr: s.privacyOfficerTitleFr,
        email: s.privacyOfficerEmail || config.STORE_EMAIL,
        phone: s.privacyOfficerPhone,
      };
    },
  );

  app.get(
    '/api/account/data-export',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['privacy'],
        summary:
          "Download the signed-in customer's data: profile, addresses, orders with lines, consents, messages (JSON, or ?format=csv)",
        querystring: DataExportQuerySchema,
        response: { 400: ErrorSchema, 401: ErrorSchema },
      },
    },
    async (request, reply) =>
      download(reply, await exportAccount(db, request.user!.id), request.query.format),
  );

  app.post(
    '/api/privacy-requests',
    {
      config: { access: 'public' },
      schema: {
        tags: ['privacy'],
        summary:
          'A guest asks for a copy or the deletion of their data: a link goes to the address (same answer whether or not anything is kept)',
        body: PrivacyRequestInputSchema,
        response: { 202: z.object({ message: z.string() }), 400: ErrorSchema, 429: ErrorSchema },
      },
      onResponse: async () => {
        app.ctx.mailer
          .deliverQueued()
          .catch((error) => app.log.error({ err: error }, 'sending queued e-mail failed'));
      },
    },
    async (request, reply) => {
      await enforceAddressRateLimit(db, 'privacy-request', request.ip, 10, 3600, 'requests');
      const locale = apiLocale(request);
      await requestGuestData(app.ctx, request.body, locale);
      reply.header('cache-control', PRIVATE_NO_STORE);
      return reply.status(202).send({ message: translateError(locale, PRIVACY_REQUEST_SENT) });
    },
  );

  await app.register(guestLinkRoutes);
};

/** The pages the e-mailed link opens (server-rendered: they work from any mail app, no script needed). */
const guestLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  privateAnswers(app);
  const { db, config } = app.ctx;
  const store = config.STORE_NAME;
  const params = z.object({ token: z.string().max(200) });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_r, body, done) => done(null, body),
  );

  function invalid(reply: import('fastify').FastifyReply, locale: Locale) {
    const t = translator(locale, guestRequestMessages);
    return reply
      .status(404)
      .type('text/html; charset=utf-8')
      .send(
        page(
          store,
          locale,
          t('invalidTitle'),
          `<h1>${escapeHtml(t('invalidTitle'))}</h1><p>${escapeHtml(t('invalidText'))}</p>`,
        ),
      );
  }

  app.get(
    '/api/privacy-requests/:token',
    {
      config: { access: 'public' },
      schema: { tags: ['privacy'], summary: "The page a guest's e-mailed link opens", params },
    },
    async (request, reply) => {
      const found = await openRequest(db, request.params.token);
      if (!found) return invalid(reply, apiLocale(request));
      const t = translator(found.locale, guestRequestMessages);
      const base = `/api/privacy-requests/${encodeURIComponent(request.params.token)}`;
      const body =
        found.kind === 'export'
          ? `<h1>${escapeHtml(t('pageExportTitle'))}</h1><p>${escapeHtml(t('pageExportText', { email: found.email }))}</p>
<p><a href="${base}/data">${escapeHtml(t('downloadJson'))}</a> · <a href="${base}/data?format=csv">${escapeHtml(t('downloadCsv'))}</a></p>`
          : `<h1>${escapeHtml(t('pageDeleteTitle'))}</h1><p>${escapeHtml(t('pageDeleteText', { email: found.email }))}</p>
<form method="post" action="${base}/delete"><button type="submit">${escapeHtml(t('confirmDelete'))}</button></form>`;
      return reply
        .type('text/html; charset=utf-8')
        .send(
          page(store, found.locale, t(found.kind === 'export' ? 'pageExportTitle' : 'pageDeleteTitle'), body),
        );
    },
  );

  app.get(
    '/api/privacy-requests/:token/data',
    {
      config: { access: 'public' },
      schema: {
        tags: ['privacy'],
        summary: "A guest's data through their e-mailed export link (JSON, or ?format=csv)",
        params,
        querystring: DataExportQuerySchema,
      },
    },
    async (request, reply) => {
      const found = await openRequest(db, request.params.token);
      if (found?.kind !== 'export') return invalid(reply, apiLocale(request));
      return download(reply, await exportGuest(db, found.email), request.query.format);
    },
  );

  app.post(
    '/api/privacy-requests/:token/delete',
    {
      config: { access: 'public' },
      schema: { tags: ['privacy'], summary: "Carry out a guest's deletion from their e-mailed link", params },
    },
    async (request, reply) => {
      const found = await openRequest(db, request.params.token);
      if (found?.kind !== 'delete' || !(await eraseGuest(db, found.id, found.email)))
        return invalid(reply, apiLocale(request));
      const t = translator(found.locale, guestRequestMessages);
      return reply
        .type('text/html; charset=utf-8')
        .send(
          page(
            store,
            found.locale,
            t('deletedTitle'),
            `<h1>${escapeHtml(t('deletedTitle'))}</h1><p>${escapeHtml(t('deletedText', { email: found.email }))}</p>`,
          ),
        );
    },
  );
};
