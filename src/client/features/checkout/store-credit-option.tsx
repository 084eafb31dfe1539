// 'Use my store credit ($12.34 available)': shown to a signed-in customer who has credit; ticked, the
// checkout asks the server to pay with it first (useStoreCredit), and the card page takes the rest
// (docs/decisions/0531-paying-with-credit-and-gift-cards.md).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { formatMoney } from '~/shared/money';
import { apiRequest } from '~/client/lib/api';
import { useLocale, useT } from '~/client/lib/i18n';
import { tendersMessages } from './tenders.messages';

const STORE_CREDIT_PATH = '/api/account/store-credit';
const storeCreditBalanceQuery = () =>
  queryOptions({
    queryKey: [STORE_CREDIT_PATH],
    queryFn: ({ client }) => apiRequest<{ balance: string }>('GET', STORE_CREDIT_PATH, undefined, { client }),
  });

export function StoreCreditOption({
  signedIn,
  checked,
  onChange,
}: {
  signedIn: boolean;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const t = useT(tendersMessages);
  const locale = useLocale();
  const id = useId();
  const credit = useQuery({ ...storeCreditBalanceQuery(), enabled: signedIn });
  const balance = credit.data?.balance;
  if (!signedIn || !balance || Number(balance) <= 0) return null;
  return (
    <div className="flex min-h-11 items-start gap-3 rounded-lg border border-slate-200 p-3">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={`${id}-hint`}
        className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-400 accent-brand-600"
        data-testid="use-store-credit"
      />
      <div className="text-sm">
        <label htmlFor={id} className="font-medium">
          {t('useStoreCredit', { amount: formatMoney(balance, locale) })}
        </label>
        <p id={`${id}-hint`} className="text-slate-600">
          {t('storeCreditHint')}
        </p>
      </div>
    </div>
  );
}
