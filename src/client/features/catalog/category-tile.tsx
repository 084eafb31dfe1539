import { Link } from 'react-router';
import { CATEGORY_COLOURS, CATEGORY_FALLBACK_COLOUR } from '../../../shared/constants';
import type { Category } from '../../../shared/schemas/catalog';
import { type ImageLoad, ProductImage } from '../../components/ui/product-image';
import { Skeleton } from '../../components/ui/skeleton';

export function CategoryTile({ category, imageLoad }: { category: Category; imageLoad?: ImageLoad }) {
  return (
    <Link
      to={`/categories/${category.slug}`}
      className="group relative block overflow-hidden rounded-lg border border-slate-200"
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
      <span className="absolute inset-x-0 bottom-0 bg-black/60 px-3 py-2 text-sm font-semibold text-white">
        {category.name}
      </span>
    </Link>
  );
}

export function CategoryTileSkeleton() {
  return <Skeleton className="aspect-square w-full" data-testid="category-skeleton" />;
}
