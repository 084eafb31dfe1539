// Serves every non-API GET as a server-rendered page. The renderer is the built entry-server in
// production and Vite's on-the-fly module in development (changes reload without a restart).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FetchLike } from '~/client/lib/api';
import type { RenderResult } from '~/client/entry-server';
import { etagMatches, weakEtag } from '~/server/features/catalog';
import { DATABASE_RETRY_AFTER_SECONDS } from '~/server/db/unavailable';
import { noApiRoute, notFound } from '~/server/lib/http-error';
import { pageLocale } from '~/server/lib/request-locale';
import {
  FRENCH_PREFIX,
  LOCALE_TAGS,
  type Locale,
  localeOfPath,
  unlocalizedPath,
} from '~/shared/i18n/locales';
import { TAP_CAPTURE_TAG } from './tap-capture';

export type RenderFn = (options: {
  url: string;
  fetch: FetchLike;
  site: { origin: string; storeName: string };
}) => Promise<RenderResult>;

export type PageRenderer = {
  /** The HTML shell with <!--app-head-->, <!--app-html--> and <!--app-state--> markers. */
  template: (url: string) => Promise<string>;
  render: () => Promise<RenderFn>;
  /**
   * Head tags that load the chunks of the lazy routes a page rendered and the messages of its language
   * (none in development).
   */
  preloads?: (modules: string[], locale: Locale) => string;
};

/** One entry of Vite's build manifest (dist/client/.vite/manifest.json). */
type ManifestChunk = {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  isEntry?: boolean;
};

/** A messages module's language module (scripts/vite-messages-per-language.ts), as the manifest names it. */
const LANGUAGE_MODULE = /\.messages\.ts\?messages=(en|fr)$/;
export type ViteManifest = Record<string, ManifestChunk>;

/**
 * The modulepreload and stylesheet links for the chunks of `modules` (source files named by the lazy
 * routes, docs/decisions/0145-lazy-routes-and-script-budget.md) and everything they import, less what
 * the HTML shell already loads (the entry and its imports). Unknown modules are skipped: the browser
 * then loads the chunk itself, later, but correctly. With the page's `locale`, also the messages in that
 * language of every chunk the page loads: each messages module waits for them before the page can
 * hydrate (docs/decisions/0401-bytes-won-back.md).
 */
export function chunkPreloads(manifest: ViteManifest, modules: string[], locale?: Locale): string {
  const entryKeys = Object.keys(manifest).filter((k) => manifest[k]!.isEntry);
  const shell = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const imported of manifest[key]!.imports ?? []) walk(imported, into);
  };
  for (const key of entryKeys) walk(key, shell);
  const wanted = new Set<string>();
  for (const module of modules) walk(module, wanted);
  if (locale) {
    for (const key of [...shell, ...wanted])
      for (const imported of manifest[key]!.dynamicImports ?? [])
        if (LANGUAGE_MODULE.exec(imported)?.[1] === locale) walk(imported, wanted);
  }
  const tags: string[] = [];
  const css = new Set<string>();
  for (const key of wanted) {
    if (shell.has(key)) continue;
    const chunk = manifest[key]!;
    tags.push(`<link rel="modulepreload" crossorigin href="/${chunk.file}">`);
    for (const file of chunk.css ?? []) css.add(file);
  }
  for (const file of css) tags.push(`<link rel="stylesheet" crossorigin href="/${file}">`);
  return tags.join('\n    ');
}

export async function loadProductionRenderer(distDir: string): Promise<PageRenderer> {
  const template = readFileSync(path.join(distDir, 'client', 'index.html'), 'utf8');
  const module = (await import(pathToFileURL(path.join(distDir, 'server', 'entry-server.js')).href)) as {
    render: RenderFn;
  };
  const manifest = JSON.parse(
    readFileSync(path.join(distDir, 'client', '.vite', 'manifest.json'), 'utf8'),
  ) as ViteManifest;
  return {
    template: async () => template,
    render: async () => module.render,
    preloads: (modules, locale) => chunkPreloads(manifest, modules, locale),
  };
}

/**
 * A fetch that calls this app in-process with the visitor's cookie: the page sees what the API says,
 * in the page's language (Accept-Language from its address, not the visitor's browser).
 */
function inProcessFetch(
  app: FastifyInstance,
  request: FastifyRequest,
  locale: Locale,
  seen: { unavailable: boolean },
): FetchLike {
  return async (input, init) => {
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: input,
      // The visitor's own address, not a forwarded header: rate limits and logs see the visitor
      // whether or not the app trusts a proxy.
      remoteAddress: request.ip,
      headers: {
        accept: 'application/json',
        'accept-language': LOCALE_TAGS[locale],
        ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
      },
    });
    if (res.statusCode === 503) seen.unavailable = true;
    const headers = new Headers();
    for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers.set(k, v);
    const nullBody = res.statusCode === 204 || res.statusCode === 304;
    return new Response(nullBody ? null : res.body, { status: res.statusCode, headers });
  };
}

/** How long a CDN may serve a guest's page before asking again (docs/decisions/0141-cdn-caching-and-private-answers.md). */
export const PUBLIC_PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=30';

/** When each query's data was fetched, in the page's state: a new number on every render. */
const FETCH_TIMES = /"(dehydratedAt|dataUpdatedAt|errorUpdatedAt)":\d+/g;

/**
 * A weak ETag of the page as a shopper sees it: two renders that differ only in when their data was
 * fetched are the same page, so a CDN or a browser revalidating gets its 304.
 */
export const pageEtag = (html: string) => weakEtag(html.replace(FETCH_TIMES, '"$1":0'));

/** Pages about one shopper's own visit: never kept by a shared cache, whoever asks. */
const PRIVATE_PAGES = /^\/(cart|checkout|account|auth|admin)(\/|$)/;

