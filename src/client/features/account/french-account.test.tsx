// The customer's account on a French page: tabs, orders with their tracker, the details
// dialog, dates and money in Canadian French, settings and the re-order toast.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountOrder } from '~/shared/schemas/account';
import { resetToasts } from '~/client/components/ui/toast-store';
import { resetCartStoreForTests } from '~/client/features/cart';
import { fakeApi, makeProduct, makeUser, renderRoutes } from '~/client/test/test-utils';
import { accountRoutes } from './routes';

beforeAll(async () => {
  await import('./account-page');
});

const NBSP = '\u00a0';

function makeOrder(overrides: Partial<AccountOrder> = {}): AccountOrder {
  return {
    id: 41,
    orderReference: 'ref-abc',
    userId: 7,
    customerName: 'Josée Tremblay',
    customerEmail: 'josee@example.com',
    customerPhone: '418-555-0101',
    shippingAddress: JSON.stringify({
      address: '12 rue Saint-Jean',
      city: 'Québec',
      province: 'QC',
      postalCode: 'G1R 1N8',
      country: 'Canada',
    }),
    shippingMethod: 'standard',
    shippingCost: '5.99',
    subtotal: '2469.00',
    discountPercentage: '0',
    discountAmount: '0.00',
    taxRate: '14.975',
    taxAmount: '370.63',
    taxLines: [
      { code: 'GST', rate: '5', amount: '123.75' },
      { code: 'QST', rate: '9.975', amount: '246.88' },
    ],
    currency: 'CAD',
    refundedAmount: '0.00',
    total: '2845.62',
    status: 'shipped',
    paymentStatus: 'completed',
    paymentMethod: 'square',
    paymentReference: 'pay_123',
    trackingNumber: null,
    estimatedDeliveryDate: '2025-02-07',
    notes: null,
    createdAt: '2025-02-03T15:00:00.000Z',
    updatedAt: '2025-02-03T15:00:00.000Z',
    items: [
      {
        id: 1,
        productId: 5,
        name: 'Lampe de bureau',
        productName: 'Lampe de bureau',
        sku: 'LOT-LAMP',
        imageUrl: null,
        price: '1234.50',
        quantity: 2,
      },
    ],
    ...overrides,
  };
}

const signedIn = (orders: AccountOrder[] = []) => ({
  '/api/auth/me': { body: makeUser({ username: 'josee' }) },
  '/api/orders/my-orders': { body: orders },
});

const french = (path: string) => renderRoutes(accountRoutes, path, undefined, { locale: 'fr' });

beforeEach(() => {
  resetCartStoreForTests();
});
afterEach(() => {
  resetToasts();
  vi.unstubAllGlobals();
});

