// The cart under /fr/cart: the page, its summary, its notices and the cart's toasts in French, money as
// '12,34 $'.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetToasts } from '~/client/components/ui/toast-store';
import { fakeApi, makeSiteConfig, renderRoutes, frenchSpaces } from '~/client/test/test-utils';
import { CartPage } from './cart-page';
import { addItem, type CartProductInput, clearCart, getCart, resetCartStoreForTests } from './cart-store';
import { OrderSummary } from './order-summary';

const monitor: CartProductInput = {
  productId: 11,
  name: 'Refurbished Monitor',
  price: '1000.00',
  imageUrl: '/uploads/monitor-640.webp',
  compareAtPrice: '1250.00',
  discountApplied: true,
  regularPrice: '1250.00',
  discountPercent: 20,
  slug: 'refurbished-monitor',
  stock: 3,
  finalSale: true,
};
const kettle: CartProductInput = {
  productId: 12,
  name: 'Kettle',
  price: '20.00',
  imageUrl: '/uploads/kettle-640.webp',
  compareAtPrice: null,
  discountApplied: false,
  slug: 'kettle',
  stock: 50,
};
const taxes = [
  { provinceCode: 'ON', provinceName: 'Ontario', taxRate: '13' },
  { provinceCode: 'QC', provinceName: 'Quebec', taxRate: '14.975', gstRate: '5', pstRate: '9.975' },
];

function renderFrenchCart() {
  return renderRoutes(
    [
      { path: 'cart', element: <CartPage /> },
      { path: 'checkout', element: <h1>Caisse</h1> },
    ],
    '/cart',
    undefined,
    { locale: 'fr' },
  );
}
const toastText = () => screen.queryAllByTestId('toast').map((t) => t.textContent);

beforeEach(() => {
  resetCartStoreForTests();
  resetToasts();
});

