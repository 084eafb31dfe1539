import { queryOptions } from '@tanstack/react-query';
import type { Category, Product } from '~/shared/schemas/catalog';
import { ApiError, apiGetOrNull, apiGetPage, apiRequest } from '~/client/lib/api';
import type { ProductImageRecord } from '~/client/lib/product-query';
import { type ListingFilters, listingApiPath } from './listing-params';

export const categoriesQueryOptions = () => queryOptions<Category[]>({ queryKey: ['/api/categories'] });
export const DISCOUNT_FETCH_FAILED = "Failed to fetch today's discount";

/** Today's weekday discount in percent; a failed request raises 'Failed to fetch today's discount'. */
export const todaysDiscountQueryOptions = () =>
  queryOptions<number>({
    queryKey: ['/api/discounts/today'],
    queryFn: async ({ client }) => {
      try {
        return await apiRequest<number>('GET', '/api/discounts/today', undefined, { client });
      } catch {
        throw new Error(DISCOUNT_FETCH_FAILED);
      }
    },
  });
export const featuredProductsQueryOptions = () =>
  queryOptions<Product[]>({ queryKey: ['/api/products/featured'] });
export const newProductsQueryOptions = () => queryOptions<Product[]>({ queryKey: ['/api/products/new'] });

/** One category by slug (or id); null when there is none. */
export const categoryQueryOptions = (slug: string) => {
  const path = `/api/categories/${encodeURIComponent(slug)}`;
  return queryOptions<Category | null>({ queryKey: [path], queryFn: apiGetOrNull<Category>(path) });
};

export type ProductListPage = { items: Product[]; total: number };

/** One page of a listing with its total (X-Total-Count). */
export const productListQueryOptions = (filters: ListingFilters) => {
  const path = listingApiPath(filters);
  return queryOptions<ProductListPage>({
    // Keyed apart from the plain array that the default fetcher would cache under the same path.
    queryKey: [path, 'page'],
    queryFn: ({ client }) => apiGetPage<Product>(client, path),
  });
};

/** A product's images; an error gives an empty list (logged), as the specification says. */
export const productImagesQueryOptions = (productId: number) => {
  const path = `/api/products/${productId}/images`;
  return queryOptions<ProductImageRecord[]>({
    queryKey: [path],
    queryFn: async ({ client }) => {
      try {
        return await apiRequest<ProductImageRecord[]>('GET', path, undefined, { client });
      } catch (error) {
        console.warn('Could not load the product images', error);
        return [];
      }
    },
  });
};

/** How many products the related-products query asks for: 4 to show, plus the product itself. */
export const RELATED_FETCH_LIMIT = 5;

/** Related products: the product's category, or the store's fallback list when it has none. */
export const relatedProductsQueryOptions = (product: Pick<Product, 'id' | 'categorySlug'>) => {
  const path = product.categorySlug
    ? `/api/categories/${encodeURIComponent(product.categorySlug)}/products?limit=${RELATED_FETCH_LIMIT}`
    : `/api/products/related?productId=${product.id}&limit=${RELATED_FETCH_LIMIT}`;
  return queryOptions<Product[]>({
    queryKey: [path],
    queryFn: async ({ client }) => {
      try {
        return await apiRequest<Product[]>('GET', path, undefined, { client });
      } catch (error) {
        // Related products are an extra: the product page stands without them.
        if (error instanceof ApiError && error.status < 500) return [];
        throw error;
      }
    },
  });
};
