import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { MAX_PRICE_FILTER, PRODUCT_CONDITIONS } from '~/shared/constants';
import { CONDITION_LABEL_KEYS } from '~/shared/condition';
import { productLabelMessages } from '~/shared/product-labels.messages';
import type { Category } from '~/shared/schemas/catalog';
import { Button } from '~/client/components/ui/button';
import { Skeleton } from '~/client/components/ui/skeleton';
import { HttpStatus, Seo } from '~/client/lib/head';
import { useT } from '~/client/lib/i18n';
import { categoriesQueryOptions, categoryQueryOptions, productListQueryOptions } from './api';
import { AlertMeSlot } from './alert-slot';
import { catalogMessages } from './catalog.messages';
import {
  LISTING_PAGE_SIZE,
  type ListingFilters,
  listingCanonicalPath,
  listingHref,
  listingTitle,
  parsePriceInput,
  readListingFilters,
  type ListingSort,
  SORT_LABEL_KEYS,
  sortChoices,
} from './listing-params';
import { ProductCard } from './product-card';
import { firstScreenLoad } from '~/client/components/ui/product-image';
import { useTextLang } from './text-lang';
import { useTodaysDiscount } from './use-todays-discount';

export const PRODUCT_SKELETON_COUNT = 8;

export type BasePath = '/categories' | '/products';

/** The filters of the page being shown, read from its URL. */
export function useListingFilters(): ListingFilters {
  const { slug } = useParams();
  const [params] = useSearchParams();
  return readListingFilters(params, slug);
}

export function ProductListingPage({ basePath }: { basePath: BasePath }) {
  const t = useT(catalogMessages);
  const lang = useTextLang();
  const filters = useListingFilters();
  const navigate = useNavigate();
  const location = useLocation();
  // The URL being navigated to: a second commit of the same filters (Enter, then blur) adds no entry.
  const pending = useRef<{ from: string; href: string } | null>(null);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const panelId = useId();
  const list = useQuery(productListQueryOptions(filters));
  const categories = useQuery(categoriesQueryOptions());
  const category = useQuery({
    ...categoryQueryOptions(filters.category ?? ''),
    enabled: Boolean(filters.category),
  });
  const discount = useTodaysDiscount(filters.daily);

  if (filters.category && category.data === null) return <CategoryNotFound />;

  const listedCategory = category.data ?? categories.data?.find((c) => c.slug === filters.category);
  const categoryName = listedCategory?.name ?? null;
  const title = listingTitle(filters, categoryName, t);
  const go = (change: Partial<ListingFilters>) => {
    const href = listingHref({ ...filters, page: 1, ...change }, basePath);
    if (href === location.pathname + location.search) return;
    if (pending.current?.from === location.key && pending.current.href === href) return;
    pending.current = { from: location.key, href };
    navigate(href);
  };
  const clearFilters = () => navigate('/categories');
  const totalPages = list.data ? Math.max(1, Math.ceil(list.data.total / LISTING_PAGE_SIZE)) : 1;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <Seo
        title={filters.page > 1 ? t('titleWithPage', { title, page: filters.page }) : title || t('products')}
        description={listingDescription(filters, categoryName, t)}
        canonicalPath={listingCanonicalPath(filters)}
        noIndex={Boolean(filters.search)}
      />
      <div className="mb-6 flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div className="flex flex-wrap items-center gap-3">
          {title ? (
            <h1
              className="text-3xl font-bold"
              lang={filters.category ? lang(listedCategory?.languages?.name) : undefined}
            >
              {title}
            </h1>
          ) : (
            <Skeleton className="h-9 w-48" />
          )}
          {discount.percent !== undefined && discount.percent > 0 && (
            <span
              className="rounded-full bg-red-600 px-3 py-1 text-sm font-bold text-white"
              data-testid="daily-discount-badge"
            >
              {t('percentOff', { percent: discount.percent })}
            </span>
          )}
          {discount.error && (
            <span className="text-sm font-medium text-red-700" data-testid="daily-discount-error">
              {discount.error.message}
            </span>
          )}
          <AlertMeSlot filters={filters} />
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          {/* Phones have the header's search box only (docs/decisions/0151-phone-layout.md). */}
          <ListingSearch initial={filters.search} />
          <SortSelect
            value={filters.sort}
            choices={sortChoices(filters.search)}
            onChange={(sort) => go({ sort })}
          />
        </div>
      </div>

      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[15rem_minmax(0,1fr)]">
        <div>
          {/* On phones the panel folds away behind a button, so the products come first. */}
          <Button
            variant="outline"
            className="h-11 w-full lg:hidden"
            aria-expanded={filtersOpen}
            aria-controls={panelId}
            onClick={() => setFiltersOpen((open) => !open)}
          >
            {filtersOpen ? t('hideFilters') : t('showFilters')}
          </Button>
          <FilterPanel
            id={panelId}
            className={filtersOpen ? 'mt-4 flex' : 'hidden lg:flex'}
            filters={filters}
            categories={categories.data}
            basePath={basePath}
            onChange={go}
            onClear={clearFilters}
          />
        </div>
        <section aria-labelledby="listing-products" aria-busy={list.isPending}>
          {/* Read, not shown: the cards' headings (h3) sit under it, so heading levels go in order. */}
          <h2 id="listing-products" className="sr-only">
            {t('products')}
          </h2>
          {list.isError ? (
            <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-red-800">
              <p>{t('productsLoadFailed')}</p>
              <Button variant="outline" className="mt-4" onClick={() => list.refetch()}>
                {t('tryAgain')}
              </Button>
            </div>
          ) : list.data && list.data.items.length === 0 ? (
            <div className="rounded-lg border border-slate-200 p-10 text-center" data-testid="empty-listing">
              <h2 className="text-xl font-semibold">{t('noProducts')}</h2>
              <p className="mt-2 text-slate-600">{t('noMatch')}</p>
              <Button className="mt-6" onClick={clearFilters}>
                {t('clearAndRetry')}
              </Button>
            </div>
          ) : (
            <>
              {list.data && (
                <p className="mb-4 text-sm text-slate-600" data-testid="result-count" aria-live="polite">
                  {resultRange(filters.page, list.data.items.length, list.data.total, t)}
                </p>
              )}
              <div className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-4">
                {list.data
                  ? list.data.items.map((p, i) => (
                      <ProductCard key={p.id} product={p} imageLoad={firstScreenLoad(i)} />
                    ))
                  : Array.from({ length: PRODUCT_SKELETON_COUNT }, (_, i) => (
                      <Skeleton key={i} className="aspect-[3/4] w-full" data-testid="product-skeleton" />
                    ))}
              </div>
              {list.data && totalPages > 1 && (
                <Pagination filters={filters} basePath={basePath} totalPages={totalPages} />
              )}
            </>
          )}
        </section>
      </div>
    </div>
  );
}

