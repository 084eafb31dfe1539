// The page for the current address, on the server and in the browser alike
// (docs/decisions/0592-declarative-routes-in-the-browser.md): React Router's declarative `useRoutes` over
// the route tree of src/client/routes.tsx, inside a `StaticRouter` on the server and a `BrowserRouter` in
// the browser, so both render the same component tree (React's generated ids, which link a label or a
// panel to its control, then agree). The server runs the first page's loaders before it renders
// (createStaticHandler in src/client/entry-server.tsx: the HTML carries the page's data and a guard's
// redirect is an HTTP redirect). In the browser, each later navigation starts the loaders of the routes it
// matches while the page's code downloads (neither waits for the other) and follows a guard's redirect;
// there the loaders never wait for data (src/client/lib/prefetch.ts).
import { lazy, useMemo, useRef } from 'react';
import {
  type Location,
  type LoaderFunctionArgs,
  matchRoutes,
  type NavigateFunction,
  type RouteObject,
  useHref,
  useLocation,
  useNavigate,
  useRoutes,
} from 'react-router';

/**
 * The route tree as `useRoutes` renders it: a lazy route's screen becomes a React.lazy element (fetched
 * when first rendered, inside the navigation's transition, so the page shown stays until it is ready); a
 * route whose screen is already loaded (the first page's, src/client/lib/lazy-route.ts) renders it at once.
 */
function withLazyScreens(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const { lazy: load, loader: _loader, children, ...rest } = route;
    const screen = typeof load === 'function' ? { element: <LazyScreen load={load} /> } : {};
    return { ...rest, ...screen, children: children && withLazyScreens(children) } as RouteObject;
  });
}

type LoadScreen = () => Promise<{ Component?: React.ComponentType | null; element?: React.ReactNode }>;
const screens = new WeakMap<LoadScreen, React.ComponentType>();
function LazyScreen({ load }: { load: LoadScreen }) {
  let Screen = screens.get(load);
  if (!Screen) {
    Screen = lazy(async () => {
      try {
        const { Component, element } = await load();
        return { default: Component ?? (() => element ?? null) };
      } catch {
        // The screen's code could not be fetched (a new release replaced its file, or the connection
        // dropped): the address is already the new page's, so loading it afresh from the server gives
        // the page with the current release's code. The page on screen stays until then.
        window.location.reload();
        return new Promise<never>(() => {});
      }
    });
    screens.set(load, Screen);
  }
  return <Screen />;
}

/** The history entry the router last rendered: a redirect is followed only while its page is the latest. */
let latest: string | undefined;

/** Starts the loaders of the routes matching `location`; a loader's redirect replaces the location. */
function startLoaders(routes: RouteObject[], location: Location, url: URL, navigate: NavigateFunction) {
  for (const { route, params } of matchRoutes(routes, location) ?? []) {
    const loader = route.loader;
    if (typeof loader !== 'function') continue;
    const args = { request: new Request(url), params, context: undefined } as LoaderFunctionArgs;
    new Promise((resolve) => resolve(loader(args))).catch((thrown: unknown) => {
      const to = thrown instanceof Response ? thrown.headers.get('Location') : null;
      // Only while the visitor is still on the page that asked (not after they went on elsewhere).
      if (to && latest === location.key) navigate(to, { replace: true });
    });
  }
}

/**
 * Renders the page for the current location. `firstPageLoaded`: the first page's loaders have run (on the
 * server; its data came with the HTML), so only later navigations run them; the component tests, which
 * have no server, let it run them for the first page too.
 */
export function PageRoutes({
  routes,
  firstPageLoaded = false,
}: {
  routes: RouteObject[];
  firstPageLoaded?: boolean;
}) {
  const screens = useMemo(() => withLazyScreens(routes), [routes]);
  const location = useLocation();
  // The history entry whose loaders ran last: each navigation (Back and Forward too) runs them once.
  const loadedEntry = useRef(firstPageLoaded ? location.key : undefined);
  const href = useHref(location);
  const navigate = useNavigate();
  latest = location.key;
  if (loadedEntry.current !== location.key) {
    loadedEntry.current = location.key;
    startLoaders(routes, location, new URL(href, window.location.origin), navigate);
  }
  return useRoutes(screens, location);
}
