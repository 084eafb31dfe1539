// The account's marketing switch: whether the customer's address has express consent now, with the
// consent that holds (express, or implied by a purchase or an inquiry, and when it ends); switching
// records a consent with its wording, or a withdrawal (docs/decisions/0560-consent-records.md).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorSchema } from '~/shared/schemas/catalog';
import { MarketingPreferenceSchema, MarketingStateSchema } from '~/shared/schemas/newsletter';
import type { Db } from '~/server/db/client';
import { consentStatus, recordConsent, recordWithdrawal, statusJson } from '~/server/features/newsletter';
import { apiLocale } from '~/server/lib/request-locale';
import { privateAnswers } from '~/server/plugins/security';

async function stateOf(db: Db, email: string) {
  const current = await consentStatus(db, email);
  return { subscribed: current?.basis === 'express', current: statusJson(current) };
}

export const marketingRoutes: FastifyPluginAsyncZod = async (app) => {
  privateAnswers(app);
  const { db, config } = app.ctx;

  app.get(
    '/api/account/marketing',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['account'],
        summary: "Whether the customer's address receives marketing e-mail, and on what basis",
        response: { 200: MarketingStateSchema, 401: ErrorSchema },
      },
    },
    async (request) => stateOf(db, request.user!.email),
  );

  app.put(
    '/api/account/marketing',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['account'],
        summary: 'Give (with the wording shown) or withdraw marketing consent from the account',
        body: MarketingPreferenceSchema,
        response: { 200: MarketingStateSchema, 400: ErrorSchema, 401: ErrorSchema },
      },
    },
    async (request) => {
      const user = request.user!;
      const who = { email: user.email, userId: user.id, ip: request.ip };
      const locale = apiLocale(request);
      await db.transaction((tx) =>
        request.body.subscribed
          ? recordConsent(tx, who, 'account', locale, config.STORE_NAME)
          : recordWithdrawal(tx, who, 'account', locale, config.STORE_NAME),
      );
      return stateOf(db, user.email);
    },
  );
};
