import { ApiError } from '~/client/lib/api';

/** The server's message for a refused request, else a general one. */
export function serverMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  return (error instanceof ApiError && error.serverMessage) || fallback;
}