function resultRange(page: number, count: number, total: number, t: TFunction): string {
  if (total === 0 || count === 0) return t('productCount', { count: total });
  const first = (page - 1) * LISTING_PAGE_SIZE + 1;
  return t('showing', { first, last: first + count - 1, count: total });
}

function listingDescription(filters: ListingFilters, categoryName: string | null, t: TFunction): string {
  if (filters.category && categoryName) return t('describeCategory', { category: categoryName });
  if (filters.isNew) return t('describeNew');
  if (filters.daily) return t('describeDaily');
  if (filters.search) return t('describeSearch', { search: filters.search });
  return t('describeAll');
}

function CategoryNotFound() {
  const t = useT(catalogMessages);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <HttpStatus code={404} />
      <Seo title={t('categoryNotFound')} noIndex />
      <h1 className="text-3xl font-bold">{t('categoryNotFound')}</h1>
      <p className="mt-4 text-slate-600">{t('categoryGone')}</p>
      <Link to="/categories" className="mt-8 font-medium text-brand-700 hover:underline">
        {t('browseCategories')}
      </Link>
    </div>
  );
}

function ListingSearch({ initial }: { initial: string }) {
  const t = useT(catalogMessages);
  const navigate = useNavigate();
  const [text, setText] = useState(initial);
  const id = useId();
  useEffect(() => setText(initial), [initial]);
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const query = text.trim();
    if (!query) return;
    navigate(`/categories?search=${encodeURIComponent(query)}`);
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is not known to every browser (nor jsdom) yet
    <form
      role="search"
      aria-label={t('searchCatalogue')}
      onSubmit={onSubmit}
      className="hidden gap-2 md:flex"
    >
      <label htmlFor={id} className="sr-only">
        {t('searchCatalogue')}
      </label>
      <input
        id={id}
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t('searchPlaceholder')}
        className="h-10 w-full rounded-md border border-slate-300 px-3 text-sm sm:w-56"
      />
      <Button type="submit" disabled={text.trim() === ''}>
        {t('search')}
      </Button>
    </form>
  );
}

