// Route loaders that send a visitor elsewhere by sign-in state: /auth sends the signed-in to /account,
// /account sends the signed-out to /auth. On the server they wait for the session, so the redirect is
// an HTTP redirect; in the browser they decide from the cached user and otherwise let the page show its
// spinner while the session loads (the page then redirects itself).
import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { isServer } from '~/client/lib/prefetch';
import { type CurrentUser, meQueryOptions } from './api';

// biome-ignore lint/suspicious/noExplicitAny: query options of any data type
type AnyQuery = FetchQueryOptions<any, any, any, any>;

async function currentUser(queryClient: QueryClient): Promise<CurrentUser | null | undefined> {
  const options = meQueryOptions();
  if (!isServer) {
    const cached = queryClient.getQueryData(options.queryKey);
    if (cached === undefined) void queryClient.prefetchQuery(options);
    return cached;
  }
  try {
    return await queryClient.ensureQueryData(options);
  } catch {
    // The session could not be read (server trouble): let the page decide in the browser.
    return undefined;
  }
}

async function start(queryClient: QueryClient, queries: AnyQuery[]) {
  const work = Promise.allSettled(queries.map((q) => queryClient.prefetchQuery(q)));
  if (isServer) await work;
}

/** Signed-out only (the sign-in page); `queries` are the page's data. */
export function guestOnlyLoader(
  queryClient: QueryClient,
  queries: (args: LoaderFunctionArgs) => AnyQuery[] = () => [],
  to = '/account',
) {
  return async (args: LoaderFunctionArgs) => {
    const user = await currentUser(queryClient);
    if (user) throw redirect(to);
    await start(queryClient, queries(args));
    return null;
  };
}

/** Signed-in only; `queries` (the page's data) are started once the visitor is known to be signed in. */
export function signedInLoader(
  queryClient: QueryClient,
  queries: (args: LoaderFunctionArgs) => AnyQuery[] = () => [],
  to = '/auth',
) {
  return async (args: LoaderFunctionArgs) => {
    const user = await currentUser(queryClient);
    if (user === null) throw redirect(to);
    if (user) await start(queryClient, queries(args));
    return null;
  };
}
