// The browse pages under /fr: every text in Canadian French, money as '12,34 $', links kept under /fr.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Category } from '~/shared/schemas/catalog';
import { resetToasts } from '~/client/components/ui/toast-store';
import { addItem, cartItemFromProduct, getCart, resetCartStoreForTests } from '~/client/features/cart';
import { type FakeAnswer, fakeApi, makeProduct, renderRoutes, frenchSpaces } from '~/client/test/test-utils';
import { storefrontRoutes } from './routes';
// The pages are lazy routes: loaded here, before any test, so a test's first wait is not the module's.
import './categories-page';
import './product-detail-page';

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
const monitor = makeProduct({
  id: 7,
  slug: 'refurbished-monitor',
  name: 'Refurbished Monitor',
  stock: 3,
  price: '1250.00',
  discountPercentage: 20,
  savingPercentage: 20,
  discountedPrice: '1000.00',
  originalPrice: '1250.00',
  condition: 'used-like-new',
  finalSale: true,
  lotNumber: 'LOT-0042',
});
const detail = {
  ...monitor,
  additionalImages: [
    { imageUrl: '/uploads/monitor-640.webp', isPrimary: true },
    { imageUrl: '/uploads/monitor-back-640.webp', isPrimary: false },
  ],
};
const listing = [
  monitor,
  makeProduct({
    id: 2,
    slug: 'speaker',
    name: 'Haut-parleur',
    stock: 0,
    new: true,
    languages: { name: 'fr', description: 'fr', categoryName: 'fr' },
    price: '19.99',
    discountedPrice: '19.99',
  }),
  makeProduct({
    id: 3,
    slug: 'kettle',
    name: 'Kettle',
    stock: 40,
    price: '30.00',
    discountedPrice: '24.50',
    priceDroppedFrom: '30.00',
  }),
];
const page = (items = listing, total = items.length): FakeAnswer => ({
  body: items,
  headers: { 'x-total-count': String(total) },
});

function renderFrench(path: string) {
  return renderRoutes(
    (qc) => [...storefrontRoutes(qc), { path: 'cart', element: <h1>Panier</h1> }],
    path,
    undefined,
    { locale: 'fr' },
  );
}
const toastText = () => screen.queryAllByTestId('toast').map((t) => t.textContent);

beforeEach(() => {
  resetCartStoreForTests();
  resetToasts();
});

