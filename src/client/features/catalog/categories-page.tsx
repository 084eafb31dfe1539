import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Seo } from '~/client/lib/head';
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
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <Seo
        title="Shop by Category"
        description="Browse liquidation and overstock deals by category: electronics, clothing, home and kitchen, toys and more, up to 70% off retail."
        canonicalPath="/categories"
      />
      <h1 className="mb-6 text-3xl font-bold">Shop by Category</h1>
      {categories.isError ? (
        <p role="alert" className="text-red-700">
          We couldn't load the categories. Please try again.
        </p>
      ) : categories.data && categories.data.length === 0 ? (
        <p className="text-slate-600">No categories found.</p>
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
