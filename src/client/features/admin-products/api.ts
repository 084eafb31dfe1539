// Queries and cache refreshes of the admin products screens. Query keys are API paths (the default fetcher
// GETs them).
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { AdminProduct, ProductData } from '~/shared/schemas/admin-products';
import type { Category } from '~/shared/schemas/catalog';
import { apiGetPage, apiRequest } from '~/client/lib/api';
import { queryKeyStartsWith } from '~/client/lib/query-keys';

/** Which products the list shows: all, those low on stock, or lots whose compare-at price has no evidence. */
export type ProductsShown = 'all' | 'low' | 'no-evidence';

export function adminProductsPath(
  page: number,
  limit: number,
  search: string,
  shown: ProductsShown = 'all',
): string {
  const params = new URLSearchParams({ page: String(page), limit: String(limit) });
  if (search) params.set('search', search);
  if (shown === 'low') params.set('lowStock', 'true');
  if (shown === 'no-evidence') params.set('noEvidence', 'true');
  return `/api/products/admin?${params}`;
}

export const adminProductsQueryOptions = (
  page: number,
  limit: number,
  search: string,
  shown: ProductsShown = 'all',
) =>
  queryOptions({
    queryKey: ['/api/products/admin', { page, limit, search, shown }],
    queryFn: ({ client }) => apiGetPage<AdminProduct>(client, adminProductsPath(page, limit, search, shown)),
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

/**
 * Creates a product, or saves an edit based on `version` (the server refuses one based on an older version
 * with 409). Stock changes by adjustment (the stock panel), never by saving an existing product.
 */
export function saveProduct(productId: number | null, data: ProductData, version: number | undefined) {
  if (productId === null) return apiRequest<AdminProduct>('POST', '/api/products', data);
  const { stock: _stock, ...fields } = data;
  return apiRequest<AdminProduct>('PUT', `/api/products/${productId}`, { ...fields, version });
}

export const setProductActive = (id: number, active: boolean) =>
  apiRequest('PATCH', `/api/products/${id}/status`, { active });

/** Deletes a product, or archives it when orders name it (the answer says which). */
export const deleteProduct = (id: number) =>
  apiRequest<{ outcome: 'deleted' | 'archived'; message: string }>('DELETE', `/api/products/${id}`);
