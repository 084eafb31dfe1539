// The checkout, the confirmation and the guest order look-up on a French page: the page's
// texts, toasts and money in Canadian French. The English pages are covered by their own tests.
import { getDefaultNormalizer, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '~/shared/schemas/orders';
import { resetToasts } from '~/client/components/ui/toast-store';
import { addItem, resetCartStoreForTests } from '~/client/features/cart';
import { type FakeRoutes, fakeApi, makeSiteConfig, makeUser, renderRoutes } from '~/client/test/test-utils';
import { paymentRedirect } from './checkout-form';
import { confirmationTiming } from './confirmation-page';
import { waitForTheCartToEmptyAfterEach } from './confirmation-test-timers';
import { checkoutRoutes } from './routes';

beforeAll(async () => {
  await Promise.all([
    import('./checkout-page'),
    import('./checkout-form'),
    import('./confirmation-page'),
    import('./order-lookup-page'),
  ]);
});

const NBSP = '\u00a0';
/** Matches text as it is: French amounts keep their no-break spaces ('2 469,00 $'). */
const exact = { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) };
const REF = 'ORD-ABCDEFGHIJKLMNOP';
const shipping = { standardPrice: '5.99', expressPrice: '14.99', pickupAvailable: true };
const base: FakeRoutes = {
  '/api/taxes': { body: [{ provinceCode: 'QC', provinceName: 'Quebec', taxRate: '14.975' }] },
  '/api/shipping': { body: shipping },
  '/api/site-config': { body: makeSiteConfig() },
  '/api/auth/me': { status: 401, body: { message: 'Please sign in to continue.' } },
};

const french = (path: string) => renderRoutes(checkoutRoutes, path, undefined, { locale: 'fr' });

function addLamp({ finalSale = false } = {}) {
  addItem(
    {
      productId: 7,
      name: 'Lampe de bureau',
      price: '1234.50',
      imageUrl: null,
      compareAtPrice: null,
      discountApplied: false,
      stock: 10,
      finalSale,
    },
    2,
    { notify: false },
  );
}

function order(overrides: Partial<Order> = {}): Order {
  return {
    id: 42,
    orderReference: REF,
    userId: null,
    customerName: 'Josée Tremblay',
    customerEmail: 'josee@example.com',
    customerPhone: '418-555-0123',
    shippingAddress: {
      addressLine1: '12 rue Saint-Jean',
      city: 'Québec',
      state: 'QC',
      zipCode: 'G1R 1N8',
      country: 'Canada',
    },
    shippingMethod: 'pickup',
    shippingCost: '0.00',
    subtotal: '2469.00',
    discountPercentage: '0',
    discountAmount: '0.00',
    taxRate: '14.975',
    taxAmount: '369.73',
    taxLines: [
      { code: 'GST', rate: '5', amount: '123.45' },
      { code: 'QST', rate: '9.975', amount: '246.28' },
    ],
    currency: 'CAD',
    refundedAmount: '0.00',
    total: '2838.73',
    status: 'shipped',
    paymentStatus: 'completed',
    paymentMethod: 'square',
    paymentReference: 'SQ-1',
    trackingNumber: null,
    estimatedDeliveryDate: null,
    notes: null,
    createdAt: '2025-03-01T15:30:00.000Z',
    updatedAt: '2025-03-01T15:31:00.000Z',
    items: [
      {
        id: 1,
        productId: 7,
        name: 'Lampe de bureau',
        productName: 'Lampe de bureau',
        sku: 'LOT-7',
        imageUrl: null,
        price: '1234.50',
        compareAtPrice: null,
        discount: '0.00',
        quantity: 2,
      },
    ],
    ...overrides,
  };
}

waitForTheCartToEmptyAfterEach();
beforeEach(() => {
  resetCartStoreForTests();
  resetToasts();
  paymentRedirect.go = vi.fn();
  confirmationTiming.retryMs = 1;
});

