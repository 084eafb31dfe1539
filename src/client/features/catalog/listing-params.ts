// The product listing's state lives in the URL (shareable, the back button works). This module maps
// the page URL to filters, filters back to a URL, and filters to the listing API's query string
// (docs/decisions/0022-listing-state-in-the-url.md).
import type { TFunction } from 'i18next';
import {
  DEFAULT_LIST_LIMIT,
  LIST_SORTS,
  type ListSort,
  MAX_LIST_PAGE,
  MAX_PRICE_FILTER,
  PRODUCT_CONDITIONS,
  type ProductCondition,
} from '~/shared/constants';
import { translator } from '~/shared/i18n/catalogues';
import { catalogMessages } from './catalog.messages';

export const DEFAULT_SORT: ListSort = 'newest';
export const DEFAULT_MIN_PRICE = 0;
export const DEFAULT_MAX_PRICE = 1000;
export const LISTING_PAGE_SIZE = DEFAULT_LIST_LIMIT;

/**
 * The listing's order: the four sorts of the specification, plus 'relevance' (best match first), which
 * is what a search shows until the shopper picks a sort (docs/decisions/0022-listing-state-in-the-url.md).
 */
export type ListingSort = ListSort | 'relevance';

/** Each sort's name in the `catalog` messages. */
export const SORT_LABEL_KEYS: Record<ListingSort, string> = {
  relevance: 'sortRelevance',
  featured: 'sortFeatured',
  'price-low': 'sortPriceLow',
  'price-high': 'sortPriceHigh',
  newest: 'sortNewest',
};

export type ListingFilters = {
  /** Category slug, or null for all categories. */
  category: string | null;
  /** Trimmed search text, '' for none. */
  search: string;
  isNew: boolean;
  daily: boolean;
  sort: ListingSort;
  minPrice: number;
  maxPrice: number;
  /** 'Show out of stock items' (default on). Off sends inStock=true. */
  showOutOfStock: boolean;
  /** Only these conditions, in the store's order of grades; [] for all. */
  conditions: ProductCondition[];
  page: number;
};

export const DEFAULT_FILTERS: ListingFilters = {
  category: null,
  search: '',
  isNew: false,
  daily: false,
  sort: DEFAULT_SORT,
  minPrice: DEFAULT_MIN_PRICE,
  maxPrice: DEFAULT_MAX_PRICE,
  showOutOfStock: true,
  conditions: [],
  page: 1,
};

/**
 * A price box's value: whole dollars from 0 up to the most the listing API accepts (a bigger number would
 * only get an error); anything that is not a number is 0.
 */
export function parsePriceInput(text: string | null | undefined): number {
  const n = Number.parseInt(String(text ?? '').trim(), 10);
  return Number.isFinite(n) && n > 0 ? Math.min(n, MAX_PRICE_FILTER) : 0;
}

/** Newest first, or best match first for a search. */
export function defaultSort(search: string): ListingSort {
  return search ? 'relevance' : DEFAULT_SORT;
}

/** The sorts a shopper can pick: best match only when searching. */
export function sortChoices(search: string): ListingSort[] {
  return search ? ['relevance', ...LIST_SORTS] : [...LIST_SORTS];
}

const flag = (value: string | null) => value === 'true' || value === '1';

function priceParam(value: string | null, fallback: number): number {
  return value === null || value.trim() === '' ? fallback : parsePriceInput(value);
}

/** `used-good,used-like-new`: the known codes in the grades' order, each once; anything else is ignored. */
function conditionsParam(value: string | null): ProductCondition[] {
  const given = new Set((value ?? '').split(',').map((part) => part.trim()));
  return PRODUCT_CONDITIONS.filter((code) => given.has(code));
}

/** Parameters that turn /categories from the category grid into a product listing. */
const LISTING_PARAMS = [
  'category',
  'search',
  'new',
  'daily',
  'sort',
  'minPrice',
  'maxPrice',
  'inStock',
  'condition',
  'page',
];

export function hasListingParams(params: URLSearchParams): boolean {
  return LISTING_PARAMS.some((name) => {
    const value = params.get(name);
    return value !== null && value.trim() !== '';
  });
}

