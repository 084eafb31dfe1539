import { useT } from '~/client/lib/i18n';
import { accountMessages } from './account.messages';

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
    </section>
  );
}
