import { useQuery } from '@tanstack/react-query';
import { useT } from '~/client/lib/i18n';
import { siteConfigQueryOptions } from '~/client/lib/site-config';
import { shellMessages } from './shell.messages';

/**
 * On every page while the store's own test payment page takes the payments, so nobody mistakes it for
 * a real shop (docs/decisions/0115-test-payments-only-on-purpose.md). It comes from the site
 * configuration the page was rendered with, so the HTML and the hydrated page agree.
 */
export function TestStoreBanner() {
  const t = useT(shellMessages);
  const testPayments = useQuery(siteConfigQueryOptions()).data?.testPayments;
  if (!testPayments) return null;
  return (
    <aside
      aria-label={t('testStore')}
      className="border-b border-amber-300 bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-950"
      data-testid="test-store-banner"
    >
      <p>{t('testStoreText')}</p>
    </aside>
  );
}
