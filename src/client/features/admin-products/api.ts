// Queries and cache refreshes of the admin products screens. Query keys are API paths (the default fetcher
// GETs them).
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { AdminProduct } from '~/shared/schemas/admin-products';
import type { Category } from '~/shared/schemas/catalog';
import { apiGetPage } from '~/client/lib/api';
import { queryKeyStartsWith } from '~/client/lib/query-keys';

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

/** After a catalogue change: the admin list, the dashboard and everything the storefront shows of products. */
export function refreshCatalogue(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: queryKeyStartsWith(['/api/products', '/api/admin/dashboard', '/api/categories']),
  });
}
