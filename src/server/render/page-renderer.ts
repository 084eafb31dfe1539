// Serves every non-API GET as a server-rendered page. The renderer is the built entry-server in
// production and Vite's on-the-fly module in development (changes reload without a restart).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FetchLike } from '../../client/lib/api';
import type { RenderResult } from '../../client/entry-server';

export type RenderFn = (options: {
  url: string;
  fetch: FetchLike;
  site: { origin: string; storeName: string };
}) => Promise<RenderResult>;

export type PageRenderer = {
  /** The HTML shell with <!--app-head-->, <!--app-html--> and <!--app-state--> markers. */
  template: (url: string) => Promise<string>;
  render: () => Promise<RenderFn>;
};

export async function loadProductionRenderer(distDir: string): Promise<PageRenderer> {
  const template = readFileSync(path.join(distDir, 'client', 'index.html'), 'utf8');
  const module = (await import(pathToFileURL(path.join(distDir, 'server', 'entry-server.js')).href)) as {
    render: RenderFn;
  };
  return { template: async () => template, render: async () => module.render };
}

/** A fetch that calls this app in-process with the visitor's cookie: the page sees what the API says. */
function inProcessFetch(app: FastifyInstance, request: FastifyRequest): FetchLike {
  return async (input, init) => {
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: input,
      // The visitor's own address, not a forwarded header: rate limits and logs see the visitor
      // whether or not the app trusts a proxy.
      remoteAddress: request.ip,
      headers: {
        accept: 'application/json',
        ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
      },
    });
    const headers = new Headers();
    for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers.set(k, v);
    const nullBody = res.statusCode === 204 || res.statusCode === 304;
    return new Response(nullBody ? null : res.body, { status: res.statusCode, headers });
  };
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
    const render = await renderer.render();
    const result = await render({ url: request.url, fetch: inProcessFetch(app, request), site });
    if (result.kind === 'redirect') return reply.redirect(result.location, result.status);
    const template = await renderer.template(request.url);
    const html = fillTemplate(template, result);
    // Pages can carry the visitor's name and cart: never cached by shared caches.
    return reply
      .status(result.status)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(html);
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    if (pathname.startsWith('/api/') || pathname === '/api') {
      return reply.status(404).send({ message: `No API route ${request.method} ${pathname}.` });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send({ message: 'Not found.' });
    }
    // A missing file (favicon, script...) gets a bare 404; a missing .html is a page, with the 404 screen.
    if (/\.(?!html?$)[a-z0-9]{2,5}$/i.test(pathname)) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    return renderPage(request, reply);
  });
}
