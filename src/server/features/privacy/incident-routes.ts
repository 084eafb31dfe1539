// The register of confidentiality incidents (Quebec Law 25 s. 3.8, PIPEDA breach records): every
// incident with its dates, what happened, who and how many were affected, the risk of serious injury,
// the measures taken and when the Commission and the people were told. An entry is kept at least 24
// months after it was discovered: it cannot be removed before (docs/decisions/0564-privacy-incident-register.md).
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorSchema } from '~/shared/schemas/catalog';
import {
  INCIDENT_KEEP_MONTHS,
  IncidentIdParamsSchema,
  PrivacyIncidentInputSchema,
  PrivacyIncidentSchema,
} from '~/shared/schemas/privacy';
import { privacyIncidents } from '~/server/db/schema';
import { recordAudit } from '~/server/lib/audit';
import { conflict, notFound } from '~/server/lib/http-error';
import { privateAnswers } from '~/server/plugins/security';

type Row = typeof privacyIncidents.$inferSelect;

function keepUntil(discoveredOn: string): string {
  const d = new Date(`${discoveredOn}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + INCIDENT_KEEP_MONTHS);
  return d.toISOString().slice(0, 10);
}

const toJson = (r: Row) => ({
  id: r.id,
  occurredOn: r.occurredOn,
  discoveredOn: r.discoveredOn,
  description: r.description,
  affectedPeople: r.affectedPeople,
  affectedCount: r.affectedCount,
  riskOfSeriousInjury: r.riskOfSeriousInjury,
  measures: r.measures,
  commissionNotifiedOn: r.commissionNotifiedOn,
  peopleNotifiedOn: r.peopleNotifiedOn,
  keepUntil: keepUntil(r.discoveredOn),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export const INCIDENT_NOT_FOUND = 'Incident not found';
export const INCIDENT_KEPT = 'An incident stays in the register for 24 months after it was discovered.';

export const incidentRoutes: FastifyPluginAsyncZod = async (app) => {
  privateAnswers(app);
  const { db } = app.ctx;
  const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };

  app.get(
    '/api/admin/privacy-incidents',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['privacy'],
        summary: 'The incident register, newest discovery first (admin)',
        response: { 200: z.array(PrivacyIncidentSchema), ...errors },
      },
    },
    async () =>
      (
        await db
          .select()
          .from(privacyIncidents)
          .orderBy(desc(privacyIncidents.discoveredOn), desc(privacyIncidents.id))
      ).map(toJson),
  );

  app.post(
    '/api/admin/privacy-incidents',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['privacy'],
        summary: 'Record an incident (admin)',
        body: PrivacyIncidentInputSchema,
        response: { 201: PrivacyIncidentSchema, ...errors },
      },
    },
    async (request, reply) => {
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(privacyIncidents)
          .values({ ...request.body, createdByUserId: request.user!.id })
          .returning();
        await recordAudit(tx, {
          userId: request.user!.id,
          action: 'create',
          entity: 'privacy-incident',
          entityId: created!.id,
          after: created,
        });
        return created!;
      });
      return reply.status(201).send(toJson(row));
    },
  );

  app.get(
    '/api/admin/privacy-incidents/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['privacy'],
        summary: 'One incident (admin)',
        params: IncidentIdParamsSchema,
        response: { 200: PrivacyIncidentSchema, ...errors },
      },
    },
    async (request) => {
      const [row] = await db
        .select()
        .from(privacyIncidents)
        .where(eq(privacyIncidents.id, request.params.id));
      if (!row) throw notFound(INCIDENT_NOT_FOUND);
      return toJson(row);
    },
  );

  app.put(
    '/api/admin/privacy-incidents/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['privacy'],
        summary: 'Update an incident, every field (admin)',
        params: IncidentIdParamsSchema,
        body: PrivacyIncidentInputSchema,
        response: { 200: PrivacyIncidentSchema, ...errors },
      },
    },
    async (request) =>
      db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(privacyIncidents)
          .where(eq(privacyIncidents.id, request.params.id))
          .for('update');
        if (!before) throw notFound(INCIDENT_NOT_FOUND);
        const values = {
          occurredOn: null,
          commissionNotifiedOn: null,
          peopleNotifiedOn: null,
          affectedCount: null,
          ...request.body,
          updatedAt: new Date(),
        };
        const [after] = await tx
          .update(privacyIncidents)
          .set(values)
          .where(eq(privacyIncidents.id, before.id))
          .returning();
        await recordAudit(tx, {
          userId: request.user!.id,
          action: 'update',
          entity: 'privacy-incident',
          entityId: before.id,
          before,
          after,
        });
        return toJson(after!);
      }),
  );

  app.delete(
    '/api/admin/privacy-incidents/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['privacy'],
        summary: 'Remove an incident once its 24 months are over (admin); 409 before',
        params: IncidentIdParamsSchema,
        response: { 204: z.null(), 409: ErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(privacyIncidents)
          .where(eq(privacyIncidents.id, request.params.id))
          .for('update');
        if (!row) throw notFound(INCIDENT_NOT_FOUND);
        if (keepUntil(row.discoveredOn) > new Date().toISOString().slice(0, 10))
          throw conflict(INCIDENT_KEPT);
        await tx.delete(privacyIncidents).where(eq(privacyIncidents.id, row.id));
        await recordAudit(tx, {
          userId: request.user!.id,
          action: 'delete',
          entity: 'privacy-incident',
          entityId: row.id,
          before: row,
        });
      });
      return reply.status(204).send(null);
    },
  );
};
