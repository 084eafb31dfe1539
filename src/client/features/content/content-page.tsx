import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { contentPagePath } from '~/shared/constants';
import { metaDescriptionFromHtml } from '~/shared/html-text';
import { NotFoundPage } from '~/client/app/not-found-page';
import { Skeleton } from '~/client/components/ui/skeleton';
import { Seo, usePageOpenGraph } from '~/client/lib/head';
import { contentPageQueryOptions } from './api';
import { PrivacyDetails } from './privacy-details';
import { RichHtml } from './rich-html';
import { ReturnPolicy } from '~/client/features/returns';

/** /pages/{slug}: any published content page. */
export function ContentPageBySlug() {
  const { slug = '' } = useParams();
  return <ContentPageScreen slug={slug} />;
}

/** /shipping, /returns, /privacy, /terms, /sitemap: the content page whose slug is the same word. */
export function ContentPageScreen({ slug }: { slug: string }) {
  const { data: page, isPending, isError } = useQuery(contentPageQueryOptions(slug));
  const description = page ? metaDescriptionFromHtml(page.content) : '';
  const openGraph = usePageOpenGraph({ title: page?.title ?? '', description, path: contentPagePath(slug) });

  if (isPending) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10" aria-busy="true">
        <Skeleton className="mb-6 h-9 w-2/3" />
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="mb-3 h-4 w-full" />
        ))}
      </div>
    );
  }
  // A missing page (or one that failed to load) is the not-found screen, answered with status 404.
  if (isError || !page) return <NotFoundPage />;

  return (
    <article className="mx-auto max-w-3xl px-4 py-10" data-testid="content-page">
      <Seo
        title={page.title}
        description={description || undefined}
        canonicalPath={contentPagePath(slug)}
        openGraph={openGraph}
      />
      <h1 className="mb-6 text-3xl font-bold tracking-tight">{page.title}</h1>
      <RichHtml html={page.content} />
      {slug === 'returns' && <ReturnPolicy />}
      {slug === 'privacy' && <PrivacyDetails />}
    </article>
  );
}
