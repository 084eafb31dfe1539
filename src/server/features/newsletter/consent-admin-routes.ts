// The administrator's view of marketing consent: one address's history (every express consent and
// withdrawal with its wording, time, source and client address, plus what holds now), the list of
// addresses the store may mail now with their basis as CSV, and sending a campaign to them
// (docs/decisions/0560-consent-records.md).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CampaignAnswerSchema,
  CampaignInputSchema,
  ConsentHistoryQuerySchema,
  ConsentHistorySchema,
} from '~/shared/schemas/newsletter';
import { ErrorSchema } from '~/shared/schemas/catalog';
import { recordAudit } from '~/server/lib/audit';
import { csvFileName, toCsv } from '~/server/lib/csv';
import { privateAnswers } from '~/server/plugins/security';
import { type ConsentStatus, consentHistory, consentStatus, currentSubscribers } from './consents';
import { queueCampaign } from './marketing-mail';

export const statusJson = (s: ConsentStatus | null) =>
  s && { basis: s.basis, since: s.since.toISOString(), expiresAt: s.expiresAt?.toISOString() ?? null };

export const consentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  privateAnswers(app);
  const { db } = app.ctx;

  app.get(
    '/api/admin/consents',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['newsletter'],
        summary: "One address's marketing consent history and the consent that holds now (admin)",
        querystring: ConsentHistoryQuerySchema,
        response: { 200: ConsentHistorySchema, 400: ErrorSchema },
      },
    },
    async (request) => {
      const { email } = request.query;
      const events = await consentHistory(db, email);
      return {
        email,
        current: statusJson(await consentStatus(db, email)),
        events: events.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })),
      };
    },
  );

  app.get(
    '/api/admin/consents/subscribers.csv',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['newsletter'],
        summary: 'Every address the store may send marketing to now, with its basis, as CSV (admin)',
      },
    },
    async (_request, reply) => {
      const rows = await currentSubscribers(db);
      const csv = toCsv(rows, [
        { header: 'email', value: (r) => r.email },
        { header: 'basis', value: (r) => (r.basis === 'express' ? 'express' : 'implied') },
        { header: 'reason', value: (r) => r.basis },
        { header: 'since', value: (r) => r.since },
        { header: 'expiresAt', value: (r) => r.expiresAt ?? '' },
        { header: 'language', value: (r) => r.locale },
      ]);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csvFileName('marketing-subscribers')}"`)
        .send(csv);
    },
  );

  app.post(
    '/api/admin/consents/campaigns',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['newsletter'],
        summary: 'Queue a marketing e-mail to every address with consent now, each in its language (admin)',
        body: CampaignInputSchema,
        response: { 200: CampaignAnswerSchema, 400: ErrorSchema },
      },
      // Queued in the request, sent once the answer has gone (the maintenance job sends what is left).
      onResponse: async () => {
        app.ctx.mailer
          .deliverQueued(500)
          .catch((error) => app.log.error({ err: error }, 'sending queued e-mail failed'));
      },
    },
    async (request) => {
      const queued = await queueCampaign(app.ctx, request.body);
      await recordAudit(db, {
        userId: request.user!.id,
        action: 'create',
        entity: 'marketing-campaign',
        after: { subject: request.body.subject, queued },
      });
      return { queued };
    },
  );
};
