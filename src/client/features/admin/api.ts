// Queries and cache refreshes of the admin screens. Query keys are API paths (the default fetcher GETs them).
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { Dashboard } from '~/shared/schemas/admin-dashboard';
import type { AdminProduct } from '~/shared/schemas/admin-products';
import type { Category } from '~/shared/schemas/catalog';
import type { CategoryDiscount, WeekdayDiscount } from '~/shared/schemas/discounts';
import type { ShippingSettings, TaxRate } from '~/shared/schemas/store-settings';
import type { StoreSettings } from '~/shared/schemas/admin-settings';
import { apiGetPage } from '~/client/lib/api';

export const dashboardQueryOptions = () => queryOptions<Dashboard>({ queryKey: ['/api/admin/dashboard'] });

export function adminProductsPath(page: number, limit: number, search: string, lowStock = false): string {
  const params = new URLSearchParams({ page: String(page), limit: String(limit) });
  if (search) params.set('search', search);
  if (lowStock) params.set('lowStock', 'true');
  return `/api/products/admin?${params}`;
}

export const adminProductsQueryOptions = (page: number, limit: number, search: string, lowStock = false) =>
  queryOptions({
    queryKey: ['/api/products/admin', { page, limit, search, lowStock }],
    queryFn: ({ client }) =>
      apiGetPage<AdminProduct>(client, adminProductsPath(page, limit, search, lowStock)),
  });

export const adminProductQueryOptions = (id: number) =>
  queryOptions<AdminProduct>({ queryKey: [`/api/products/admin/${id}`], staleTime: 0 });

export const categoriesQueryOptions = () => queryOptions<Category[]>({ queryKey: ['/api/categories'] });
export const weekdayDiscountsQueryOptions = () =>
  queryOptions<WeekdayDiscount[]>({ queryKey: ['/api/discounts/weekday'] });
export const categoryDiscountsQueryOptions = () =>
  queryOptions<CategoryDiscount[]>({ queryKey: ['/api/discounts/category'] });
export const shippingQueryOptions = () => queryOptions<ShippingSettings>({ queryKey: ['/api/shipping'] });
export const storeSettingsQueryOptions = () =>
  queryOptions<StoreSettings>({ queryKey: ['/api/admin/settings'] });
export const adminTaxRatesQueryOptions = () => queryOptions<TaxRate[]>({ queryKey: ['/api/taxes/all'] });

const startsWith = (prefixes: string[]) => (query: { queryKey: readonly unknown[] }) =>
  typeof query.queryKey[0] === 'string' && prefixes.some((p) => (query.queryKey[0] as string).startsWith(p));

/** After a catalogue change: the admin list, the dashboard and everything the storefront shows of products. */
export function refreshCatalogue(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: startsWith(['/api/products', '/api/admin/dashboard', '/api/categories']),
  });
}

/** After a discount change: prices everywhere and today's percentage (spec section 7). */
export function refreshDiscounts(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: startsWith(['/api/discounts', '/api/products', '/api/admin/dashboard']),
  });
}
