// The Order Summary of the cart page and the checkout (docs/decisions/0023-order-summary.md). Every figure
// comes from src/shared/pricing.ts, so it matches what the server charges.
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { type ReactNode, useEffect } from 'react';
import { DEFAULT_TAX_PROVINCE, SHIPPING_METHODS, type ShippingMethod } from '~/shared/constants';
import { formatCents, toCents } from '~/shared/money';
import { formatWithCurrency, taxLineLabel } from '~/shared/order-amounts';
import { shippingMethodLabel } from '~/shared/orders';
import { ORDER_LABELS } from '~/shared/orders.messages';
import {
  DEFAULT_SHIPPING,
  discountLabel,
  type OrderTotals,
  orderTotals,
  taxComponentsFor,
  taxRateFor,
} from '~/shared/pricing';
import { toast } from '~/client/components/ui/toast-store';
import { useLocale, useT } from '~/client/lib/i18n';
import { siteConfigQueryOptions } from '~/client/lib/site-config';
import {
  type ShippingSettings,
  shippingSettingsQueryOptions,
  type TaxRate,
  taxRatesQueryOptions,
} from './api';
import { type CartItem, useCart } from './cart-store';
import { giftCardLinesCents, useGiftCardLines } from './gift-card-lines';
import { giftCardLineMessages } from './gift-card-lines.messages';
import { orderSummaryMessages } from './order-summary.messages';

export type OrderSummaryProps = {
  /** 'checkout' shows the shipping line (and fetches the shipping settings); 'cart' only when asked. */
  mode: 'cart' | 'checkout';
  /** pickup, standard or express; anything else counts as not chosen yet. */
  shippingMethod?: string | null;
  /** Province code of the shipping address (default ON until known). */
  province?: string | null;
  /** 'Canada' (default) or 'US'. */
  country?: string | null;
  /** Cart mode: show (and count) the shipping line. */
  showShipping?: boolean;
  /** A discount code the server accepted and its saving (checkout; docs/decisions/0551). */
  code?: AppliedCode | null;
  className?: string;
};

/** A discount code as the quote accepted it: its own line, before shipping and tax. */
export type AppliedCode = { code: string; cents: number };

export type OrderSummaryData = {
  items: CartItem[];
  /** Total quantity. */
  count: number;
  /** The goods' figures; `totalCents` includes the gift cards, which are neither taxed nor shipped. */
  totals: OrderTotals;
  /** The gift cards in the cart, in cents (0534). */
  giftCardCents: number;
  /** The method the shipping line is for; null while none is chosen (checkout). */
  shippingMethod: ShippingMethod | null;
  shippingShown: boolean;
  shippingSettings: ShippingSettings | undefined;
  taxRates: TaxRate[] | undefined;
  /** False until the browser's cart is loaded (server render and hydration). */
  ready: boolean;
};

function chosenMethod(method: string | null | undefined): ShippingMethod | null {
  return (SHIPPING_METHODS as readonly string[]).includes(method ?? '') ? (method as ShippingMethod) : null;
}

/** The cart's lines as pricing lines: the unit price paid, the selling price and today's percent. */
export function cartLines(items: readonly CartItem[]) {
  return items.map((i) => ({
    unitCents: toCents(i.price) ?? 0,
    regularUnitCents: toCents(i.regularPrice ?? null),
    discountPercent: i.discountPercent ?? 0,
    quantity: i.quantity,
  }));
}

/**
 * The summary's figures for the cart in this browser. The shipping settings are fetched only when the
 * shipping line is shown (defaults 5.99 / 14.99 until then or on failure); the tax rates always (13%,
 * Ontario, until they arrive). The checkout can use this to show and send the same numbers.
 */
export function useOrderSummary(props: Omit<OrderSummaryProps, 'className'>): OrderSummaryData & {
  shippingError: Error | null;
  taxError: Error | null;
} {
  const cart = useCart();
  const giftCardCents = giftCardLinesCents(useGiftCardLines());
  const shippingShown = props.mode === 'checkout' || Boolean(props.showShipping);
  const shipping = useQuery({ ...shippingSettingsQueryOptions(), enabled: shippingShown });
  const taxes = useQuery(taxRatesQueryOptions());
  // On the cart page a shipping line without a chosen method shows the standard price.
  const method =
    chosenMethod(props.shippingMethod) ?? (props.mode === 'cart' && shippingShown ? 'standard' : null);
  // Pickup, and a cart whose province is not known yet, are taxed at the store's province, which only
  // the server's configuration knows.
  const site = useQuery({ ...siteConfigQueryOptions(), enabled: method === 'pickup' || !props.province });
  const storeProvince = site.data?.storeProvince ?? DEFAULT_TAX_PROVINCE;
  const destination = {
    shippingMethod: method,
    country: props.country ?? 'Canada',
    province: props.province ?? storeProvince,
    rates: taxes.data,
    storeProvince,
  };
  const taxRate = taxRateFor(destination);
  const totals = orderTotals({
    lines: cartLines(cart.items),
    shippingMethod: method,
    shipping: shipping.data ?? DEFAULT_SHIPPING,
    taxRate,
    // Checkout shows the tax by component, as the order will store it (docs/decisions/0136-tax-lines.md).
    taxComponents: props.mode === 'checkout' ? taxComponentsFor(destination) : undefined,
    includeShipping: shippingShown && method !== null,
    codeDiscountCents: props.code?.cents ?? 0,
  });
  return {
    items: cart.items,
    count: cart.count,
    totals: { ...totals, totalCents: totals.totalCents + giftCardCents },
    giftCardCents,
    shippingMethod: method,
    shippingShown,
    shippingSettings: shipping.data,
    taxRates: taxes.data,
    ready: cart.ready,
    shippingError: shippingShown ? shipping.error : null,
    taxError: taxes.error,
  };
}