describe('the listing in French', () => {
  it('titles, filters, sorts and counts in French, with French prices and badges on the cards', async () => {
    fakeApi({ '/api/categories': { body: categories }, '/api/products': () => page() });
    renderFrench('/products');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tous les produits' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Tous les produits | Test Store'));
    await waitFor(() =>
      expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
        frenchSpaces(
          'Tous les produits de liquidation et de surplus, de 40 à 80 % sous le prix de détail. Nouveaux arrivages chaque jour.',
        ),
      ),
    );

    const cards = await screen.findAllByTestId('product-card');
    expect(screen.getByTestId('result-count').textContent).toBe('Affichage de 1 à 3 sur 3 produits');
    // 1 000,00 $: a no-break space between thousands and before the sign.
    expect(within(cards[0]!).getByTestId('price').textContent).toBe(frenchSpaces('1 000,00 $'));
    expect(within(cards[0]!).getByTestId('original-price').textContent).toBe(frenchSpaces('1 250,00 $'));
    expect(within(cards[0]!).getByText('20 % de rabais')).toBeTruthy();
    expect(within(cards[0]!).getByTestId('condition').textContent).toBe('Usagé - comme neuf · Vente finale');
    expect(within(cards[0]!).getByText('Stock limité')).toBeTruthy();
    expect(within(cards[1]!).getByText('NOUVEAU')).toBeTruthy();
    expect(within(cards[1]!).getByText('Rupture de stock')).toBeTruthy();
    const speaker = within(cards[1]!).getByRole('button', {
      name: frenchSpaces('Ajouter au panier : Haut-parleur'),
    });
    expect(speaker.textContent).toBe('Ajouter au panier');
    expect((speaker as HTMLButtonElement).disabled).toBe(true);
    expect(within(cards[2]!).getByTestId('price-dropped').textContent).toBe('Prix réduit');
    expect(within(cards[2]!).getByTestId('reference-price').textContent).toBe(frenchSpaces('Avant 30,00 $'));
    expect(within(cards[2]!).getByText('En stock')).toBeTruthy();
    // Links stay in the French store.
    expect(within(cards[0]!).getByRole('link', { name: 'Refurbished Monitor' }).getAttribute('href')).toBe(
      '/fr/products/refurbished-monitor',
    );
    // A name staff have not translated shows in English, marked so; a French one is the page's.
    expect(within(cards[0]!).getByRole('link', { name: 'Refurbished Monitor' }).getAttribute('lang')).toBe(
      'en-CA',
    );
    expect(within(cards[1]!).getByRole('link', { name: 'Haut-parleur' }).getAttribute('lang')).toBeNull();

    const filters = screen.getByRole('complementary', { name: 'Filtres' });
    expect(within(filters).getByRole('heading', { name: 'Catégories' })).toBeTruthy();
    expect(within(filters).getByRole('link', { name: 'Toutes les catégories' })).toBeTruthy();
    expect(within(filters).getByLabelText('Afficher les articles en rupture de stock')).toBeTruthy();
    expect(within(filters).getByRole('group', { name: 'État' })).toBeTruthy();
    expect(within(filters).getByLabelText('Pour pièces ou réparation')).toBeTruthy();
    expect(within(filters).getByLabelText('Prix minimum')).toBeTruthy();
    expect(within(filters).getByRole('link', { name: 'Aubaines du jour' }).getAttribute('href')).toBe(
      '/fr/categories?daily=true',
    );
    expect(within(filters).getByRole('button', { name: 'Effacer les filtres' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Afficher les filtres' })).toBeTruthy();

    const sort = screen.getByLabelText('Trier par') as HTMLSelectElement;
    expect([...sort.options].map((o) => o.textContent)).toEqual([
      'En vedette',
      frenchSpaces('Prix : du plus bas au plus élevé'),
      frenchSpaces('Prix : du plus élevé au plus bas'),
      'Plus récents d’abord',
    ]);
    expect(screen.getByRole('search', { name: 'Rechercher dans le catalogue' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Rechercher' })).toBeTruthy();
  });

  it('adds a card to the cart with the French toast, whose links stay under /fr', async () => {
    fakeApi({ '/api/categories': { body: categories }, '/api/products': () => page() });
    renderFrench('/products');
    const cards = await screen.findAllByTestId('product-card');
    await userEvent
      .setup()
      .click(within(cards[2]!).getByRole('button', { name: frenchSpaces('Ajouter au panier : Kettle') }));
    expect(getCart().items.map((i) => [i.name, i.quantity])).toEqual([['Kettle', 1]]);
    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText('Ajouté au panier')).toBeTruthy();
    expect(within(toast).getByText('Article ajouté à votre panier : Kettle.')).toBeTruthy();
    expect(within(toast).getByRole('link', { name: 'Voir le panier' }).getAttribute('href')).toBe('/fr/cart');
    expect(within(toast).getByRole('link', { name: 'Continuer vos achats' }).getAttribute('href')).toBe(
      '/fr/products',
    );
  });

  it("titles a search and says 'Aucun produit trouvé' when nothing matches", async () => {
    fakeApi({ '/api/categories': { body: categories }, '/api/products': () => page([], 0) });
    renderFrench('/categories?search=téléviseur');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: frenchSpaces('Résultats de recherche pour « téléviseur »'),
      }),
    ).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Aucun produit trouvé' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Effacer les filtres et réessayer' })).toBeTruthy();
    expect((screen.getByLabelText('Trier par') as HTMLSelectElement).value).toBe('relevance');
    expect(screen.getByRole('option', { name: 'Pertinence' })).toBeTruthy();
  });

  it("shows today's discount on the daily listing, and its failure, in French", async () => {
    fakeApi({
      '/api/categories': { body: categories },
      '/api/discounts/today': { body: 15 },
      '/api/products': () => page(),
    });
    const { unmount } = renderFrench('/products?daily=true');
    expect(await screen.findByRole('heading', { level: 1, name: 'Aubaines du jour' })).toBeTruthy();
    expect((await screen.findByTestId('daily-discount-badge')).textContent).toBe(
      frenchSpaces('15 % de rabais'),
    );
    unmount();
    fakeApi({
      '/api/categories': { body: categories },
      '/api/discounts/today': { status: 500, body: { message: 'Boom' } },
      '/api/products': () => page(),
    });
    renderFrench('/products?daily=true');
    expect((await screen.findByTestId('daily-discount-error')).textContent).toBe(
      'Impossible de charger le rabais du jour',
    );
    expect((await screen.findByTestId('toast')).textContent).toBe('Impossible de charger le rabais du jour×');
  });

  it("pages in French and says 'Catégorie introuvable' for a missing category", async () => {
    fakeApi({
      '/api/categories': { body: categories },
      '/api/categories/nothing': { status: 404, body: { message: 'Category not found' } },
      '/api/products': () => page(listing, 60),
    });
    const { unmount } = renderFrench('/products?page=2');
    const pager = await screen.findByRole('navigation', { name: 'Pagination' });
    expect(within(pager).getByRole('link', { name: 'Précédente' }).getAttribute('href')).toBe('/fr/products');
    expect(within(pager).getByRole('link', { name: 'Page 3' }).getAttribute('href')).toBe(
      '/fr/products?page=3',
    );
    await waitFor(() => expect(document.title).toBe('Tous les produits - Page 2 | Test Store'));
    unmount();
    renderFrench('/categories/nothing');
    expect(await screen.findByRole('heading', { name: 'Catégorie introuvable' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Parcourir toutes les catégories' }).getAttribute('href')).toBe(
      '/fr/categories',
    );
  });

  it('titles the categories grid in French', async () => {
    fakeApi({ '/api/categories': { body: [] } });
    renderFrench('/categories');
    expect(await screen.findByRole('heading', { level: 1, name: 'Magasiner par catégorie' })).toBeTruthy();
    expect(await screen.findByText('Aucune catégorie trouvée.')).toBeTruthy();
  });
});

