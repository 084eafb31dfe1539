// Today's figures for the cart (docs/decisions/0131-cart-quote.md): the cart and checkout pages ask
// POST /api/cart/quote when they open and whenever the items, method or province change, bring the
// cart in the browser up to date with the answer and say what changed.
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { PROVINCE_CODES, SHIPPING_METHODS, type ShippingMethod } from '~/shared/constants';
import type { Locale } from '~/shared/i18n/locales';
import { formatMoney } from '~/shared/money';
import type { CartQuote, CartQuoteRequest } from '~/shared/schemas/cart-quote';
import { apiRequest } from '~/client/lib/api';
import { useLocale, useT } from '~/client/lib/i18n';
import { applyQuote, type QuoteChange, useCart } from './cart-store';
import { orderSummaryMessages } from './order-summary.messages';

export type QuoteDestination = {
  shippingMethod?: string | null;
  country?: string | null;
  province?: string | null;
};

/** The request for the cart as it is: only what the server may be told (no prices). */
export function quoteRequest(
  items: readonly { productId: number; quantity: number }[],
  destination: QuoteDestination = {},
): CartQuoteRequest {
  const request: CartQuoteRequest = {
    items: items.map((i) => ({ productId: i.productId, quantity: i.quantity })),
  };
  if ((SHIPPING_METHODS as readonly string[]).includes(destination.shippingMethod ?? '')) {
    request.shippingMethod = destination.shippingMethod as ShippingMethod;
  }
  const country = destination.country === 'US' ? 'US' : 'Canada';
  const province = (destination.province ?? '').trim();
  // A province still being typed or chosen is left out: the store's own province until then.
  const known =
    country === 'US'
      ? province.length >= 2
      : (PROVINCE_CODES as readonly string[]).includes(province.toUpperCase());
  if (known) {
    request.country = country;
    request.province = province;
  } else if (country === 'US') {
    request.country = 'US';
  }
  return request;
}

/** One sentence per change, for the notice (`t`: the `order-summary` messages). */
function quoteChangeText(change: QuoteChange, t: TFunction, locale: Locale): string {
  switch (change.kind) {
    case 'price':
      return t('priceChanged', {
        name: change.name,
        to: formatMoney(change.to, locale),
        from: formatMoney(change.from, locale),
      });
    case 'unavailable':
      return t('unavailable', { name: change.name });
    case 'sold-out':
      return t('soldOut', { name: change.name });
    case 'short':
      return t('short', { name: change.name, count: change.available });
  }
}

/**
 * Asks for the cart's figures and applies them to the cart. Returns the changes of the last answer
 * that changed something (kept until the page closes, so the shopper can read them).
 */
export function useCartQuote(destination: QuoteDestination = {}): { changes: QuoteChange[] } {
  const cart = useCart();
  const request = quoteRequest(cart.items, destination);
  const quote = useQuery({
    queryKey: ['/api/cart/quote', request],
    queryFn: ({ client }) => apiRequest<CartQuote>('POST', '/api/cart/quote', request, { client }),
    enabled: cart.ready && cart.items.length > 0,
    // Asked again each time a page opens: prices may have changed since the last answer.
    staleTime: 0,
    // A failed quote leaves the cart's own figures; create-checkout checks again anyway.
    retry: false,
    refetchOnWindowFocus: true,
  });
  const [changes, setChanges] = useState<QuoteChange[]>([]);
  useEffect(() => {
    if (!quote.data) return;
    const found = applyQuote(quote.data);
    if (found.length > 0) setChanges(found);
  }, [quote.data]);
  return { changes };
}

/** The notice above the summary when the quote changed the cart. */
export function QuoteNotice({ changes, className }: { changes: QuoteChange[]; className?: string }) {
  const locale = useLocale();
  const t = useT(orderSummaryMessages);
  if (changes.length === 0) return null;
  return (
    <div
      role="status"
      className={clsx('rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900', className)}
      data-testid="quote-notice"
    >
      <p className="font-semibold">{t('quoteUpdated')}</p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {changes.map((change) => (
          <li key={`${change.kind} ${change.name}`}>{quoteChangeText(change, t, locale)}</li>
        ))}
      </ul>
    </div>
  );
}
