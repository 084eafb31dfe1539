// Every route the app registers, with the access it declares, collected by an onRoute hook as the app is
// built (pass `beforeRoutes` to createTestApp). Tests that must cover every route draw them from here, so a
// route added tomorrow is covered without anyone editing a list.
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Access } from '~/server/lib/access';

export type RegisteredRoute = {
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
  url: string;
  access: Access | undefined;
  tags: string[];
};

export function routeRegistry() {
  const seen: RouteOptions[] = [];
  return {
    beforeRoutes: (app: FastifyInstance) => {
      app.addHook('onRoute', (route) => {
        seen.push(route);
      });
    },
    /** One entry per method and URL (the access hook fills in `config.access` before this hook runs). */
    routes(): RegisteredRoute[] {
      const byKey = new Map<string, RegisteredRoute>();
      for (const route of seen) {
        for (const method of [route.method].flat()) {
          const key = `${method} ${route.url}`;
          if (byKey.has(key)) continue;
          byKey.set(key, {
            method: method as RegisteredRoute['method'],
            url: route.url,
            access: route.config?.access,
            tags: ((route.schema as { tags?: string[] } | undefined)?.tags ?? []) as string[],
          });
        }
      }
      return [...byKey.values()];
    },
  };
}

/** A concrete path for a route URL: each `:param` from `values` (else `fallback`), a wildcard as `x`. */
export function samplePath(url: string, values: Record<string, string> = {}, fallback = '999999'): string {
  return url.replace(/:(\w+)/g, (_, name: string) => values[name] ?? fallback).replace(/\*$/, 'x');
}
