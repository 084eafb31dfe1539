// Gift cards at checkout (docs/decisions/0534-gift-card-sales.md): the cart's card lines are sent as
// `giftCards` and their value is in the total, untaxed; a cart of cards alone asks for no address or
// method and goes as pickup with no address; the server's refusal of gift card codes paying for gift
// cards is shown at the codes field, in English and French. Figures by hand.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '~/client/components/ui/toast-store';
import { addGiftCardLine, addItem, resetCartStoreForTests } from '~/client/features/cart';
import { type FakeRoutes, fakeApi, frenchSpaces, renderRoutes } from '~/client/test/test-utils';
import { paymentRedirect } from './checkout-form';
import { ACCEPT_CONTRACT, fillCheckoutForm } from './fill-checkout-form';
import { checkoutRoutes } from './routes';

beforeAll(async () => {
  await Promise.all([import('./checkout-page'), import('./checkout-form')]);
});

const created = {
  body: { success: true, checkoutUrl: 'http://store.test/pay/ORD-GIFT', orderId: 'ORD-GIFT' },
};
const base: FakeRoutes = {
  '/api/taxes': { body: [{ provinceCode: 'ON', provinceName: 'Ontario', taxRate: '13' }] },
  '/api/shipping': { body: { standardPrice: '5.99', expressPrice: '14.99', pickupAvailable: false } },
  '/api/auth/me': { status: 401, body: { message: 'Please sign in to continue.' } },
  '/api/square/create-checkout': created,
};
const card = { amount: '50.00', quantity: 2, recipientName: 'Sam Friend', recipientEmail: 'sam@example.com' };

type SentBody = {
  items: unknown[];
  giftCards?: unknown[];
  giftCardCodes?: string[];
  orderData: Record<string, unknown>;
};

const redirect = vi.fn();
beforeEach(() => {
  resetCartStoreForTests();
  resetToasts();
  redirect.mockReset();
  paymentRedirect.go = redirect;
});

const sentBodies = (api: ReturnType<typeof fakeApi>) =>
  api.mock.calls
    .filter(([input]) => String(input).includes('/api/square/create-checkout'))
    .map((call) => JSON.parse(String(((call as unknown[])[1] as RequestInit).body)) as SentBody);

async function fillContact(user: ReturnType<typeof userEvent.setup>, accept: RegExp = ACCEPT_CONTRACT) {
  await user.type(await screen.findByLabelText(/^(First Name|Prénom)$/), 'Jane');
  await user.type(screen.getByLabelText(/^(Last Name|Nom)$/), 'Shopper');
  await user.type(screen.getByLabelText(/^(Email|Adresse courriel)$/), 'jane@example.com');
  await user.type(screen.getByLabelText(/^(Phone|Téléphone)$/), '416-555-0123');
  await user.click(screen.getByRole('checkbox', { name: accept }));
}