/** Reads the filters from a page URL; `categorySlug` is the /categories/{slug} path segment. */
export function readListingFilters(params: URLSearchParams, categorySlug?: string | null): ListingFilters {
  const sort = params.get('sort') ?? '';
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const category = (categorySlug ?? params.get('category') ?? '').trim();
  const search = (params.get('search') ?? '').trim();
  return {
    category: category === '' ? null : category,
    search,
    isNew: flag(params.get('new')),
    daily: flag(params.get('daily')),
    sort: (LIST_SORTS as readonly string[]).includes(sort) ? (sort as ListSort) : defaultSort(search),
    minPrice: priceParam(params.get('minPrice'), DEFAULT_MIN_PRICE),
    maxPrice: priceParam(params.get('maxPrice'), DEFAULT_MAX_PRICE),
    showOutOfStock: !flag(params.get('inStock')),
    conditions: conditionsParam(params.get('condition')),
    // Past the API's last page there is nothing to list: the last one it accepts shows 'No Products Found'.
    page: Number.isInteger(page) && page > 1 ? Math.min(page, MAX_LIST_PAGE) : 1,
  };
}

/**
 * The page URL's query string for a set of filters: defaults are left out, so equal listings have
 * equal URLs. The category is not included (it is the path) unless `withCategory` is set.
 */
export function listingSearchParams(filters: ListingFilters, withCategory = false): URLSearchParams {
  const p = new URLSearchParams();
  if (withCategory && filters.category) p.set('category', filters.category);
  if (filters.search) p.set('search', filters.search);
  if (filters.isNew) p.set('new', 'true');
  if (filters.daily) p.set('daily', 'true');
  // The default order is left out; a sort picked during a search is kept even when it is 'newest'.
  if (filters.sort !== defaultSort(filters.search) && filters.sort !== 'relevance')
    p.set('sort', filters.sort);
  if (filters.minPrice !== DEFAULT_MIN_PRICE) p.set('minPrice', String(filters.minPrice));
  if (filters.maxPrice !== DEFAULT_MAX_PRICE) p.set('maxPrice', String(filters.maxPrice));
  if (!filters.showOutOfStock) p.set('inStock', 'true');
  if (filters.conditions.length > 0) p.set('condition', filters.conditions.join(','));
  if (filters.page > 1) p.set('page', String(filters.page));
  return p;
}

/** A listing page URL: /categories/{slug} for a category, otherwise `basePath` (/categories or /products). */
export function listingHref(filters: ListingFilters, basePath: '/categories' | '/products'): string {
  const path = filters.category ? `/categories/${encodeURIComponent(filters.category)}` : basePath;
  const query = listingSearchParams(filters).toString();
  return query ? `${path}?${query}` : path;
}

/**
 * The listing API call for the filters: always paged, the default price range 0 to 1000 included (the
 * specification's default filter), parameters in a fixed order so equal listings share a cache entry.
 */
export function listingApiPath(filters: ListingFilters, limit = LISTING_PAGE_SIZE): string {
  const p = new URLSearchParams();
  p.set('page', String(filters.page));
  p.set('limit', String(limit));
  // Without a sort the API ranks a search by relevance.
  if (filters.sort !== 'relevance') p.set('sort', filters.sort);
  p.set('minPrice', String(filters.minPrice));
  p.set('maxPrice', String(filters.maxPrice));
  if (!filters.showOutOfStock) p.set('inStock', 'true');
  if (filters.category) p.set('category', filters.category);
  if (filters.isNew) p.set('new', 'true');
  if (filters.daily) p.set('daily', 'true');
  if (filters.conditions.length > 0) p.set('condition', filters.conditions.join(','));
  if (filters.search) p.set('search', filters.search);
  return `/api/products?${p.toString()}`;
}

/**
 * The listing's heading: the category name, New Arrivals, Today's Deals, the search, or All Products;
 * `t` says them in the page's language (English unless given).
 */
export function listingTitle(
  filters: ListingFilters,
  categoryName: string | null | undefined,
  t: TFunction = translator('en', catalogMessages),
): string {
  if (filters.category) return categoryName ?? '';
  if (filters.isNew) return t('newArrivals');
  if (filters.daily) return t('todaysDeals');
  if (filters.search) return t('searchResults', { search: filters.search });
  return t('allProducts');
}

/**
 * The canonical URL of a listing: what it lists (category, new, daily, search, page), not how it is
 * sorted or narrowed, and under /products whichever path showed it, so search engines see one URL per
 * listing.
 */
export function listingCanonicalPath(filters: ListingFilters): string {
  return listingHref(
    {
      ...DEFAULT_FILTERS,
      category: filters.category,
      search: filters.search,
      isNew: filters.isNew,
      daily: filters.daily,
      page: filters.page,
    },
    '/products',
  );
}
