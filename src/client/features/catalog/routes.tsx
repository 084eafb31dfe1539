import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import type { LazyRouteHandle } from '~/client/lib/lazy-route';
import { isServer, prefetch } from '~/client/lib/prefetch';
import {
  categoriesQueryOptions,
  categoryQueryOptions,
  productListQueryOptions,
  relatedProductsQueryOptions,
  todaysDiscountQueryOptions,
} from './api';
import { productQueryOptions } from '~/client/lib/product-query';
import { hasListingParams, type ListingFilters, readListingFilters } from './listing-params';
import type { BasePath } from './product-listing-page';

/** What a listing page needs: the page of products, the category links, its category and today's badge. */
function listingQueries(filters: ListingFilters) {
  return [
    productListQueryOptions(filters),
    categoriesQueryOptions(),
    ...(filters.category ? [categoryQueryOptions(filters.category)] : []),
    ...(filters.daily ? [todaysDiscountQueryOptions()] : []),
  ];
}

const searchParamsOf = (args: LoaderFunctionArgs) => new URL(args.request.url).searchParams;

// Each page is a chunk of its own, modulepreloaded by the page that renders it
// (docs/decisions/0401-bytes-won-back.md): a product page does not download the listing, nor the home page either.
const categoriesPage = {
  lazy: async () => ({ Component: (await import('./categories-page')).CategoriesRoute }),
  handle: { module: 'src/client/features/catalog/categories-page.tsx' } satisfies LazyRouteHandle,
};
const listingPage = (basePath: BasePath) => ({
  lazy: async () => {
    const { ProductListingPage } = await import('./product-listing-page');
    return { element: <ProductListingPage basePath={basePath} /> };
  },
  handle: { module: 'src/client/features/catalog/product-listing-page.tsx' } satisfies LazyRouteHandle,
});
const productPage = {
  lazy: async () => ({ Component: (await import('./product-detail-page')).ProductDetailPage }),
  handle: { module: 'src/client/features/catalog/product-detail-page.tsx' } satisfies LazyRouteHandle,
};

export function storefrontRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: 'categories',
      ...categoriesPage,
      loader: prefetch(queryClient, (args) => {
        const params = searchParamsOf(args);
        return hasListingParams(params)
          ? listingQueries(readListingFilters(params))
          : [categoriesQueryOptions()];
      }),
    },
    {
      path: 'categories/:slug',
      ...listingPage('/categories'),
      loader: prefetch(queryClient, (args) =>
        listingQueries(readListingFilters(searchParamsOf(args), args.params.slug)),
      ),
    },
    {
      path: 'products',
      ...listingPage('/products'),
      loader: prefetch(queryClient, (args) => listingQueries(readListingFilters(searchParamsOf(args)))),
    },
    {
      path: 'products/:slug',
      ...productPage,
      // The related products depend on the product's category, so they follow the product.
      loader: async ({ params }) => {
        const work = (async () => {
          const product = await queryClient
            .fetchQuery(productQueryOptions(params.slug ?? ''))
            .catch(() => null);
          if (product) await queryClient.prefetchQuery(relatedProductsQueryOptions(product));
        })();
        if (isServer) await work;
        return null;
      },
    },
  ];
}