/**
 * The language of the shell's `<html>` element: `en-CA` or `fr-CA` (docs/decisions/0341-french-addresses-and-head.md).
 * Whatever `lang` the template had is replaced; the other attributes stay.
 */
export function withHtmlLang(template: string, lang: string): string {
  return template.replace(/<html\b([^>]*)>/i, (_tag, attrs: string) => {
    const rest = attrs.replace(/\s+lang=("[^"]*"|'[^']*'|[^\s>]*)/i, '');
    return `<html lang="${lang}"${rest}>`;
  });
}

/**
 * Where a page address is served from another: the French home is `/fr/` (so `/fr` moves there), and
 * the admin area is English only, so `/fr/admin...` is `/admin...` (docs/decisions/0341-french-addresses-and-head.md).
 */
export function pageRedirect(url: string): string | undefined {
  const [pathname = '/', ...rest] = url.split('?');
  const query = rest.length ? `?${rest.join('?')}` : '';
  if (pathname === FRENCH_PREFIX) return `${FRENCH_PREFIX}/${query}`;
  if (localeOfPath(pathname) === 'fr' && /^\/admin(\/|$)/.test(unlocalizedPath(pathname)))
    return unlocalizedPath(pathname) + query;
  return undefined;
}

const MARKERS = ['<!--app-head-->', '<!--app-html-->', '<!--app-state-->'] as const;

/**
 * Puts the page's parts into the template's markers, by position. Never String.replace with a string
 * replacement: it reads `$&`, `` $` `` and `$'` in the inserted text as patterns (a product named `` $` ``
 * would paste half the template into the page, docs/decisions/0116-page-template-assembly.md).
 * Only the template is searched, so a marker written in the page's own text is left alone.
 */
export function fillTemplate(template: string, parts: { head: string; html: string; state: string }): string {
  const values = [parts.head, parts.html, parts.state];
  let out = '';
  let from = 0;
  MARKERS.forEach((marker, i) => {
    const at = template.indexOf(marker, from);
    if (at < 0) throw new Error(`The page template has no ${marker} marker after the previous one.`);
    out += template.slice(from, at) + values[i];
    from = at + marker.length;
  });
  return out + template.slice(from);
}

export function registerPageRendering(app: FastifyInstance, renderer: PageRenderer) {
  const { config } = app.ctx;
  const site = { origin: config.publicUrl, storeName: config.STORE_NAME };

  async function renderPage(request: FastifyRequest, reply: FastifyReply) {
    const moved = pageRedirect(request.url);
    if (moved) return reply.header('cache-control', 'no-store').redirect(moved, 301);
    const render = await renderer.render();
    const locale = pageLocale(request);
    const seen = { unavailable: false };
    const result = await render({
      url: request.url,
      fetch: inProcessFetch(app, request, locale, seen),
      site,
    });
    // Where a page sends you can depend on who you are (/account to /auth): no copies.
    if (result.kind === 'redirect')
      return reply.header('cache-control', 'no-store').redirect(result.location, result.status);
    const template = await renderer.template(request.url);
    const head = [TAP_CAPTURE_TAG, result.head, renderer.preloads?.(result.modules, locale) ?? '']
      .filter(Boolean)
      .join('\n    ');
    const html = fillTemplate(withHtmlLang(template, result.lang), { ...result, head });
    if (seen.unavailable) {
      // The database did not answer one of the page's questions: the store's own page, whatever it
      // could show, as a 503 to try again shortly (docs/decisions/0440-database-failures-answer-503.md).
      return reply
        .status(503)
        .type('text/html; charset=utf-8')
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .header('cache-control', 'no-store')
        .send(html);
    }
    reply.status(result.status).type('text/html; charset=utf-8');
    // A guest's page carries nothing personal (the cart lives in the browser): a CDN may keep it for a
    // minute and revalidate it with its ETag. A signed-in person's page shows their name: private
    // (plugins/cache-policy.ts makes sure). Pages about one visit, errors and noindex pages: no copies.
    const pathname = unlocalizedPath(request.url.split('?')[0]!);
    const shareable =
      !request.user && result.status === 200 && !result.noIndex && !PRIVATE_PAGES.test(pathname);
    if (!shareable) return reply.header('cache-control', 'no-store').send(html);
    const etag = pageEtag(html);
    // Cookie: a cache that keys on it never hands the guest's copy to someone signed in.
    reply
      .header('cache-control', PUBLIC_PAGE_CACHE_CONTROL)
      .header('etag', etag)
      .header('vary', 'accept-encoding, cookie');
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.send(html);
  }

  /** A missing file (favicon, script...) gets a bare 404; a missing .html is a page, with the 404 screen. */
  const isFilePath = (pathname: string) => /\.(?!html?$)[a-z0-9]{2,5}$/i.test(pathname);
  const apiNotFound = (request: FastifyRequest, pathname: string): never => {
    throw noApiRoute(request.method, pathname);
  };

  // Pages are a route (GET, and HEAD with it) rather than the not-found handler, so route hooks apply
  // to them: @fastify/compress only compresses routes.
  app.get('/*', { config: { access: 'public' } }, async (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    if (pathname.startsWith('/api/') || pathname === '/api') return apiNotFound(request, pathname);
    if (isFilePath(pathname)) return reply.status(404).type('text/plain').send('Not found');
    return renderPage(request, reply);
  });

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    if (pathname.startsWith('/api/') || pathname === '/api') return apiNotFound(request, pathname);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      throw notFound();
    }
    if (isFilePath(pathname)) return reply.status(404).type('text/plain').send('Not found');
    // A GET that reached here was passed on by another route (a missing upload, say).
    return renderPage(request, reply);
  });
}
