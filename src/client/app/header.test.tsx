import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { User } from '~/shared/schemas/auth';
import { resetToasts } from '~/client/components/ui/toast-store';
import {
  addGiftCardLine,
  addItem,
  cartItemFromProduct,
  resetCartStoreForTests,
} from '~/client/features/cart';
import { type FakeAnswer, fakeApi, makeProduct, makeUser, renderRoutes } from '~/client/test/test-utils';
import { Header } from './header';

const signedOut: FakeAnswer = { status: 401, body: { message: 'Not signed in.' } };
const user = (overrides: Partial<User> = {}): FakeAnswer => ({
  body: makeUser({ id: 5, username: 'jane', email: 'jane@example.com', ...overrides }),
});

function renderHeader(me: FakeAnswer, logout: FakeAnswer = { body: { message: 'Logged out.' } }) {
  const api = fakeApi({ '/api/auth/me': me, '/api/auth/logout': logout });
  const view = renderRoutes(
    [
      { index: true, element: <Header /> },
      { path: 'products', element: <Header /> },
    ],
    '/products?daily=true',
  );
  return { api, ...view };
}
const nav = () => within(screen.getByRole('navigation', { name: 'Main' }));
const toastText = () => screen.queryAllByTestId('toast').map((t) => t.textContent);

beforeEach(() => {
  resetCartStoreForTests();
  resetToasts();
});

describe('header', () => {
  it('searches only for non-blank text, trimmed, at /products?search=…', async () => {
    const { router } = renderHeader(signedOut);
    const box = await screen.findByLabelText('Search products');
    const search = screen.getByRole('button', { name: 'Search' });
    await userEvent.type(box, '   ');
    await userEvent.click(search);
    expect(router.location().search).toBe('?daily=true');
    await userEvent.clear(box);
    await userEvent.type(box, '  lamp & shade ');
    await userEvent.click(search);
    // The router moves in a transition: the address changes once the next render commits.
    await waitFor(() => expect(router.location().search).toBe('?search=lamp%20%26%20shade'));
    expect(router.location().pathname).toBe('/products');
    expect(new URLSearchParams(router.location().search).get('search')).toBe('lamp & shade');
  });

  it("offers 'Login / Register' when signed out, and no Admin link", async () => {
    renderHeader(signedOut);
    const login = await screen.findByRole('link', { name: 'Login / Register' });
    expect(login.getAttribute('href')).toBe('/auth');
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
    expect(
      nav()
        .getAllByRole('link')
        .map((l) => [l.textContent, l.getAttribute('href')]),
    ).toEqual([
      ['Home', '/'],
      ['Categories', '/categories'],
      ['Daily Deals', '/products?daily=true'],
      ['New Arrivals', '/products?new=true'],
      ['Contact', '/contact'],
    ]);
  });

  it('shows the username linking to the account, and Logout, when signed in; no Admin link for a shopper', async () => {
    renderHeader(user());
    const account = await screen.findByRole('link', { name: 'jane' });
    expect(account.getAttribute('href')).toBe('/account');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Login / Register' })).toBeNull();
    expect(nav().queryByRole('link', { name: 'Admin' })).toBeNull();
  });

  it("says 'Account' for a user without a username", async () => {
    renderHeader(user({ username: '' }));
    expect((await screen.findByRole('link', { name: 'Account' })).getAttribute('href')).toBe('/account');
  });

  it('shows the Admin link to administrators only', async () => {
    renderHeader(user({ isAdmin: true }));
    const admin = await nav().findByRole('link', { name: 'Admin' });
    expect(admin.getAttribute('href')).toBe('/admin');
  });

  it('shows the cart badge with the total quantity only when it is above 0', async () => {
    renderHeader(signedOut);
    const cart = await screen.findByRole('link', { name: 'Cart, 0 items' });
    expect(cart.getAttribute('href')).toBe('/cart');
    expect(screen.queryByTestId('cart-badge')).toBeNull();
    addItem(cartItemFromProduct(makeProduct({ id: 1, stock: 10 })), 2, { notify: false });
    addItem(cartItemFromProduct(makeProduct({ id: 2, name: 'Kettle', stock: 10 })), 1, { notify: false });
    expect((await screen.findByTestId('cart-badge')).textContent).toBe('3');
    expect(screen.getByRole('link', { name: 'Cart, 3 items' })).toBeTruthy();
  });

  it('counts the gift cards in the cart with the products', async () => {
    renderHeader(signedOut);
    await screen.findByRole('link', { name: 'Cart, 0 items' });
    const card = { recipientName: 'Sam', recipientEmail: 'sam@example.com' };
    act(() => {
      addGiftCardLine({ ...card, amount: '50.00', quantity: 2 });
    });
    // Two $50 cards alone: 2 items (the amounts do not count, the cards do).
    expect((await screen.findByTestId('cart-badge')).textContent).toBe('2');
    expect(screen.getByRole('link', { name: 'Cart, 2 items' })).toBeTruthy();
    addItem(cartItemFromProduct(makeProduct({ id: 1, stock: 10 })), 3, { notify: false });
    act(() => {
      addGiftCardLine({ ...card, amount: '25.00', quantity: 1 });
    });
    // 3 units of a product + 2 + 1 cards.
    expect(await screen.findByRole('link', { name: 'Cart, 6 items' })).toBeTruthy();
    expect(screen.getByTestId('cart-badge').textContent).toBe('6');
  });

  it("signs out with 'Logged Out', goes home and offers 'Login / Register' again", async () => {
    const { api, router } = renderHeader(user());
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(toastText()).toEqual(['Logged OutYou have been successfully logged out.×']));
    // fetch is called with (path, init); the fake's type only names the first.
    const calls = api.mock.calls as unknown as [string, RequestInit | undefined][];
    expect(calls.filter(([input]) => input === '/api/auth/logout').map(([, init]) => init?.method)).toEqual([
      'POST',
    ]);
    await waitFor(() => expect(router.location().pathname).toBe('/'));
    expect(await screen.findByRole('link', { name: 'Login / Register' })).toBeTruthy();
  });

  it("says 'Logout Failed' and stays signed in when the server does not sign out", async () => {
    const { router } = renderHeader(user(), { status: 500, body: { message: 'Something went wrong.' } });
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(toastText()).toEqual(['Logout FailedFailed to log out properly.×']));
    expect(router.location().pathname).toBe('/products');
    expect(screen.getByRole('link', { name: 'jane' })).toBeTruthy();
  });
});
