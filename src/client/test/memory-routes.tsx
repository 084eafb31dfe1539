// The browser's router for component tests: React Router's MemoryRouter with the store's own
// `PageRoutes` (src/client/lib/page-routes.tsx), so a test renders routes, lazy screens and loaders
// as the shopper's browser does (without transitions, as src/client/entry-client.tsx's BrowserRouter). Without a
// server, the first page's loaders run in the test. `router.location()` is the address, which changes when a
// link is followed; the page on screen follows once it is ready.
import { type ReactNode, useLayoutEffect } from 'react';
import {
  type Location,
  MemoryRouter,
  type NavigateFunction,
  type RouteObject,
  useLocation,
  useNavigate,
} from 'react-router';
import { PageRoutes } from '~/client/lib/page-routes';

/**
 * What a test sees of the router: the location on screen as the address bar shows it (with the basename,
 * /fr/ on French pages), and the way to move (`navigate(-1)` is Back).
 */
export type TestRouter = { location: () => Location; navigate: NavigateFunction };

function Probe({
  router,
  basename,
}: {
  router: { shown?: Location; navigate?: NavigateFunction };
  basename: string;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  useLayoutEffect(() => {
    const pathname = location.pathname === '/' ? basename : basename.replace(/\/$/, '') + location.pathname;
    router.shown = { ...location, pathname };
    router.navigate = navigate;
  }, [router, basename, location, navigate]);
  return null;
}

export function memoryRoutes(
  routes: RouteObject[],
  {
    path,
    basename = '/',
    firstPageLoaded = false,
  }: { path: string; basename?: string; firstPageLoaded?: boolean },
): { element: ReactNode; router: TestRouter } {
  const seen: { shown?: Location; navigate?: NavigateFunction } = {};
  const router: TestRouter = {
    location: () => {
      if (!seen.shown) throw new Error('The router has not rendered yet.');
      return seen.shown;
    },
    navigate: ((...args: Parameters<NavigateFunction>) => {
      if (!seen.navigate) throw new Error('The router has not rendered yet.');
      return (seen.navigate as (...given: typeof args) => ReturnType<NavigateFunction>)(...args);
    }) as NavigateFunction,
  };
  const element = (
    <MemoryRouter initialEntries={[path]} basename={basename} useTransitions={false}>
      <Probe router={seen} basename={basename} />
      <PageRoutes routes={routes} firstPageLoaded={firstPageLoaded} />
    </MemoryRouter>
  );
  return { element, router };
}
