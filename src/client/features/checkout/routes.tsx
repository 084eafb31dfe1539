import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import type { LazyRouteHandle } from '~/client/lib/lazy-route';
import { prefetch } from '~/client/lib/prefetch';
import { shippingSettingsQueryOptions, taxRatesQueryOptions } from '~/client/features/cart';

export function checkoutRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: 'checkout',
      lazy: async () => ({ Component: (await import('./checkout-page')).CheckoutPage }),
      handle: { module: 'src/client/features/checkout/checkout-page.tsx' } satisfies LazyRouteHandle,
      // The cart is in the browser; the prices of shipping and the tax rates come with the page.
      loader: prefetch(queryClient, () => [shippingSettingsQueryOptions(), taxRatesQueryOptions()]),
    },
    {
      path: 'checkout/confirmation',
      lazy: async () => ({ Component: (await import('./confirmation-page')).ConfirmationPage }),
      handle: { module: 'src/client/features/checkout/confirmation-page.tsx' } satisfies LazyRouteHandle,
    },
    {
      path: 'gift-cards/balance',
      lazy: async () => ({ Component: (await import('./gift-card-balance-page')).GiftCardBalancePage }),
      handle: { module: 'src/client/features/checkout/gift-card-balance-page.tsx' } satisfies LazyRouteHandle,
    },
    {
      path: 'orders/lookup',
      lazy: async () => ({ Component: (await import('./order-lookup-page')).OrderLookupPage }),
      handle: { module: 'src/client/features/checkout/order-lookup-page.tsx' } satisfies LazyRouteHandle,
      loader: prefetch(queryClient, () => [shippingSettingsQueryOptions()]),
    },
  ];
}
