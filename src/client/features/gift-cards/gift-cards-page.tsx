// /gift-cards (and /fr/gift-cards): gift cards sold in the storefront, put in the cart as their own
// line kind and issued by e-mail when the order is paid (docs/decisions/0534-gift-card-sales.md).
import { Link } from 'react-router';
import { Seo } from '~/client/lib/head';
import { useT } from '~/client/lib/i18n';
import { GiftCardForm } from './gift-card-form';
import { giftCardShopMessages } from './gift-cards.messages';

export function GiftCardsPage() {
  const t = useT(giftCardShopMessages);
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <Seo title={t('title')} description={t('seo')} canonicalPath="/gift-cards" />
      <h1 className="text-3xl font-bold">{t('title')}</h1>
      <p className="mt-2 text-slate-700">{t('intro')}</p>
      <GiftCardForm />
      <p className="mt-8 text-sm">
        <Link to="/gift-cards/balance" className="text-brand-700 underline">
          {t('checkBalance')}
        </Link>
      </p>
    </div>
  );
}
