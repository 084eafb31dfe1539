// The checkout page's store credit box and gift card field, and the gift card balance page (0531, 0533):
// shown with the balance to a signed-in customer who has credit, in English and French; sends
// useStoreCredit only once ticked; never shown to a guest or to a customer without credit.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '~/client/components/ui/toast-store';
import { addItem, resetCartStoreForTests } from '~/client/features/cart';
import { type FakeRoutes, fakeApi, makeUser, renderRoutes } from '~/client/test/test-utils';
import { paymentRedirect } from './checkout-form';
import { checkoutRoutes } from './routes';
import { fillCheckoutForm } from './fill-checkout-form';

beforeAll(async () => {
  await Promise.all([import('./checkout-page'), import('./checkout-form')]);
});

const jane = makeUser({ id: 5, username: 'jane', email: 'jane@example.com' });
const base: FakeRoutes = {
  '/api/taxes': { body: [{ provinceCode: 'ON', provinceName: 'Ontario', taxRate: '13' }] },
  '/api/shipping': { body: { standardPrice: '5.99', expressPrice: '14.99', pickupAvailable: true } },
  '/api/auth/me': { body: jane },
  '/api/account/store-credit': { body: { balance: '12.34', movements: [] } },
  '/api/square/create-checkout': {
    body: {
      success: true,
      checkoutUrl: 'http://store.test/pay/ORD-ABCDEFGHIJKLMNOP',
      orderId: 'ORD-ABCDEFGHIJKLMNOP',
    },
  },
};

const redirect = vi.fn();
beforeEach(() => {
  resetCartStoreForTests();
  resetToasts();
  redirect.mockReset();
  paymentRedirect.go = redirect;
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
});

const sentBodies = (api: ReturnType<typeof fakeApi>) =>
  api.mock.calls
    .filter(([input]) => String(input).includes('/api/square/create-checkout'))
    .map(
      (call) => JSON.parse(String(((call as unknown[])[1] as RequestInit).body)) as Record<string, unknown>,
    );

/** The signed-in shopper's form: the page fills the e-mail in itself. */
async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await waitFor(() =>
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('jane@example.com'),
  );
  await fillCheckoutForm(user, { email: null });
}

describe('the store credit box', () => {
  it('shows the balance, unticked, and sends useStoreCredit once ticked', async () => {
    const api = fakeApi(base);
    const user = userEvent.setup();
    renderRoutes(checkoutRoutes, '/checkout');
    const box = (await screen.findByLabelText('Use my store credit ($12.34 available)')) as HTMLInputElement;
    expect(box.checked).toBe(false);
    await fillForm(user);
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => expect(sentBodies(api)).toHaveLength(1));
    expect(sentBodies(api)[0]!.useStoreCredit).toBe(true);
  });

  it('sends nothing about credit when left unticked', async () => {
    const api = fakeApi(base);
    const user = userEvent.setup();
    renderRoutes(checkoutRoutes, '/checkout');
    await screen.findByLabelText('Use my store credit ($12.34 available)');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => expect(sentBodies(api)).toHaveLength(1));
    expect(sentBodies(api)[0]!).not.toHaveProperty('useStoreCredit');
    expect(sentBodies(api)[0]!).not.toHaveProperty('giftCardCodes');
  });

  it('reads in French', async () => {
    fakeApi(base);
    renderRoutes(checkoutRoutes, '/fr/checkout', undefined, { locale: 'fr' });
    expect(await screen.findByLabelText('Utiliser mon crédit en magasin (12,34 $ disponible)')).toBeTruthy();
  });

  it('is not shown to a guest, nor to a customer without credit', async () => {
    const guest = fakeApi({
      ...base,
      '/api/auth/me': { status: 401, body: { message: 'Please sign in to continue.' } },
    });
    const first = renderRoutes(checkoutRoutes, '/checkout');
    await screen.findByLabelText('First Name');
    expect(screen.queryByTestId('use-store-credit')).toBeNull();
    expect(guest.mock.calls.some(([input]) => String(input).includes('/api/account/store-credit'))).toBe(
      false,
    );
    first.unmount();
    fakeApi({ ...base, '/api/account/store-credit': { body: { balance: '0.00', movements: [] } } });
    renderRoutes(checkoutRoutes, '/checkout');
    await waitFor(() =>
      expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('jane@example.com'),
    );
    expect(screen.queryByTestId('use-store-credit')).toBeNull();
  });
});

describe('the gift card field', () => {
  it('sends the codes typed, one a line, and nothing when empty', async () => {
    const api = fakeApi({
      ...base,
      '/api/account/store-credit': { body: { balance: '0.00', movements: [] } },
    });
    const user = userEvent.setup();
    renderRoutes(checkoutRoutes, '/checkout');
    await fillForm(user);
    await user.type(
      screen.getByLabelText('Gift card codes'),
      'abcd-efgh-jklm-npqr{enter}{enter}WXYZ-2345-6723-4567',
    );
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => expect(sentBodies(api)).toHaveLength(1));
    expect(sentBodies(api)[0]!.giftCardCodes).toEqual(['abcd-efgh-jklm-npqr', 'WXYZ-2345-6723-4567']);
  });
});

describe('the gift card balance page', () => {
  it('shows the balance of a code, and a clear message for an unknown one', async () => {
    fakeApi({
      '/api/auth/me': { status: 401, body: { message: 'Please sign in to continue.' } },
      '/api/gift-cards/ABCD-EFGH-JKLM-NPQR/balance': {
        body: { last4: 'NPQR', balance: '10.63', currency: 'CAD' },
      },
      '/api/gift-cards/AAAA-BBBB-CCCC-DDDD/balance': { status: 404, body: { message: 'x' } },
    });
    const user = userEvent.setup();
    renderRoutes(checkoutRoutes, '/gift-cards/balance');
    const field = await screen.findByLabelText('Gift card code');
    await user.type(field, 'ABCD-EFGH-JKLM-NPQR');
    await user.click(screen.getByRole('button', { name: 'Check balance' }));
    expect((await screen.findByTestId('gift-card-balance')).textContent).toBe(
      'The card ending in NPQR holds $10.63.',
    );
    await user.clear(field);
    await user.type(field, 'AAAA-BBBB-CCCC-DDDD');
    await user.click(screen.getByRole('button', { name: 'Check balance' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This gift card code is not valid. Please check it and try again.',
    );
  });

  it('reads in French', async () => {
    fakeApi({
      '/api/auth/me': { status: 401, body: { message: 'Please sign in to continue.' } },
      '/api/gift-cards/ABCD-EFGH-JKLM-NPQR/balance': {
        body: { last4: 'NPQR', balance: '10.63', currency: 'CAD' },
      },
    });
    const user = userEvent.setup();
    renderRoutes(checkoutRoutes, '/fr/gift-cards/balance', undefined, { locale: 'fr' });
    await user.type(await screen.findByLabelText('Code de la carte-cadeau'), 'ABCD-EFGH-JKLM-NPQR');
    await user.click(screen.getByRole('button', { name: 'Vérifier le solde' }));
    expect((await screen.findByTestId('gift-card-balance')).textContent).toBe(
      'La carte se terminant par NPQR contient 10,63\u00a0$.',
    );
  });
});
