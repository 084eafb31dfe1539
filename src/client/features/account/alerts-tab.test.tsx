// The account's Alerts tab (docs/decisions/0581-alert-buttons-and-account-lists.md): the saved searches and
// price watches listed with links back to the listing and the lot, and Delete on each.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SavedSearch, Watch } from '~/shared/schemas/alerts';
import { resetToasts } from '~/client/components/ui/toast-store';
import { fakeApi, makeUser, renderRoutes } from '~/client/test/test-utils';
import { accountRoutes } from './routes';

beforeAll(async () => {
  await import('./account-page');
});
afterEach(() => {
  resetToasts();
  vi.unstubAllGlobals();
});

const search: SavedSearch = {
  id: 3,
  name: 'dyson',
  query: 'q=dyson&condition=used-good',
  createdAt: '2026-11-20T15:00:00.000Z',
};
const watch = (over: Partial<Watch> = {}): Watch => ({
  id: 9,
  productId: 7,
  name: 'Desk Lamp',
  slug: 'desk-lamp',
  watchedPrice: '40.00',
  createdAt: '2026-11-20T15:00:00.000Z',
  notifiedAt: null,
  ...over,
});

function api() {
  let searches = [search];
  const watches = [
    watch(),
    watch({ id: 10, productId: 8, name: 'Kettle', slug: 'kettle', notifiedAt: '2026-11-21T10:00:00.000Z' }),
  ];
  return fakeApi({
    '/api/auth/me': { body: makeUser() },
    '/api/account/saved-searches': () => ({ body: searches }),
    '/api/account/saved-searches/3': () => {
      searches = [];
      return { status: 200, body: null };
    },
    '/api/account/watches': { body: watches },
  });
}

describe('the Alerts tab', () => {
  it('lists saved searches and watches, and deletes a search', async () => {
    const mock = api();
    renderRoutes(accountRoutes, '/account?tab=alerts');
    const searches = within(await screen.findByRole('region', { name: 'Saved searches' }));
    const link = await searches.findByRole('link', { name: 'dyson' });
    expect(link.getAttribute('href')).toBe('/products?condition=used-good&search=dyson');
    const watches = within(screen.getByRole('region', { name: 'Price watches' }));
    expect((await watches.findByRole('link', { name: 'Desk Lamp' })).getAttribute('href')).toBe(
      '/products/desk-lamp',
    );
    expect(watches.getByText('Watched at $40.00')).toBeTruthy();
    expect(watches.getByText('Alert sent')).toBeTruthy();

    await userEvent.click(searches.getByRole('button', { name: 'Delete saved search dyson' }));
    expect(
      await searches.findByText("No saved searches yet. Use 'Alert me' on any listing or search results."),
    ).toBeTruthy();
    const deletes = (mock.mock.calls as unknown as [string, RequestInit | undefined][]).filter(
      ([, init]) => init?.method === 'DELETE',
    );
    expect(deletes.map(([input]) => String(input))).toEqual(['/api/account/saved-searches/3']);
    await waitFor(() => expect(screen.getByText('Deleted')).toBeTruthy());
  });

  it('is French on the French store', async () => {
    api();
    renderRoutes(accountRoutes, '/account?tab=alerts', undefined, { locale: 'fr' });
    expect(await screen.findByRole('region', { name: 'Recherches enregistrées' })).toBeTruthy();
    expect(await screen.findByText('Surveillé à 40,00 $')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Supprimer la surveillance de Desk Lamp' })).toBeTruthy();
  });
});
