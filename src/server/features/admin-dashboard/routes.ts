import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DashboardSchema } from '~/shared/schemas/admin-dashboard';
import { ErrorSchema } from '~/shared/schemas/catalog';
import { recordAudit } from '~/server/lib/audit';
import { endDemoMode } from '~/server/lib/demo-mode';
import { dashboard } from './service';
import { privateAnswers } from '~/server/plugins/security';

const errors = { 401: ErrorSchema, 403: ErrorSchema };

export const adminDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  privateAnswers(app);
  const { db, config } = app.ctx;

  app.get(
    '/api/admin/dashboard',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: 'Summary figures and the last 30 days of orders and revenue',
        response: { 200: DashboardSchema, ...errors },
      },
    },
    async () => dashboard(app.ctx, config.STORE_TIMEZONE),
  );

  app.post(
    '/api/admin/demo-mode/dismiss',
    {
      // A store setting.
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "Hide the 'Demo Mode' notice for good",
        response: { 200: z.object({ demoMode: z.literal(false) }), ...errors },
      },
    },
    async (request) => {
      await db.transaction(async (tx) => {
        if (await endDemoMode(tx)) {
          await recordAudit(tx, {
            userId: request.user!.id,
            action: 'dismiss',
            entity: 'demo-mode',
            before: { demoData: true },
            after: { demoData: false },
          });
        }
      });
      return { demoMode: false as const };
    },
  );
};
