// The checkout page's heading and head tags, around the loading state, the empty cart and the form.
import type { ReactNode } from 'react';
import { Seo } from '~/client/lib/head';
import { useT } from '~/client/lib/i18n';
import { checkoutMessages } from './checkout.messages';

/** The page's heading and head tags around its content. */
export function CheckoutFrame({ width, children }: { width: string; children: ReactNode }) {
  const t = useT(checkoutMessages);
  return (
    <div className={`mx-auto ${width} px-4 py-8`}>
      <Seo title={t('title')} description={t('seoDescription')} canonicalPath="/checkout" noIndex />
      <h1 className="mb-6 text-3xl font-bold">{t('title')}</h1>
      {children}
    </div>
  );
}
