import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { STATIC_PAGE_SLUGS } from '../../../shared/constants';
import { prefetch } from '../../lib/prefetch';
import { siteConfigQueryOptions } from '../../lib/site-config';
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
    {
      path: 'contact',
      element: <ContactPage />,
      loader: prefetch(queryClient, () => [siteConfigQueryOptions()]),
    },
  ];
}
