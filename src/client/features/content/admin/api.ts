// The content tab's calls. After every change the lists (and the public page caches) are refreshed.
import type { QueryClient } from '@tanstack/react-query';
import type {
  AdminContentPage,
  AdminFaqItem,
  ContentPageInput,
  FaqItemInput,
} from '~/shared/schemas/content';
import { ApiError, apiRequest } from '~/client/lib/api';
import { contentPagePath } from '../api';

export type PageDraft = {
  title: string;
  /** '' when the page has no French: French pages then show the English. */
  titleFr: string;
  slug: string;
  content: string;
  contentFr: string;
  isStructured: boolean;
  /** Off: a draft only administrators see (shoppers get 404). */
  published: boolean;
};

/** Whether two drafts would save the same page. */
export const sameDraft = (a: PageDraft, b: PageDraft) =>
  a.title === b.title &&
  a.titleFr === b.titleFr &&
  a.slug === b.slug &&
  a.content === b.content &&
  a.contentFr === b.contentFr &&
  a.isStructured === b.isStructured &&
  a.published === b.published;

export const createPage = (page: ContentPageInput) =>
  apiRequest<AdminContentPage>('POST', '/api/content-pages', page);
export const updatePage = (id: number, page: ContentPageInput) =>
  apiRequest<AdminContentPage>('PUT', `/api/content-pages/${id}`, page);
export const deletePage = (id: number) => apiRequest<void>('DELETE', `/api/content-pages/${id}`);
/** Always read fresh: the list does not carry the content. Both languages, as stored. */
export const fetchPage = (id: number) => apiRequest<AdminContentPage>('GET', `/api/content-pages/${id}`);

export const createFaqItem = (item: FaqItemInput) => apiRequest<AdminFaqItem>('POST', '/api/faq-items', item);
export const updateFaqItem = (id: number, item: FaqItemInput) =>
  apiRequest<AdminFaqItem>('PUT', `/api/faq-items/${id}`, item);
export const moveFaqItem = (id: number, sortOrder: number) =>
  apiRequest<AdminFaqItem>('PUT', `/api/faq-items/${id}/order`, { sortOrder });
export const deleteFaqItem = (id: number) => apiRequest<void>('DELETE', `/api/faq-items/${id}`);

export async function refreshPages(queryClient: QueryClient, ...slugs: string[]) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['/api/content-pages'] }),
    ...slugs.map((slug) => queryClient.invalidateQueries({ queryKey: [contentPagePath(slug)] })),
  ]);
}

export async function refreshFaq(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['/api/faq-items?all=true'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/faq-items'] }),
  ]);
}

/** The server's message for a failure toast. */
export function failureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}
