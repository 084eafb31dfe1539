// What the shopper is buying, as the checkout shows it: each line with its picture, name, condition,
// quantity and price; on a phone, a summary that opens from the top of the page with the total on its
// button (docs/decisions/0500-checkout-summary-lines.md).
import { useId, useState } from 'react';
import { CONDITION_LABEL_KEYS } from '~/shared/condition';
import { formatCents, toCents } from '~/shared/money';
import { formatWithCurrency } from '~/shared/order-amounts';
import { productLabelMessages } from '~/shared/product-labels.messages';
import { ProductImage } from '~/client/components/ui/product-image';
import {
  type CartItem,
  giftCardLineMessages,
  useGiftCardLines,
  useOrderSummary,
} from '~/client/features/cart';
import { useLocale, useT } from '~/client/lib/i18n';
import { useQuery } from '@tanstack/react-query';
import { siteConfigQueryOptions } from '~/client/lib/site-config';
import { checkoutMessages } from './checkout.messages';
import type { Destination } from './use-checkout-figures';

/** The lines of the cart: picture, name, condition, quantity and the line's price. */
export function CheckoutLines({ items, className }: { items: CartItem[]; className?: string }) {
  const locale = useLocale();
  const t = useT(checkoutMessages);
  const labels = useT(productLabelMessages);
  const cards = useGiftCardLines();
  const cardText = useT(giftCardLineMessages);
  return (
    <ul className={className} aria-label={t('itemsInOrder')} data-testid="checkout-lines">
      {items.map((item) => (
        <li key={item.productId} className="flex items-center gap-3 py-2" data-testid="checkout-line">
          <span className="relative w-14 shrink-0">
            <span className="block overflow-hidden rounded border border-slate-200 bg-white">
              <ProductImage url={item.imageUrl} alt="" sizes="56px" />
            </span>
            <span
              aria-hidden="true"
              className="absolute -top-2 -right-2 flex h-5 min-w-5 items-center justify-center rounded-full bg-slate-700 px-1 text-xs font-semibold text-white"
            >
              {item.quantity}
            </span>
          </span>
          <span className="min-w-0 flex-1 text-sm">
            <span className="block font-medium">{item.name}</span>
            {item.condition && (
              <span className="block text-xs text-slate-600">
                {labels(CONDITION_LABEL_KEYS[item.condition])}
              </span>
            )}
            <span className="block text-xs text-slate-600">
              {t('lineQuantity', { count: item.quantity })}
            </span>
          </span>
          <span className="text-sm font-medium whitespace-nowrap" data-testid="checkout-line-total">
            {formatCents((toCents(item.price) ?? 0) * item.quantity, locale)}
          </span>
        </li>
      ))}
      {cards.map((card) => (
        <li key={card.id} className="flex items-center gap-3 py-2 text-sm" data-testid="checkout-gift-card">
          <span className="min-w-0 flex-1">
            <span className="block font-medium">
              {cardText('giftCard', { amount: formatCents(toCents(card.amount) ?? 0, locale) })} &times;{' '}
              {card.quantity}
            </span>
            <span className="block text-xs text-slate-600">{card.recipientEmail}</span>
          </span>
          <span className="font-medium whitespace-nowrap">
            {formatCents((toCents(card.amount) ?? 0) * card.quantity, locale)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Phones: the summary's lines behind a disclosure button at the top of the page, the total always on
 * the button, so the shopper sees what they pay without scrolling past the form.
 */
export function PhoneSummaryToggle({ destination }: { destination: Destination }) {
  const locale = useLocale();
  const t = useT(checkoutMessages);
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const summary = useOrderSummary({
    mode: 'checkout',
    shippingMethod: destination.method,
    province: destination.country === 'Canada' ? destination.state : null,
    country: destination.country,
  });
  const currency = useQuery(siteConfigQueryOptions()).data?.currency;
  const total = currency
    ? formatWithCurrency(summary.totals.totalCents, currency, locale)
    : formatCents(summary.totals.totalCents, locale);
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 lg:hidden" data-testid="phone-summary">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="flex min-h-12 w-full items-center justify-between gap-3 px-4 py-3 text-left text-sm font-medium text-brand-700"
      >
        <span>
          <span aria-hidden="true" className="mr-1 inline-block">
            {open ? '▴' : '▾'}
          </span>
          {open ? t('hideOrderSummary') : t('showOrderSummary')}
        </span>
        <span className="text-base font-bold text-slate-900" data-testid="phone-summary-total">
          {total}
        </span>
      </button>
      <div id={panelId} hidden={!open} className="border-t border-slate-200 px-4 py-2">
        <CheckoutLines items={summary.items} className="divide-y divide-slate-200" />
      </div>
    </div>
  );
}
