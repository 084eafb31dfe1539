// A customer's saved searches and price watches, and the one-click stop of every alert
// (docs/decisions/0572-new-arrival-alerts-and-price-watches.md).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SavedSearchInputSchema,
  SavedSearchSchema,
  WatchInputSchema,
  WatchSchema,
} from '~/shared/schemas/alerts';
import { ErrorSchema } from '~/shared/schemas/catalog';
import { apiLocale } from '~/server/lib/request-locale';
import { privateAnswers } from '~/server/plugins/security';
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
