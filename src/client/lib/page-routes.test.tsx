// The page routes in the browser (docs/decisions/0592-declarative-routes-in-the-browser.md): a navigation
// runs the loaders of the routes it matches, with the address's parameters and query; a loader's redirect
// replaces the page asked for, unless the visitor has already gone elsewhere; a lazy screen shows once its
// code is loaded, the page shown meanwhile staying on screen and knowing the next one is on its way; the
// first page's loaders run only when no server ran them.
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { redirect, type LoaderFunctionArgs, type RouteObject, Link, Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import { memoryRoutes } from '~/client/test/memory-routes';
import { useNavigationPending } from './page-routes';

type Call = { route: string; url: string; params: Record<string, string | undefined> };

function loaderRecorder(calls: Call[], route: string) {
  return async ({ request, params }: LoaderFunctionArgs) => {
    calls.push({ route, url: new URL(request.url).pathname + new URL(request.url).search, params });
    return null;
  };
}

function ProductPage() {
  return <h1>Product page</h1>;
}

function HeldPage() {
  return <h1>Held page</h1>;
}

function PendingNote() {
  return useNavigationPending() ? <p role="status">Loading the next page</p> : null;
}

function tree(calls: Call[], extra: RouteObject[] = []): RouteObject[] {
  return [
    {
      path: '/',
      element: (
        <>
          <Link to="/products/kettle?colour=red">Kettle</Link>
          <Link to="/guarded">Guarded</Link>
          <Outlet />
        </>
      ),
      loader: loaderRecorder(calls, 'root'),
      children: [
        { index: true, element: <h1>Home</h1>, loader: loaderRecorder(calls, 'home') },
        {
          path: 'products/:slug',
          lazy: async () => ({ Component: ProductPage }),
          loader: loaderRecorder(calls, 'product'),
        },
        { path: 'elsewhere', element: <h1>Elsewhere</h1> },
        ...extra,
      ],
    },
  ];
}

describe('page routes', () => {
  it("runs the matched routes' loaders on a navigation, with its parameters and query, and shows the lazy screen", async () => {
    const calls: Call[] = [];
    const { element, router } = memoryRoutes(tree(calls), { path: '/' });
    render(element);
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
    // No server ran the first page's loaders here: the router did.
    expect(calls.map((c) => c.route)).toEqual(['root', 'home']);
    calls.length = 0;
    await userEvent.click(screen.getByRole('link', { name: 'Kettle' }));
    expect(await screen.findByRole('heading', { name: 'Product page' })).toBeTruthy();
    expect(calls).toEqual([
      { route: 'root', url: '/products/kettle?colour=red', params: { slug: 'kettle' } },
      { route: 'product', url: '/products/kettle?colour=red', params: { slug: 'kettle' } },
    ]);
    expect(router.location().pathname).toBe('/products/kettle');
  });

  it("does not run the first page's loaders again when the server ran them", async () => {
    const calls: Call[] = [];
    const { element } = memoryRoutes(tree(calls), { path: '/', firstPageLoaded: true });
    render(element);
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(calls).toEqual([]);
    await userEvent.click(screen.getByRole('link', { name: 'Kettle' }));
    await waitFor(() => expect(calls.map((c) => c.route)).toEqual(['root', 'product']));
  });

  it("follows a loader's redirect in place of the page asked for (Back does not return to it)", async () => {
    const calls: Call[] = [];
    const guarded: RouteObject = {
      path: 'guarded',
      element: <h1>Guarded page</h1>,
      loader: async () => {
        throw redirect('/elsewhere');
      },
    };
    const { element, router } = memoryRoutes(tree(calls, [guarded]), { path: '/' });
    render(element);
    await screen.findByRole('heading', { name: 'Home' });
    await userEvent.click(screen.getByRole('link', { name: 'Guarded' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeTruthy();
    expect(router.location().pathname).toBe('/elsewhere');
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
  });

  it('ignores a redirect that arrives after the visitor went elsewhere', async () => {
    const calls: Call[] = [];
    let answer: (() => void) | undefined;
    const slow: RouteObject = {
      path: 'guarded',
      element: <h1>Guarded page</h1>,
      loader: () =>
        new Promise((_resolve, reject) => {
          answer = () => reject(redirect('/elsewhere'));
        }),
    };
    const { element, router } = memoryRoutes(tree(calls, [slow]), { path: '/' });
    render(element);
    await screen.findByRole('heading', { name: 'Home' });
    await userEvent.click(screen.getByRole('link', { name: 'Guarded' }));
    await screen.findByRole('heading', { name: 'Guarded page' });
    await userEvent.click(screen.getByRole('link', { name: 'Kettle' }));
    await screen.findByRole('heading', { name: 'Product page' });
    await act(async () => answer?.());
    expect(screen.getByRole('heading', { name: 'Product page' })).toBeTruthy();
    expect(router.location().pathname).toBe('/products/kettle');
  });

  it("keeps the page on screen while the next page's code downloads, and says the next page is on its way", async () => {
    let release: (() => void) | undefined;
    const held: RouteObject = {
      path: 'held',
      lazy: () =>
        new Promise((resolve) => {
          release = () => resolve({ Component: HeldPage });
        }),
    };
    const routes: RouteObject[] = [
      {
        path: '/',
        element: (
          <>
            <Link to="/held">Held</Link>
            <PendingNote />
            <Outlet />
          </>
        ),
        children: [{ index: true, element: <h1>Home</h1> }, held],
      },
    ];
    const { element, router } = memoryRoutes(routes, { path: '/' });
    render(element);
    await screen.findByRole('heading', { name: 'Home' });
    expect(screen.queryByRole('status')).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Held' }));
    // The address has moved on; the home page stays, and knows the next page is coming.
    expect(router.location().pathname).toBe('/held');
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Home' })).toBeTruthy();
    await waitFor(() => expect(release).toBeDefined());
    await act(async () => release?.());
    expect(await screen.findByRole('heading', { name: 'Held page' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
