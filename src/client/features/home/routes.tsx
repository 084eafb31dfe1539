import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import type { LazyRouteHandle } from '~/client/lib/lazy-route';
import { prefetch } from '~/client/lib/prefetch';
import {
  categoriesQueryOptions,
  featuredProductsQueryOptions,
  newProductsQueryOptions,
  todaysDiscountQueryOptions,
} from '~/client/features/catalog';

/** What the home page shows: the categories, today's deal and the featured and new products. */
export const homeQueries = () => [
  categoriesQueryOptions(),
  todaysDiscountQueryOptions(),
  featuredProductsQueryOptions(),
  newProductsQueryOptions(),
];

/** The home page is a chunk of its own: the other pages do not download it (modulepreloaded on its own). */
export function homeRoute(queryClient: QueryClient): RouteObject {
  return {
    index: true,
    lazy: async () => ({ Component: (await import('./home-page')).HomePage }),
    handle: { module: 'src/client/features/home/home-page.tsx' } satisfies LazyRouteHandle,
    loader: prefetch(queryClient, homeQueries),
  };
}
