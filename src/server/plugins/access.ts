// Deny by default (docs/decisions/0160-access-is-declared-and-denied-by-default.md): every route says who
// may call it in its options, `config: { access: 'public' | 'customer' | 'staff' | 'admin' }`, and one
// hook enforces what it says. A route that says nothing stops the server from starting.
import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyPluginCallback,
  FastifyRequest,
  onRequestHookHandler,
} from 'fastify';
import { type Access, ACCESS_LEVELS, refusal } from '~/server/lib/access';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; required (plugins/access.ts). */
    access?: Access;
  }
}

/** Set by withAccess on a plugin's own context: the level of the routes it adds without declaring one. */
const SCOPE_ACCESS = Symbol('access of the routes of a third-party plugin');

/**
 * The one guard. It runs as the route's first own onRequest hook, after the session is loaded and before
 * the body is read: a refused caller cannot make the server parse an upload or learn from validation errors.
 */
const guard = async (request: FastifyRequest) => {
  const refused = refusal(request.user, request.routeOptions.config.access ?? 'admin');
  if (refused) throw refused;
};

/** Registered first, so that it sees every route, including those plugins add. */
export function registerAccessControl(app: FastifyInstance) {
  app.addHook('onRoute', function (this: FastifyInstance, route) {
    const scoped = (this as unknown as Record<symbol, Access | undefined>)[SCOPE_ACCESS];
    const access = route.config?.access ?? scoped;
    if (!access || !ACCESS_LEVELS.includes(access)) {
      throw new Error(
        `Route ${[route.method].flat().join(',')} ${route.url} declares no access: add ` +
          "config: { access: 'public' | 'customer' | 'staff' | 'admin' } to its options " +
          '(docs/decisions/0160-access-is-declared-and-denied-by-default.md).',
      );
    }
    route.config = { ...route.config, access } as typeof route.config;
    if (access === 'public') return;
    const own = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [guard as onRequestHookHandler, ...own];
  });
}

/**
 * A plugin whose routes cannot carry a declaration of their own (static files, the API docs), wrapped so
 * that every route it adds has this access. Its options are given here, not to `register`: there Fastify
 * would take `prefix` as the wrapper's own route prefix and add it twice.
 */
// biome-ignore lint/suspicious/noExplicitAny: the wrapped plugin's options pass through untouched.
export function withAccess<Options extends Record<string, any>>(
  access: Access,
  plugin: FastifyPluginAsync<Options> | FastifyPluginCallback<Options>,
  options: Options,
): FastifyPluginAsync {
  return async (scope) => {
    scope.decorate(SCOPE_ACCESS, access);
    await scope.register(plugin as FastifyPluginAsync<Options>, options);
  };
}
