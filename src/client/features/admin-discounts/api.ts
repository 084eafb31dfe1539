// Queries and cache refreshes of the Daily Discounts tab. Query keys are API paths (the default fetcher
// GETs them).
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { CategoryDiscount, WeekdayDiscount } from '~/shared/schemas/admin-discounts';
import type { DiscountCode } from '~/shared/schemas/discount-codes';
import { queryKeyStartsWith } from '~/client/lib/query-keys';

export const weekdayDiscountsQueryOptions = () =>
  queryOptions<WeekdayDiscount[]>({ queryKey: ['/api/discounts/weekday'] });
export const categoryDiscountsQueryOptions = () =>
  queryOptions<CategoryDiscount[]>({ queryKey: ['/api/discounts/category'] });

export const DISCOUNT_CODES_PATH = '/api/admin/discount-codes';
export const discountCodesQueryOptions = () =>
  queryOptions<DiscountCode[]>({ queryKey: [DISCOUNT_CODES_PATH] });

/** After a discount change: prices everywhere and today's percentage. */
export function refreshDiscounts(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: queryKeyStartsWith(['/api/discounts', '/api/products', '/api/admin/dashboard']),
  });
}
