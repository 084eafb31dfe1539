import { queryOptions } from '@tanstack/react-query';
import type { AdminFaqItem, ContentPage, ContentPageSummary, FaqItem } from '~/shared/schemas/content';
import { ApiError, apiRequest } from '~/client/lib/api';

export const contentPagePath = (slug: string) => `/api/content-pages/slug/${encodeURIComponent(slug)}`;

/** One content page, or null when there is no page with that slug (the screen then shows not-found). */
export const contentPageQueryOptions = (slug: string) =>
  queryOptions<ContentPage | null>({
    queryKey: [contentPagePath(slug)],
    queryFn: async ({ client }) => {
      try {
        return await apiRequest<ContentPage>('GET', contentPagePath(slug), undefined, { client });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });

export const contentPagesQueryOptions = () =>
  queryOptions<ContentPageSummary[]>({ queryKey: ['/api/content-pages'] });

/** Active FAQ items by sortOrder (the public list). */
export const faqItemsQueryOptions = () => queryOptions<FaqItem[]>({ queryKey: ['/api/faq-items'] });

/** Every FAQ item, inactive ones too, as stored: English and French (administrators only). */
export const allFaqItemsQueryOptions = () =>
  queryOptions<AdminFaqItem[]>({ queryKey: ['/api/faq-items?all=true'] });
