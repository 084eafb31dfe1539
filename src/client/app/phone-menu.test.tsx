import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetToasts } from '~/client/components/ui/toast-store';
import { type FakeAnswer, fakeApi, makeUser, renderRoutes } from '~/client/test/test-utils';
import { resetCartStoreForTests } from '~/client/features/cart';
import { Header } from './header';
import { isCurrentNavItem } from './nav-items';

const signedOut: FakeAnswer = { status: 401, body: { message: 'Not signed in.' } };

function renderHeader(me: FakeAnswer, at = '/') {
  fakeApi({ '/api/auth/me': me, '/api/auth/logout': { body: { message: 'Logged out.' } } });
  return renderRoutes(
    [
      { index: true, element: <Header /> },
      { path: 'contact', element: <Header /> },
      { path: 'products', element: <Header /> },
      { path: 'auth', element: <Header /> },
    ],
    at,
  );
}
const linksOf = (panel: HTMLElement) =>
  within(within(panel).getByRole('navigation', { name: 'Main' }))
    .getAllByRole('link')
    .map((l) => [l.textContent, l.getAttribute('href')]);

beforeEach(() => {
  resetCartStoreForTests();
  resetToasts();
});

describe('phone menu', () => {
  it('opens a panel with every link and the sign-in link; Escape closes it and focus returns to the button', async () => {
    renderHeader(signedOut);
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Menu' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.click(button);
    const panel = await screen.findByRole('dialog', { name: 'Menu' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(linksOf(panel)).toEqual([
      ['Home', '/'],
      ['Categories', '/categories'],
      ['Daily Deals', '/products?daily=true'],
      ['New Arrivals', '/products?new=true'],
      ['Contact', '/contact'],
    ]);
    expect(within(panel).getByRole('link', { name: 'Login / Register' }).getAttribute('href')).toBe('/auth');
    // Focus moves into the panel and stays there: Tab from the last control wraps to the first.
    expect(panel.contains(document.activeElement)).toBe(true);
    within(panel).getByRole('link', { name: 'Login / Register' }).focus();
    await user.tab();
    expect(panel.contains(document.activeElement)).toBe(true);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(button);
  });

  it('lists Admin for administrators, the account and Logout, and closes when a link is followed', async () => {
    const { router } = renderHeader({ body: makeUser({ username: 'root', isAdmin: true }) });
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'root' });
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const panel = await screen.findByRole('dialog', { name: 'Menu' });
    expect(linksOf(panel).at(-1)).toEqual(['Admin', '/admin']);
    expect(within(panel).getByRole('link', { name: 'root' }).getAttribute('href')).toBe('/account');
    expect(within(panel).getByRole('button', { name: 'Logout' })).toBeTruthy();
    await user.click(within(panel).getByRole('link', { name: 'Contact' }));
    await waitFor(() => expect(router.location().pathname).toBe('/contact'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('signs out from the panel', async () => {
    const { router } = renderHeader({ body: makeUser({ username: 'jane' }) }, '/contact');
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'jane' });
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.location().pathname).toBe('/'));
    expect(await screen.findByRole('link', { name: 'Login / Register' })).toBeTruthy();
  });

  it('marks only the link of the page shown as current, query included', async () => {
    renderHeader(signedOut, '/products?new=true');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    const panel = await screen.findByRole('dialog', { name: 'Menu' });
    const current = within(panel)
      .getAllByRole('link')
      .filter((l) => l.getAttribute('aria-current') === 'page')
      .map((l) => l.textContent);
    expect(current).toEqual(['New Arrivals']);
  });
});

describe('isCurrentNavItem', () => {
  const at = (path: string) => {
    const url = new URL(path, 'http://x');
    return { pathname: url.pathname, search: url.search };
  };
  it('matches the path exactly for end links and below it otherwise, and every query value', () => {
    const home = { to: '/', label: 'Home', end: true };
    const deals = { to: '/products?daily=true', label: 'Daily Deals', end: false };
    const admin = { to: '/admin', label: 'Admin', end: false };
    expect(isCurrentNavItem(home, at('/'))).toBe(true);
    expect(isCurrentNavItem(home, at('/contact'))).toBe(false);
    expect(isCurrentNavItem(deals, at('/products?daily=true&page=2'))).toBe(true);
    expect(isCurrentNavItem(deals, at('/products'))).toBe(false);
    expect(isCurrentNavItem(deals, at('/products?new=true'))).toBe(false);
    expect(isCurrentNavItem(admin, at('/admin/orders'))).toBe(true);
    expect(isCurrentNavItem(admin, at('/administrators'))).toBe(false);
  });
});
