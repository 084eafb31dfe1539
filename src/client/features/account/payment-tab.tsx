import { useQuery } from '@tanstack/react-query';
import { useT } from '~/client/lib/i18n';
import { accountMessages } from './account.messages';
import { storeCreditQueryOptions } from './api';
import { storeCreditMessages } from './store-credit.messages';
import { StoreCreditLedger } from './store-credit-ledger';

export function PaymentMethodsTab() {
  const t = useT(accountMessages);
  return (
    <section aria-labelledby="payment-heading" className="grid gap-4">
      <h2 id="payment-heading" className="text-2xl font-bold">
        {t('tabPayment')}
      </h2>
      <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center">
        <p className="text-lg font-semibold">{t('noPaymentMethods')}</p>
        <p className="mx-auto mt-2 max-w-md text-sm text-slate-600">{t('paymentSecurity')}</p>
      </div>
      <StoreCreditSection />
    </section>
  );
}

/** The customer's store credit (docs/decisions/0530-store-credit-ledger.md). */
function StoreCreditSection() {
  const t = useT(storeCreditMessages);
  const credit = useQuery(storeCreditQueryOptions());
  return (
    <section aria-labelledby="store-credit-heading" className="grid gap-2">
      <h3 id="store-credit-heading" className="text-xl font-semibold">
        {t('storeCredit')}
      </h3>
      {credit.data ? (
        <StoreCreditLedger credit={credit.data} />
      ) : credit.isError ? (
        <p role="alert">{t('loadFailed')}</p>
      ) : null}
    </section>
  );
}
