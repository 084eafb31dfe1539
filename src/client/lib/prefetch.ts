import type { QueryClient, FetchQueryOptions } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';

export const isServer = typeof window === 'undefined';

// biome-ignore lint/suspicious/noExplicitAny: query options of any data type
type AnyQuery = FetchQueryOptions<any, any, any, any>;

/**
 * A route loader that starts the page's queries. On the server it waits, so the HTML carries the data
 * and the browser hydrates without fetching it again; in the browser it returns at once, so the page
 * shows its loading skeletons while the data arrives.
 */
export function prefetch(queryClient: QueryClient, queries: (args: LoaderFunctionArgs) => AnyQuery[]) {
  return async (args: LoaderFunctionArgs) => {
    const work = Promise.allSettled(queries(args).map((q) => queryClient.prefetchQuery(q)));
    if (isServer) await work;
    return null;
  };
}
