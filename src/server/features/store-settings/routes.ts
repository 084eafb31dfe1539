// Public reads of shipping prices and tax rates (the checkout page and the cart's Order Summary).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ShippingSettingsSchema, TaxRateSchema } from '~/shared/schemas/store-settings';
import { ContractTermsSchema } from '~/shared/schemas/contract';
import { getContractTerms, getShippingSettings, listTaxRates } from './repository';

export const storeSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.ctx;

  app.get(
    '/api/contract-terms',
    {
      config: { access: 'public' },
      schema: {
        tags: ['store settings'],
        summary: "The merchant and return windows the checkout's contract shows",
        description:
          'Public. The legal name and postal address of the merchant, the return window in days for each ' +
          'condition (0: no return for a change of mind) and the version of the contract wording.',
        response: { 200: ContractTermsSchema },
      },
    },
    async () => getContractTerms(db, config.STORE_NAME),
  );

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
