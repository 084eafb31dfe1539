// Public reads of shipping prices and tax rates (the checkout page and the cart's Order Summary).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ShippingSettingsSchema, TaxRateSchema } from '~/shared/schemas/store-settings';
import { getShippingSettings, listTaxRates } from './repository';

export const storeSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.get(
    '/api/shipping',
    {
      config: { access: 'public' },
      schema: {
        tags: ['store settings'],
        summary: 'Shipping prices and whether pickup is offered',
        response: { 200: ShippingSettingsSchema },
      },
    },
    async () => getShippingSettings(db),
  );

  app.get(
    '/api/taxes',
    {
      config: { access: 'public' },
      schema: {
        tags: ['store settings'],
        summary: 'Active Canadian tax rates by province',
        response: { 200: z.array(TaxRateSchema) },
      },
    },
    async () => listTaxRates(db),
  );
};
