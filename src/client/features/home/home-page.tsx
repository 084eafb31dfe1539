import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { buttonClasses } from '~/client/components/ui/button';
import { firstScreenLoad } from '~/client/components/ui/product-image';
import { Skeleton } from '~/client/components/ui/skeleton';
import { AfterHydration } from '~/client/lib/after-hydration';
import { Seo } from '~/client/lib/head';
import { useStoreToday, weekdayName } from '~/client/lib/site-config';
import {
  categoriesQueryOptions,
  CategoryTile,
  CategoryTileSkeleton,
  featuredProductsQueryOptions,
  newProductsQueryOptions,
  ProductCard,
  todaysDiscountQueryOptions,
} from '~/client/features/catalog';
import { LazyNewsletterPopup } from '~/client/features/newsletter';
import type { Product } from '~/shared/schemas/catalog';
import { useFetchErrorToast } from '~/client/components/ui/use-fetch-error-toast';

export const homeQueries = () => [
  categoriesQueryOptions(),
  todaysDiscountQueryOptions(),
  featuredProductsQueryOptions(),
  newProductsQueryOptions(),
];

export function HomePage() {
  const categories = useQuery(categoriesQueryOptions());
  const discount = useQuery(todaysDiscountQueryOptions());
  useFetchErrorToast(discount.error);
  const featured = useQuery(featuredProductsQueryOptions());
  const arrivals = useQuery(newProductsQueryOptions());
  // The store's weekday as the server gave it with the page (its STORE_TIMEZONE), not the visitor's clock:
  // the same on both sides of hydration.
  const today = useStoreToday();
  // Nothing until the figure (and the day it names) is known, rather than 'No Discount Today' for a moment.
  // A failed request says so where the badge would be, rather than leaving the deals unexplained.
  const badge = discount.error
    ? discount.error.message
    : discount.data === undefined
      ? null
      : discount.data > 0
        ? today && `${weekdayName(today)}: ${discount.data}% OFF`
        : 'No Discount Today';

  return (
    <>
      <Seo
        title="Liquidation & Overstock Deals"
        description="Shop liquidation and overstock deals up to 70% off retail. New inventory daily, shipped across Canada and the US."
        canonicalPath="/"
      />
      <section className="focus-ring-light bg-gradient-to-br from-brand-700 to-brand-900 text-white">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:py-24">
          <p className="mb-3 text-sm font-semibold uppercase tracking-wider text-brand-100">
            New inventory daily
          </p>
          <h1 className="max-w-2xl text-4xl font-extrabold tracking-tight sm:text-5xl">
            Brand-name goods at up to 70% off retail
          </h1>
          <p className="mt-4 max-w-xl text-lg text-brand-100">
            Liquidation lots, overstock and customer returns, priced 40-80% below retail.
          </p>
          <Link to="/categories" className={buttonClasses('secondary', 'lg', 'mt-8')}>
            Shop Now
          </Link>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-12" aria-labelledby="home-categories">
        <div className="mb-6 flex items-center justify-between">
          <h2 id="home-categories" className="text-2xl font-bold">
            Shop by Category
          </h2>
          <Link to="/categories" className="text-sm font-medium text-brand-700 hover:underline">
            View All
          </Link>
        </div>
        <div className="grid grid-cols-2 gap-4 md:grid-cols-4">
          {categories.data
            ? categories.data
                .slice(0, 4)
                .map((c, i) => <CategoryTile key={c.id} category={c} imageLoad={firstScreenLoad(i)} />)
            : Array.from({ length: 4 }, (_, i) => <CategoryTileSkeleton key={i} />)}
        </div>
      </section>

      <section className="bg-slate-50" aria-labelledby="home-deals">
        <div className="mx-auto max-w-7xl px-4 py-12">
          <div className="mb-6 flex flex-wrap items-center gap-3">
            <h2 id="home-deals" className="text-2xl font-bold">
              Today's Deals
            </h2>
            {badge && (
              <span
                className="rounded-full bg-red-100 px-3 py-1 text-sm font-semibold text-red-700"
                data-testid="deal-badge"
              >
                {badge}
              </span>
            )}
            <Link
              to="/products?daily=true"
              className="ml-auto text-sm font-medium text-brand-700 hover:underline"
            >
              View All
            </Link>
          </div>
          <ProductGrid products={featured.data} />
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-12" aria-labelledby="home-new">
        <div className="mb-6 flex items-center justify-between">
          <h2 id="home-new" className="text-2xl font-bold">
            New Arrivals
          </h2>
          <Link to="/products?new=true" className="text-sm font-medium text-brand-700 hover:underline">
            View All
          </Link>
        </div>
        <ProductGrid products={arrivals.data} />
      </section>

      <section className="bg-slate-50" aria-labelledby="home-why">
        <div className="mx-auto max-w-7xl px-4 py-12">
          <h2 id="home-why" className="mb-8 text-center text-2xl font-bold">
            Why Choose Us
          </h2>
          <div className="grid gap-6 md:grid-cols-3">
            {[
              ['Unbeatable Prices', 'Liquidation buying lets us sell 40-80% below retail, every day.'],
              [
                'New Inventory Daily',
                'Fresh lots arrive every day, so there is always something new to find.',
              ],
              [
                'Fast Shipping',
                'Orders ship quickly across Canada and the US, or pick up in store for free.',
              ],
            ].map(([title, text]) => (
              <div key={title} className="rounded-lg bg-white p-6 shadow-sm">
                <h3 className="mb-2 text-lg font-semibold">{title}</h3>
                <p className="text-sm text-slate-600">{text}</p>
              </div>
            ))}
          </div>
        </div>
      </section>
      <AfterHydration>
        {/* It opens seconds after the page is ready: its code and Radix's dialog follow the first download. */}
        <LazyNewsletterPopup />
      </AfterHydration>
    </>
  );
}

function ProductGrid({ products }: { products: Product[] | undefined }) {
  return (
    <div className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4">
      {products
        ? products.map((p) => <ProductCard key={p.id} product={p} />)
        : Array.from({ length: 4 }, (_, i) => <Skeleton key={i} className="aspect-[3/4] w-full" />)}
    </div>
  );
}
