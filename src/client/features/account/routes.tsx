import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { signedInLoader } from '../auth/guards';
import { AccountPage, accountTabFrom } from './account-page';
import { myOrdersQueryOptions } from './api';

export function accountRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: 'account',
      element: <AccountPage />,
      // The order history arrives with the page when it opens on the Orders tab.
      loader: signedInLoader(queryClient, ({ request }) =>
        accountTabFrom(new URL(request.url).searchParams.get('tab')) === 'orders'
          ? [myOrdersQueryOptions()]
          : [],
      ),
    },
  ];
}
