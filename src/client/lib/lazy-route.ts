// Routes a first visit does not need are chunks of their own (docs/decisions/0145-lazy-routes-and-script-budget.md).
// A lazy route names its screen's source file in `handle.module`, as Vite's manifest names it, so the
// server can modulepreload the chunk of the page it renders (no waterfall before hydration); the browser
// loads the chunks of the first page before hydrating, so the first render matches the server's HTML.
import { type DataRouteMatch, matchRoutes, type RouteObject } from 'react-router';

export type LazyRouteHandle = { module: string };

/** The screen modules of the matched lazy routes (their `handle.module`), outermost first. */
export function lazyModulesOf(matches: readonly Pick<DataRouteMatch, 'route'>[]): string[] {
  return matches.flatMap((m) => {
    const module = (m.route.handle as Partial<LazyRouteHandle> | undefined)?.module;
    return typeof module === 'string' ? [module] : [];
  });
}

/** Loads the lazy routes that match `location` into the route objects, before the first render (server and browser). */
export async function resolveLazyRoutes(
  routes: RouteObject[],
  location: string | Location,
  basename?: string,
) {
  const matches = matchRoutes(routes, location, basename) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
