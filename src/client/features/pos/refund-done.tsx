// A refund made at the till: its total and credit note, and the cash to hand back (rounded to 5 cents),
// or that the money goes back to how the sale was paid.
import { formatMoney } from '~/shared/money';
import type { PosRefund } from '~/shared/schemas/pos';
import { Button } from '~/client/components/ui/button';
import { useLocale, useT } from '~/client/lib/i18n';
import { POS_RETURNS } from './pos-returns.messages';

export function RefundDone({ refund, onNext }: { refund: PosRefund; onNext: () => void }) {
  const t = useT(POS_RETURNS);
  const locale = useLocale();
  const money = (value: string) => formatMoney(value, locale);
  return (
    <div className="grid gap-3" data-testid="refund-done">
      <p role="status" className="font-medium text-emerald-800">
        {t('refunded', { total: money(refund.total), number: refund.creditNoteNumber ?? '' })}
      </p>
      <p className="text-xl font-semibold" data-testid="cash-back">
        {refund.cashBack === '0.00' ? t('noCash') : t('giveCash', { amount: money(refund.cashBack) })}
      </p>
      <Button size="lg" variant="outline" onClick={onNext}>
        {t('nextReturn')}
      </Button>
    </div>
  );
}
