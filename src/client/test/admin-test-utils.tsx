// Helpers for the admin screens' component tests: a fake API answering by method and path, and a page
// rendered in a memory router with the app's providers and toaster.
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { vi } from 'vitest';
import type { Dashboard } from '~/shared/schemas/admin-dashboard';
import { Providers } from '~/client/app/providers';
import { Toaster } from '~/client/components/ui/toaster';
import { makeUser } from '~/client/test/test-utils';
import { createQueryClient } from '~/client/lib/query-client';
import { memoryRoutes } from './memory-routes';

export type Answer = { status?: number; body?: unknown; headers?: Record<string, string> };
type Handler = Answer | ((request: { url: URL; init: RequestInit | undefined }) => Answer | Promise<Answer>);

/** Routes keyed 'GET /api/x' (the path with or without its query string); anything else is a 404. */
export function fakeApi(routes: Record<string, Handler>) {
  const mock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://store.test',
    );
    const method = (init?.method ?? 'GET').toUpperCase();
    const entry = routes[`${method} ${url.pathname}${url.search}`] ?? routes[`${method} ${url.pathname}`];
    const answer =
      typeof entry === 'function'
        ? await entry({ url, init })
        : (entry ?? { status: 404, body: { message: 'Not found.' } });
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

export function callsTo(mock: ReturnType<typeof fakeApi>, method: string, path: string) {
  return (mock.mock.calls as unknown as [string, RequestInit | undefined][]).filter(
    ([input, init]) =>
      new URL(String(input), 'http://store.test').pathname === path && (init?.method ?? 'GET') === method,
  );
}

export function renderPage(element: ReactNode, path = '/admin') {
  const queryClient = createQueryClient();
  const { element: routes, router } = memoryRoutes(
    [
      {
        path: '/',
        element: (
          <>
            <Outlet />
            <Toaster />
          </>
        ),
        children: [
          { path: 'admin', element },
          { path: 'admin/:tab', element },
          { path: '*', element: <p>Elsewhere</p> },
        ],
      },
    ],
    { path },
  );
  const utils = render(
    <Providers queryClient={queryClient} site={{ origin: 'http://store.test', storeName: 'Test Store' }}>
      {routes}
    </Providers>,
  );
  return { ...utils, router, queryClient };
}

export const ADMIN_USER = makeUser({ id: 1, username: 'admin', email: 'admin@example.com', isAdmin: true });
export const CUSTOMER = {
  ...ADMIN_USER,
  id: 2,
  username: 'shopper',
  email: 'shopper@example.com',
  isAdmin: false,
  role: 'customer' as const,
};
export const STAFF_USER = makeUser({ id: 3, username: 'clerk', email: 'clerk@example.com', role: 'staff' });

export const DASHBOARD: Dashboard = {
  totalProducts: 42,
  totalOrders: 7,
  pendingOrders: 3,
  activeDiscounts: 5,
  demoMode: true,
  days: Array.from({ length: 30 }, (_, i) => ({
    date: `2025-01-${String(i + 1).padStart(2, '0')}`,
    orders: i % 3,
    revenue: `${i}.50`,
  })),
  lowStock: {
    threshold: 3,
    count: 2,
    products: [
      { id: 11, name: 'Brass Lamp', lotNumber: 'LD-0011', stock: 1 },
      { id: 12, name: 'Oak Stool', lotNumber: 'LD-0012', stock: 3 },
    ],
  },
};
