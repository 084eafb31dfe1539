// The checkout's right-hand column: what changed since the cart was filled, the Order Summary, the
// server's figures after a refusal that carried them, and the button that goes on to payment.
import { formatMoney, toCents } from '~/shared/money';
import { ORDER_LABELS } from '~/shared/orders.messages';
import { discountLabel } from '~/shared/pricing';
import { Button } from '~/client/components/ui/button';
import {
  type AppliedCode,
  OrderSummary,
  type QuoteChange,
  QuoteNotice,
  useCart,
} from '~/client/features/cart';
import { DiscountCodeField } from './discount-code-field';
import { CheckoutLines } from './checkout-lines';
import { useLocale, useT } from '~/client/lib/i18n';
import { checkoutMessages } from './checkout.messages';
import type { Destination, ServerFigures } from './use-checkout-figures';

type SummaryColumnProps = {
  destination: Destination;
  changes: QuoteChange[];
  server: ServerFigures | null;
  busy: boolean;
  /** The discount code applied (docs/decisions/0551-discount-code-at-checkout.md). */
  code: AppliedCode | null;
  onCodeChange: (code: AppliedCode | null) => void;
};

export function CheckoutSummaryColumn({
  destination,
  changes,
  server,
  busy,
  code,
  onCodeChange,
}: SummaryColumnProps) {
  const { method, country, state } = destination;
  const t = useT(checkoutMessages);
  const cart = useCart();
  return (
    <div className="space-y-4 lg:sticky lg:top-24 lg:self-start">
      <QuoteNotice changes={changes} />
      {/* Phones see the lines in the summary at the top of the page. */}
      <section
        aria-label={t('itemsInOrder')}
        className="hidden rounded-lg border border-slate-200 bg-white px-5 py-3 lg:block"
      >
        <CheckoutLines items={cart.items} className="divide-y divide-slate-200" />
      </section>
      {/* Discount codes are for goods: a cart of gift cards alone has none to take them. */}
      {cart.items.length > 0 && (
        <DiscountCodeField
          items={cart.items}
          destination={destination}
          applied={code}
          onChange={onCodeChange}
        />
      )}
      <OrderSummary
        mode="checkout"
        shippingMethod={method}
        province={country === 'Canada' ? state : null}
        country={country}
        code={code}
      />
      {server && <CurrentFiguresAlert {...server} />}
      <Button
        type="submit"
        size="lg"
        className="w-full"
        pending={busy}
        pendingLabel={t('processing')}
        aria-busy={busy}
      >
        {t('continueToPayment')}
      </Button>
    </div>
  );
}

/** The server's figures and its message, with the lines it cannot sell in the quantity asked. */
function CurrentFiguresAlert({ figures, message }: ServerFigures) {
  const t = useT(checkoutMessages);
  const labels = useT(ORDER_LABELS);
  const locale = useLocale();
  const money = (value: string) => formatMoney(value, locale);
  // '14.975' reads '14,975' in French.
  const rate = locale === 'fr' ? figures.taxRate.replace('.', ',') : figures.taxRate;
  return (
    <div
      role="alert"
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
      data-testid="current-figures"
    >
      <p className="font-semibold">{message}</p>
      <dl className="mt-2 space-y-1">
        <FigureRow label={t('subtotal')} value={money(figures.subtotal)} />
        {(toCents(figures.discountAmount) ?? 0) > 0 && (
          <FigureRow
            label={discountLabel(figures.discountPercentage, locale)}
            value={`-${money(figures.discountAmount)}`}
          />
        )}
        {(toCents(figures.codeDiscountAmount ?? null) ?? 0) > 0 && (
          <FigureRow
            label={labels('discountCodeRow', { code: figures.discountCode ?? '' })}
            value={`-${money(figures.codeDiscountAmount ?? '0')}`}
          />
        )}
        <FigureRow label={t('shipping')} value={money(figures.shippingCost)} />
        <FigureRow label={t('tax', { rate })} value={money(figures.taxAmount)} />
        <FigureRow label={t('total')} value={money(figures.total)} strong />
      </dl>
      {figures.items
        .filter((i) => i.quantity > i.available)
        .map((i) => (
          <p key={i.productId} className="mt-2">
            {i.available > 0
              ? t('onlyAvailable', { available: i.available, name: i.name })
              : t('outOfStock', { name: i.name })}
          </p>
        ))}
    </div>
  );
}

function FigureRow({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={strong ? 'flex justify-between font-bold' : 'flex justify-between'}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
