import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { STATIC_PAGE_SLUGS } from '~/shared/constants';
import type { LazyRouteHandle } from '~/client/lib/lazy-route';
import { prefetch } from '~/client/lib/prefetch';
import { contentPageQueryOptions, faqItemsQueryOptions } from './api';

export function contentRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    ...STATIC_PAGE_SLUGS.map(
      (slug): RouteObject => ({
        path: slug,
        lazy: async () => {
          const { ContentPageScreen } = await import('./content-page');
          return { element: <ContentPageScreen slug={slug} /> };
        },
        handle: { module: 'src/client/features/content/content-page.tsx' } satisfies LazyRouteHandle,
        loader: prefetch(queryClient, () => [contentPageQueryOptions(slug)]),
      }),
    ),
    // Any other published page (docs/decisions/0244-content-pages-at-pages-slug.md).
    {
      path: 'pages/:slug',
      lazy: async () => ({ Component: (await import('./content-page')).ContentPageBySlug }),
      handle: { module: 'src/client/features/content/content-page.tsx' } satisfies LazyRouteHandle,
      loader: prefetch(queryClient, (args) => [contentPageQueryOptions(args.params.slug ?? '')]),
    },
    {
      path: 'faq',
      lazy: async () => ({ Component: (await import('./faq-page')).FaqPage }),
      handle: { module: 'src/client/features/content/faq-page.tsx' } satisfies LazyRouteHandle,
      loader: prefetch(queryClient, () => [faqItemsQueryOptions()]),
    },
    // The store's address and e-mail come from the site configuration, which the root route loads.
    {
      path: 'contact',
      lazy: async () => ({ Component: (await import('./contact-page')).ContactPage }),
      handle: { module: 'src/client/features/content/contact-page.tsx' } satisfies LazyRouteHandle,
    },
  ];
}
