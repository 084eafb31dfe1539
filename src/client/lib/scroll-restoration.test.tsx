// Where the page scrolls after a navigation (src/client/lib/scroll-restoration.tsx), inside the store's page
// routes as in the browser: a new page at its top, or at the element its #hash names; a replaced address on
// the same page (a tab, a filter) leaves the scroll alone; Back returns to where the visitor was.
import { act, render, screen } from '@testing-library/react';
import { Outlet, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryRoutes } from '~/client/test/memory-routes';
import { ScrollRestoration } from './scroll-restoration';

const routes: RouteObject[] = [
  {
    path: '/',
    element: (
      <>
        <ScrollRestoration />
        <Outlet />
      </>
    ),
    children: [
      { index: true, element: <h1>Home</h1> },
      { path: 'products', element: <h1>Products</h1> },
      {
        path: 'faq',
        element: (
          <>
            <h1>FAQ</h1>
            <h2 id="returns">Returns</h2>
          </>
        ),
      },
    ],
  },
];

// jsdom neither scrolls nor has scrollIntoView: both are recorded instead.
let scrolledTo: [number, number][] = [];
let scrolledIntoView: string[] = [];
const jsdomScrollIntoView = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView');
beforeEach(() => {
  scrolledTo = [];
  scrolledIntoView = [];
  vi.spyOn(window, 'scrollTo').mockImplementation(((x: number, y: number) => {
    scrolledTo.push([x, y]);
  }) as typeof window.scrollTo);
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolledIntoView.push(this.id);
  };
});
afterEach(() => {
  if (jsdomScrollIntoView) Object.defineProperty(Element.prototype, 'scrollIntoView', jsdomScrollIntoView);
  else delete (Element.prototype as Partial<Element>).scrollIntoView;
  Reflect.deleteProperty(window, 'scrollY');
});

/** The visitor scrolls the page to `y`. */
function scrollPageTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

describe('scroll restoration', () => {
  it('opens a new page at its top, leaves a replaced address alone, and Back returns to the position', async () => {
    const { element, router } = memoryRoutes(routes, { path: '/' });
    render(element);
    await screen.findByRole('heading', { name: 'Home' });
    scrollPageTo(640);

    await act(() => router.navigate('/products'));
    await screen.findByRole('heading', { name: 'Products' });
    expect(scrolledTo).toEqual([[0, 0]]);

    // A filter or a tab replaces the address of the same page: the visitor stays where they were.
    scrollPageTo(900);
    scrolledTo = [];
    await act(() => router.navigate('/products?sort=price', { replace: true }));
    expect(router.location().search).toBe('?sort=price');
    expect(scrolledTo).toEqual([]);

    await act(() => router.navigate(-1));
    await screen.findByRole('heading', { name: 'Home' });
    expect(scrolledTo).toEqual([[0, 640]]);
  });

  it('opens a page at the element its #hash names', async () => {
    const { element, router } = memoryRoutes(routes, { path: '/' });
    render(element);
    await screen.findByRole('heading', { name: 'Home' });
    await act(() => router.navigate('/faq#returns'));
    await screen.findByRole('heading', { name: 'FAQ' });
    expect(scrolledIntoView).toEqual(['returns']);
    expect(scrolledTo).toEqual([]);
  });
});