export function OrderSummary({
  className,
  children,
  ...props
}: OrderSummaryProps & { children?: ReactNode }) {
  const locale = useLocale();
  const t = useT(orderSummaryMessages);
  // The words an order's money lines share with the confirmation, the receipt and the e-mails.
  const labels = useT(ORDER_LABELS);
  const cardText = useT(giftCardLineMessages);
  const summary = useOrderSummary(props);
  const { totals, count } = summary;
  // A cart of gift cards alone has no goods to total, ship or tax: only the cards' line.
  const goods = summary.items.length > 0 || summary.giftCardCents === 0;
  // The components when known (GST/HST, PST/QST/RST); otherwise the one 'Tax (r%)' line.
  const componentLines = totals.taxLines.every((l) => l.code !== 'TAX') ? totals.taxLines : [];
  // At checkout the total names its currency: a '$' alone reads as US dollars to many shoppers
  // (docs/decisions/0135-store-currency.md).
  const currency = useQuery({ ...siteConfigQueryOptions(), enabled: props.mode === 'checkout' }).data
    ?.currency;

  // The queries' errors are the specification's English; the toasts speak the page's language.
  useEffect(() => {
    if (summary.shippingError) toast({ title: t('shippingFailed'), variant: 'destructive' });
  }, [summary.shippingError, t]);
  useEffect(() => {
    if (summary.taxError) toast({ title: t('taxesFailed'), variant: 'destructive' });
  }, [summary.taxError, t]);
  const money = (cents: number) => formatCents(cents, locale);

  return (
    <section
      aria-labelledby="order-summary-title"
      data-testid="order-summary"
      className={clsx('rounded-lg border border-slate-200 bg-white p-5', className)}
    >
      <h2 id="order-summary-title" className="mb-4 text-lg font-semibold">
        {t('orderSummary')}
      </h2>
      <dl className="space-y-2 text-sm">
        {goods && (
          <>
            {totals.discountCents > 0 && (
              <>
                <Row
                  label={labels('originalPrice')}
                  value={money(totals.originalSubtotalCents)}
                  testId="summary-original"
                />
                <Row
                  label={discountLabel(totals.discountPercentage, locale)}
                  value={`-${money(totals.discountCents)}`}
                  testId="summary-discount"
                  className="text-emerald-700"
                />
              </>
            )}
            <Row
              label={t('subtotal', { count })}
              value={money(totals.subtotalCents)}
              testId="summary-subtotal"
            />
            {props.code && totals.codeDiscountCents > 0 && (
              <Row
                label={labels('discountCodeRow', { code: props.code.code })}
                value={`-${money(totals.codeDiscountCents)}`}
                testId="summary-code"
                className="text-emerald-700"
              />
            )}
            {summary.shippingShown && (
              <Row
                label={
                  summary.shippingMethod
                    ? t('shippingWith', { method: shippingMethodLabel(summary.shippingMethod, locale) })
                    : labels('shipping')
                }
                value={summary.shippingMethod ? money(totals.shippingCents) : t('selectShipping')}
                testId="summary-shipping"
              />
            )}
            {componentLines.length > 0 ? (
              componentLines.map((line) => (
                <Row
                  key={line.code}
                  label={taxLineLabel(line.code, line.rate, locale)}
                  value={money(line.cents)}
                  testId="summary-tax-line"
                />
              ))
            ) : (
              <Row
                label={taxLineLabel('TAX', totals.taxRate, locale)}
                value={money(totals.taxCents)}
                testId="summary-tax"
              />
            )}
          </>
        )}
        {summary.giftCardCents > 0 && (
          <Row
            label={cardText('summaryRow')}
            value={money(summary.giftCardCents)}
            testId="summary-gift-cards"
          />
        )}
        <div className="mt-3 flex justify-between border-t border-slate-200 pt-3 text-base font-bold">
          {/* The cart does not know the shipping address: its total is an estimate and says so (0501). */}
          <dt>{props.mode === 'cart' ? t('estimatedTotal') : labels('total')}</dt>
          <dd data-testid="summary-total">
            {props.mode === 'checkout' && currency
              ? formatWithCurrency(totals.totalCents, currency, locale)
              : money(totals.totalCents)}
          </dd>
        </div>
      </dl>
      {children}
    </section>
  );
}

function Row({
  label,
  value,
  testId,
  className,
}: {
  label: string;
  value: string;
  testId: string;
  className?: string;
}) {
  return (
    <div className={clsx('flex justify-between gap-4', className)}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}
