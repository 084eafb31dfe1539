// The sale's lines with their quantity and discount, the order discount and the totals the server
// quoted, each tax on its own line (GST/HST, PST, QST).
import { Button } from '~/client/components/ui/button';
import { inputClasses } from '~/client/components/ui/form-fields';
import { useLocale, useT } from '~/client/lib/i18n';
import { formatMoney } from '~/shared/money';
import { ApiError } from '~/client/lib/api';
import { DiscountInput } from './discount-input';
import { POS } from './pos.messages';
import { receiptTaxLabel } from './receipt-texts';
import type { BasketState } from './use-basket';

function Amount({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex justify-between">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

export function Basket({ basket }: { basket: BasketState }) {
  const t = useT(POS);
  const locale = useLocale();
  const money = (value: string) => formatMoney(value, locale);
  const { totals } = basket;
  if (basket.lines.length === 0) return <p className="text-slate-600">{t('empty')}</p>;
  return (
    <div className="grid gap-3">
      <ul className="divide-y divide-slate-200" aria-label={t('basket')}>
        {basket.lines.map((line) => {
          const quoted = totals?.lines.find((l) => l.productId === line.product.id);
          return (
            <li key={line.product.id} className="grid gap-2 py-2" data-testid="pos-line">
              <div className="flex items-start justify-between gap-2">
                <div>
                  <p className="font-medium">{line.product.name}</p>
                  <p className="text-xs text-slate-600">
                    {line.product.sku} · {money(line.product.price)}
                  </p>
                </div>
                <p className="font-medium">{quoted ? money(quoted.total) : ''}</p>
              </div>
              <div className="flex flex-wrap items-end gap-2">
                <label className="grid gap-1 text-xs text-slate-600">
                  {t('quantity')}
                  <input
                    className={`${inputClasses()} w-20`}
                    type="number"
                    min={1}
                    max={99}
                    value={line.quantity}
                    onChange={(event) =>
                      basket.update(line.product.id, {
                        quantity: Math.max(1, Math.min(99, Number(event.target.value) || 1)),
                      })
                    }
                  />
                </label>
                <DiscountInput
                  label={t('lineDiscount', { name: line.product.name })}
                  value={line.discount}
                  onChange={(discount) => basket.update(line.product.id, { discount })}
                />
                <Button variant="ghost" size="sm" onClick={() => basket.remove(line.product.id)}>
                  {t('remove', { name: line.product.name })}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <DiscountInput
        label={t('orderDiscount')}
        value={basket.orderDiscount}
        onChange={basket.setOrderDiscount}
      />
      {basket.quoteError && (
        <p role="alert" className="text-sm text-red-700">
          {basket.quoteError instanceof ApiError
            ? (basket.quoteError.serverMessage ?? basket.quoteError.message)
            : basket.quoteError.message}
        </p>
      )}
      {totals && (
        <dl className="grid gap-1 text-sm" aria-busy={basket.quoting}>
          <Amount label={t('subtotal')} value={money(totals.subtotal)} />
          {Number(totals.discount) > 0 && (
            <Amount label={t('discount')} value={`-${money(totals.discount)}`} />
          )}
          {totals.taxLines.map((line) => (
            <Amount
              key={line.code}
              label={receiptTaxLabel(line.code, line.rate, locale)}
              value={money(line.amount)}
              testId={`tax-${line.code}`}
            />
          ))}
          <div className="flex justify-between text-lg font-bold">
            <dt>{t('total')}</dt>
            <dd data-testid="pos-total">{money(totals.total)}</dd>
          </div>
        </dl>
      )}
    </div>
  );
}
