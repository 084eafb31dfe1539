// The catalogue feature's public entry: what other features and the app may use
// (docs/decisions/0175-enforced-boundaries.md). Everything else in this folder is private to it.
export {
  categoriesQueryOptions,
  featuredProductsQueryOptions,
  newProductsQueryOptions,
  todaysDiscountQueryOptions,
} from './api';
export { CategoryTile, CategoryTileSkeleton } from './category-tile';
export { ProductCard } from './product-card';
export { productJsonLd } from './product-seo';
export { storefrontRoutes } from './routes';
export { useTodaysDiscount } from './use-todays-discount';
