import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { formatCents, formatMoney, toCents } from '~/shared/money';
import { isEstimatedRetail } from '~/shared/pricing';
import { productLabelMessages } from '~/shared/product-labels.messages';
import { Button, buttonClasses } from '~/client/components/ui/button';
import { ProductImage } from '~/client/components/ui/product-image';
import { Skeleton } from '~/client/components/ui/skeleton';
import { Seo } from '~/client/lib/head';
import { useLocale, useT } from '~/client/lib/i18n';
import { productQueryOptions } from '~/client/lib/product-query';
import {
  type CartItem,
  clearCart,
  removeItem,
  setSpecialInstructions,
  updateQuantity,
  useCart,
} from './cart-store';
import { cartPageMessages } from './cart-page.messages';
import { GiftCardCartLines } from './gift-card-cart-lines';
import { useGiftCardLines } from './gift-card-lines';
import { OrderSummary } from './order-summary';
import { OUTSIDE_CANADA, TaxEstimatePicker, useEstimateProvince } from './tax-estimate';
import { QuoteNotice, useCartQuote } from './use-cart-quote';

export function CartPage() {
  const locale = useLocale();
  const t = useT(cartPageMessages);
  const cart = useCart();
  const cards = useGiftCardLines();
  const instructionsId = useId();
  const empty = cart.items.length === 0 && cards.length === 0;
  const { changes } = useCartQuote();
  const estimate = useEstimateProvince();

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <Seo title={t('title')} description={t('description')} canonicalPath="/cart" noIndex />
      <h1 className="mb-6 text-3xl font-bold">{t('title')}</h1>
      <QuoteNotice changes={changes} className="mb-6" />
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div>
          {!cart.ready ? (
            // The cart lives in this browser: the server (and hydration) show a placeholder of the
            // height of a one-line cart (its table, 122 px on phones and 126 px wider, and the buttons
            // under it), so the summary below does not move when the commonest cart arrives.
            <div aria-busy="true">
              <Skeleton className="h-[122px] w-full rounded-lg sm:h-[126px]" />
              <div className="mt-4 flex justify-between gap-3">
                <Skeleton className="h-10 w-44" />
                <Skeleton className="h-10 w-28" />
              </div>
            </div>
          ) : empty ? (
            <div className="rounded-lg border border-slate-200 p-10 text-center" data-testid="empty-cart">
              <h2 className="text-xl font-semibold">{t('empty')}</h2>
              <Link to="/categories" className={buttonClasses('primary', 'md', 'mt-6')}>
                {t('continueShopping')}
              </Link>
            </div>
          ) : (
            <>
              {cart.items.length > 0 && (
                <div className="overflow-x-auto rounded-lg border border-slate-200">
                  <table className="w-full text-left text-sm">
                    {/* Phones stack each row (docs/decisions/0026-cart-table-on-phones.md): the headings are read, not shown. */}
                    <thead className="sr-only bg-slate-50 text-slate-600 sm:not-sr-only">
                      <tr>
                        <th scope="col" className="px-2 py-3 font-medium sm:px-3">
                          {t('product')}
                        </th>
                        <th scope="col" className="hidden px-3 py-3 font-medium sm:table-cell">
                          {t('price')}
                        </th>
                        <th scope="col" className="px-2 py-3 font-medium sm:px-3">
                          {t('quantity')}
                        </th>
                        <th scope="col" className="px-2 py-3 font-medium sm:px-3">
                          {t('total')}
                        </th>
                        <th scope="col" className="px-2 py-3 sm:px-3">
                          <span className="sr-only">{t('remove')}</span>
                        </th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-slate-200">
                      {cart.items.map((item) => (
                        <CartRow key={item.productId} item={item} />
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
              <GiftCardCartLines lines={cards} spaced={cart.items.length > 0} />
              <div className="mt-4 flex flex-wrap justify-between gap-3">
                <Link to="/categories" className={buttonClasses('outline')}>
                  {t('continueShopping')}
                </Link>
                <Button variant="ghost" onClick={() => clearCart({ locale })}>
                  {t('clearCart')}
                </Button>
              </div>
            </>
          )}
        </div>

        <aside aria-label={t('order')} className="flex flex-col gap-4">
          <OrderSummary
            mode="cart"
            province={estimate.chosen && estimate.chosen !== OUTSIDE_CANADA ? estimate.chosen : null}
            country={estimate.chosen === OUTSIDE_CANADA ? 'US' : 'Canada'}
          >
            <TaxEstimatePicker chosen={estimate.chosen} onChoose={estimate.choose} />
          </OrderSummary>
          <div className="flex flex-col gap-2">
            <label htmlFor={instructionsId} className="text-sm font-medium">
              {t('specialInstructions')}
            </label>
            <textarea
              id={instructionsId}
              rows={4}
              value={cart.specialInstructions}
              onChange={(e) => setSpecialInstructions(e.target.value, locale)}
              placeholder={t('instructionsPlaceholder')}
              maxLength={2000}
              className="rounded-md border border-slate-300 p-3 text-sm"
            />
          </div>
          {empty ? (
            <Button size="lg" disabled className="w-full">
              {t('proceedToCheckout')}
            </Button>
          ) : (
            <Link to="/checkout" className={buttonClasses('primary', 'lg', 'w-full')}>
              {t('proceedToCheckout')}
            </Link>
          )}
        </aside>
      </div>
    </div>
  );
}

function CartRow({ item }: { item: CartItem }) {
  const locale = useLocale();
  const t = useT(cartPageMessages);
  const labels = useT(productLabelMessages);
  const quantityId = useId();
  const [draft, setDraft] = useState(String(item.quantity));
  useEffect(() => setDraft(String(item.quantity)), [item.quantity]);
  // Lines stored without an image get it from the product (GET /api/products/{id}).
  const product = useQuery({ ...productQueryOptions(String(item.productId)), enabled: !item.imageUrl });
  const imageUrl = item.imageUrl ?? product.data?.imageUrl ?? null;
  const lineCents = (toCents(item.price) ?? 0) * item.quantity;

  function commitDraft() {
    // Only whole numbers above 0; anything else puts the current quantity back.
    const typed = /^\d+$/.test(draft.trim()) ? Number.parseInt(draft.trim(), 10) : 0;
    if (typed > 0 && typed !== item.quantity && updateQuantity(item.productId, typed, { locale })) return;
    setDraft(String(item.quantity));
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commitDraft();
    }
  };

  return (
    // Below sm the row is a grid: the product on its own line, then quantity, total and remove
    // (docs/decisions/0026-cart-table-on-phones.md). The roles are spelled out for browsers that no longer
    // see a table row in a grid-displayed <tr>.
    <tr
      // biome-ignore lint/a11y/noRedundantRoles: Safari drops the implicit role of a grid-displayed row
      role="row"
      data-testid="cart-row"
      className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-2 px-2 py-3 sm:table-row sm:p-0"
    >
      <td
        // biome-ignore lint/a11y/noRedundantRoles: as on the row
        role="cell"
        className="col-span-3 pb-2 sm:table-cell sm:px-3 sm:py-3"
      >
        <Link
          to={`/products/${item.productId}`}
          className="flex min-h-11 items-center gap-3 hover:underline sm:min-h-0"
        >
          {/* Phones too: a 40 px thumbnail fits the row's 44 px touch height, so the row does not grow. */}
          <span className="block w-10 shrink-0 overflow-hidden rounded border border-slate-200 sm:w-14">
            <ProductImage url={imageUrl} alt="" sizes="(min-width: 640px) 56px, 40px" />
          </span>
          <span>
            <span className="font-medium">{item.name}</span>
            {item.finalSale && (
              <span className="block text-xs font-semibold text-amber-900" data-testid="final-sale">
                {labels('finalSale')}
              </span>
            )}
            {/* Phones have no room for the price column; the unit price goes under the name. */}
            <span className="block text-xs text-slate-600 sm:hidden">
              {t('each', { price: formatMoney(item.price, locale) })}
            </span>
          </span>
        </Link>
      </td>
      <td
        // biome-ignore lint/a11y/noRedundantRoles: as on the row
        role="cell"
        className="hidden px-3 py-3 whitespace-nowrap sm:table-cell"
      >
        <span>{formatMoney(item.price, locale)}</span>
        {item.compareAtPrice && (
          <span className="ml-1 block text-xs text-slate-500" data-testid="cart-struck-price">
            {/* An estimate of retail value is named as one; the shop's own price before today's discount is plain. */}
            {isEstimatedRetail(item.compareAtPrice, item.regularPrice ?? item.price) && (
              <>{labels('estimatedRetail')} </>
            )}
            <s>{formatMoney(item.compareAtPrice, locale)}</s>
          </span>
        )}
      </td>
      <td
        // biome-ignore lint/a11y/noRedundantRoles: as on the row
        role="cell"
        className="sm:table-cell sm:px-3 sm:py-3"
      >
        <div className="flex items-center">
          <Button
            variant="outline"
            size="icon"
            className="h-11 w-11"
            aria-label={t('decreaseQuantityOf', { name: item.name })}
            disabled={item.quantity <= 1}
            onClick={() => updateQuantity(item.productId, Math.max(1, item.quantity - 1), { locale })}
          >
            −
          </Button>
          <label htmlFor={quantityId} className="sr-only">
            {t('quantityOf', { name: item.name })}
          </label>
          <input
            id={quantityId}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onBlur={commitDraft}
            onKeyDown={onKeyDown}
            className="h-11 w-12 border-y border-slate-300 text-center"
          />
          <Button
            variant="outline"
            size="icon"
            className="h-11 w-11"
            aria-label={t('increaseQuantityOf', { name: item.name })}
            onClick={() => updateQuantity(item.productId, item.quantity + 1, { locale })}
          >
            +
          </Button>
        </div>
      </td>
      <td
        // biome-ignore lint/a11y/noRedundantRoles: as on the row
        role="cell"
        className="text-right font-medium whitespace-nowrap sm:table-cell sm:px-3 sm:py-3 sm:text-left"
        data-testid="line-total"
      >
        {formatCents(lineCents, locale)}
      </td>
      <td
        // biome-ignore lint/a11y/noRedundantRoles: as on the row
        role="cell"
        className="sm:table-cell sm:px-3 sm:py-3"
      >
        <Button
          variant="ghost"
          size="icon"
          className="h-11 w-11"
          aria-label={t('removeItem', { name: item.name })}
          onClick={() => removeItem(item.productId, { locale })}
        >
          ✕
        </Button>
      </td>
    </tr>
  );
}
