// /gift-cards/balance: a gift card's balance by its code (GET /api/gift-cards/{code}/balance, limited
// per address on the server; docs/decisions/0533-gift-cards.md).
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '~/shared/money';
import { Button } from '~/client/components/ui/button';
import { ApiError, apiRequest } from '~/client/lib/api';
import { Seo } from '~/client/lib/head';
import { useLocale, useT } from '~/client/lib/i18n';
import { giftCardMessages } from './gift-cards.messages';

type Balance = { last4: string; balance: string; currency: string };

export function GiftCardBalancePage() {
  const t = useT(giftCardMessages);
  const locale = useLocale();
  const id = useId();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Balance | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const plain = code.trim();
    if (!plain || busy) return;
    setBusy(true);
    setFailure(null);
    setResult(null);
    try {
      setResult(await apiRequest<Balance>('GET', `/api/gift-cards/${encodeURIComponent(plain)}/balance`));
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      setFailure(status === 404 ? t('notFound') : status === 429 ? t('tooMany') : t('failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <Seo
        title={t('balanceTitle')}
        description={t('balanceSeo')}
        canonicalPath="/gift-cards/balance"
        noIndex
      />
      <h1 className="text-3xl font-bold">{t('balanceTitle')}</h1>
      <p className="mt-2 text-slate-600">{t('balanceIntro')}</p>
      <form onSubmit={onSubmit} className="mt-6 grid gap-3" noValidate>
        <label htmlFor={id} className="text-sm font-medium">
          {t('code')}
        </label>
        <input
          id={id}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
          placeholder="ABCD-EFGH-JKLM-NPQR"
          className="min-h-11 rounded-md border border-slate-400 px-3 font-mono uppercase"
        />
        <Button type="submit" disabled={busy}>
          {t('check')}
        </Button>
      </form>
      <div aria-live="polite" className="mt-4">
        {result && (
          <p
            className="rounded-md bg-green-50 p-3 font-medium text-green-900"
            data-testid="gift-card-balance"
          >
            {t('balanceIs', { last4: result.last4, amount: formatMoney(result.balance, locale) })}
          </p>
        )}
        {failure && (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-red-900">
            {failure}
          </p>
        )}
      </div>
      <p className="mt-8 text-sm">
        <Link to="/gift-cards" className="text-brand-700 underline">
          {t('buyCard')}
        </Link>
      </p>
    </div>
  );
}
