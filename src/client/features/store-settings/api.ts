// Queries of the Shipping, Tax Rates and Settings tabs. Query keys are API paths (the default fetcher GETs
// them).
import { queryOptions } from '@tanstack/react-query';
import type { ShippingSettings, TaxRate } from '~/shared/schemas/store-settings';
import type { StoreSettings } from '~/shared/schemas/store-settings-admin';

export const shippingQueryOptions = () => queryOptions<ShippingSettings>({ queryKey: ['/api/shipping'] });
export const storeSettingsQueryOptions = () =>
  queryOptions<StoreSettings>({ queryKey: ['/api/admin/settings'] });
export const adminTaxRatesQueryOptions = () => queryOptions<TaxRate[]>({ queryKey: ['/api/taxes/all'] });
