import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { prefetch } from '../../lib/prefetch';
import { shippingSettingsQueryOptions, taxRatesQueryOptions } from '../cart/api';
import { CheckoutPage } from './checkout-page';
import { ConfirmationPage } from './confirmation-page';

export function checkoutRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: 'checkout',
      element: <CheckoutPage />,
      // The cart is in the browser; the prices of shipping and the tax rates come with the page.
      loader: prefetch(queryClient, () => [shippingSettingsQueryOptions(), taxRatesQueryOptions()]),
    },
    { path: 'checkout/confirmation', element: <ConfirmationPage /> },
  ];
}
