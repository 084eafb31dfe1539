import { useQuery } from '@tanstack/react-query';
import { useId, useState, lazy } from 'react';
import { Link, useParams } from 'react-router';
import { formatMoney } from '~/shared/money';
import type { Product } from '~/shared/schemas/catalog';
import { stockLabel } from '~/shared/stock';
import { CONDITION_LABEL_KEYS } from '~/shared/condition';
import { productLabelMessages } from '~/shared/product-labels.messages';
import { Button, buttonClasses } from '~/client/components/ui/button';
import { WatchPriceSlot } from './alert-slot';
import { ProductImage } from '~/client/components/ui/product-image';
import { Skeleton } from '~/client/components/ui/skeleton';
import { toast } from '~/client/components/ui/toast-store';
import { AfterHydration } from '~/client/lib/after-hydration';
import { useHydrated } from '~/client/lib/use-hydrated';
import { LOCALE_TAGS } from '~/shared/i18n/locales';
import { HttpStatus, Seo, useSite } from '~/client/lib/head';
import { useLocale, useT } from '~/client/lib/i18n';
import { siteConfigQueryOptions, useStoreToday } from '~/client/lib/site-config';
import {
  addItem,
  cartItemFromProduct,
  cartMessages,
  checkProductPageStock,
  useCartQuantity,
} from '~/client/features/cart';
import { type ProductDetail, type ProductImageRecord, productQueryOptions } from '~/client/lib/product-query';
import { productImagesQueryOptions, relatedProductsQueryOptions } from './api';
import { catalogMessages } from './catalog.messages';
import { RetailSource, StruckPrice } from './struck-price';
import { useTextLang } from './text-lang';
import { metaDescription, productCanonicalPath, productJsonLd, productOpenGraph } from './product-seo';

const AddedToCartDialog = lazy(async () => ({
  default: (await import('./added-to-cart-dialog')).AddedToCartDialog,
}));

export const RELATED_PRODUCTS_SHOWN = 4;

export function ProductDetailPage() {
  const { slug = '' } = useParams();
  const product = useQuery(productQueryOptions(slug));
  const t = useT(catalogMessages);
  if (product.isPending) return <ProductDetailSkeleton />;
  if (product.isError) {
    return (
      <div role="alert" className="mx-auto max-w-xl px-4 py-24 text-center">
        <Seo title={t('product')} noIndex />
        <p>{t('productLoadFailed')}</p>
        <Button variant="outline" className="mt-4" onClick={() => product.refetch()}>
          {t('tryAgain')}
        </Button>
      </div>
    );
  }
  if (!product.data) return <ProductNotFound />;
  return <ProductDetailView key={product.data.id} product={product.data} />;
}

/** Main image first, then the additional images; each URL once. */
export function galleryImages(product: ProductDetail, extra: ProductImageRecord[] | undefined): string[] {
  const primary = (extra ?? []).filter((i) => i.isPrimary).map((i) => i.imageUrl);
  const others = (extra ?? []).filter((i) => !i.isPrimary).map((i) => i.imageUrl);
  const all = [product.imageUrl, ...primary, ...others].filter((u): u is string => Boolean(u));
  return [...new Set(all)];
}