describe('the cart in French', () => {
  it("says 'Votre panier est vide' with French links under /fr", async () => {
    fakeApi({ '/api/taxes': { body: taxes } });
    renderFrenchCart();
    expect(await screen.findByRole('heading', { name: 'Votre panier est vide' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Panier d’achat | Test Store'));
    expect(screen.getByRole('heading', { level: 1, name: 'Panier d’achat' })).toBeTruthy();
    expect(
      within(screen.getByTestId('empty-cart'))
        .getByRole('link', { name: 'Continuer vos achats' })
        .getAttribute('href'),
    ).toBe('/fr/categories');
    expect((screen.getByRole('button', { name: 'Passer à la caisse' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('lists the items and the summary in French with French money', async () => {
    fakeApi({ '/api/taxes': { body: taxes } });
    addItem(monitor, 2, { notify: false });
    addItem(kettle, 1, { notify: false });
    renderFrenchCart();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Produit', 'Prix', 'Quantité', 'Total', 'Retirer']);
    const rows = screen.getAllByTestId('cart-row');
    expect(within(rows[0]!).getByRole('link').getAttribute('href')).toBe('/fr/products/11');
    expect(within(rows[0]!).getByTestId('final-sale').textContent).toBe('Vente finale');
    expect(within(rows[0]!).getByText('1 000,00 $ l’unité')).toBeTruthy();
    expect(within(rows[0]!).getByTestId('line-total').textContent).toBe(frenchSpaces('2 000,00 $'));
    expect(within(rows[0]!).getByLabelText('Quantité de Refurbished Monitor')).toBeTruthy();
    expect(within(rows[0]!).getByRole('button', { name: 'Retirer Refurbished Monitor' })).toBeTruthy();
    // Original 2 x 1250 + 20 = 2520, paid 2020, discount 500 (20%); tax 13% of 2020 = 262.60;
    // total 2282.60.
    const summary = within(screen.getByTestId('order-summary'));
    expect(summary.getByRole('heading', { name: 'Récapitulatif de la commande' })).toBeTruthy();
    expect(summary.getByText('Prix avant rabais')).toBeTruthy();
    expect(screen.getByTestId('summary-original').textContent).toBe(frenchSpaces('2 520,00 $'));
    expect(summary.getByText('Rabais (20 %)')).toBeTruthy();
    expect(screen.getByTestId('summary-discount').textContent).toBe(frenchSpaces('-500,00 $'));
    expect(summary.getByText('Sous-total (3 articles)')).toBeTruthy();
    expect(screen.getByTestId('summary-subtotal').textContent).toBe(frenchSpaces('2 020,00 $'));
    expect(summary.getByText('Taxes (13 %)')).toBeTruthy();
    expect(screen.getByTestId('summary-tax').textContent).toBe(frenchSpaces('262,60 $'));
    expect(screen.getByTestId('summary-total').textContent).toBe(frenchSpaces('2 282,60 $'));
    expect(screen.getByLabelText('Instructions spéciales')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Passer à la caisse' }).getAttribute('href')).toBe(
      '/fr/checkout',
    );
  });

  it('names a struck estimate of retail value in French', async () => {
    fakeApi({ '/api/taxes': { body: taxes } });
    // $180.00 struck above a selling price of $120.00: an estimate, never a price the shop charged.
    addItem(
      {
        ...kettle,
        productId: 13,
        name: 'Perceuse',
        price: '120.00',
        regularPrice: '120.00',
        compareAtPrice: '180.00',
      },
      1,
      { notify: false },
    );
    renderFrenchCart();
    const [row] = await screen.findAllByTestId('cart-row');
    expect(within(row!).getByTestId('cart-struck-price').textContent).toBe(
      frenchSpaces('Prix de détail estimé 180,00 $'),
    );
  });

  it('refuses more than the stock with the French toast', async () => {
    fakeApi({ '/api/taxes': { body: taxes } });
    addItem(monitor, 1, { notify: false });
    renderFrenchCart();
    const user = userEvent.setup();
    const plus = await screen.findByRole('button', { name: 'Augmenter la quantité de Refurbished Monitor' });
    await user.click(plus);
    await user.click(plus);
    await user.click(plus);
    expect(getCart().items[0]?.quantity).toBe(3);
    expect(toastText()).toEqual([
      `Quantité maximale atteinte${frenchSpaces('Votre panier contient déjà toute la quantité disponible de cet article (3).')}×`,
    ]);
  });

  it('changes a typed quantity, removes and clears with French toasts', async () => {
    fakeApi({ '/api/taxes': { body: taxes } });
    addItem(monitor, 1, { notify: false });
    addItem(kettle, 1, { notify: false });
    renderFrenchCart();
    const user = userEvent.setup();
    const typed = await screen.findByLabelText('Quantité de Kettle');
    await user.clear(typed);
    await user.type(typed, '5{Enter}');
    expect(toastText()).toEqual([`Panier mis à jour${frenchSpaces('Nouvelle quantité : 5')}×`]);
    await user.click(screen.getByRole('button', { name: 'Retirer Kettle' }));
    expect(toastText()).toEqual([
      `Article retiré${frenchSpaces('Article retiré de votre panier : Kettle.')}×`,
    ]);
    await user.click(screen.getByRole('button', { name: 'Vider le panier' }));
    expect(toastText()).toEqual(['Panier vidéTous les articles ont été retirés de votre panier.×']);
    expect(getCart().items).toEqual([]);
  });

  it('says what the quote changed in French', async () => {
    const quoteItem = (over: Record<string, unknown>) => ({
      name: 'x',
      price: '0.00',
      regularPrice: '0.00',
      compareAtPrice: null,
      discountApplied: false,
      discountPercentage: 0,
      quantity: 1,
      available: 10,
      ...over,
    });
    fakeApi({
      '/api/taxes': { body: taxes },
      '/api/cart/quote': {
        body: {
          subtotal: '0.00',
          discountAmount: '0.00',
          discountPercentage: '0.00',
          shippingCost: '0.00',
          taxRate: '13',
          taxAmount: '0.00',
          total: '0.00',
          unavailable: [12],
          items: [
            quoteItem({
              productId: 11,
              name: 'Refurbished Monitor',
              price: '937.50',
              regularPrice: '1250.00',
              compareAtPrice: '1250.00',
              discountApplied: true,
              discountPercentage: 25,
              quantity: 2,
              available: 1,
            }),
          ],
        },
      },
    });
    addItem(monitor, 2, { notify: false });
    addItem(kettle, 1, { notify: false });
    renderFrenchCart();
    const notice = await screen.findByTestId('quote-notice');
    expect(
      within(notice).getByText('Votre panier a été mis à jour selon les prix et les stocks du jour.'),
    ).toBeTruthy();
    expect(
      within(notice)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      frenchSpaces('Le prix de « Refurbished Monitor » est maintenant de 937,50 $ (il était de 1 000,00 $).'),
      frenchSpaces(
        'Il ne reste que 1 exemplaire de « Refurbished Monitor »; votre panier en contient maintenant 1.',
      ),
      frenchSpaces('L’article « Kettle » n’est plus offert et a été retiré de votre panier.'),
    ]);
  });

  it('names the Quebec taxes TPS and TVQ, and the shipping method, in French at checkout', async () => {
    fakeApi({
      '/api/taxes': { body: taxes },
      '/api/shipping': { body: { standardPrice: '10.00', expressPrice: '20.00', pickupAvailable: true } },
      '/api/site-config': { body: makeSiteConfig() },
    });
    addItem(kettle, 1, { notify: false });
    renderRoutes(
      [
        {
          path: 'checkout',
          element: <OrderSummary mode="checkout" shippingMethod="standard" province="QC" />,
        },
      ],
      '/checkout',
      undefined,
      { locale: 'fr' },
    );
    // Kettle 20.00 + standard shipping 10.00 = 30.00; GST 5% = 1.50, QST 9.975% = 2.9925 -> 2.99;
    // total 34.49.
    await waitFor(() =>
      expect(screen.getByTestId('summary-total').textContent).toBe(frenchSpaces('34,49 $ CAD')),
    );
    expect(screen.getByText('Livraison (Livraison standard)')).toBeTruthy();
    expect(screen.getByTestId('summary-shipping').textContent).toBe(frenchSpaces('10,00 $'));
    expect(screen.getAllByTestId('summary-tax-line').map((l) => l.closest('div')?.textContent)).toEqual([
      frenchSpaces('TPS (5 %)1,50 $'),
      frenchSpaces('TVQ (9,975 %)2,99 $'),
    ]);
  });

  it('speaks the language of the address when a caller gives none (the confirmation clearing the cart)', async () => {
    renderRoutes([{ path: 'done', element: <p>Confirmation</p> }], '/done');
    addItem(kettle, 1, { notify: false });
    window.history.replaceState(null, '', '/fr/checkout/confirmation?order_id=ORD-1');
    try {
      act(() => {
        clearCart();
      });
      expect(await screen.findByTestId('toast')).toBeTruthy();
      expect(toastText()).toEqual(['Panier vidéTous les articles ont été retirés de votre panier.×']);
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });
});
