import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import type { LazyRouteHandle } from '~/client/lib/lazy-route';
import { prefetch } from '~/client/lib/prefetch';
import { taxRatesQueryOptions } from './api';

export function cartRoutes(queryClient: QueryClient): RouteObject[] {
  // The cart itself is in the browser; the server can only bring the tax rates along.
  return [
    {
      path: 'cart',
      lazy: async () => ({ Component: (await import('./cart-page')).CartPage }),
      handle: { module: 'src/client/features/cart/cart-page.tsx' } satisfies LazyRouteHandle,
      loader: prefetch(queryClient, () => [taxRatesQueryOptions()]),
    },
  ];
}
