import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Link, useHref, useLocation, useNavigate } from 'react-router';
import { worksInAdmin } from '~/shared/roles';
import { toast } from '~/client/components/ui/toast-store';
import { apiRequest } from '~/client/lib/api';
import { useSite } from '~/client/lib/head';
import { useLocale, useT } from '~/client/lib/i18n';
import { meQueryOptions } from '~/client/features/auth';
import { useCartCount, useGiftCardCount } from '~/client/features/cart';
import { LanguageSwitcher } from './language-switcher';
import { isCurrentNavItem, type NavItem } from './nav-items';
import { PhoneMenu } from './phone-menu';
import { shellMessages } from './shell.messages';

export function Header() {
  const { storeName } = useSite();
  const t = useT(shellMessages);
  const locale = useLocale();
  const NAV: NavItem[] = [
    { to: '/', label: t('home'), end: true },
    { to: '/categories', label: t('categories'), end: true },
    { to: '/products?daily=true', label: t('dailyDeals'), end: false },
    { to: '/products?new=true', label: t('newArrivals'), end: false },
    { to: '/contact', label: t('contact'), end: true },
  ];
  // The search form's plain GET (before hydration) goes to the listing in the page's language.
  const listingHref = useHref('/products');
  const { data: user } = useQuery(meQueryOptions());
  // The total item quantity: the products' units and the gift cards'.
  const cartCount = useCartCount() + useGiftCardCount();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  // The form is also a plain GET to /products (name="search"): before the page hydrates the server
  // answers it; the box is uncontrolled so text typed before hydration stays (docs/decisions/0146-no-tap-is-lost.md).
  function onSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get('search') ?? '').trim();
    if (!text) return;
    navigate(`/products?search=${encodeURIComponent(text)}`);
  }

  async function logout() {
    try {
      await apiRequest('POST', '/api/auth/logout');
      queryClient.setQueryData(meQueryOptions().queryKey, null);
      toast({ title: t('loggedOut'), description: t('loggedOutText') });
      navigate('/');
    } catch {
      toast({ title: t('logoutFailed'), description: t('logoutFailedText'), variant: 'destructive' });
    }
  }

  const navItems: NavItem[] = worksInAdmin(user?.role)
    ? [...NAV, { to: '/admin', label: t('admin'), end: false, englishOnly: true }]
    : NAV;

  // Phones (below md, 768 px): menu button, brand, account and cart on one row, the search box under
  // them, the links in the menu panel. Wider: brand, search, account and cart, then the link bar.
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-2 gap-y-2 px-4 py-2 md:gap-3 md:py-3">
        <PhoneMenu
          items={navItems}
          accountName={user ? user.username || t('account') : null}
          onLogout={logout}
        />
        <Link
          to="/"
          className="min-w-0 flex-1 text-lg leading-tight font-extrabold tracking-tight text-brand-700 md:flex-none md:text-xl"
        >
          {storeName}
        </Link>
        <form
          aria-label={t('productSearch')}
          action={listingHref}
          method="get"
          onSubmit={onSearch}
          className="order-last flex w-full gap-2 md:order-none md:w-auto md:flex-1"
        >
          <label htmlFor="header-search" className="sr-only">
            {t('searchProducts')}
          </label>
          <input
            id="header-search"
            type="search"
            name="search"
            placeholder={t('searchPlaceholder')}
            className="h-11 w-full min-w-0 rounded-md border border-slate-300 px-3 text-base md:h-10 md:text-sm"
          />
          <button
            type="submit"
            className="h-11 shrink-0 rounded-md bg-brand-600 px-4 text-sm font-medium text-white md:h-10"
          >
            {t('search')}
          </button>
        </form>
        <div className="flex items-center gap-1 text-sm md:ml-auto md:gap-3">
          {user ? (
            <>
              <Link to="/account" className={accountLinkClass} data-testid="account-link">
                <PersonIcon />
                <span className="sr-only sm:not-sr-only">{user.username || t('account')}</span>
              </Link>
              <button
                type="button"
                onClick={logout}
                className="hidden text-slate-600 hover:underline md:inline"
              >
                {t('logout')}
              </button>
            </>
          ) : (
            <Link to="/auth" className={accountLinkClass}>
              <PersonIcon />
              <span className="sr-only sm:not-sr-only">{t('loginRegister')}</span>
            </Link>
          )}
          <Link
            to="/cart"
            className="relative inline-flex h-11 min-w-11 items-center justify-center gap-1 font-medium md:h-auto md:min-w-0"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-6 w-6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M3 3h2l2.4 12.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6" />
              <circle cx="10" cy="20" r="1.5" />
              <circle cx="17" cy="20" r="1.5" />
            </svg>
            {/* The link's name is its own text, 'Cart, 2 items': the word (hidden on a phone but read),
                then the count for screen readers. The badge repeats the count for the eye only, so the
                name contains what is seen ('Cart', axe's label-content-name-mismatch). */}
            <span className="sr-only sm:not-sr-only">{t('cart')}</span>
            <span className="sr-only">{t('cartCount', { count: cartCount })}</span>
            {cartCount > 0 && (
              <span
                aria-hidden="true"
                data-testid="cart-badge"
                className="absolute top-0 -right-1 min-w-5 rounded-full bg-red-600 px-1.5 text-center text-xs font-bold text-white md:-top-2 md:-right-3"
              >
                {cartCount}
              </span>
            )}
          </Link>
          <LanguageSwitcher className="hidden font-medium text-slate-700 hover:underline md:inline" />
        </div>
      </div>
      <nav aria-label={t('mainNav')} className="hidden border-t border-slate-100 md:block">
        <ul className="mx-auto flex max-w-7xl gap-1 px-4 text-sm">
          {navItems.map((item) => (
            <li key={item.to}>
              {item.englishOnly && locale !== 'en' ? (
                <a href={item.to} className="block px-3 py-2 font-semibold text-brand-700">
                  {item.label}
                </a>
              ) : (
                <Link
                  to={item.to}
                  aria-current={isCurrentNavItem(item, location) ? 'page' : undefined}
                  className={
                    item.to === '/admin'
                      ? 'block px-3 py-2 font-semibold text-brand-700'
                      : 'block whitespace-nowrap px-3 py-2 text-slate-700 hover:text-brand-700'
                  }
                >
                  {item.label}
                </Link>
              )}
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}

const accountLinkClass =
  'inline-flex h-11 min-w-11 items-center justify-center gap-1 font-medium hover:underline md:h-auto md:min-w-0';

function PersonIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-6 w-6 sm:hidden"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
    </svg>
  );
}
