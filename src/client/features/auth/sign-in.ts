// Sign-in and registration: they check the user in the answer with the shared zod schema, so they live
// apart from api.ts, which every page loads (the browse pages carry no schema code,
// docs/decisions/0145-lazy-routes-and-script-budget.md).
import type { QueryClient } from '@tanstack/react-query';
import {
  type Login,
  type Register,
  type RegistrationPending,
  RegistrationPendingSchema,
  type User,
  UserSchema,
} from '~/shared/schemas/auth';
import { apiRequest, UnparseableResponseError } from '~/client/lib/api';
import { signedIn } from './api';

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

/**
 * Only username, email and password are sent (docs/decisions/0155-registration-sends-three-fields.md). The
 * answer is the same whether or not the address has an account: the rest goes by e-mail
 * (docs/decisions/0456-registration-does-not-tell-which-emails-have-accounts.md). Nobody is signed in yet.
 */
export async function register(_queryClient: QueryClient, input: Register): Promise<RegistrationPending> {
  const body: Register = { username: input.username, email: input.email, password: input.password };
  let value: unknown;
  try {
    value = await apiRequest<unknown>('POST', '/api/auth/register', body);
  } catch (error) {
    if (error instanceof UnparseableResponseError) throw new InvalidResponseError();
    throw error;
  }
  const parsed = RegistrationPendingSchema.safeParse(value);
  if (!parsed.success) throw new InvalidResponseError();
  return parsed.data;
}

/** Opens the link of the registration e-mail: the account is created and signed in. */
export async function confirmRegistration(queryClient: QueryClient, token: string): Promise<User> {
  const user = await postForUser('/api/auth/confirm-registration', { token });
  signedIn(queryClient, user);
  return user;
}
