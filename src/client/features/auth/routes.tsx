import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { todaysDiscountQueryOptions } from '../catalog/api';
import { AuthPage } from './auth-page';
import { guestOnlyLoader } from './guards';

export function authRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: 'auth',
      element: <AuthPage />,
      loader: guestOnlyLoader(queryClient, () => [todaysDiscountQueryOptions()]),
    },
  ];
}