describe('the product page in French', () => {
  it('reads in French: breadcrumb, prices, badge, stock, condition, final sale, lot and gallery', async () => {
    fakeApi({
      '/api/products/refurbished-monitor': { body: detail },
      '/api/categories/electronics/products': { body: [monitor] },
    });
    renderFrench('/products/refurbished-monitor');
    expect(
      (await screen.findByRole('heading', { level: 1, name: 'Refurbished Monitor' })).getAttribute('lang'),
    ).toBe('en-CA');
    const crumbs = within(screen.getByRole('navigation', { name: 'Fil d’Ariane' }));
    expect(crumbs.getByRole('link', { name: 'Accueil' }).getAttribute('href')).toBe('/fr/');
    expect(crumbs.getByRole('link', { name: 'Produits' }).getAttribute('href')).toBe('/fr/products');
    expect(crumbs.getByRole('link', { name: 'Electronics' }).getAttribute('href')).toBe(
      '/fr/categories/electronics',
    );
    expect(screen.getByTestId('price').textContent).toBe(frenchSpaces('1 000,00 $'));
    expect(screen.getByTestId('original-price').textContent).toBe(frenchSpaces('1 250,00 $'));
    expect(screen.getByText('20 % de rabais')).toBeTruthy();
    expect(screen.getByTestId('stock-label').textContent).toBe('Stock limité');
    expect(screen.getByTestId('condition').textContent).toBe(frenchSpaces('État : Usagé - comme neuf'));
    expect(screen.getByText('Vente finale : cet article ne peut être ni retourné ni échangé.')).toBeTruthy();
    expect(screen.getByText('Numéro de lot : LOT-0042')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Images du produit' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Afficher l’image 2 sur 2' })).toBeTruthy();
    expect(screen.getByLabelText('Quantité')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Diminuer la quantité' })).toBeTruthy();
  });

  it("adds with 'Ajouter au panier', opens the French dialog and refuses more than the stock in French", async () => {
    fakeApi({ '/api/products/refurbished-monitor': { body: detail } });
    addItem(cartItemFromProduct(monitor), 1, { notify: false });
    renderFrench('/products/refurbished-monitor');
    const user = userEvent.setup();
    expect((await screen.findByTestId('in-cart')).textContent).toBe(frenchSpaces('Dans le panier : 1'));
    await user.click(screen.getByRole('button', { name: 'Augmenter la quantité' }));
    await user.click(
      screen.getByRole('button', { name: frenchSpaces('Ajouter au panier : Refurbished Monitor') }),
    );
    expect(getCart().items[0]?.quantity).toBe(3);
    const dialog = await screen.findByRole('dialog', { name: 'Article ajouté au panier' });
    expect(within(dialog).getByText('Article ajouté à votre panier : Refurbished Monitor.')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Continuer vos achats' }).getAttribute('href')).toBe(
      '/fr/products',
    );
    await user.click(within(dialog).getByRole('link', { name: 'Voir le panier' }));
    expect(await screen.findByRole('heading', { name: 'Panier' })).toBeTruthy();
  });

  it("says 'Quantité maximale atteinte' in French when the cart holds all of the stock", async () => {
    fakeApi({ '/api/products/refurbished-monitor': { body: { ...detail, finalSale: false } } });
    addItem(cartItemFromProduct(monitor), 3, { notify: false });
    renderFrench('/products/refurbished-monitor');
    await screen.findByLabelText('Quantité');
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: frenchSpaces('Ajouter au panier : Refurbished Monitor') }));
    expect(toastText()).toEqual([
      `Quantité maximale atteinte${frenchSpaces('Votre panier en contient déjà 3. Quantité encore disponible : 0.')}×`,
    ]);
  });

  it("says 'Produit introuvable' for a missing product", async () => {
    fakeApi({});
    renderFrench('/products/no-such-thing');
    expect(await screen.findByRole('heading', { name: 'Produit introuvable' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Produit introuvable | Test Store'));
    expect(screen.getByRole('link', { name: 'Continuer vos achats' }).getAttribute('href')).toBe(
      '/fr/products',
    );
  });
});
