import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { STATIC_PAGE_SLUGS } from '../../../shared/constants';
import { prefetch } from '../../lib/prefetch';
import { contentPageQueryOptions, faqItemsQueryOptions } from './api';
import { ContactPage } from './contact-page';
import { ContentPageScreen } from './content-page';
import { FaqPage } from './faq-page';

export function contentRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    ...STATIC_PAGE_SLUGS.map(
      (slug): RouteObject => ({
        path: slug,
        element: <ContentPageScreen slug={slug} />,
        loader: prefetch(queryClient, () => [contentPageQueryOptions(slug)]),
      }),
    ),
    { path: 'faq', element: <FaqPage />, loader: prefetch(queryClient, () => [faqItemsQueryOptions()]) },
    // The store's address and e-mail come from the site configuration, which the root route loads.
    { path: 'contact', element: <ContactPage /> },
  ];
}
