import { describe, expect, it } from 'vitest';
import { MAX_LIST_PAGE, MAX_PRICE_FILTER, ProductListQuerySchema } from '~/shared/schemas/catalog';
import {
  DEFAULT_FILTERS,
  hasListingParams,
  listingApiPath,
  listingCanonicalPath,
  listingHref,
  listingTitle,
  listingSearchParams,
  parsePriceInput,
  readListingFilters,
  sortChoices,
} from './listing-params';

const read = (query: string, slug?: string) => readListingFilters(new URLSearchParams(query), slug);

describe('listing URL', () => {
  it('reads the defaults: newest first, 0 to 1000, out-of-stock shown, page 1', () => {
    expect(read('')).toEqual(DEFAULT_FILTERS);
    expect(DEFAULT_FILTERS).toMatchObject({
      sort: 'newest',
      minPrice: 0,
      maxPrice: 1000,
      showOutOfStock: true,
      page: 1,
    });
  });

  it('reads every filter, and ignores nonsense', () => {
    expect(
      read('new=true&daily=true&sort=price-low&minPrice=10&maxPrice=50&inStock=true&page=3', 'electronics'),
    ).toEqual({
      category: 'electronics',
      search: '',
      isNew: true,
      daily: true,
      sort: 'price-low',
      minPrice: 10,
      maxPrice: 50,
      showOutOfStock: false,
      conditions: [],
      page: 3,
    });
    expect(read('sort=cheapest&page=-2&minPrice=abc')).toMatchObject({
      sort: 'newest',
      page: 1,
      minPrice: 0,
    });
  });

  it("reads the conditions in the grades' order, each once, ignoring unknown codes, and writes them back", () => {
    const filters = read('condition=used-good,new,bogus,used-good');
    expect(filters.conditions).toEqual(['new', 'used-good']);
    expect(listingSearchParams(filters).get('condition')).toBe('new,used-good');
    expect(listingApiPath(filters)).toContain('condition=new%2Cused-good');
    expect(read('').conditions).toEqual([]);
  });

  it('price boxes take whole numbers, never below 0; a non-number is 0', () => {
    expect(parsePriceInput('25')).toBe(25);
    expect(parsePriceInput('25.7')).toBe(25);
    expect(parsePriceInput('-5')).toBe(0);
    expect(parsePriceInput('abc')).toBe(0);
    expect(parsePriceInput('')).toBe(0);
  });

  it('keeps prices and the page within what the listing API accepts, so a large number never errors', () => {
    expect(parsePriceInput(String(MAX_PRICE_FILTER))).toBe(MAX_PRICE_FILTER);
    expect(parsePriceInput(String(MAX_PRICE_FILTER + 1))).toBe(MAX_PRICE_FILTER);
    expect(parsePriceInput('99999999999999999999')).toBe(MAX_PRICE_FILTER);
    const huge = read(`minPrice=100000000&maxPrice=100000000&page=${MAX_LIST_PAGE + 1}`);
    expect(huge).toMatchObject({
      minPrice: MAX_PRICE_FILTER,
      maxPrice: MAX_PRICE_FILTER,
      page: MAX_LIST_PAGE,
    });
    expect(read(`page=${MAX_LIST_PAGE}`).page).toBe(MAX_LIST_PAGE);
    expect(read('page=99999999999999999999').page).toBe(MAX_LIST_PAGE);
    // The API call those filters make passes the API's own validation.
    const query = Object.fromEntries(new URL(listingApiPath(huge), 'http://x').searchParams);
    expect(ProductListQuerySchema.safeParse(query).success).toBe(true);
  });

  it('writes the URL without defaults, so it round-trips and can be shared', () => {
    const filters = {
      ...DEFAULT_FILTERS,
      category: 'toys',
      sort: 'price-high' as const,
      maxPrice: 200,
      page: 2,
    };
    const href = listingHref(filters, '/categories');
    expect(href).toBe('/categories/toys?sort=price-high&maxPrice=200&page=2');
    const url = new URL(href, 'http://x');
    expect(readListingFilters(url.searchParams, 'toys')).toEqual(filters);
    expect(listingHref(DEFAULT_FILTERS, '/products')).toBe('/products');
  });

  it('turns /categories into a listing only when filters are given', () => {
    expect(hasListingParams(new URLSearchParams(''))).toBe(false);
    expect(hasListingParams(new URLSearchParams('utm_source=mail'))).toBe(false);
    expect(hasListingParams(new URLSearchParams('search=lamp'))).toBe(true);
    expect(hasListingParams(new URLSearchParams('daily=true'))).toBe(true);
    expect(hasListingParams(new URLSearchParams('inStock=true'))).toBe(true);
  });

  it('asks the API for one page with the filters, the default price range included', () => {
    expect(listingApiPath(DEFAULT_FILTERS)).toBe(
      '/api/products?page=1&limit=24&sort=newest&minPrice=0&maxPrice=1000',
    );
    expect(listingApiPath(read('inStock=true&new=true&page=2', 'books'))).toBe(
      '/api/products?page=2&limit=24&sort=newest&minPrice=0&maxPrice=1000&inStock=true&category=books&new=true',
    );
  });

  it('ranks a search by relevance until a sort is picked', () => {
    const search = read('search=monitr');
    expect(search.sort).toBe('relevance');
    expect(listingApiPath(search)).toBe(
      '/api/products?page=1&limit=24&minPrice=0&maxPrice=1000&search=monitr',
    );
    expect(sortChoices('monitr')).toEqual(['relevance', 'featured', 'price-low', 'price-high', 'newest']);
    expect(sortChoices('')).toEqual(['featured', 'price-low', 'price-high', 'newest']);
    // Picking 'Newest First' during a search stays in the URL.
    expect(listingHref({ ...search, sort: 'newest' }, '/categories')).toBe(
      '/categories?search=monitr&sort=newest',
    );
  });

  it('titles each kind of listing', () => {
    expect(listingTitle(read('', 'books'), 'Books')).toBe('Books');
    expect(listingTitle(read('new=true'), null)).toBe('New Arrivals');
    expect(listingTitle(read('daily=true'), null)).toBe("Today's Deals");
    expect(listingTitle(read('search=lamp'), null)).toBe('Search results for "lamp"');
    expect(listingTitle(read(''), null)).toBe('All Products');
  });

  it('gives one canonical URL per listing, whatever its sort and filters', () => {
    expect(listingCanonicalPath(read('sort=price-low&minPrice=5&inStock=true', 'books'))).toBe(
      '/categories/books',
    );
    expect(listingCanonicalPath(read('new=true&sort=featured'))).toBe('/products?new=true');
    expect(listingCanonicalPath(read('page=2'))).toBe('/products?page=2');
  });
});
