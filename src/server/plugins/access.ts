// Deny by default (docs/decisions/0160-access-is-declared-and-denied-by-default.md): every route says who
// may call it in its options, `config: { access: 'public' | 'customer' | 'staff' | 'admin' }`, and one
// hook enforces what it says. A route that says nothing stops the server from starting.
import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyPluginCallback,
  FastifyRequest,
  onRequestHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import { and, eq, ne, sql } from 'drizzle-orm';
import { orderRefunds } from '~/server/db/schema';
import { type Access, ACCESS_LEVELS, permissionRefusal, refusal } from '~/server/lib/access';
import { PERMISSIONS, type Permission } from '~/shared/permissions';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; required (plugins/access.ts). */
    access?: Access;
    /**
     * A permission the caller needs beside the level (docs/decisions/0459-staff-permissions.md). 'refunds'
     * judges the validated body's `amount` (cents) against the caller's limit.
     */
    permission?: Permission;
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
  const permission = request.routeOptions.config.permission;
  if (permission && permission !== 'refunds') {
    const withheld = permissionRefusal(request.user, permission);
    if (withheld) throw withheld;
  }
};

/**
 * A refund's permission needs its amount, so it is judged once the body is validated, before the handler:
 * what the order has already given back (refunds not failed) plus this one, so a limit of 100.00 is not
 * five refunds of 100.00 on one order.
 */
const refundGuard = async (request: FastifyRequest) => {
  const amount = (request.body as { amount?: unknown } | undefined)?.amount;
  const orderId = (request.params as { id?: unknown } | undefined)?.id;
  if (typeof amount !== 'number' || request.user?.permissions.refundLimit === null) return;
  let earlier = 0;
  if (typeof orderId === 'number') {
    const [row] = await request.server.ctx.db
      .select({ cents: sql<string>`coalesce(sum(${orderRefunds.amount}) * 100, 0)::bigint::text` })
      .from(orderRefunds)
      .where(and(eq(orderRefunds.orderId, orderId), ne(orderRefunds.status, 'failed')));
    earlier = Number(row?.cents ?? 0);
  }
  const withheld = permissionRefusal(request.user, 'refunds', earlier + amount);
  if (withheld) throw withheld;
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
    const permission = route.config?.permission;
    if (permission !== undefined && (!PERMISSIONS.includes(permission) || access === 'public')) {
      throw new Error(
        `Route ${[route.method].flat().join(',')} ${route.url}: permission '${permission}' needs a signed-in level.`,
      );
    }
    route.config = { ...route.config, access } as typeof route.config;
    if (access === 'public') return;
    const own = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [guard as onRequestHookHandler, ...own];
    if (permission === 'refunds') {
      const handlers = route.preHandler ? [route.preHandler].flat() : [];
      route.preHandler = [refundGuard as preHandlerHookHandler, ...handlers];
    }
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
