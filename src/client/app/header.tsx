import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { toast } from '../components/ui/toast-store';
import { apiRequest } from '../lib/api';
import { useSite } from '../lib/head';
import { meQueryOptions } from '../features/auth/api';
import { useCartCount } from '../features/cart/use-cart-count';

const NAV = [
  { to: '/', label: 'Home', end: true },
  { to: '/categories', label: 'Categories', end: true },
  { to: '/products?daily=true', label: 'Daily Deals', end: false },
  { to: '/products?new=true', label: 'New Arrivals', end: false },
  { to: '/contact', label: 'Contact', end: true },
];

export function Header() {
  const { storeName } = useSite();
  const { data: user } = useQuery(meQueryOptions());
  const cartCount = useCartCount();
  const navigate = useNavigate();
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
      toast({ title: 'Logged Out', description: 'You have been successfully logged out.' });
      navigate('/');
    } catch {
      toast({ title: 'Logout Failed', description: 'Failed to log out properly.', variant: 'destructive' });
    }
  }

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-3 px-4 py-3">
        <Link to="/" className="text-xl font-extrabold tracking-tight text-brand-700">
          {storeName}
        </Link>
        <form
          aria-label="Product search"
          action="/products"
          method="get"
          onSubmit={onSearch}
          className="order-3 flex w-full gap-2 md:order-none md:flex-1"
        >
          <label htmlFor="header-search" className="sr-only">
            Search products
          </label>
          <input
            id="header-search"
            type="search"
            name="search"
            placeholder="Search products..."
            className="h-10 w-full rounded-md border border-slate-300 px-3 text-sm"
          />
          <button type="submit" className="h-10 rounded-md bg-brand-600 px-4 text-sm font-medium text-white">
            Search
          </button>
        </form>
        <div className="ml-auto flex items-center gap-3 text-sm">
          {user ? (
            <>
              <Link to="/account" className="font-medium hover:underline" data-testid="account-link">
                {user.username || 'Account'}
              </Link>
              <button type="button" onClick={logout} className="text-slate-600 hover:underline">
                Logout
              </button>
            </>
          ) : (
            <Link to="/auth" className="font-medium hover:underline">
              Login / Register
            </Link>
          )}
          <Link
            to="/cart"
            className="relative inline-flex items-center gap-1 font-medium"
            aria-label={`Cart, ${cartCount} items`}
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
            Cart
            {cartCount > 0 && (
              <span
                data-testid="cart-badge"
                className="absolute -top-2 -right-3 min-w-5 rounded-full bg-red-600 px-1.5 text-center text-xs font-bold text-white"
              >
                {cartCount}
              </span>
            )}
          </Link>
        </div>
      </div>
      <nav aria-label="Main" className="border-t border-slate-100">
        <ul className="mx-auto flex max-w-7xl gap-1 overflow-x-auto px-4 text-sm">
          {NAV.map((item) => (
            <li key={item.label}>
              <NavLink
                to={item.to}
                end={item.end}
                className="block whitespace-nowrap px-3 py-2 text-slate-700 hover:text-brand-700"
              >
                {item.label}
              </NavLink>
            </li>
          ))}
          {user?.isAdmin && (
            <li>
              <NavLink to="/admin" className="block px-3 py-2 font-semibold text-brand-700">
                Admin
              </NavLink>
            </li>
          )}
        </ul>
      </nav>
    </header>
  );
}
