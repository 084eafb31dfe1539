import { useQuery } from '@tanstack/react-query';
import { Accordion } from 'radix-ui';
import { useMemo, useState } from 'react';
import { htmlToText } from '~/shared/html-text';
import { foldAccents } from '~/shared/i18n/localized-text';
import type { FaqItem } from '~/shared/schemas/content';
import { Button } from '~/client/components/ui/button';
import { Skeleton } from '~/client/components/ui/skeleton';
import { Seo } from '~/client/lib/head';
import { useT } from '~/client/lib/i18n';
import { faqItemsQueryOptions } from './api';
import { faqMessages } from './faq-page.messages';
import { RichHtml } from './rich-html';

const LOADING_PLACEHOLDERS = 5;

/**
 * Active items by sortOrder, matching the search in the question or the answer's text ignoring case and
 * accents ('etats-unis' finds 'États-Unis', as the catalogue's French search does: localized-text.ts).
 */
export function filterFaqItems(items: FaqItem[], search: string): FaqItem[] {
  const needle = foldAccents(search.trim().normalize('NFC'));
  return items
    .filter((item) => item.active)
    .sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id)
    .filter(
      (item) =>
        !needle ||
        foldAccents(item.question.normalize('NFC')).includes(needle) ||
        foldAccents(htmlToText(item.answer).normalize('NFC')).includes(needle),
    );
}

export function FaqPage() {
  const t = useT(faqMessages);
  const { data: items, isPending, isError } = useQuery(faqItemsQueryOptions());
  const [search, setSearch] = useState('');
  const visible = useMemo(() => filterFaqItems(items ?? [], search), [items, search]);

  const jsonLd = items?.length
    ? {
        '@context': 'https://schema.org',
        '@type': 'FAQPage',
        mainEntity: filterFaqItems(items, '').map((item) => ({
          '@type': 'Question',
          name: item.question,
          acceptedAnswer: { '@type': 'Answer', text: htmlToText(item.answer) },
        })),
      }
    : undefined;

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <Seo title={t('title')} description={t('description')} canonicalPath="/faq" jsonLd={jsonLd} />
      <h1 className="mb-6 text-3xl font-bold tracking-tight">{t('title')}</h1>

      <div className="relative mb-6">
        <label htmlFor="faq-search" className="sr-only">
          {t('searchLabel')}
        </label>
        <input
          id="faq-search"
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={t('searchPlaceholder')}
          className="h-11 w-full rounded-md border border-slate-300 pr-12 pl-3 text-sm [&::-webkit-search-cancel-button]:hidden"
        />
        {search && (
          <button
            type="button"
            onClick={() => setSearch('')}
            aria-label={t('clearSearchLabel')}
            className="absolute top-1/2 right-0 inline-flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded text-slate-600 hover:text-slate-900"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-5 w-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        )}
      </div>

      {isPending ? (
        <div aria-busy="true" data-testid="faq-loading">
          {Array.from({ length: LOADING_PLACEHOLDERS }, (_, i) => (
            <Skeleton key={i} className="mb-3 h-14 w-full" />
          ))}
        </div>
      ) : isError ? (
        <p className="text-slate-600">{t('loadFailed')}</p>
      ) : visible.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center">
          <p className="text-slate-600">{t('noMatch')}</p>
          {search && (
            <Button variant="outline" className="mt-4" onClick={() => setSearch('')}>
              {t('clearSearch')}
            </Button>
          )}
        </div>
      ) : (
        <Accordion.Root
          type="single"
          collapsible
          className="divide-y divide-slate-200 rounded-lg border border-slate-200"
        >
          {visible.map((item) => (
            <Accordion.Item key={item.id} value={String(item.id)} data-testid="faq-item">
              <Accordion.Header asChild>
                <h2>
                  <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-4 py-4 text-left font-medium hover:bg-slate-50">
                    {item.question}
                    <svg
                      aria-hidden="true"
                      viewBox="0 0 24 24"
                      className="h-5 w-5 shrink-0 transition-transform group-data-[state=open]:rotate-180"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2"
                    >
                      <path d="M6 9l6 6 6-6" />
                    </svg>
                  </Accordion.Trigger>
                </h2>
              </Accordion.Header>
              <Accordion.Content className="px-4 pb-4 text-slate-700">
                <RichHtml html={item.answer} />
              </Accordion.Content>
            </Accordion.Item>
          ))}
        </Accordion.Root>
      )}
    </div>
  );
}
