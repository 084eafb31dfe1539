import { Link } from 'react-router';
import { useSite } from '~/client/lib/head';
import { useT } from '~/client/lib/i18n';
import { useStoreToday } from '~/client/lib/site-config';
import { FooterNewsletter } from '~/client/features/newsletter';
import { LanguageSwitcher } from './language-switcher';
import { shellMessages } from './shell.messages';

export function Footer() {
  const { storeName } = useSite();
  const t = useT(shellMessages);
  // The store's year from the server, not the clock here: the HTML and the hydrated page agree at New Year.
  const year = useStoreToday()?.slice(0, 4);
  return (
    <footer className="focus-ring-light mt-16 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="mb-3 text-base font-semibold text-white">
            {t('aboutStore', { storeName })}
          </h2>
          <p className="text-sm leading-relaxed">{t('aboutText')}</p>
        </section>
        <nav aria-labelledby="footer-quick">
          <h2 id="footer-quick" className="mb-3 text-base font-semibold text-white">
            {t('quickLinks')}
          </h2>
          <ul className="space-y-2 text-sm">
            <li>
              <Link to="/" className="hover:text-white">
                {t('home')}
              </Link>
            </li>
            <li>
              <Link to="/categories" className="hover:text-white">
                {t('categories')}
              </Link>
            </li>
            <li>
              <Link to="/products?daily=true" className="hover:text-white">
                {t('dailyDeals')}
              </Link>
            </li>
            <li>
              <Link to="/products?new=true" className="hover:text-white">
                {t('newArrivals')}
              </Link>
            </li>
            <li>
              <Link to="/gift-cards" className="hover:text-white">
                {t('giftCards')}
              </Link>
            </li>
            <li>
              <Link to="/account" className="hover:text-white">
                {t('myAccount')}
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-service">
          <h2 id="footer-service" className="mb-3 text-base font-semibold text-white">
            {t('customerService')}
          </h2>
          <ul className="space-y-2 text-sm">
            <li>
              <Link to="/contact" className="hover:text-white">
                {t('contactUs')}
              </Link>
            </li>
            <li>
              <Link to="/faq" className="hover:text-white">
                {t('faq')}
              </Link>
            </li>
            <li>
              <Link to="/shipping" className="hover:text-white">
                {t('shippingInfo')}
              </Link>
            </li>
            <li>
              <Link to="/returns" className="hover:text-white">
                {t('returns')}
              </Link>
            </li>
          </ul>
        </nav>
        <section aria-labelledby="footer-newsletter">
          <h2 id="footer-newsletter" className="mb-3 text-base font-semibold text-white">
            {t('newsletter')}
          </h2>
          <p className="mb-3 text-sm">{t('newsletterText')}</p>
          <FooterNewsletter />
          <ul className="mt-4 flex gap-4 text-sm" aria-label={t('socialMedia')}>
            <li>
              <a href="#facebook" className="hover:text-white">
                Facebook
              </a>
            </li>
            <li>
              <a href="#instagram" className="hover:text-white">
                Instagram
              </a>
            </li>
            <li>
              <a href="#x" className="hover:text-white">
                X
              </a>
            </li>
          </ul>
        </section>
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-4 text-xs sm:flex-row sm:justify-between">
          <p>{year ? t('copyright', { year, storeName }) : t('copyrightNoYear', { storeName })}</p>
          <ul className="flex flex-wrap gap-4">
            <li>
              <LanguageSwitcher className="hover:text-white" />
            </li>
            <li>
              <Link to="/privacy" className="hover:text-white">
                {t('privacy')}
              </Link>
            </li>
            <li>
              <Link to="/terms" className="hover:text-white">
                {t('terms')}
              </Link>
            </li>
            <li>
              <Link to="/sitemap" className="hover:text-white">
                {t('sitemap')}
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
