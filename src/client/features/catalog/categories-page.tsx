import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Seo } from '~/client/lib/head';
import { useT } from '~/client/lib/i18n';
import { catalogMessages } from './catalog.messages';
import { categoriesQueryOptions } from './api';
import { CategoryTile, CategoryTileSkeleton } from './category-tile';
import { hasListingParams } from './listing-params';
import { ProductListingPage } from './product-listing-page';

/** /categories: the category grid, or a product listing when the URL carries filters. */
export function CategoriesRoute() {
  const [params] = useSearchParams();
  return hasListingParams(params) ? <ProductListingPage basePath="/categories" /> : <CategoriesOverview />;
}

export const CATEGORY_SKELETON_COUNT = 8;

export function CategoriesOverview() {
  const categories = useQuery(categoriesQueryOptions());
  const t = useT(catalogMessages);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <Seo title={t('shopByCategory')} description={t('describeCategories')} canonicalPath="/categories" />
      <h1 className="mb-6 text-3xl font-bold">{t('shopByCategory')}</h1>
      {categories.isError ? (
        <p role="alert" className="text-red-700">
          {t('categoriesLoadFailed')}
        </p>
      ) : categories.data && categories.data.length === 0 ? (
        <p className="text-slate-600">{t('noCategories')}</p>
      ) : (
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
          {categories.data
            ? categories.data.map((c) => <CategoryTile key={c.id} category={c} />)
            : Array.from({ length: CATEGORY_SKELETON_COUNT }, (_, i) => <CategoryTileSkeleton key={i} />)}
        </div>
      )}
    </div>
  );
}
