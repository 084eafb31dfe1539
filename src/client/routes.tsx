// One route tree for the server renderer and the browser. Each feature contributes its routes.
import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { NotFoundPage } from './app/not-found-page';
import { RootLayout } from './app/root-layout';
import { accountRoutes } from './features/account';
import { adminRoutes } from './features/admin';
import { authRoutes, meQueryOptions } from './features/auth';
import { cartRoutes } from './features/cart';
import { storefrontRoutes } from './features/catalog';
import { checkoutRoutes } from './features/checkout';
import { contentRoutes } from './features/content';
import { giftCardRoutes } from './features/gift-cards';
import { homeRoute } from './features/home';
import { posRoutes } from './features/pos';
import { prefetch } from './lib/prefetch';
import { siteConfigQueryOptions } from './lib/site-config';

export function createRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      element: <RootLayout />,
      // The site configuration goes with every page: the footer's year, the store's weekday and the
      // newsletter popup read it, so the browser never fetches it after hydrating.
      loader: prefetch(queryClient, () => [meQueryOptions(), siteConfigQueryOptions()]),
      children: [
        homeRoute(queryClient),
        ...storefrontRoutes(queryClient),
        ...cartRoutes(queryClient),
        ...checkoutRoutes(queryClient),
        ...giftCardRoutes(),
        ...authRoutes(queryClient),
        ...accountRoutes(queryClient),
        ...adminRoutes(queryClient),
        ...posRoutes(queryClient),
        ...contentRoutes(queryClient),
        { path: 'not-found', element: <NotFoundPage /> },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}
