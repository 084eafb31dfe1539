// Newsletter sign-up (footer form and popups) and the subscriber export for administrators.
import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translateError } from '~/shared/i18n/error-text';
import { SubscribeAnswerSchema, SubscribeInputSchema } from '~/shared/schemas/newsletter';
import { subscribers } from '~/server/db/schema';
import { csvFileName, toCsv } from '~/server/lib/csv';
import { HttpError } from '~/server/lib/http-error';
import { enforceAddressRateLimit } from '~/server/lib/rate-limit';
import { apiLocale } from '~/server/lib/request-locale';
import { recordConsent } from './consents';
import { relayToExternalForm } from './relay';

export const SUBSCRIBED = 'Thank you for subscribing to our newsletter!';
export const SUBSCRIBE_LIMITS = { perIp: 10, windowSeconds: 3600 } as const;

export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.ctx;

  app.post(
    '/api/subscribers',
    {
      config: { access: 'public' },
      schema: {
        tags: ['newsletter'],
        summary: 'Subscribe an e-mail address (the same answer whether or not it was already subscribed)',
        body: SubscribeInputSchema,
        response: { 200: SubscribeAnswerSchema },
      },
    },
    async (request) => {
      const { email, firstName, website, source } = request.body;
      if (website?.trim()) {
        request.log.info({ ip: request.ip }, 'newsletter honeypot filled; subscription dropped');
        return { message: translateError(apiLocale(request), SUBSCRIBED) };
      }
      await enforceAddressRateLimit(
        db,
        'subscribe',
        request.ip,
        SUBSCRIBE_LIMITS.perIp,
        SUBSCRIBE_LIMITS.windowSeconds,
        'subscription attempts',
      );
      // The proof of consent: the wording shown in the page's language, the form, the time and address.
      // The list's unique index is on lower(email): a repeat, in any letter case, adds no subscriber.
      await db.transaction((tx) =>
        recordConsent(tx, { email, ip: request.ip }, source, apiLocale(request), config.STORE_NAME),
      );
      if (config.NEWSLETTER_FORM_URL) {
        const relayed = await relayToExternalForm(config.NEWSLETTER_FORM_URL, {
          email,
          firstName: firstName ?? '',
        });
        if (!relayed.ok) {
          request.log.warn({ status: relayed.status, error: relayed.error }, 'newsletter relay failed');
          throw new HttpError(502, 'Subscription failed. Please try again later.');
        }
      }
      return { message: translateError(apiLocale(request), SUBSCRIBED) };
    },
  );

  app.get(
    '/api/subscribers/export',
    {
      config: { access: 'admin' },
      schema: { tags: ['newsletter'], summary: 'All subscribers as CSV (admin)' },
    },
    async (_request, reply) => {
      const rows = await db
        .select()
        .from(subscribers)
        .orderBy(asc(subscribers.createdAt), asc(subscribers.id));
      const csv = toCsv(rows, [
        { header: 'id', value: (r) => r.id },
        { header: 'email', value: (r) => r.email },
        { header: 'createdAt', value: (r) => r.createdAt },
      ]);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csvFileName('subscribers')}"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );
};
