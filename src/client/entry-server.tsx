// Server rendering of a page request: runs the route loaders (which fill the query cache through the
// API in-process), renders the HTML and hands the data to the browser.
import { dehydrate } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, StaticRouter } from 'react-router';
import { Providers, type SiteInfo } from './app/providers';
import { type FetchLike, setFetcher } from './lib/api';
import { headToHtml, type RenderCollector, RenderCollectorContext, safeJson } from './lib/head';
import { lazyModulesOf, resolveLazyRoutes } from './lib/lazy-route';
import { PageRoutes } from './lib/page-routes';
import { createQueryClient } from './lib/query-client';
import { createRoutes } from './routes';
import { basenameOf, LOCALE_TAGS, type Locale, localeOfPath } from '~/shared/i18n/locales';

export type RenderResult =
  | {
      kind: 'page';
      status: number;
      head: string;
      html: string;
      state: string;
      /** Source files of the lazy routes rendered: the server modulepreloads their chunks. */
      modules: string[];
      /** The page asked search engines to stay away: not public content (never cached by a CDN). */
      noIndex?: boolean;
      /** The page's language (from its address: /fr/... is French) and its `<html lang>` tag. */
      locale: Locale;
      lang: string;
    }
  | { kind: 'redirect'; status: number; location: string };

export type ClientState = {
  dehydrated: ReturnType<typeof dehydrate>;
  site: SiteInfo;
  locale: Locale;
};

export async function render(options: {
  url: string;
  fetch: FetchLike;
  site: SiteInfo;
}): Promise<RenderResult> {
  const queryClient = createQueryClient();
  setFetcher(queryClient, options.fetch);
  // One route tree for both languages: a French page is the same route under the basename /fr/, so
  // every link and redirect it makes stays in French (docs/decisions/0340-french-store-and-i18next.md).
  const url = new URL(options.url, options.site.origin);
  const locale = localeOfPath(url.pathname);
  const basename = basenameOf(locale);
  const routes = createRoutes(queryClient);
  // The data router runs the page's loaders (its data, a guard's redirect, the status); the page is then
  // rendered as the browser renders it (src/client/lib/page-routes.tsx), its lazy screens loaded first.
  const handler = createStaticHandler(routes, { basename });
  const context = await handler.query(new Request(url));
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('location') ?? '/' };
  }
  await resolveLazyRoutes(routes, url.pathname + url.search, basename);
  const collector: RenderCollector = {
    head: {},
    status: context.statusCode,
    origin: options.site.origin,
    locale,
  };
  const html = renderToString(
    <RenderCollectorContext.Provider value={collector}>
      <Providers queryClient={queryClient} site={options.site} locale={locale}>
        <StaticRouter location={url.pathname + url.search} basename={basename}>
          <PageRoutes routes={routes} firstPageLoaded />
        </StaticRouter>
      </Providers>
    </RenderCollectorContext.Provider>,
  );
  const state: ClientState = {
    dehydrated: dehydrate(queryClient),
    site: options.site,
    locale,
  };
  queryClient.clear();
  return {
    kind: 'page',
    status: collector.status,
    head: headToHtml(collector.head, options.site.origin, options.site.storeName, locale),
    html,
    state: `<script id="__STATE__" type="application/json">${safeJson(state)}</script>`,
    modules: lazyModulesOf(context.matches),
    noIndex: Boolean(collector.head.noIndex),
    locale,
    lang: LOCALE_TAGS[locale],
  };
}
