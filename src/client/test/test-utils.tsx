// Helpers for the client's component tests (app-wide): a page in a memory router with the app's providers
// and the toaster, and a fake API answering by path.
import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { basenameOf, type Locale, localizedPath } from '~/shared/i18n/locales';
import type { User } from '~/shared/schemas/auth';
import type { Product } from '~/shared/schemas/catalog';
import type { SiteConfig } from '~/shared/schemas/site-config';
import { Providers } from '~/client/app/providers';
import { Toaster } from '~/client/components/ui/toaster';
import { createQueryClient } from '~/client/lib/query-client';
import { memoryRoutes } from './memory-routes';

export type FakeAnswer = { status?: number; body?: unknown; headers?: Record<string, string> };
export type FakeRoutes = Record<string, FakeAnswer | ((url: URL) => FakeAnswer | Promise<FakeAnswer>)>;

/**
 * Replaces fetch: each request is answered by the entry for its path with the query string (exact), or
 * for its path alone; anything else is a 404. Returns the mock to inspect the calls.
 */
export function fakeApi(routes: FakeRoutes) {
  const mock = vi.fn(async (input: string | URL | Request) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://store.test',
    );
    const entry = routes[url.pathname + url.search] ?? routes[url.pathname];
    const answer =
      typeof entry === 'function'
        ? await entry(url)
        : (entry ?? { status: 404, body: { message: 'Not found.' } });
    return new Response(JSON.stringify(answer.body ?? null), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** The paths fetch was called with. */
export function fetchedPaths(mock: ReturnType<typeof fakeApi>): string[] {
  return mock.mock.calls.map(([input]) => {
    const url = new URL(String(input), 'http://store.test');
    return url.pathname + url.search;
  });
}

/**
 * Renders routes at `path` in a memory router (src/client/test/memory-routes.tsx) with the query client,
 * site context and toaster of the real app. With `{ locale: 'fr' }` the page is French: the router's
 * basename is /fr/ (as on the real French pages) and `path`, written as in the English store, is
 * opened under it.
 */
export function renderRoutes(
  routes: RouteObject[] | ((queryClient: QueryClient) => RouteObject[]),
  path: string,
  wrap?: (node: ReactNode) => ReactNode,
  { locale = 'en' }: { locale?: Locale } = {},
) {
  const queryClient = createQueryClient();
  const children = typeof routes === 'function' ? routes(queryClient) : routes;
  const { element, router } = memoryRoutes(
    [
      {
        path: '/',
        element: (
          <>
            <Outlet />
            <Toaster />
          </>
        ),
        children: [...children, { path: '*', element: <p>Elsewhere</p> }],
      },
    ],
    { path: localizedPath(path, locale), basename: basenameOf(locale) },
  );
  const page = (
    <Providers
      queryClient={queryClient}
      site={{ origin: 'http://store.test', storeName: 'Test Store' }}
      locale={locale}
    >
      {element}
    </Providers>
  );
  const utils = render(wrap ? wrap(page) : page);
  return { ...utils, router, queryClient };
}

/**
 * French text as the pages write it: a no-break space (U+00A0) between thousands, before '$', '%' and
 * ':' and inside « ». For textContent and aria-labels; getByText reads those spaces as plain ones.
 */
export const frenchSpaces = (text: string) => text.replace(/(?<=\d) (?=\d)|(?<=«) | (?=[%$:»])/g, '\u00a0');

export function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: 1,
    slug: 'refurbished-monitor',
    name: 'Refurbished Monitor',
    description: 'A 27-inch monitor, graded A.',
    price: '249.99',
    compareAtPrice: null,
    imageUrl: '/uploads/monitor-640.webp',
    stock: 3,
    categoryId: 1,
    categoryName: 'Electronics',
    categorySlug: 'electronics',
    createdAt: '2025-01-01T00:00:00.000Z',
    featured: false,
    new: false,
    applyDailyDiscount: true,
    condition: 'new',
    conditionNotes: '',
    finalSale: false,
    lotNumber: 'LOT-0001',
    active: true,
    discountPercentage: 0,
    savingPercentage: 0,
    discountedPrice: '249.99',
    originalPrice: null,
    priceDroppedFrom: null,
    languages: { name: 'en', description: 'en', categoryName: 'en' },
    ...overrides,
  };
}

/** A signed-in customer as GET /api/auth/me answers. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    username: 'bob',
    email: 'bob@example.com',
    isAdmin: false,
    phone: null,
    address: null,
    emailNotifications: true,
    ...overrides,
    // The role follows isAdmin unless given (the server's role and flag always agree).
    role: overrides.role ?? (overrides.isAdmin ? 'admin' : 'customer'),
  };
}

/** GET /api/site-config's answer; `today` is a Thursday. */
export function makeSiteConfig(overrides: Partial<SiteConfig> = {}): SiteConfig {
  return {
    storeName: 'Test Store',
    storeEmail: 'hello@store.test',
    storeProvince: 'ON',
    newsletterVariant: 'B',
    timeZone: 'America/Toronto',
    today: '2026-01-01',
    currency: 'CAD',
    taxRegistrations: { gstHst: null, qst: null, pst: null },
    testPayments: false,
    ...overrides,
  };
}