describe('/fr/account', { timeout: 30_000 }, () => {
  it('has its menu, profile and payment methods in French', async () => {
    fakeApi(signedIn());
    const user = userEvent.setup();
    french('/account');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mon compte' })).toBeTruthy();
    expect(screen.getByText(/Connecté en tant que/).textContent).toBe('Connecté en tant que josee');
    const tabs = screen.getByRole('tablist', { name: 'Sections du compte' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Profil', 'Mes commandes', 'Modes de paiement', 'Alertes', 'Paramètres']);
    expect(screen.getByRole('button', { name: 'Se déconnecter' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Profil' })).toBeTruthy();
    expect(screen.getByLabelText('Adresse courriel')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mettre à jour le profil' })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Modes de paiement' }));
    expect(await screen.findByText('Aucun mode de paiement enregistré')).toBeTruthy();
  });

  it('shows the store credit and its movements in French', async () => {
    fakeApi({
      ...signedIn(),
      '/api/account/store-credit': {
        body: {
          balance: '1234.50',
          movements: [
            {
              id: 3,
              amount: '1234.50',
              kind: 'refund',
              reason: 'Arrivé endommagé',
              orderId: 41,
              refundId: 9,
              balanceAfter: '1234.50',
              createdAt: '2025-02-03T15:00:00.000Z',
            },
          ],
        },
      },
    });
    french('/account?tab=payment');
    expect(await screen.findByRole('heading', { level: 3, name: 'Crédit en magasin' })).toBeTruthy();
    expect((await screen.findByTestId('store-credit-balance')).textContent).toBe(`1${NBSP}234,50${NBSP}$`);
    const table = screen.getByRole('table', { name: 'Mouvements du crédit en magasin' });
    expect(within(table).getByText('Remboursement — Arrivé endommagé')).toBeTruthy();
    expect(within(table).getAllByText(`1${NBSP}234,50${NBSP}$`, { normalizer: (s) => s })).toHaveLength(2);
  });

  it('lists the orders with their tracker, dates and money in French, and their details', async () => {
    fakeApi(signedIn([makeOrder()]));
    const user = userEvent.setup();
    french('/account?tab=orders');
    const card = await screen.findByTestId('order-card');
    expect(within(card).getByRole('heading', { name: 'Commande nº\u00a041' })).toBeTruthy();
    expect(within(card).getByText('3 février 2025')).toBeTruthy();
    expect(within(card).getByTestId('order-tracking').textContent).toBe('Pas encore disponible');
    expect(within(card).getByTestId('order-estimated-delivery').textContent).toContain('7 février 2025');
    expect(within(card).getByRole('list', { name: 'Progression de la commande' }).textContent).toContain(
      'Expédiée (terminée)',
    );
    const items = within(card).getByRole('region', { name: 'Articles de la commande' });
    expect(within(items).getByRole('columnheader', { name: 'Produit' })).toBeTruthy();
    expect(within(items).getByText(`1${NBSP}234,50${NBSP}$`, { normalizer: (s) => s })).toBeTruthy();

    await user.click(within(card).getByRole('button', { name: 'Voir les détails' }));
    const dialog = await screen.findByRole('dialog', { name: 'Détails de la commande nº\u00a041' });
    expect(within(dialog).getByText('Carte de crédit (Square)')).toBeTruthy();
    expect(within(dialog).getByRole('columnheader', { name: 'UGS' })).toBeTruthy();
    // The line's total, 2 × 1 234,50 $, and the subtotal.
    expect(within(dialog).getAllByText(`2${NBSP}469,00${NBSP}$`, { normalizer: (s) => s })).toHaveLength(2);
    expect(within(dialog).getByText('TVQ (9,975\u00a0%)', { normalizer: (s) => s })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Imprimer le reçu' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Fermer les détails' })).toBeTruthy();
  });

  it('re-orders with a French toast', async () => {
    fakeApi({
      ...signedIn([makeOrder()]),
      '/api/products/5': { body: makeProduct({ id: 5, name: 'Lampe de bureau', stock: 1 }) },
    });
    const { router } = french('/account?tab=orders');
    await userEvent.click(await screen.findByRole('button', { name: 'Commander de nouveau' }));
    await waitFor(() => expect(router.location().pathname).toBe('/fr/cart'));
    expect(await screen.findByText('Articles ajoutés au panier')).toBeTruthy();
    const description = screen.getAllByText(/de la commande nº 41/)[0]!.textContent!;
    expect(description).toBe(
      '1 article de la commande nº\u00a041 a été ajouté à votre panier au prix d’aujourd’hui. Non ajoutés : seulement 1 sur 2 × Lampe de bureau (stock limité).',
    );
  });

  it('has its settings and the account deletion in French', async () => {
    fakeApi(signedIn());
    french('/account?tab=settings');
    expect(await screen.findByRole('heading', { name: 'Paramètres' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Changer le mot de passe' })).toBeTruthy();
    expect(screen.getByLabelText(/Notifications par courriel/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Supprimer le compte' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Supprimer votre compte?' });
    expect(within(dialog).getByLabelText('Entrez votre mot de passe pour confirmer')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Supprimer mon compte' })).toBeTruthy();
  });
});
