import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { type Login, type Register, type User, UserSchema } from '../../../shared/schemas/auth';
import { ApiError, apiRequest, UnparseableResponseError } from '../../lib/api';

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

/** Thrown when a success answer does not carry a user. */
export class InvalidResponseError extends Error {
  constructor() {
    super('Invalid response from server');
  }
}

/** POSTs and reads the user from the success answer: a body that is not JSON, or not a user, is invalid. */
async function postForUser(path: string, body: unknown): Promise<User> {
  let value: unknown;
  try {
    value = await apiRequest<unknown>('POST', path, body);
  } catch (error) {
    if (error instanceof UnparseableResponseError) throw new InvalidResponseError();
    throw error;
  }
  const parsed = UserSchema.safeParse(value);
  if (!parsed.success) throw new InvalidResponseError();
  return parsed.data;
}

export async function login(queryClient: QueryClient, input: Login): Promise<User> {
  const user = await postForUser('/api/auth/login', input);
  signedIn(queryClient, user);
  return user;
}

/** Only username, email and password are sent (spec/shopper.md section 5). */
export async function register(queryClient: QueryClient, input: Register): Promise<User> {
  const body: Register = { username: input.username, email: input.email, password: input.password };
  const user = await postForUser('/api/auth/register', body);
  signedIn(queryClient, user);
  return user;
}

export async function logout(queryClient: QueryClient): Promise<void> {
  await apiRequest('POST', '/api/auth/logout');
  signedOut(queryClient);
}

function signedIn(queryClient: QueryClient, user: User) {
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