function ProductDetailView({ product }: { product: ProductDetail }) {
  const locale = useLocale();
  const t = useT(catalogMessages);
  const labels = useT(productLabelMessages);
  const lang = useTextLang();
  const nameLang = lang(product.languages?.name);
  const site = useSite();
  const today = useStoreToday();
  const currency = useQuery(siteConfigQueryOptions()).data?.currency;
  // The images come with the product; older answers without them fall back to the images call.
  const imagesQuery = useQuery({
    ...productImagesQueryOptions(product.id),
    enabled: product.additionalImages === undefined,
  });
  const images = galleryImages(product, product.additionalImages ?? imagesQuery.data);
  const [selected, setSelected] = useState(0);
  const mainImage = images[selected] ?? images[0] ?? null;
  const discounted = product.savingPercentage > 0;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <Seo
        title={product.name}
        description={metaDescription(product.description) || product.name}
        canonicalPath={productCanonicalPath(product)}
        openGraph={productOpenGraph(product, {
          origin: site.origin,
          image: images[0] ?? null,
          siteName: site.storeName,
          currency,
          locale,
        })}
        jsonLd={productJsonLd(product, { origin: site.origin, images, today, currency, locale })}
      />
      <nav aria-label={t('breadcrumb')} className="mb-6 text-sm text-slate-600">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <Link to="/" className="hover:underline">
              {t('home')}
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <Link to="/products" className="hover:underline">
              {t('products')}
            </Link>
          </li>
          {product.categorySlug && product.categoryName && (
            <>
              <li aria-hidden="true">/</li>
              <li>
                <Link
                  to={`/categories/${product.categorySlug}`}
                  className="hover:underline"
                  lang={lang(product.languages?.categoryName)}
                >
                  {product.categoryName}
                </Link>
              </li>
            </>
          )}
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="font-medium text-slate-900" lang={nameLang}>
            {product.name}
          </li>
        </ol>
      </nav>

      <div className="grid grid-cols-1 gap-8 md:grid-cols-2">
        <div>
          <div className="relative overflow-hidden rounded-lg border border-slate-200 bg-white">
            <ProductImage
              key={mainImage ?? 'none'}
              url={mainImage}
              alt={product.name}
              load="high"
              sizes="(min-width: 768px) 50vw, 100vw"
            />
            {discounted ? (
              <span className="absolute top-3 left-3 rounded bg-red-600 px-2.5 py-1 text-sm font-bold text-white">
                {t('percentOff', { percent: product.savingPercentage })}
              </span>
            ) : product.priceDroppedFrom ? (
              <span
                className="absolute top-3 left-3 rounded bg-amber-800 px-2.5 py-1 text-sm font-bold text-white"
                data-testid="price-dropped"
              >
                {labels('priceDropped')}
              </span>
            ) : (
              product.new && (
                <span className="absolute top-3 left-3 rounded bg-emerald-700 px-2.5 py-1 text-sm font-bold text-white">
                  {t('newBadge')}
                </span>
              )
            )}
          </div>
          {images.length > 1 && (
            <ul className="mt-3 grid grid-cols-5 gap-2" aria-label={t('productImages')}>
              {images.map((url, i) => (
                <li key={url}>
                  <button
                    type="button"
                    onClick={() => setSelected(i)}
                    aria-label={t('showImage', { number: i + 1, total: images.length })}
                    aria-pressed={i === selected}
                    className={`block w-full overflow-hidden rounded-md border-2 ${i === selected ? 'border-brand-600' : 'border-transparent hover:border-slate-300'}`}
                  >
                    <ProductImage url={url} alt="" sizes="96px" />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>

        <div className="flex flex-col gap-4">
          <h1 className="text-3xl font-bold" lang={nameLang}>
            {product.name}
          </h1>
          <p className="flex items-baseline gap-3">
            <span className="text-3xl font-bold text-slate-900" data-testid="price">
              {formatMoney(product.discountedPrice, locale)}
            </span>
            <StruckPrice product={product} size="page" />
          </p>
          <RetailSource product={product} />
          <StockLine product={product} />
          <div className="text-sm text-slate-700" data-testid="condition">
            <p>
              <span className="font-semibold">{t('conditionLabel')}</span>{' '}
              {labels(CONDITION_LABEL_KEYS[product.condition])}
            </p>
            {product.conditionNotes && <p className="mt-1 whitespace-pre-line">{product.conditionNotes}</p>}
          </div>
          {product.finalSale && (
            <p className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm font-medium text-amber-900">
              {labels('finalSaleNote')}
            </p>
          )}
          {product.lotNumber && (
            <p className="text-sm text-slate-600">{t('lotNumber', { lot: product.lotNumber })}</p>
          )}
          <div className="whitespace-pre-line text-slate-700" lang={lang(product.languages?.description)}>
            {product.description}
          </div>
          <AddToCartPanel product={product} />
          {product.stock > 0 && <WatchPriceSlot productId={product.id} />}
        </div>
      </div>

      <RelatedProducts product={product} />
    </div>
  );
}

/**
 * What the quantity box holds: a whole number of 1 or more, or the reason it cannot be added. The
 * box keeps what was typed; Add to Cart reads it here rather than quietly adding 1 or what is left.
 */
export function typedQuantity(draft: string): number | null {
  const text = draft.trim();
  if (!/^\d+$/.test(text)) return null;
  const n = Number.parseInt(text, 10);
  return n > 0 ? n : null;
}

function AddToCartPanel({ product }: { product: ProductDetail }) {
  const locale = useLocale();
  const t = useT(catalogMessages);
  const cart = useT(cartMessages);
  const inCart = useCartQuantity(product.id);
  const quantityId = useId();
  const [draft, setDraft] = useState('1');
  const [added, setAdded] = useState(false);
  const stock = typeof product.stock === 'number' ? product.stock : 0;
  const outOfStock = !(stock > 0);
  // The stepper never goes past what can still be added: stock less what is already in the cart.
  const maxAddable = Math.max(0, stock - inCart);
  const quantity = typedQuantity(draft);
  const step = (by: number) => setDraft(String(Math.max(1, Math.min((quantity ?? 1) + by, maxAddable))));

  function add() {
    if (quantity === null) {
      // -5, 0, 1.5 or nothing: nothing is added, and the shopper is told what the box needs.
      toast({ title: t('invalidQuantity'), description: t('invalidQuantityText'), variant: 'destructive' });
      return;
    }
    // More than is left: the specification's 'Maximum Stock Reached', nothing added.
    const check = checkProductPageStock(product.stock, inCart, quantity, locale);
    if (!check.ok) {
      toast({ title: check.title, description: check.description, variant: 'destructive' });
      return;
    }
    if (addItem(cartItemFromProduct(product), quantity, { notify: false, locale })) {
      setDraft('1');
      setAdded(true);
    }
  }

  return (
    <div className="mt-2 flex flex-col gap-4 border-t border-slate-200 pt-4">
      <div className="flex items-center gap-3">
        <label htmlFor={quantityId} className="text-sm font-medium">
          {t('quantity')}
        </label>
        <div className="flex items-center">
          <Button
            variant="outline"
            size="icon"
            className="h-11 w-11"
            aria-label={t('decreaseQuantity')}
            disabled={quantity === null || quantity <= 1}
            onClick={() => step(-1)}
          >
            −
          </Button>
          <input
            id={quantityId}
            // A number box (a spinbutton to assistive technology); what is typed is kept as typed, so a
            // quantity it cannot add is explained rather than silently corrected.
            type="number"
            inputMode="numeric"
            min={1}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            aria-invalid={quantity === null || undefined}
            data-testid="quantity-input"
            className="h-11 w-16 border-y border-slate-300 text-center"
          />
          <Button
            variant="outline"
            size="icon"
            className="h-11 w-11"
            aria-label={t('increaseQuantity')}
            disabled={outOfStock || (quantity ?? 0) >= maxAddable}
            onClick={() => step(1)}
          >
            +
          </Button>
        </div>
        {inCart > 0 && (
          <span className="text-sm text-slate-600" data-testid="in-cart">
            {t('inCart', { quantity: inCart })}
          </span>
        )}
      </div>
      <Button
        size="lg"
        disabled={outOfStock}
        onClick={add}
        className="w-full sm:w-auto"
        aria-label={cart('addToCartOf', { name: product.name })}
      >
        {cart('addToCart')}
      </Button>
      <AfterHydration>
        <AddedToCartDialog open={added} onOpenChange={setAdded} productName={product.name} />
      </AfterHydration>
    </div>
  );
}

function RelatedProducts({ product }: { product: Product }) {
  const t = useT(catalogMessages);
  const lang = useTextLang();
  const related = useQuery(relatedProductsQueryOptions(product));
  const list = related.data ?? [];
  // Shown only when the answer holds more than one product (the product itself is usually one of them).
  if (list.length <= 1) return null;
  const others = list.filter((p) => p.id !== product.id).slice(0, RELATED_PRODUCTS_SHOWN);
  if (others.length === 0) return null;
  return (
    <section aria-labelledby="related-products" className="mt-16">
      <h2 id="related-products" className="mb-6 text-2xl font-bold">
        {t('relatedProducts')}
      </h2>
      <ul className="grid grid-cols-2 gap-4 md:grid-cols-4">
        {others.map((p) => (
          <li key={p.id}>
            <Link to={`/products/${p.slug}`} className="group block" data-testid="related-product">
              <div className="overflow-hidden rounded-lg border border-slate-200">
                <ProductImage url={p.imageUrl} alt="" />
              </div>
              <span
                className="mt-2 block text-sm font-medium group-hover:underline"
                lang={lang(p.languages?.name)}
              >
                {p.name}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ProductDetailSkeleton() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8" aria-busy="true">
      <Skeleton className="mb-6 h-4 w-64" />
      <div className="grid grid-cols-1 gap-8 md:grid-cols-2">
        <Skeleton className="aspect-square w-full" />
        <div className="flex flex-col gap-4">
          <Skeleton className="h-9 w-3/4" />
          <Skeleton className="h-8 w-32" />
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-12 w-40" />
        </div>
      </div>
    </div>
  );
}

function ProductNotFound() {
  const t = useT(catalogMessages);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <HttpStatus code={404} />
      <Seo title={t('productNotFound')} noIndex />
      <h1 className="text-3xl font-bold">{t('productNotFound')}</h1>
      <p className="mt-4 text-slate-600">{t('productGone')}</p>
      <Link to="/products" className={buttonClasses('primary', 'md', 'mt-8')}>
        {t('continueShopping')}
      </Link>
    </div>
  );
}

/**
 * The stock line. Units all held by other shoppers' unpaid checkouts are not 'Out of Stock': the line
 * says when the first hold ends, in the page's language and clock
 * (docs/decisions/0502-held-units-say-when-they-may-return.md).
 */
function StockLine({ product }: { product: ProductDetail }) {
  const locale = useLocale();
  const t = useT(catalogMessages);
  const labels = useT(productLabelMessages);
  const label = stockLabel(product.stock);
  // The server and the first render use the store's clock; after hydration, the shopper's own.
  const storeZone = useQuery(siteConfigQueryOptions()).data?.timeZone;
  const timeZone = useHydrated() ? undefined : storeZone;
  if (label.level === 'out' && product.heldUntil) {
    const time = new Intl.DateTimeFormat(LOCALE_TAGS[locale], { timeStyle: 'short', timeZone }).format(
      new Date(product.heldUntil),
    );
    return (
      <p className="font-medium text-amber-800" data-testid="stock-label">
        {t('heldInCheckout', { time })}
      </p>
    );
  }
  return (
    <p className={`font-medium ${label.className}`} data-testid="stock-label">
      {labels(label.key)}
    </p>
  );
}
