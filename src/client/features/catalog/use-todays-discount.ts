import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useFetchErrorToast } from '~/client/components/ui/use-fetch-error-toast';
import { useT } from '~/client/lib/i18n';
import { todaysDiscountQueryOptions } from './api';
import { catalogMessages } from './catalog.messages';

/**
 * Today's weekday discount in percent for a page, and its failure ('Failed to fetch today's discount')
 * in the page's language, also shown as a toast. The query's own error stays the English of the
 * specification: one cache entry serves both languages.
 */
export function useTodaysDiscount(enabled = true): { percent: number | undefined; error: Error | null } {
  const t = useT(catalogMessages);
  const discount = useQuery({ ...todaysDiscountQueryOptions(), enabled });
  const error = useMemo(
    () => (enabled && discount.error ? new Error(t('discountFailed')) : null),
    [enabled, discount.error, t],
  );
  useFetchErrorToast(error);
  return { percent: enabled ? discount.data : undefined, error };
}
