// Sign-in and registration: they check the user in the answer with the shared zod schema, so they live
// apart from api.ts, which every page loads (the browse pages carry no schema code,
// docs/decisions/0145-lazy-routes-and-script-budget.md).
import type { QueryClient } from '@tanstack/react-query';
import { type Login, type Register, type User, UserSchema } from '~/shared/schemas/auth';
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

/** Only username, email and password are sent (docs/decisions/0155-registration-sends-three-fields.md). */
export async function register(queryClient: QueryClient, input: Register): Promise<User> {
  const body: Register = { username: input.username, email: input.email, password: input.password };
  const user = await postForUser('/api/auth/register', body);
  signedIn(queryClient, user);
  return user;
}
