// A customer's saved searches and price watches, and the one-click stop of every alert
// (docs/decisions/0572-new-arrival-alerts-and-price-watches.md).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  GuestSavedSearchInputSchema,
  SavedSearchInputSchema,
  SavedSearchSchema,
  WatchInputSchema,
  WatchSchema,
} from '~/shared/schemas/alerts';
import { ErrorSchema } from '~/shared/schemas/catalog';
import { LOCALE_TAGS, localizedPath } from '~/shared/i18n/locales';
import { apiLocale } from '~/server/lib/request-locale';
import { enforceAddressRateLimit } from '~/server/lib/rate-limit';
import { privateAnswers } from '~/server/plugins/security';
import { confirmGuestSearch, saveGuestSearch } from './guest';
import {
  deleteSavedSearch,
  listSavedSearches,
  listWatches,
  saveSearch,
  stopAlerts,
  unwatch,
  watchLot,
} from './service';

const IdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };
const tags = ['account'];

export const alertRoutes: FastifyPluginAsyncZod = async (app) => {
  privateAnswers(app);

  app.get(
    '/api/account/saved-searches',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary: 'My saved searches',
        response: { 200: z.array(SavedSearchSchema), ...errors },
      },
    },
    async (request) => listSavedSearches(app.ctx, request.user!.id),
  );

  app.post(
    '/api/account/saved-searches',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary: "Save a listing's filters ('Alert me'): a daily e-mail lists the new lots that match",
        body: SavedSearchInputSchema,
        response: { 201: SavedSearchSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await saveSearch(app.ctx, request.user!.id, request.body, apiLocale(request))),
  );

  app.delete(
    '/api/account/saved-searches/:id',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary: 'Delete a saved search',
        params: IdParams,
        response: { 204: z.null(), 404: ErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      await deleteSavedSearch(app.ctx, request.user!.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/account/watches',
    {
      config: { access: 'customer' },
      schema: { tags, summary: 'The lots I watch', response: { 200: z.array(WatchSchema), ...errors } },
    },
    async (request) => listWatches(app.ctx, request.user!.id),
  );

  app.post(
    '/api/account/watches',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary: "Watch a lot's price: one e-mail when it drops, or when the lot sells first",
        body: WatchInputSchema,
        response: { 201: WatchSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await watchLot(app.ctx, request.user!.id, request.body.productId, apiLocale(request))),
  );

  app.delete(
    '/api/account/watches/:id',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        summary: 'Stop watching a lot',
        params: IdParams,
        response: { 204: z.null(), 404: ErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      await unwatch(app.ctx, request.user!.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  // A guest's 'Alert me' (docs/decisions/0583-guest-saved-searches.md): nothing is active before the
  // address is confirmed. The same answer whether the search is new or not.
  app.post(
    '/api/alerts/guest-searches',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "A guest's saved search: e-mails a confirmation link; the alerts start once it is opened",
        body: GuestSavedSearchInputSchema,
        response: { 202: z.object({ message: z.string() }), 400: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      // 10 an hour from one address: each sends an e-mail to an address anyone can type.
      await enforceAddressRateLimit(app.ctx.db, 'guest-alert', request.ip, 10, 3600, 'alert requests');
      const locale = apiLocale(request);
      await saveGuestSearch(app.ctx, request.body, locale);
      return reply.status(202).send({
        message:
          locale === 'fr'
            ? 'Vérifiez vos courriels\u00a0: ouvrez le lien que nous venons d’envoyer pour lancer l’alerte.'
            : 'Check your e-mail: open the link we just sent to start the alert.',
      });
    },
  );

  // Opened by a person from the confirmation e-mail: a page in the search's language, not JSON.
  app.get(
    '/api/alerts/confirm/:token',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          "Confirms a guest's saved search (the link of the confirmation e-mail) and records the consent",
        params: z.object({ token: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const locale = await confirmGuestSearch(app.ctx, request.params.token, request.ip);
      const lang = locale ?? apiLocale(request);
      const french = lang === 'fr';
      const text = !locale
        ? french
          ? 'Ce lien n’est pas valide.'
          : 'This link is not valid.'
        : french
          ? 'Votre alerte est confirmée\u00a0: nous vous écrirons quand de nouveaux lots correspondront.'
          : 'Your alert is confirmed: we will e-mail you when new lots match.';
      const store = app.ctx.config.STORE_NAME;
      const home = localizedPath('/', lang);
      const html = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
      return reply
        .status(locale ? 200 : 404)
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html lang="${LOCALE_TAGS[lang]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${html(store)}</title></head><body style="font-family:system-ui,sans-serif;max-width:520px;margin:24px auto;padding:0 12px"><main><h1 style="font-size:1.25rem">${html(text)}</h1><p><a href="${html(home)}">${html(store)}</a></p></main></body></html>`,
        );
    },
  );

  // The link in every alert e-mail: works without signing in, at once.
  app.get(
    '/api/account/alerts/stop/:token',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Stop every alert of the customer the link was sent to (one click from an alert e-mail)',
        params: z.object({ token: z.string().max(100) }),
        response: { 200: z.object({ message: z.string() }), 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      const french = apiLocale(request) === 'fr';
      if (!(await stopAlerts(app.ctx, request.params.token)))
        return reply
          .status(404)
          .send({ message: french ? 'Ce lien n’est pas valide.' : 'This link is not valid.' });
      return {
        message: french
          ? 'Vos alertes sont arrêtées\u00a0: vous ne recevrez plus de courriels d’alerte.'
          : 'Your alerts are stopped: you will get no more alert e-mails.',
      };
    },
  );
};
