import { Link } from 'react-router';
import { CONDITION_LABEL_KEYS } from '~/shared/condition';
import { formatMoney } from '~/shared/money';
import { productLabelMessages } from '~/shared/product-labels.messages';
import type { Product } from '~/shared/schemas/catalog';
import { stockLabel } from '~/shared/stock';
import { type ImageLoad, ProductImage } from '~/client/components/ui/product-image';
import { useLocale, useT } from '~/client/lib/i18n';
import { AddToCartButton } from '~/client/features/cart';
import { catalogMessages } from './catalog.messages';
import { StruckPrice } from './struck-price';
import { useTextLang } from './text-lang';

export function ProductCard({ product, imageLoad }: { product: Product; imageLoad?: ImageLoad }) {
  const locale = useLocale();
  const t = useT(catalogMessages);
  const labels = useT(productLabelMessages);
  const lang = useTextLang();
  const label = stockLabel(product.stock);
  return (
    <article
      className="group flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white"
      data-testid="product-card"
    >
      <div className="relative">
        {/* The picture links too, for a tap; keyboards and screen readers use the name's link, one stop per card. */}
        <Link to={`/products/${product.slug}`} className="block" tabIndex={-1} aria-hidden="true">
          <ProductImage url={product.imageUrl} alt={product.name} load={imageLoad} />
        </Link>
        {product.savingPercentage > 0 ? (
          <span className="absolute top-2 left-2 rounded bg-red-600 px-2 py-0.5 text-xs font-bold text-white">
            {t('percentOff', { percent: product.savingPercentage })}
          </span>
        ) : product.priceDroppedFrom ? (
          <span
            className="absolute top-2 left-2 rounded bg-amber-800 px-2 py-0.5 text-xs font-bold text-white"
            data-testid="price-dropped"
          >
            {labels('priceDropped')}
          </span>
        ) : (
          product.new && (
            <span className="absolute top-2 left-2 rounded bg-emerald-700 px-2 py-0.5 text-xs font-bold text-white">
              {t('newBadge')}
            </span>
          )
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <h3 className="line-clamp-2 text-sm font-medium">
          <Link
            to={`/products/${product.slug}`}
            className="hover:underline"
            lang={lang(product.languages?.name)}
          >
            {product.name}
          </Link>
        </h3>
        <p className="flex items-baseline gap-2">
          <span className="text-lg font-bold text-slate-900" data-testid="price">
            {formatMoney(product.discountedPrice, locale)}
          </span>
          <StruckPrice product={product} size="card" />
        </p>
        <p className="text-xs text-slate-700" data-testid="condition">
          {labels(CONDITION_LABEL_KEYS[product.condition])}
          {product.finalSale && (
            <span className="font-semibold text-slate-900"> · {labels('finalSale')}</span>
          )}
        </p>
        <p className={`text-xs font-medium ${label.className}`}>{labels(label.key)}</p>
        <div className="mt-auto">
          <AddToCartButton product={product} />
        </div>
      </div>
    </article>
  );
}
