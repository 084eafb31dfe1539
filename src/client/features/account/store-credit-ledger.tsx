// A customer's store credit: the balance and its movements, newest first (docs/decisions/0530-store-credit-ledger.md).
// Shown in the account's Payment tab and in the admin's customer record.
import type { z } from 'zod';
import { useLocale, useT } from '~/client/lib/i18n';
import type { StoreCreditSchema } from '~/shared/schemas/store-credit';
import { formatMoney } from '~/shared/money';
import { storeCreditMessages } from './store-credit.messages';
import { LocalDate } from './order-bits';

/** Each movement's kind in words (the message keys named in full, so the catalogue test sees them used). */
const KIND_KEYS = {
  refund: 'kind_refund',
  staff: 'kind_staff',
  spent: 'kind_spent',
  reversal: 'kind_reversal',
} as const;

type StoreCredit = z.infer<typeof StoreCreditSchema>;

export function StoreCreditLedger({ credit }: { credit: StoreCredit }) {
  const t = useT(storeCreditMessages);
  const locale = useLocale();
  return (
    <div className="grid gap-3">
      <p className="text-lg">
        {t('balance')}{' '}
        <strong data-testid="store-credit-balance">{formatMoney(credit.balance, locale)}</strong>
      </p>
      {credit.movements.length === 0 ? (
        <p className="text-sm text-slate-600">{t('noMovements')}</p>
      ) : (
        <table className="w-full text-sm">
          <caption className="sr-only">{t('movements')}</caption>
          <thead>
            <tr className="border-b text-left">
              <th className="py-2 pr-3">{t('date')}</th>
              <th className="py-2 pr-3">{t('what')}</th>
              <th className="py-2 pr-3 text-right">{t('amount')}</th>
              <th className="py-2 text-right">{t('balanceAfter')}</th>
            </tr>
          </thead>
          <tbody>
            {credit.movements.map((m) => (
              <tr key={m.id} className="border-b last:border-0">
                <td className="py-2 pr-3">
                  <LocalDate iso={m.createdAt} />
                </td>
                <td className="py-2 pr-3">
                  {t(KIND_KEYS[m.kind])}
                  {m.reason ? ` — ${m.reason}` : ''}
                </td>
                <td className="py-2 pr-3 text-right whitespace-nowrap">{formatMoney(m.amount, locale)}</td>
                <td className="py-2 text-right whitespace-nowrap">{formatMoney(m.balanceAfter, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
