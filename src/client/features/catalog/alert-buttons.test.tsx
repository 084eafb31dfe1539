// 'Alert me' on a listing and 'Watch price' on a product page (docs/decisions/0581-alert-buttons-and-account-lists.md):
// a signed-in shopper saves the listing's filters (defaults, page and sort left out) or watches the lot;
// a guest (answered 401) is invited to sign in and nothing is saved; a refusal is said in the server's words.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '~/client/components/ui/toast-store';
import { resetCartStoreForTests } from '~/client/features/cart';
import { type FakeAnswer, fakeApi, makeProduct, makeUser, renderRoutes } from '~/client/test/test-utils';
import { storefrontRoutes } from './routes';
import './product-detail-page';

const lamp = makeProduct({ id: 7, slug: 'desk-lamp', name: 'Desk Lamp', stock: 1 });
const NOT_SIGNED_IN: FakeAnswer = { status: 401, body: { message: 'Not signed in.' } };

function api(signedIn: boolean, answer: FakeAnswer = { status: 201, body: {} }) {
  const saveAnswer = signedIn ? answer : NOT_SIGNED_IN;
  const mock = fakeApi({
    '/api/auth/me': signedIn ? { body: makeUser() } : { status: 401, body: { message: 'Not signed in.' } },
    '/api/categories': { body: [] },
    '/api/discounts/today': { body: 0 },
    '/api/products': { body: [lamp], headers: { 'x-total-count': '1' } },
    '/api/products/desk-lamp': { body: { ...lamp, additionalImages: [] } },
    '/api/account/saved-searches': saveAnswer,
    '/api/account/watches': saveAnswer,
    '/api/alerts/guest-searches': {
      status: 202,
      body: { message: 'Check your e-mail: open the link we just sent to start the alert.' },
    },
  });
  return mock;
}
const posts = (mock: ReturnType<typeof fakeApi>) =>
  (mock.mock.calls as unknown as [string, RequestInit | undefined][])
    .filter(([, init]) => init?.method === 'POST')
    .map(([input, init]) => ({
      path: new URL(input, 'http://store.test').pathname,
      body: JSON.parse(String(init!.body)),
    }));

beforeEach(() => {
  resetCartStoreForTests();
  resetToasts();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("'Alert me' on a listing", () => {
  it("saves the listing's filters, without page, sort or default prices", async () => {
    const mock = api(true);
    renderRoutes(
      (qc) => storefrontRoutes(qc),
      '/products?search=dyson&condition=used-good&maxPrice=300&sort=price-low&page=2',
    );
    await userEvent.click(await screen.findByRole('button', { name: /Alert me/ }));
    expect(
      await screen.findByText('We will e-mail you once a day when new lots match this search.'),
    ).toBeTruthy();
    expect(posts(mock)).toEqual([
      {
        path: '/api/account/saved-searches',
        body: { query: 'q=dyson&maxPrice=300&condition=used-good' },
      },
    ]);
    const done = screen.getByRole('button', { name: /Alert saved/ });
    expect(done.getAttribute('aria-pressed')).toBe('true');
    expect((done as HTMLButtonElement).disabled).toBe(true);
  });

  it('invites a guest to sign in', async () => {
    const mock = api(false);
    renderRoutes((qc) => storefrontRoutes(qc), '/products?search=dyson');
    await userEvent.click(await screen.findByRole('button', { name: /Alert me/ }));
    expect(await screen.findByText(/Sign in to get an e-mail when new lots match\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth');
    expect(posts(mock)).toHaveLength(1);
    expect(screen.queryByText('Alert saved')).toBeNull();

    // Or by e-mail: the address and the same filters; the server's answer is shown.
    await userEvent.type(screen.getByLabelText('Or get this alert by e-mail'), 'ann@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send link' }));
    expect(
      await screen.findByText('Check your e-mail: open the link we just sent to start the alert.'),
    ).toBeTruthy();
    expect(posts(mock).at(-1)).toEqual({
      path: '/api/alerts/guest-searches',
      body: { email: 'ann@example.com', query: 'q=dyson' },
    });
  });

  it("says the server's refusal and lets the shopper try again", async () => {
    api(true, {
      status: 400,
      body: { message: 'You can save up to 20 searches. Delete one to save another.' },
    });
    renderRoutes((qc) => storefrontRoutes(qc), '/products?search=tv');
    await userEvent.click(await screen.findByRole('button', { name: /Alert me/ }));
    expect(
      await screen.findByText('You can save up to 20 searches. Delete one to save another.'),
    ).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('button', { name: /Alert me/ }) as HTMLButtonElement).disabled).toBe(false),
    );
  });

  it('is French on the French store', async () => {
    api(false);
    renderRoutes((qc) => storefrontRoutes(qc), '/products?search=tv', undefined, { locale: 'fr' });
    await userEvent.click(await screen.findByRole('button', { name: /M’alerter/ }));
    expect(await screen.findByText(/Connectez-vous pour recevoir un courriel/)).toBeTruthy();
  });
});

describe("'Watch price' on a product page", () => {
  it('watches the lot for a signed-in shopper', async () => {
    const mock = api(true);
    renderRoutes((qc) => storefrontRoutes(qc), '/products/desk-lamp');
    await userEvent.click(await screen.findByRole('button', { name: /Watch price/ }));
    expect(
      await screen.findByText('We will e-mail you once if its price drops, or if it sells first.'),
    ).toBeTruthy();
    expect(posts(mock)).toEqual([{ path: '/api/account/watches', body: { productId: 7 } }]);
    expect(screen.getByRole('button', { name: /Watching price/ })).toBeTruthy();
  });

  it('invites a guest to sign in', async () => {
    const mock = api(false);
    renderRoutes((qc) => storefrontRoutes(qc), '/products/desk-lamp');
    await userEvent.click(await screen.findByRole('button', { name: /Watch price/ }));
    expect(await screen.findByText(/Sign in to get an e-mail when this price drops\./)).toBeTruthy();
    expect(posts(mock)).toEqual([{ path: '/api/account/watches', body: { productId: 7 } }]);
  });
});
