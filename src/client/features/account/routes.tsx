import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import type { LazyRouteHandle } from '~/client/lib/lazy-route';
import { signedInLoader } from '~/client/features/auth';
import { myOrdersQueryOptions } from './api';
import { accountTabFrom } from './tabs';

export function accountRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: 'account',
      lazy: async () => ({ Component: (await import('./account-page')).AccountPage }),
      handle: { module: 'src/client/features/account/account-page.tsx' } satisfies LazyRouteHandle,
      // The order history arrives with the page when it opens on the Orders tab.
      loader: signedInLoader(queryClient, ({ request }) =>
        accountTabFrom(new URL(request.url).searchParams.get('tab')) === 'orders'
          ? [myOrdersQueryOptions()]
          : [],
      ),
    },
  ];
}
