// The gift card shop (/gift-cards, docs/decisions/0534-gift-card-sales.md): the shared schema's messages
// for a missing recipient, a bad e-mail and an amount outside the limits or not whole dollars; a valid
// card put in the cart under its own storage key; the page and its messages in French.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetToasts } from '~/client/components/ui/toast-store';
import { resetCartStoreForTests } from '~/client/features/cart';
import { fakeApi, frenchSpaces, renderRoutes } from '~/client/test/test-utils';
import { giftCardRoutes } from './routes';

beforeAll(async () => {
  await import('./gift-cards-page');
});

beforeEach(() => {
  resetCartStoreForTests();
  resetToasts();
  fakeApi({});
});

const stored = () => JSON.parse(window.localStorage.getItem('cart-gift-cards') ?? '[]') as unknown[];
const messages = () => screen.queryAllByTestId('field-error').map((e) => e.textContent);

describe('the gift card page', () => {
  it('refuses a missing recipient and a bad e-mail with the schema’s messages, adding nothing', async () => {
    const user = userEvent.setup();
    renderRoutes(giftCardRoutes(), '/gift-cards');
    await screen.findByRole('heading', { level: 1, name: 'Gift cards' });
    await waitFor(() => expect(document.title).toBe('Gift cards | Test Store'));
    await user.type(screen.getByLabelText('Recipient’s e-mail'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(messages()).toEqual([
      'Please enter the name of the person receiving the card.',
      'Please enter a valid email address.',
    ]);
    expect(document.activeElement).toBe(screen.getByLabelText('Recipient’s name'));
    expect(stored()).toEqual([]);
  });

  it('takes a custom amount only in whole dollars from $10 to $500', async () => {
    const user = userEvent.setup();
    renderRoutes(giftCardRoutes(), '/gift-cards');
    await user.click(await screen.findByRole('radio', { name: 'Other amount' }));
    await user.type(screen.getByLabelText('Recipient’s name'), 'Sam Friend');
    await user.type(screen.getByLabelText('Recipient’s e-mail'), 'sam@example.com');
    const custom = screen.getByLabelText('Amount in dollars');
    for (const typed of ['9', '501', '25.50', 'ten']) {
      await user.clear(custom);
      await user.type(custom, typed);
      await user.click(screen.getByRole('button', { name: 'Add to cart' }));
      expect(messages(), typed).toEqual(['A gift card is worth a whole number of dollars, from 10 to 500.']);
    }
    expect(stored()).toEqual([]);
    await user.clear(custom);
    await user.type(custom, '40');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(messages()).toEqual([]);
    expect(stored()).toEqual([
      expect.objectContaining({ amount: '40.00', quantity: 1, recipientName: 'Sam Friend' }),
    ]);
  });

  it('adds a chosen amount, quantity, recipient and message to the cart, and says so', async () => {
    const user = userEvent.setup();
    renderRoutes(giftCardRoutes(), '/gift-cards');
    await user.click(await screen.findByRole('radio', { name: '$100.00' }));
    await user.selectOptions(screen.getByLabelText('Number of cards'), '2');
    await user.type(screen.getByLabelText('Recipient’s name'), 'Sam Friend');
    await user.type(screen.getByLabelText('Recipient’s e-mail'), 'sam@example.com');
    await user.type(screen.getByLabelText(/^Message/), 'Happy birthday!');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(stored()).toEqual([
      {
        id: expect.any(String),
        amount: '100.00',
        quantity: 2,
        recipientName: 'Sam Friend',
        recipientEmail: 'sam@example.com',
        message: 'Happy birthday!',
      },
    ]);
    expect(await screen.findByText('Gift card added to your cart')).toBeTruthy();
    expect(screen.getByText('$100.00 gift card for Sam Friend.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Cart' }).getAttribute('href')).toBe('/cart');
    // The recipient's fields are emptied for the next card.
    expect((screen.getByLabelText('Recipient’s name') as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('link', { name: 'Check a gift card’s balance' }).getAttribute('href')).toBe(
      '/gift-cards/balance',
    );
  });

  it('reads in French, with French messages and money', async () => {
    const user = userEvent.setup();
    renderRoutes(giftCardRoutes(), '/gift-cards', undefined, { locale: 'fr' });
    await screen.findByRole('heading', { level: 1, name: 'Cartes-cadeaux' });
    expect(screen.getByRole('radio', { name: frenchSpaces('25,00 $') })).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Autre montant' }));
    await user.type(screen.getByLabelText('Montant en dollars'), '5');
    await user.type(screen.getByLabelText('Courriel du destinataire'), 'x');
    await user.click(screen.getByRole('button', { name: 'Ajouter au panier' }));
    expect(messages()).toEqual([
      frenchSpaces('Une carte-cadeau vaut un nombre entier de dollars, de 10 à 500.'),
      'Veuillez entrer le nom de la personne qui reçoit la carte.',
      expect.stringMatching(/^Veuillez/),
    ]);
    expect(
      screen.getByRole('link', { name: 'Vérifier le solde d’une carte-cadeau' }).getAttribute('href'),
    ).toBe('/fr/gift-cards/balance');
  });
});
