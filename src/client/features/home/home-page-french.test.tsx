// The home page under /fr/: every text in French, the store's weekday in French, links kept under /fr.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Category } from '~/shared/schemas/catalog';
import { prefetch } from '~/client/lib/prefetch';
import { resetToasts } from '~/client/components/ui/toast-store';
import { resetCartStoreForTests } from '~/client/features/cart';
import {
  type FakeRoutes,
  fakeApi,
  makeProduct,
  makeSiteConfig,
  renderRoutes,
  frenchSpaces,
} from '~/client/test/test-utils';
import { HomePage } from './home-page';
import { homeQueries } from './routes';

const categories: Category[] = [
  {
    id: 1,
    name: 'Electronics',
    slug: 'electronics',
    imageUrl: null,
    active: true,
    languages: { name: 'en' },
  },
];

function renderFrenchHome(overrides: FakeRoutes = {}) {
  fakeApi({
    // Thursday 1 January 2026.
    '/api/site-config': { body: makeSiteConfig() },
    '/api/categories': { body: categories },
    '/api/discounts/today': { body: 35 },
    '/api/products/featured': {
      body: [
        makeProduct({ id: 1, slug: 'tablet', name: 'Tablet', price: '1234.5', discountedPrice: '1234.50' }),
      ],
    },
    '/api/products/new': { body: [makeProduct({ id: 2, slug: 'speaker', name: 'Speaker' })] },
    ...overrides,
  });
  return renderRoutes(
    (qc) => [{ index: true, element: <HomePage />, loader: prefetch(qc, homeQueries) }],
    '/',
    undefined,
    { locale: 'fr' },
  );
}
const section = (heading: string) =>
  within(screen.getByRole('heading', { level: 2, name: heading }).closest('section')!);

beforeEach(() => {
  resetCartStoreForTests();
  resetToasts();
});

describe('home page in French', () => {
  it('reads in French, with the French title and description, and keeps its links under /fr', async () => {
    renderFrenchHome();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      frenchSpaces('Des produits de marque jusqu’à 70 % sous le prix de détail'),
    );
    await waitFor(() => expect(document.title).toBe('Aubaines de liquidation et de surplus | Test Store'));
    await waitFor(() =>
      expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
        frenchSpaces(
          'Magasinez des aubaines de liquidation et de surplus jusqu’à 70 % sous le prix de détail. Nouveaux arrivages chaque jour, livrés partout au Canada et aux États-Unis.',
        ),
      ),
    );
    expect(screen.getByRole('link', { name: 'Magasiner maintenant' }).getAttribute('href')).toBe(
      '/fr/categories',
    );
    await screen.findAllByTestId('category-tile');
    expect(
      section('Magasiner par catégorie').getByRole('link', { name: 'Tout voir' }).getAttribute('href'),
    ).toBe('/fr/categories');
    expect(section('Nouveautés').getByRole('link', { name: 'Tout voir' }).getAttribute('href')).toBe(
      '/fr/products?new=true',
    );
    const why = section('Pourquoi nous choisir');
    expect(why.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Des prix imbattables',
      'Nouveaux arrivages chaque jour',
      'Livraison rapide',
    ]);
  });

  it("names the store's weekday in French in the Aubaines du jour badge, with French prices on the cards", async () => {
    renderFrenchHome();
    expect((await screen.findByTestId('deal-badge')).textContent).toBe(
      frenchSpaces('Jeudi : 35 % de rabais'),
    );
    const deals = section('Aubaines du jour');
    const [card] = await deals.findAllByTestId('product-card');
    expect(within(card!).getByTestId('price').textContent).toBe(frenchSpaces('1 234,50 $'));
  });

  it("says 'Aucun rabais aujourd’hui', and the failure to load the discount, in French", async () => {
    const { unmount } = renderFrenchHome({ '/api/discounts/today': { body: 0 } });
    expect((await screen.findByTestId('deal-badge')).textContent).toBe('Aucun rabais aujourd’hui');
    unmount();
    renderFrenchHome({ '/api/discounts/today': { status: 500, body: { message: 'Internal Server Error' } } });
    expect((await screen.findByTestId('deal-badge')).textContent).toBe(
      'Impossible de charger le rabais du jour',
    );
    expect((await screen.findByTestId('toast')).textContent).toContain(
      'Impossible de charger le rabais du jour',
    );
  });
});
