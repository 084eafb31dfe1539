// The struck price beside a lot's price, labelled for what it is (docs/decisions/0567-price-claims-with-evidence.md):
// "Est. retail" for a compare-at price (an estimate, from a manifest when its source is known), "Was … until
// <date>" for the shop's own price before a markdown, and the plain struck price for today's discount
// taken off the shop's own price. The product page also names the estimate's source.
import { formatCalendarDate } from '~/shared/i18n/formats';
import { formatMoney } from '~/shared/money';
import { productLabelMessages } from '~/shared/product-labels.messages';
import type { Product } from '~/shared/schemas/catalog';
import { useLocale, useT } from '~/client/lib/i18n';
import { catalogMessages } from './catalog.messages';

export function StruckPrice({ product, size }: { product: Product; size: 'card' | 'page' }) {
  const locale = useLocale();
  const t = useT(catalogMessages);
  const labels = useT(productLabelMessages);
  const text = size === 'card' ? 'text-sm text-slate-500' : 'text-lg text-slate-500';
  const reference = product.referencePrice ?? null;
  const money = (amount: string) => formatMoney(amount, locale);
  if (product.originalPrice) {
    if (reference?.kind !== 'estimated-retail') {
      return (
        <s className={text} data-testid="original-price">
          {money(product.originalPrice)}
        </s>
      );
    }
    return (
      <span className={text} data-testid="reference-price">
        {labels('estimatedRetail')} <s data-testid="original-price">{money(product.originalPrice)}</s>
      </span>
    );
  }
  if (!product.priceDroppedFrom) return null;
  return (
    <span className={text} data-testid="reference-price">
      {t('wasPrice')} <s data-testid="price-dropped-from">{money(product.priceDroppedFrom)}</s>
      {reference?.kind === 'was' && reference.date && (
        <> {t('wasUntil', { date: formatCalendarDate(reference.date, locale) })}</>
      )}
    </span>
  );
}

/** The product page's note on where an estimated retail price comes from. */
export function RetailSource({ product }: { product: Product }) {
  const locale = useLocale();
  const t = useT(catalogMessages);
  const reference = product.referencePrice;
  if (!product.originalPrice || reference?.kind !== 'estimated-retail') return null;
  return (
    <p className="text-xs text-slate-600" data-testid="retail-source">
      {reference.source && reference.date
        ? t('retailFromManifest', {
            source: reference.source,
            date: formatCalendarDate(reference.date, locale),
          })
        : t('retailEstimate')}
    </p>
  );
}
