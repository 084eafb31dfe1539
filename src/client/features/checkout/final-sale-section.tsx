// The checkout's final-sale confirmation: shown only when the cart holds final-sale lots, it names them
// and asks the shopper to confirm they cannot be returned before paying; the server refuses the order
// without it (docs/decisions/0301-condition-and-final-sale.md).
import { forwardRef, useId } from 'react';
import type { CartItem } from '~/client/features/cart';
import { useT } from '~/client/lib/i18n';
import { checkoutMessages } from './checkout.messages';

type Props = {
  items: readonly CartItem[];
  acknowledged: boolean;
  onAcknowledgedChange: (acknowledged: boolean) => void;
  /** Set when the shopper tried to pay without confirming. */
  showError: boolean;
};

export const FinalSaleSection = forwardRef<HTMLInputElement, Props>(function FinalSaleSection(
  { items, acknowledged, onAcknowledgedChange, showError },
  ref,
) {
  const t = useT(checkoutMessages);
  const checkboxId = useId();
  const errorId = useId();
  const finalSale = items.filter((item) => item.finalSale);
  if (finalSale.length === 0) return null;
  return (
    <section
      aria-labelledby={`${checkboxId}-heading`}
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
      data-testid="final-sale-section"
    >
      <h2 id={`${checkboxId}-heading`} className="text-lg font-semibold">
        {t('finalSaleItems')}
      </h2>
      <p className="mt-1 text-sm">{t('finalSaleNote')}</p>
      <ul className="mt-2 list-disc pl-5 text-sm">
        {finalSale.map((item) => (
          <li key={item.productId}>{item.name}</li>
        ))}
      </ul>
      <div className="mt-3 flex min-h-11 items-center gap-3">
        <input
          ref={ref}
          id={checkboxId}
          type="checkbox"
          checked={acknowledged}
          onChange={(e) => onAcknowledgedChange(e.target.checked)}
          aria-invalid={showError || undefined}
          aria-describedby={showError ? errorId : undefined}
          className="h-5 w-5 shrink-0 rounded border-slate-400 accent-brand-600"
        />
        <label htmlFor={checkboxId} className="text-sm font-medium">
          {t('finalSaleAcknowledgement')}
        </label>
      </div>
      {showError && (
        <p id={errorId} role="alert" className="mt-1 text-sm font-medium text-red-700">
          {t('finalSaleUnacknowledged')}
        </p>
      )}
    </section>
  );
});
