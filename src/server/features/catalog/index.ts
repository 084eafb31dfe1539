// The catalogue feature's public entry: what other features and the renderer may use
// (docs/decisions/0175-enforced-boundaries.md). Everything else in this folder is private to it.
export {
  type CatalogueCaches,
  createCatalogueCaches,
  etagMatches,
  staleCatalogueAnswer,
  weakEtag,
} from './catalogue-cache';
export { todaysWeekdayDiscount } from './discounts';
export { selectProducts, visibleToShoppers } from './product-repository';
export { newArrivals, type SearchFilters, watchedLots } from './alert-queries';
