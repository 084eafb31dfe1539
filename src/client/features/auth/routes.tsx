import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import type { LazyRouteHandle } from '~/client/lib/lazy-route';
import { todaysDiscountQueryOptions } from '~/client/features/catalog';
import { guestOnlyLoader } from './guards';

export function authRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: 'auth',
      lazy: async () => ({ Component: (await import('./auth-page')).AuthPage }),
      handle: { module: 'src/client/features/auth/auth-page.tsx' } satisfies LazyRouteHandle,
      loader: guestOnlyLoader(queryClient, () => [todaysDiscountQueryOptions()]),
    },
    {
      path: 'auth/forgot',
      lazy: async () => ({ Component: (await import('./forgot-password-page')).ForgotPasswordPage }),
      handle: { module: 'src/client/features/auth/forgot-password-page.tsx' } satisfies LazyRouteHandle,
    },
    {
      path: 'auth/confirm',
      lazy: async () => ({
        Component: (await import('./confirm-registration-page')).ConfirmRegistrationPage,
      }),
      handle: { module: 'src/client/features/auth/confirm-registration-page.tsx' } satisfies LazyRouteHandle,
    },
    {
      path: 'auth/reset',
      lazy: async () => ({ Component: (await import('./reset-password-page')).ResetPasswordPage }),
      handle: { module: 'src/client/features/auth/reset-password-page.tsx' } satisfies LazyRouteHandle,
    },
  ];
}
