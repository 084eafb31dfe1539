import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api';
import type { PickupSettings } from '~/shared/pickup';

export type ShippingSettings = {
  standardPrice: string | number;
  expressPrice: string | number;
  pickupAvailable: boolean;
  /** Business days to delivery (docs/decisions/0132-delivery-estimates-are-settings.md). */
  standardMinDays?: number;
  standardMaxDays?: number;
  expressMinDays?: number;
  expressMaxDays?: number;
} & Partial<PickupSettings>;
export type TaxRate = { provinceCode: string; provinceName: string; taxRate: string };

/** Shipping prices; a non-OK answer raises 'Failed to fetch shipping settings'. */
export const shippingSettingsQueryOptions = () =>
  queryOptions<ShippingSettings>({
    queryKey: ['/api/shipping'],
    queryFn: async ({ client }) => {
      try {
        return await apiRequest<ShippingSettings>('GET', '/api/shipping', undefined, { client });
      } catch {
        throw new Error('Failed to fetch shipping settings');
      }
    },
  });

/** Tax rates by province; a non-OK answer raises 'Failed to fetch tax rates'. */
export const taxRatesQueryOptions = () =>
  queryOptions<TaxRate[]>({
    queryKey: ['/api/taxes'],
    queryFn: async ({ client }) => {
      try {
        return await apiRequest<TaxRate[]>('GET', '/api/taxes', undefined, { client });
      } catch {
        throw new Error('Failed to fetch tax rates');
      }
    },
  });