function SortSelect({
  value,
  choices,
  onChange,
}: {
  value: ListingSort;
  choices: ListingSort[];
  onChange: (sort: ListingSort) => void;
}) {
  const t = useT(catalogMessages);
  const id = useId();
  const [shown, setShown] = useUrlBackedValue(value);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {t('sortBy')}
      </label>
      <select
        id={id}
        value={shown}
        onChange={(e) => {
          setShown(e.target.value as ListingSort);
          onChange(e.target.value as ListingSort);
        }}
        className="h-11 rounded-md border border-slate-300 bg-white px-3 text-sm lg:h-10"
      >
        {choices.map((s) => (
          <option key={s} value={s}>
            {t(SORT_LABEL_KEYS[s])}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * A control whose value lives in the URL answers the tap at once; the URL follows when the navigation
 * commits (a moment later on a slow phone), and a plainly controlled input would flick back until then.
 */
function useUrlBackedValue<T>(fromUrl: T): [T, (value: T) => void] {
  const [shown, setShown] = useState(fromUrl);
  useEffect(() => setShown(fromUrl), [fromUrl]);
  return [shown, setShown];
}

function FilterPanel({
  id,
  className,
  filters,
  categories,
  basePath,
  onChange,
  onClear,
}: {
  id: string;
  className: string;
  filters: ListingFilters;
  categories: Category[] | undefined;
  basePath: BasePath;
  onChange: (change: Partial<ListingFilters>) => void;
  onClear: () => void;
}) {
  const t = useT(catalogMessages);
  const labels = useT(productLabelMessages);
  const lang = useTextLang();
  const minId = useId();
  const maxId = useId();
  const stockId = useId();
  const [showOutOfStock, setShowOutOfStock] = useUrlBackedValue(filters.showOutOfStock);
  const [minText, setMinText] = useState(String(filters.minPrice));
  const [maxText, setMaxText] = useState(String(filters.maxPrice));
  useEffect(() => setMinText(String(filters.minPrice)), [filters.minPrice]);
  useEffect(() => setMaxText(String(filters.maxPrice)), [filters.maxPrice]);

  function commitPrices() {
    const minPrice = parsePriceInput(minText);
    const maxPrice = parsePriceInput(maxText);
    setMinText(String(minPrice));
    setMaxText(String(maxPrice));
    if (minPrice !== filters.minPrice || maxPrice !== filters.maxPrice) onChange({ minPrice, maxPrice });
  }
  const onPriceKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commitPrices();
    }
  };
  // Full-width rows 44 px tall on phones and tablets, where the panel opens under its button.
  const linkClass = (active: boolean) =>
    `flex min-h-11 items-center lg:min-h-0 ${active ? 'font-semibold text-brand-700' : 'text-slate-700 hover:text-brand-700 hover:underline'}`;
  const categoryHref = (category: string | null) =>
    listingHref({ ...filters, category, page: 1 }, category ? basePath : '/products');

  return (
    <aside id={id} aria-label={t('filters')} className={`${className} flex-col gap-6 text-sm`}>
      <section aria-labelledby="filter-categories">
        <h2 id="filter-categories" className="mb-2 text-base font-semibold">
          {t('categories')}
        </h2>
        <ul className="lg:space-y-1.5">
          <li>
            <Link
              to={categoryHref(null)}
              className={linkClass(!filters.category)}
              aria-current={!filters.category ? 'page' : undefined}
            >
              {t('allCategories')}
            </Link>
          </li>
          {categories?.map((c) => (
            <li key={c.id}>
              <Link
                to={categoryHref(c.slug)}
                className={linkClass(filters.category === c.slug)}
                aria-current={filters.category === c.slug ? 'page' : undefined}
                lang={lang(c.languages?.name)}
              >
                {c.name}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="filter-stock">
        <h2 id="filter-stock" className="mb-2 text-base font-semibold">
          {t('availability')}
        </h2>
        <div className="flex min-h-11 items-center gap-2 lg:min-h-0">
          <input
            id={stockId}
            type="checkbox"
            checked={showOutOfStock}
            onChange={(e) => {
              setShowOutOfStock(e.target.checked);
              onChange({ showOutOfStock: e.target.checked });
            }}
            className="h-5 w-5 rounded border-slate-300 accent-brand-600 lg:h-4 lg:w-4"
          />
          <label htmlFor={stockId} className="flex min-h-11 flex-1 items-center lg:min-h-0">
            {t('showOutOfStock')}
          </label>
        </div>
      </section>

      <fieldset>
        <legend className="mb-2 text-base font-semibold">{t('condition')}</legend>
        <ul className="lg:space-y-1.5">
          {PRODUCT_CONDITIONS.map((code) => (
            <li key={code}>
              <label className="flex min-h-11 items-center gap-2 lg:min-h-0">
                <input
                  type="checkbox"
                  checked={filters.conditions.includes(code)}
                  onChange={(e) =>
                    onChange({
                      conditions: PRODUCT_CONDITIONS.filter((c) =>
                        c === code ? e.target.checked : filters.conditions.includes(c),
                      ),
                    })
                  }
                  className="h-5 w-5 rounded border-slate-300 accent-brand-600 lg:h-4 lg:w-4"
                />
                {labels(CONDITION_LABEL_KEYS[code])}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>

      <section aria-labelledby="filter-price">
        <h2 id="filter-price" className="mb-2 text-base font-semibold">
          {t('priceRange')}
        </h2>
        <div className="flex items-end gap-2">
          <div className="flex flex-col gap-1">
            <label htmlFor={minId}>{t('minPrice')}</label>
            <input
              id={minId}
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_PRICE_FILTER}
              step={1}
              value={minText}
              onChange={(e) => setMinText(e.target.value)}
              onBlur={commitPrices}
              onKeyDown={onPriceKey}
              className="h-11 w-24 rounded-md border border-slate-300 px-2 lg:h-9"
            />
          </div>
          <span aria-hidden="true" className="pb-2">
            -
          </span>
          <div className="flex flex-col gap-1">
            <label htmlFor={maxId}>{t('maxPrice')}</label>
            <input
              id={maxId}
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_PRICE_FILTER}
              step={1}
              value={maxText}
              onChange={(e) => setMaxText(e.target.value)}
              onBlur={commitPrices}
              onKeyDown={onPriceKey}
              className="h-11 w-24 rounded-md border border-slate-300 px-2 lg:h-9"
            />
          </div>
        </div>
      </section>

      <section aria-labelledby="filter-featured">
        <h2 id="filter-featured" className="mb-2 text-base font-semibold">
          {t('featuredFilters')}
        </h2>
        <ul className="lg:space-y-1.5">
          <li>
            <Link to="/categories?new=true" className={linkClass(filters.isNew)}>
              {t('newArrivals')}
            </Link>
          </li>
          <li>
            <Link to="/categories?daily=true" className={linkClass(filters.daily)}>
              {t('todaysDeals')}
            </Link>
          </li>
        </ul>
      </section>

      <Button variant="outline" className="h-11 lg:h-10" onClick={onClear}>
        {t('clearFilters')}
      </Button>
    </aside>
  );
}

function Pagination({
  filters,
  basePath,
  totalPages,
}: {
  filters: ListingFilters;
  basePath: BasePath;
  totalPages: number;
}) {
  const t = useT(catalogMessages);
  const page = Math.min(filters.page, totalPages);
  const href = (n: number) => listingHref({ ...filters, page: n }, basePath);
  // First, last and the pages around the current one; gaps shown as an ellipsis.
  const shown = [...new Set([1, page - 1, page, page + 1, totalPages])]
    .filter((n) => n >= 1 && n <= totalPages)
    .sort((a, b) => a - b);
  const item = 'inline-flex h-11 min-w-11 items-center justify-center rounded-md border px-3 text-sm';
  return (
    <nav aria-label={t('pagination')} className="mt-8 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link to={href(page - 1)} className={`${item} border-slate-300 hover:bg-slate-50`} rel="prev">
          {t('previous')}
        </Link>
      ) : (
        <span className={`${item} border-slate-200 text-slate-500`} aria-disabled="true">
          {t('previous')}
        </span>
      )}
      {shown.map((n, i) => (
        <span key={n} className="flex items-center gap-2">
          {i > 0 && n - shown[i - 1]! > 1 && <span aria-hidden="true">…</span>}
          <Link
            to={href(n)}
            aria-label={t('pageNumber', { page: n })}
            aria-current={n === page ? 'page' : undefined}
            className={`${item} ${n === page ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 hover:bg-slate-50'}`}
          >
            {n}
          </Link>
        </span>
      ))}
      {page < totalPages ? (
        <Link to={href(page + 1)} className={`${item} border-slate-300 hover:bg-slate-50`} rel="next">
          {t('next')}
        </Link>
      ) : (
        <span className={`${item} border-slate-200 text-slate-500`} aria-disabled="true">
          {t('next')}
        </span>
      )}
    </nav>
  );
}
