// Administrator writes of the store settings: PUT /api/shipping, PATCH /api/taxes/{provinceCode} and the
// store's own settings (GET and PATCH /api/admin/settings; the public reads are in routes.ts). Checkout reads the same rows on every order, so a change
// applies to the next checkout at once.
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PROVINCES } from '~/shared/constants';
import {
  ProvinceCodeParamsSchema,
  ShippingSettingsUpdateSchema,
  StoreSettingsSchema,
  StoreSettingsUpdateSchema,
  TaxRateUpdateSchema,
} from '~/shared/schemas/store-settings-admin';
import { ErrorSchema } from '~/shared/schemas/catalog';
import { ShippingSettingsSchema, TaxRateSchema } from '~/shared/schemas/store-settings';
import { canadianTaxRates, shippingSettings } from '~/server/db/schema';
import { recordAudit } from '~/server/lib/audit';
import { getShippingSettings, getStoreSettings, listTaxRates, saveStoreSettings } from './repository';
import { privateAnswers } from '~/server/plugins/security';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };

export const storeSettingsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  privateAnswers(app);
  const { db } = app.ctx;

  app.put(
    '/api/shipping',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Set shipping prices and pickup availability',
        body: ShippingSettingsUpdateSchema,
        response: { 200: ShippingSettingsSchema, ...errors },
      },
    },
    async (request) =>
      db.transaction(async (tx) => {
        const before = await getShippingSettings(tx);
        const [row] = await tx
          .select({ id: shippingSettings.id })
          .from(shippingSettings)
          .orderBy(asc(shippingSettings.id))
          .limit(1);
        const values = { ...request.body, updatedAt: new Date() };
        if (row) await tx.update(shippingSettings).set(values).where(eq(shippingSettings.id, row.id));
        else await tx.insert(shippingSettings).values(values);
        const after = await getShippingSettings(tx);
        await recordAudit(tx, {
          userId: request.user!.id,
          action: 'update',
          entity: 'shipping-settings',
          before,
          after,
        });
        return after;
      }),
  );

  app.get(
    '/api/taxes/all',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Every province, inactive ones too (the admin tax table)',
        response: { 200: z.array(TaxRateSchema), ...errors },
      },
    },
    async () => listTaxRates(db, { includeInactive: true }),
  );

  app.patch(
    '/api/taxes/:provinceCode',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "Set a province's GST and PST/HST; the total is their sum",
        params: ProvinceCodeParamsSchema,
        body: TaxRateUpdateSchema,
        response: { 200: TaxRateSchema, ...errors },
      },
    },
    async (request) => {
      const { provinceCode } = request.params;
      const { gstRate, pstRate, taxRate, active } = request.body;
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(canadianTaxRates)
          .where(eq(canadianTaxRates.provinceCode, provinceCode));
        const changes = {
          gstRate,
          pstRate,
          taxRate,
          ...(active === undefined ? {} : { active }),
          updatedAt: new Date(),
        };
        if (before) {
          await tx
            .update(canadianTaxRates)
            .set(changes)
            .where(eq(canadianTaxRates.provinceCode, provinceCode));
        } else {
          const provinceName = PROVINCES.find((p) => p.code === provinceCode)!.name;
          await tx.insert(canadianTaxRates).values({ provinceCode, provinceName, ...changes });
        }
        const after = (await listTaxRates(tx, { includeInactive: true })).find(
          (r) => r.provinceCode === provinceCode,
        )!;
        await recordAudit(tx, {
          userId: request.user!.id,
          action: 'update',
          entity: 'tax-rate',
          entityId: provinceCode,
          before: before ?? null,
          after,
        });
        return after;
      });
    },
  );

  app.get(
    '/api/admin/settings',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "The store's own settings (the low-stock threshold, the return windows by condition)",
        response: { 200: StoreSettingsSchema, ...errors },
      },
    },
    async () => getStoreSettings(db),
  );

  app.patch(
    '/api/admin/settings',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "Change some of the store's own settings; absent fields keep their value",
        body: StoreSettingsUpdateSchema,
        response: { 200: StoreSettingsSchema, ...errors },
      },
    },
    async (request) =>
      db.transaction(async (tx) => {
        // Serialises two administrators' changes: each merges into what the other saved.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('store_meta settings'))`);
        const before = await getStoreSettings(tx);
        const { returnWindowDays, ...rest } = request.body;
        const changes = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
        // The conditions not given keep their window.
        const windows = Object.fromEntries(
          Object.entries(returnWindowDays ?? {}).filter(([, v]) => v !== undefined),
        );
        const after = {
          ...before,
          ...changes,
          returnWindowDays: { ...before.returnWindowDays, ...windows },
        };
        await saveStoreSettings(tx, after);
        await recordAudit(tx, {
          userId: request.user!.id,
          action: 'update',
          entity: 'store-settings',
          before,
          after,
        });
        return after;
      }),
  );
};
