import { Link } from 'react-router';
import { FINAL_SALE_LABEL, PRODUCT_CONDITION_LABELS } from '~/shared/condition';
import { PRICE_DROPPED_LABEL } from '~/shared/constants';
import { formatMoney } from '~/shared/money';
import type { Product } from '~/shared/schemas/catalog';
import { stockLabel } from '~/shared/stock';
import { type ImageLoad, ProductImage } from '~/client/components/ui/product-image';
import { AddToCartButton } from '~/client/features/cart';

export function ProductCard({ product, imageLoad }: { product: Product; imageLoad?: ImageLoad }) {
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
            {product.savingPercentage}% OFF
          </span>
        ) : product.priceDroppedFrom ? (
          <span
            className="absolute top-2 left-2 rounded bg-amber-800 px-2 py-0.5 text-xs font-bold text-white"
            data-testid="price-dropped"
          >
            {PRICE_DROPPED_LABEL}
          </span>
        ) : (
          product.new && (
            <span className="absolute top-2 left-2 rounded bg-emerald-700 px-2 py-0.5 text-xs font-bold text-white">
              NEW
            </span>
          )
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <h3 className="line-clamp-2 text-sm font-medium">
          <Link to={`/products/${product.slug}`} className="hover:underline">
            {product.name}
          </Link>
        </h3>
        <p className="flex items-baseline gap-2">
          <span className="text-lg font-bold text-slate-900" data-testid="price">
            {formatMoney(product.discountedPrice)}
          </span>
          {product.originalPrice && (
            <s className="text-sm text-slate-500" data-testid="original-price">
              {formatMoney(product.originalPrice)}
            </s>
          )}
          {product.priceDroppedFrom && (
            <s className="text-sm text-slate-500" data-testid="price-dropped-from">
              <span className="sr-only">Previous price: </span>
              {formatMoney(product.priceDroppedFrom)}
            </s>
          )}
        </p>
        <p className="text-xs text-slate-700" data-testid="condition">
          {PRODUCT_CONDITION_LABELS[product.condition]}
          {product.finalSale && <span className="font-semibold text-slate-900"> · {FINAL_SALE_LABEL}</span>}
        </p>
        <p className={`text-xs font-medium ${label.className}`}>{label.text}</p>
        <div className="mt-auto">
          <AddToCartButton product={product} />
        </div>
      </div>
    </article>
  );
}
