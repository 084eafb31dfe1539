import { Link } from 'react-router';
import { CATEGORY_COLOURS, CATEGORY_FALLBACK_COLOUR } from '~/shared/constants';
import type { Category } from '~/shared/schemas/catalog';
import { type ImageLoad, ProductImage } from '~/client/components/ui/product-image';
import { Skeleton } from '~/client/components/ui/skeleton';
import { useTextLang } from './text-lang';

export function CategoryTile({ category, imageLoad }: { category: Category; imageLoad?: ImageLoad }) {
  const lang = useTextLang();
  return (
    <Link
      to={`/categories/${category.slug}`}
      className="group block overflow-hidden rounded-lg border border-slate-200 bg-white"
      data-testid="category-tile"
    >
      {category.imageUrl ? (
        <ProductImage
          url={category.imageUrl}
          alt=""
          sizes="(min-width: 1024px) 25vw, 50vw"
          load={imageLoad}
        />
      ) : (
        <div
          className="aspect-square w-full"
          style={{ backgroundColor: CATEGORY_COLOURS[category.name] ?? CATEGORY_FALLBACK_COLOUR }}
          data-testid="category-colour-block"
        />
      )}
      {/* The name sits under the picture, not over it: readable whatever the picture holds. */}
      <span
        lang={lang(category.languages?.name)}
        className="block border-t border-slate-200 bg-white px-3 py-2 text-sm font-semibold text-slate-900 group-hover:text-brand-700 group-hover:underline"
      >
        {category.name}
      </span>
    </Link>
  );
}

export function CategoryTileSkeleton() {
  // As tall as a tile (picture and name), so nothing moves when the tiles arrive.
  return (
    <div
      aria-hidden="true"
      className="overflow-hidden rounded-lg border border-slate-200"
      data-testid="category-skeleton"
    >
      <Skeleton className="aspect-square w-full rounded-none" />
      <div className="px-3 py-2">
        <Skeleton className="h-5 w-2/3" />
      </div>
    </div>
  );
}
