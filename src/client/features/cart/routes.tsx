import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { prefetch } from '../../lib/prefetch';
import { taxRatesQueryOptions } from './api';
import { CartPage } from './cart-page';

export function cartRoutes(queryClient: QueryClient): RouteObject[] {
  // The cart itself is in the browser; the server can only bring the tax rates along.
  return [
    { path: 'cart', element: <CartPage />, loader: prefetch(queryClient, () => [taxRatesQueryOptions()]) },
  ];
}