describe('the checkout in French', { timeout: 30_000 }, () => {
  it('labels the form, the shipping methods and their prices in French', async () => {
    addLamp();
    fakeApi(base);
    const user = userEvent.setup();
    french('/checkout');
    expect(await screen.findByRole('heading', { level: 1, name: 'Paiement' })).toBeTruthy();
    // The form's code is fetched after the page's heading shows (the first test of a worker waits for it).
    expect(await screen.findByRole('form', { name: 'Paiement' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Renseignements sur le client' })).toBeTruthy();
    for (const label of ['Prénom', 'Nom', 'Adresse courriel', 'Téléphone', 'Adresse (ligne 1)', 'Ville'])
      expect(screen.getByLabelText(label)).toBeTruthy();
    expect(screen.getByLabelText('Province')).toBeTruthy();
    expect(screen.getByLabelText('Code postal')).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Choisissez une province' })).toBeTruthy();
    expect(await screen.findByRole('option', { name: 'QC - Québec' })).toBeTruthy();
    expect(
      screen.getByPlaceholderText('Instructions de livraison ou tout ce que nous devrions savoir'),
    ).toBeTruthy();
    const methods = screen.getByRole('group', { name: 'Mode de livraison' });
    // The settings' prices: 5.99 and 14.99, the French way; pickup is free.
    await waitFor(() => expect(within(methods).getByText(`5,99${NBSP}$`, exact)).toBeTruthy());
    expect(within(methods).getByText(`14,99${NBSP}$`, exact)).toBeTruthy();
    expect(within(methods).getByText('Gratuit')).toBeTruthy();
    expect(within(methods).getByText('Venez chercher votre commande à notre magasin')).toBeTruthy();
    expect(within(methods).getByText('Livraison standard')).toBeTruthy();
    expect(within(methods).getByText('3 à 5 jours ouvrables')).toBeTruthy();
    expect(within(methods).getByText('Cueillette en magasin')).toBeTruthy();
    expect(screen.getByLabelText('Créer un compte pour suivre ma commande')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continuer vers le paiement' })).toBeTruthy();

    // The country's name is French; the value sent stays the stored one.
    const country = screen.getByLabelText('Pays');
    expect(within(country).getByRole('option', { name: 'États-Unis' })).toHaveProperty('value', 'US');
    await user.selectOptions(country, 'US');
    expect(screen.getByLabelText('État')).toBeTruthy();
    expect(screen.getByLabelText('Code ZIP')).toBeTruthy();
    expect(screen.getByTestId('currency-notice').textContent).toBe(
      'Tous les prix sont en dollars canadiens (CAD); l’émetteur de votre carte convertit le total dans votre devise.',
    );
  });

  it('asks for a shipping method in French', async () => {
    addLamp();
    fakeApi(base);
    const user = userEvent.setup();
    french('/checkout');
    await user.click(await screen.findByRole('button', { name: 'Continuer vers le paiement' }));
    expect(await screen.findByText('Mode de livraison requis')).toBeTruthy();
    expect(
      screen.getByText(
        'Veuillez choisir un mode de livraison valide (cueillette, standard ou express) avant de continuer.',
      ),
    ).toBeTruthy();
  });

  it('asks to confirm final-sale items in French', async () => {
    addLamp({ finalSale: true });
    fakeApi(base);
    french('/checkout');
    const section = await screen.findByTestId('final-sale-section');
    expect(within(section).getByRole('heading', { name: 'Articles en vente finale' })).toBeTruthy();
    expect(
      within(section).getByText('Vente finale : cet article ne peut être ni retourné ni échangé.'),
    ).toBeTruthy();
    expect(
      within(section).getByLabelText(
        'Je comprends que les articles en vente finale ne peuvent être ni retournés ni échangés.',
      ),
    ).toBeTruthy();
  });

  it('says the cart is empty in French', async () => {
    fakeApi(base);
    french('/checkout');
    expect(await screen.findByRole('heading', { name: 'Votre panier est vide' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continuer vos achats' })).toBeTruthy();
  });

  it('greets a signed-in customer in French', async () => {
    addLamp();
    fakeApi({ ...base, '/api/auth/me': { body: makeUser({ username: 'josee' }) } });
    french('/checkout');
    expect(await screen.findByText('josee')).toBeTruthy();
    expect(screen.getByText(/Connecté en tant que/).textContent).toBe(
      'Connecté en tant que josee. Cette commande figurera dans votre compte.',
    );
    expect(screen.getByLabelText('Enregistrer cette adresse dans mon profil')).toBeTruthy();
  });
});

describe('the confirmation in French', { timeout: 30_000 }, () => {
  it('shows a paid order with its texts and amounts in French', async () => {
    fakeApi({ ...base, [`/api/orders/${REF}`]: { body: order() } });
    french(`/checkout/confirmation?order_id=${REF}&status=success`);
    expect(await screen.findByRole('heading', { name: 'Commande confirmée!' })).toBeTruthy();
    expect(screen.getByText('Merci de votre achat, Josée Tremblay.')).toBeTruthy();
    expect(screen.getByText('Numéro de commande')).toBeTruthy();
    expect(screen.getByText('Statut du paiement')).toBeTruthy();
    expect(screen.getByTestId('payment-status').textContent).toBe('Payé');
    expect(screen.getByText('Expédiée', { selector: 'dd' })).toBeTruthy();
    expect(screen.getByTestId('shipping-method').textContent).toBe('Cueillette en magasin');
    // The Québec taxes by their French names, the money the French way.
    expect(screen.getByText('TPS (5\u00a0%)', exact)).toBeTruthy();
    expect(screen.getByText('TVQ (9,975\u00a0%)', exact)).toBeTruthy();
    expect(screen.getByTestId('confirmation-total').textContent).toBe(`2${NBSP}838,73${NBSP}$ CAD`);
    // A pickup order: where to collect it, never a shipping address.
    expect(screen.getByRole('heading', { name: 'Lieu de cueillette' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Adresse de livraison' })).toBeNull();
    expect(screen.getByText('Adresse de cueillette')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Récapitulatif de la commande' })).toBeTruthy();
    // 2 × 1 234,50 $ = 2 469,00 $: the item's line, and the subtotal.
    expect(screen.getAllByText(`2${NBSP}469,00${NBSP}$`, exact)).toHaveLength(2);
    expect(screen.getByTestId('confirmation-subtotal').textContent).toBe(`2${NBSP}469,00${NBSP}$`);
    expect(screen.getByRole('heading', { name: 'Et maintenant?' })).toBeTruthy();
    expect(
      screen.getByText(
        'Nous avons envoyé un courriel de confirmation à josee@example.com avec les détails de votre commande. Nous vous aviserons lorsque votre commande sera prête pour la cueillette.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Retour à l’accueil' }).getAttribute('href')).toBe('/fr/');
    expect(screen.getByRole('link', { name: 'Voir mes commandes' }).getAttribute('href')).toBe(
      `/fr/orders/lookup?reference=${REF}`,
    );
    expect(await screen.findByText('Commande terminée')).toBeTruthy();
    expect(screen.getByText('Votre commande a bien été passée.')).toBeTruthy();
  });

  it('says a declined payment in French and offers to try again', async () => {
    fakeApi(base);
    french(`/checkout/confirmation?order_id=${REF}&status=failed&error=declined`);
    expect(await screen.findByRole('heading', { name: 'Le paiement n’a pas abouti' })).toBeTruthy();
    expect(
      screen.getByText('Votre paiement a été refusé. Aucun montant n’a été prélevé.', { selector: 'p' }),
    ).toBeTruthy();
    // The toast (Radix may show its screen-reader copy beside it).
    expect((await screen.findAllByText('Échec du paiement')).length).toBeGreaterThan(0);
    expect(
      screen.getByText('Ne vous inquiétez pas : les articles de votre panier sont toujours enregistrés.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Réessayer' }).getAttribute('href')).toBe('/fr/checkout');
  });

  it('shows its own default for a code the store did not write', async () => {
    fakeApi(base);
    french(`/checkout/confirmation?order_id=${REF}&status=failed&error=Something%20else`);
    expect(
      await screen.findByText('Nous n’avons pas pu traiter votre paiement. Veuillez réessayer.', {
        selector: 'p',
      }),
    ).toBeTruthy();
  });
});

describe('the guest order look-up in French', { timeout: 30_000 }, () => {
  it('asks for the reference and e-mail, then shows the order with its tracker, in French', async () => {
    fakeApi({ ...base, '/api/orders/lookup': { body: order() } });
    const user = userEvent.setup();
    french('/orders/lookup');
    expect(await screen.findByRole('heading', { level: 1, name: 'Retrouver votre commande' })).toBeTruthy();
    await user.type(screen.getByLabelText('Référence de commande'), REF);
    await user.type(screen.getByLabelText('Adresse courriel'), 'josee@example.com');
    await user.click(screen.getByRole('button', { name: 'Retrouver ma commande' }));
    expect(await screen.findByRole('heading', { name: `Commande ${REF}` })).toBeTruthy();
    const tracker = screen.getByRole('list', { name: 'Progression de la commande' });
    expect(tracker.textContent).toBe('✓En traitement (terminée)✓Expédiée (terminée)3Livrée (à venir)');
    expect(screen.getByRole('button', { name: 'Retrouver une autre commande' })).toBeTruthy();
  });
});
