// buildApp(config): the whole store as a Fastify instance. main.ts only reads the configuration,
// migrates and listens; tests build the same app against their own database.
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import { checkSquareCurrency } from './payments/square';
import { createAppContext } from './context';
import type { Database } from './db/client';
import { registerFeatures } from './features';
import { registerAccessControl, withAccess } from './plugins/access';
import { registerCachePolicy } from './plugins/cache-policy';
import { registerCompression } from './plugins/compression';
import { noApiRoute } from './lib/http-error';
import { registerErrorHandling } from './plugins/errors';
import { registerInputGuard } from './plugins/input-guard';
import { registerSecurity } from './plugins/security';
import { registerSessions } from './plugins/sessions';
import { type PageRenderer, registerPageRendering } from './render/page-renderer';
import { registerUploads } from './plugins/uploads-route';
import { registerRuntime, runtimeFastifyOptions } from './runtime';

export type BuildOptions = {
  config: Config;
  database: Database;
  /** Serves pages; without it only the API answers (most API tests). */
  renderer?: PageRenderer;
  /** Built client assets (dist/client), served with long cache lifetimes. */
  clientDir?: string;
  /** Development: Vite's middleware serves the client with hot reload. */
  devMiddleware?: (app: FastifyInstance) => Promise<void>;
  logger?: boolean | object;
  /** Runs on the new instance before any route exists: tests add an onRoute hook to list every route. */
  beforeRoutes?: (app: FastifyInstance) => void;
};

/**
 * Fastify's trustProxy for TRUST_PROXY. Fastify 5 refuses a bare hop count (it trusts nothing then), so a
 * count becomes proxy-addr's function: hop 0 is the connecting peer, then each X-Forwarded-For entry from
 * the right.
 */
function trustProxyOption(value: Config['TRUST_PROXY']) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    // JSON lines with secrets redacted and e-mails masked, one per request, each with its id.
    ...runtimeFastifyOptions(options.logger),
    // request.ip and request.protocol come from X-Forwarded-* only through the proxies configured here.
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    // Paging and ids are validated by the route schemas; keep querystrings simple.
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  // Before any route exists, so every route must say who may call it (plugins/access.ts).
  registerAccessControl(app);
  options.beforeRoutes?.(app);

  app.decorate('ctx', createAppContext(config, database, app.log));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerRuntime(app, database, config);

  await app.register(fastifyCookie, { secret: config.sessionSecret });
  registerSecurity(app);
  registerInputGuard(app);
  registerSessions(app);
  registerCachePolicy(app);

  // Files first: they are compressed once at build time (scripts/build.mjs) and sent as they are, so they
  // are declared before on-the-fly compression, which hooks into each route declared after it.
  // Pictures and the client's files are everybody's (./plugins/uploads-route.ts declares its access).
  await registerUploads(app);
  if (options.clientDir) {
    await app.register(
      withAccess('public', fastifyStatic, {
        root: options.clientDir,
        prefix: '/',
        index: false,
        wildcard: false,
        // The page template is the renderer's, not a page: /index.html goes to page handling like any path.
        // The .br and .gz copies written by scripts/build.mjs are served in place of their file to clients
        // that accept them (preCompressed), not as files of their own.
        globIgnore: ['index.html', '**/*.br', '**/*.gz'],
        preCompressed: true,
        decorateReply: false,
        setHeaders(res, filePath) {
          // Hashed assets never change; everything else (favicon, placeholder) may.
          res.header(
            'cache-control',
            filePath.includes(`${path.sep}assets${path.sep}`)
              ? 'public, max-age=31536000, immutable'
              : 'public, max-age=3600',
          );
        },
      }),
    );
  }
  await registerCompression(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `${config.STORE_NAME} API`, version: '1.0.0' },
      servers: [{ url: config.publicUrl }],
    },
    transform: jsonSchemaTransform,
  });
  // The API's description is public, as the storefront's calls are; what each route needs is in it.
  await app.register(withAccess('public', fastifySwaggerUi, { routePrefix: '/api/docs' }));

  await registerFeatures(app);
  if (config.PAYMENT_PROVIDER === 'square') {
    // Square's payment link must charge in the store's currency: a mismatch stops start-up.
    app.addHook('onReady', async () => {
      const result = await checkSquareCurrency(config);
      if (result)
        app.log.warn(`The Square location's currency was not checked at start-up: ${result.unchecked}`);
    });
  }

  if (options.devMiddleware) await options.devMiddleware(app);

  if (options.renderer) {
    registerPageRendering(app, options.renderer);
  } else {
    app.setNotFoundHandler(async (request) => {
      throw noApiRoute(request.method, request.url.split('?')[0] ?? '/');
    });
  }
  return app;
}
