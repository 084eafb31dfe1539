// Gift cards in the cart (docs/decisions/0534-gift-card-sales.md): their own lines beside the products,
// under their own storage key; the summary adds them untaxed; remove and Clear Cart take them out; a cart
// of cards alone is not empty and shows only the cards' line; in French too. Figures by hand.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetToasts } from '~/client/components/ui/toast-store';
import { fakeApi, frenchSpaces, renderRoutes } from '~/client/test/test-utils';
import { CartPage } from './cart-page';
import { addGiftCardLine, getGiftCardLines } from './gift-card-lines';
import { addItem, getCart, resetCartStoreForTests } from './cart-store';

const taxes = [{ provinceCode: 'ON', provinceName: 'Ontario', taxRate: '13' }];
const kettle = {
  productId: 12,
  name: 'Kettle',
  price: '20.00',
  imageUrl: '/uploads/kettle-640.webp',
  compareAtPrice: null,
  discountApplied: false,
  stock: 50,
};
const card = {
  amount: '50.00',
  quantity: 2,
  recipientName: 'Sam Friend',
  recipientEmail: 'sam@example.com',
  message: 'Happy birthday!',
};

function renderCart(locale: 'en' | 'fr' = 'en') {
  return renderRoutes([{ path: 'cart', element: <CartPage /> }], '/cart', undefined, { locale });
}

beforeEach(() => {
  resetCartStoreForTests();
  resetToasts();
  fakeApi({ '/api/taxes': { body: taxes } });
});

describe('gift cards in the cart', () => {
  it('lists a card line beside the products and adds it to the total untaxed', async () => {
    addItem(kettle, 1, { notify: false });
    addGiftCardLine(card);
    // Stored apart from the products' cart, which stays keyed by productId.
    expect(JSON.parse(window.localStorage.getItem('cart') ?? '{}').items).toHaveLength(1);
    expect(JSON.parse(window.localStorage.getItem('cart-gift-cards') ?? '[]')).toHaveLength(1);
    renderCart();
    const line = await screen.findByTestId('gift-card-line');
    expect(line.textContent).toContain('$50.00 gift card × 2');
    expect(line.textContent).toContain('For Sam Friend (sam@example.com)');
    expect(within(line).getByTestId('gift-card-line-total').textContent).toBe('$100.00');
    // Goods 20.00, tax 13% of 20.00 = 2.60; cards 2 x 50.00 = 100.00 untaxed; 20.00 + 2.60 + 100.00 = 122.60.
    expect(screen.getByTestId('summary-subtotal').textContent).toBe('$20.00');
    expect(screen.getByTestId('summary-tax').textContent).toBe('$2.60');
    expect(screen.getByTestId('summary-gift-cards').textContent).toBe('$100.00');
    expect(screen.getByTestId('summary-total').textContent).toBe('$122.60');
    expect(screen.getByRole('link', { name: 'Proceed to Checkout' }).getAttribute('href')).toBe('/checkout');

    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Remove the $50.00 gift card for Sam Friend' }));
    await waitFor(() => expect(screen.queryByTestId('gift-card-line')).toBeNull());
    expect(screen.queryByTestId('summary-gift-cards')).toBeNull();
    // 20.00 + 2.60 = 22.60.
    expect(screen.getByTestId('summary-total').textContent).toBe('$22.60');
    expect(window.localStorage.getItem('cart-gift-cards')).toBeNull();
  });

  it('a cart of cards alone is not empty: only the cards’ line and their total; Clear Cart empties it', async () => {
    addGiftCardLine({ ...card, quantity: 1 });
    addGiftCardLine({ ...card, amount: '25.00', recipientName: 'Ana', recipientEmail: 'ana@example.com' });
    renderCart();
    expect(await screen.findAllByTestId('gift-card-line')).toHaveLength(2);
    expect(screen.queryByTestId('empty-cart')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByTestId('summary-subtotal')).toBeNull();
    expect(screen.queryByTestId('summary-tax')).toBeNull();
    // 50.00 + 2 x 25.00 = 100.00, no tax.
    expect(screen.getByTestId('summary-gift-cards').textContent).toBe('$100.00');
    expect(screen.getByTestId('summary-total').textContent).toBe('$100.00');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear Cart' }));
    expect(await screen.findByTestId('empty-cart')).toBeTruthy();
    expect(getGiftCardLines()).toEqual([]);
    expect(getCart().items).toEqual([]);
    expect(window.localStorage.getItem('cart-gift-cards')).toBeNull();
  });

  it('reads in French', async () => {
    addItem(kettle, 1, { notify: false });
    addGiftCardLine(card);
    renderCart('fr');
    const line = await screen.findByTestId('gift-card-line');
    expect(line.textContent).toContain(frenchSpaces('Carte-cadeau de 50,00 $ × 2'));
    expect(line.textContent).toContain('Pour Sam Friend (sam@example.com)');
    expect(screen.getByText('Cartes-cadeaux (sans taxes)')).toBeTruthy();
    expect(screen.getByTestId('summary-total').textContent).toBe(frenchSpaces('122,60 $'));
    expect(
      screen.getByRole('button', {
        name: frenchSpaces('Retirer la carte-cadeau de 50,00 $ pour Sam Friend'),
      }),
    ).toBeTruthy();
  });
});
