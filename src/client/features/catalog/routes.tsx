import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { isServer, prefetch } from '~/client/lib/prefetch';
import {
  categoriesQueryOptions,
  categoryQueryOptions,
  productListQueryOptions,
  relatedProductsQueryOptions,
  todaysDiscountQueryOptions,
} from './api';
import { productQueryOptions } from '~/client/lib/product-query';
import { CategoriesRoute } from './categories-page';
import { hasListingParams, type ListingFilters, readListingFilters } from './listing-params';
import { ProductDetailPage } from './product-detail-page';
import { ProductListingPage } from './product-listing-page';

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

export function storefrontRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: 'categories',
      element: <CategoriesRoute />,
      loader: prefetch(queryClient, (args) => {
        const params = searchParamsOf(args);
        return hasListingParams(params)
          ? listingQueries(readListingFilters(params))
          : [categoriesQueryOptions()];
      }),
    },
    {
      path: 'categories/:slug',
      element: <ProductListingPage basePath="/categories" />,
      loader: prefetch(queryClient, (args) =>
        listingQueries(readListingFilters(searchParamsOf(args), args.params.slug)),
      ),
    },
    {
      path: 'products',
      element: <ProductListingPage basePath="/products" />,
      loader: prefetch(queryClient, (args) => listingQueries(readListingFilters(searchParamsOf(args)))),
    },
    {
      path: 'products/:slug',
      element: <ProductDetailPage />,
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
