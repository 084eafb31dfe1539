import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { buttonClasses } from '~/client/components/ui/button';
import { firstScreenLoad } from '~/client/components/ui/product-image';
import { Skeleton } from '~/client/components/ui/skeleton';
import { AfterHydration } from '~/client/lib/after-hydration';
import { Seo, usePageOpenGraph } from '~/client/lib/head';
import { useLocale, useT } from '~/client/lib/i18n';
import { useStoreToday, weekdayName } from '~/client/lib/site-config';
import {
  categoriesQueryOptions,
  CategoryTile,
  CategoryTileSkeleton,
  featuredProductsQueryOptions,
  newProductsQueryOptions,
  ProductCard,
  useTodaysDiscount,
} from '~/client/features/catalog';
import { LazyNewsletterPopup } from '~/client/features/newsletter';
import type { Product } from '~/shared/schemas/catalog';
import { homeMessages } from './home.messages';

export function HomePage() {
  const locale = useLocale();
  const t = useT(homeMessages);
  const openGraph = usePageOpenGraph({ title: t('seoTitle'), description: t('seoDescription'), path: '/' });
  const categories = useQuery(categoriesQueryOptions());
  const discount = useTodaysDiscount();
  const featured = useQuery(featuredProductsQueryOptions());
  const arrivals = useQuery(newProductsQueryOptions());
  // The store's weekday as the server gave it with the page (its STORE_TIMEZONE), not the visitor's clock:
  // the same on both sides of hydration.
  const today = useStoreToday();
  // Nothing until the figure (and the day it names) is known, rather than 'No Discount Today' for a moment.
  // A failed request says so where the badge would be, rather than leaving the deals unexplained.
  const badge = discount.error
    ? discount.error.message
    : discount.percent === undefined
      ? null
      : discount.percent > 0
        ? today && t('dayDiscount', { weekday: weekdayName(today, locale), percent: discount.percent })
        : t('noDiscount');

  return (
    <>
      <Seo title={t('seoTitle')} description={t('seoDescription')} canonicalPath="/" openGraph={openGraph} />
      <section className="focus-ring-light bg-gradient-to-br from-brand-700 to-brand-900 text-white">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:py-24">
          <p className="mb-3 text-sm font-semibold uppercase tracking-wider text-brand-100">{t('eyebrow')}</p>
          <h1 className="max-w-2xl text-4xl font-extrabold tracking-tight sm:text-5xl">{t('headline')}</h1>
          <p className="mt-4 max-w-xl text-lg text-brand-100">{t('lede')}</p>
          <Link to="/categories" className={buttonClasses('secondary', 'lg', 'mt-8')}>
            {t('shopNow')}
          </Link>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-12" aria-labelledby="home-categories">
        <div className="mb-6 flex items-center justify-between">
          <h2 id="home-categories" className="text-2xl font-bold">
            {t('shopByCategory')}
          </h2>
          <Link to="/categories" className="text-sm font-medium text-brand-700 hover:underline">
            {t('viewAll')}
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
              {t('todaysDeals')}
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
              {t('viewAll')}
            </Link>
          </div>
          <ProductGrid products={featured.data} />
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-12" aria-labelledby="home-new">
        <div className="mb-6 flex items-center justify-between">
          <h2 id="home-new" className="text-2xl font-bold">
            {t('newArrivals')}
          </h2>
          <Link to="/products?new=true" className="text-sm font-medium text-brand-700 hover:underline">
            {t('viewAll')}
          </Link>
        </div>
        <ProductGrid products={arrivals.data} />
      </section>

      <section className="bg-slate-50" aria-labelledby="home-why">
        <div className="mx-auto max-w-7xl px-4 py-12">
          <h2 id="home-why" className="mb-8 text-center text-2xl font-bold">
            {t('whyChooseUs')}
          </h2>
          <div className="grid gap-6 md:grid-cols-3">
            {[
              [t('pricesTitle'), t('pricesText')],
              [t('inventoryTitle'), t('inventoryText')],
              [t('shippingTitle'), t('shippingText')],
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