describe('gift cards at checkout', () => {
  it('a cart of cards alone asks no address and is sent as pickup with no address, untaxed', async () => {
    const api = fakeApi(base);
    const user = userEvent.setup();
    addGiftCardLine({ ...card, message: 'Happy birthday!' });
    renderRoutes(checkoutRoutes, '/checkout');
    expect(await screen.findByTestId('cards-only')).toBeTruthy();
    expect(screen.queryByLabelText('Address Line 1')).toBeNull();
    expect(screen.queryByRole('radio', { name: /Standard Shipping/ })).toBeNull();
    expect(screen.getAllByTestId('checkout-gift-card')[0]!.textContent).toContain('$50.00 gift card × 2');
    // The contract states the total and no delivery or pickup.
    const contract = screen.getByTestId('contract-section').textContent ?? '';
    expect(contract).toContain('$100.00');
    expect(contract).not.toMatch(/pickup|Pickup/);
    await fillContact(user);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => expect(sentBodies(api)).toHaveLength(1));
    const body = sentBodies(api)[0]!;
    expect(body.items).toEqual([]);
    expect(body.giftCards).toEqual([{ ...card, message: 'Happy birthday!' }]);
    // 2 x 50.00 = 100.00: no goods, no shipping, no tax.
    expect(body.orderData).toMatchObject({
      shippingMethod: 'pickup',
      shippingAddress: null,
      subtotal: '0.00',
      shippingCost: '0.00',
      taxAmount: '0.00',
      total: '100.00',
    });
    expect(body.orderData).not.toHaveProperty('pickupSlotId');
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('http://store.test/pay/ORD-GIFT'));
  });

  it('beside goods: the goods are shipped and taxed, the cards added untaxed', async () => {
    const api = fakeApi(base);
    const user = userEvent.setup();
    addItem(
      {
        productId: 7,
        name: 'Desk Lamp',
        price: '20.00',
        imageUrl: null,
        compareAtPrice: null,
        discountApplied: false,
        stock: 10,
      },
      1,
      { notify: false },
    );
    addGiftCardLine(card);
    renderRoutes(checkoutRoutes, '/checkout');
    await screen.findByLabelText('First Name');
    await fillCheckoutForm(user);
    // 20.00 + 5.99 = 25.99, HST 13% = 3.3787 -> 3.38, goods 29.37; cards 2 x 50.00 = 100.00; 129.37.
    await waitFor(() => expect(screen.getByTestId('summary-total').textContent).toContain('$129.37'));
    expect(screen.getByTestId('summary-gift-cards').textContent).toBe('$100.00');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => expect(sentBodies(api)).toHaveLength(1));
    const body = sentBodies(api)[0]!;
    expect(body.items).toHaveLength(1);
    expect(body.giftCards).toEqual([card]);
    expect(body.orderData).toMatchObject({
      shippingMethod: 'standard',
      subtotal: '20.00',
      shippingCost: '5.99',
      taxAmount: '3.38',
      total: '129.37',
    });
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('http://store.test/pay/ORD-GIFT'));
  });

  it('shows the server’s refusal of gift card codes paying for a gift card at the codes field', async () => {
    const message =
      'A gift card cannot be paid for with a gift card. Please remove the gift card code, or buy the gift card in its own order paid by card.';
    const api = fakeApi({
      ...base,
      '/api/square/create-checkout': { status: 400, body: { message, code: 'gift_card_for_gift_card' } },
    });
    const user = userEvent.setup();
    addGiftCardLine(card);
    renderRoutes(checkoutRoutes, '/checkout');
    await fillContact(user);
    await user.type(screen.getByTestId('gift-card-codes'), 'ABCD-EFGH-JKLM-NPQR');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => expect(sentBodies(api)).toHaveLength(1));
    expect(sentBodies(api)[0]!.giftCardCodes).toEqual(['ABCD-EFGH-JKLM-NPQR']);
    expect((await screen.findByTestId('gift-card-codes-refusal')).textContent).toBe(message);
    expect(screen.getByTestId('gift-card-codes').getAttribute('aria-invalid')).toBe('true');
    expect(redirect).not.toHaveBeenCalled();
    // Changing the codes takes the refusal away.
    await user.clear(screen.getByTestId('gift-card-codes'));
    expect(screen.queryByTestId('gift-card-codes-refusal')).toBeNull();
  });

  it('reads in French, the refusal in the server’s French', async () => {
    const message =
      'Une carte-cadeau ne peut pas être payée avec une carte-cadeau. Veuillez retirer le code de la carte-cadeau, ou acheter la carte-cadeau dans une commande à part payée par carte.';
    fakeApi({
      ...base,
      '/api/square/create-checkout': { status: 400, body: { message, code: 'gift_card_for_gift_card' } },
    });
    const user = userEvent.setup();
    addGiftCardLine(card);
    renderRoutes(checkoutRoutes, '/checkout', undefined, { locale: 'fr' });
    expect((await screen.findByTestId('cards-only')).textContent).toBe(
      frenchSpaces(
        'Les cartes-cadeaux sont envoyées par courriel : aucune adresse de livraison n’est requise.',
      ),
    );
    expect(screen.getAllByTestId('checkout-gift-card')[0]!.textContent).toContain(
      frenchSpaces('Carte-cadeau de 50,00 $ × 2'),
    );
    await fillContact(user, /^J’ai lu ce résumé et j’accepte le contrat/);
    await user.type(screen.getByTestId('gift-card-codes'), 'ABCD-EFGH-JKLM-NPQR');
    await user.click(screen.getByRole('button', { name: 'Continuer vers le paiement' }));
    expect((await screen.findByTestId('gift-card-codes-refusal')).textContent).toBe(message);
  });
});
