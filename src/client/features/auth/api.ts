import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { User } from '~/shared/schemas/auth';
import { ApiError, apiRequest } from '~/client/lib/api';

export type CurrentUser = Omit<User, 'emailNotifications'> & { emailNotifications?: boolean };

/** The signed-in user, or null: a non-OK answer from /api/auth/me means not signed in. */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/auth/me'],
    queryFn: async ({ client }) => {
      try {
        return await apiRequest<CurrentUser>('GET', '/api/auth/me', undefined, { client });
      } catch (error) {
        if (error instanceof ApiError && error.status < 500) return null;
        throw error;
      }
    },
  });

export async function logout(queryClient: QueryClient): Promise<void> {
  await apiRequest('POST', '/api/auth/logout');
  signedOut(queryClient);
}

export function signedIn(queryClient: QueryClient, user: User) {
  // Anything cached for the previous visitor (their orders) must not show for this one.
  queryClient.removeQueries({ queryKey: ['/api/orders/my-orders'] });
  queryClient.setQueryData(meQueryOptions().queryKey, user);
}

export function signedOut(queryClient: QueryClient) {
  queryClient.setQueryData(meQueryOptions().queryKey, null);
  queryClient.removeQueries({ queryKey: ['/api/orders/my-orders'] });
}

/** The server's message for a failed request, when it sent one. */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverMessage : undefined;
}

/** Field errors of a 400/409 answer ({ errors: { field: message } }). */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const errors = error.body?.errors;
  if (!errors || typeof errors !== 'object') return {};
  return Object.fromEntries(
    Object.entries(errors).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
}
