// The page for the current address, on the server and in the browser alike
// (docs/decisions/0592-declarative-routes-in-the-browser.md): React Router's declarative `useRoutes` over
// the route tree of src/client/routes.tsx, inside a `StaticRouter` on the server and a `BrowserRouter` in
// the browser, so both render the same component tree (React's generated ids, which link a label or a
// panel to its control, then agree). The server runs the first page's loaders before it renders
// (createStaticHandler in src/client/entry-server.tsx: the HTML carries the page's data and a guard's
// redirect is an HTTP redirect). In the browser, each later navigation starts the loaders of the routes it
// matches while the page's code downloads (neither waits for the other) and follows a guard's redirect;
// there the loaders never wait for data (src/client/lib/prefetch.ts).
//
// The address changes when a link is followed; the page on screen follows when the next page is ready
// (docs/decisions/0593-page-follows-the-address.md). The routers run without React transitions
// (`useTransitions={false}` on BrowserRouter and MemoryRouter), and the page on screen is a deferred value
// of the address: React renders the next page in the background and, while its code is still downloading
// (a lazy screen suspends), keeps the page shown. So the page knows whether the next one is on its way
// (the loading bar, src/client/app/navigation-progress.tsx) and how its own entry was reached (push,
// replace, Back: src/client/lib/scroll-restoration.tsx).
import { createContext, lazy, useContext, useDeferredValue, useMemo, useRef } from 'react';
import {
  type Location,
  type LoaderFunctionArgs,
  matchRoutes,
  type NavigateFunction,
  NavigationType,
  type RouteObject,
  useHref,
  useLocation,
  useNavigate,
  useNavigationType,
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
  // Memoised so the deferred value changes with the address only (a new object each render would never settle).
  const navigationType = useNavigationType();
  const entry = useMemo(() => ({ location, navigationType }), [location, navigationType]);
  const shown = useDeferredValue(entry);
  const page = useRoutes(screens, shown.location);
  const known = useMemo(
    () => ({ navigationType: shown.navigationType, pending: shown !== entry }),
    [shown, entry],
  );
  return <ShownEntryContext value={known}>{page}</ShownEntryContext>;
}

/** What the page on screen knows of its history entry. */
type ShownEntry = {
  /** How the page on screen was reached: PUSH (a link), REPLACE, POP (Back, Forward, the first page). */
  navigationType: NavigationType;
  /** The address has moved on and the next page is not ready yet. */
  pending: boolean;
};
const ShownEntryContext = createContext<ShownEntry>({ navigationType: NavigationType.Pop, pending: false });

/**
 * How the page on screen was reached. React Router's `useNavigationType` answers POP inside routes given a
 * location (as `useRoutes` is here), and the address's type otherwise, which is the next page's while it loads.
 */
export const useShownNavigationType = () => useContext(ShownEntryContext).navigationType;

/** True while a followed link's page is still loading: the page on screen is the previous one. */
export const useNavigationPending = () => useContext(ShownEntryContext).pending;
