// A remembered checkout (docs/decisions/0282-remembered-checkout.md): what the shopper typed comes back
// in the same tab (never the passwords), a signed-in customer's saved details fill an empty form, and
// 'Save this address to my profile' saves them before the checkout is created.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetToasts } from '~/client/components/ui/toast-store';
import { addItem, resetCartStoreForTests } from '~/client/features/cart';
import { fakeApi, type FakeRoutes, makeUser, renderRoutes } from '~/client/test/test-utils';
import { paymentRedirect } from './checkout-form';
import { forgetTypedCheckout, TYPED_CHECKOUT_KEY } from './remembered-checkout';
import { checkoutRoutes } from './routes';

beforeAll(async () => {
  await Promise.all([import('./checkout-page'), import('./checkout-form')]);
});

const base: FakeRoutes = {
  '/api/taxes': { body: [{ provinceCode: 'ON', provinceName: 'Ontario', taxRate: '13' }] },
  '/api/shipping': { body: { standardPrice: '5.99', expressPrice: '14.99', pickupAvailable: true } },
  '/api/auth/me': { status: 401, body: { message: 'Please sign in to continue.' } },
};

const SAVED = {
  firstName: 'Pat',
  lastName: 'Buyer',
  phone: '416-555-0199',
  addressLine1: '12 King St W',
  addressLine2: 'Unit 4',
  city: 'Toronto',
  state: 'ON',
  zipCode: 'M5H 1A1',
  country: 'Canada',
};

beforeEach(() => {
  resetCartStoreForTests();
  resetToasts();
  paymentRedirect.go = () => {};
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

describe('a remembered checkout', { timeout: 30_000 }, () => {
  it('keeps what was typed for this tab, without the account passwords, and brings it back', async () => {
    fakeApi(base);
    const user = userEvent.setup();
    const first = renderRoutes(checkoutRoutes, '/checkout');
    await screen.findByLabelText('First Name', undefined, { timeout: 10_000 });
    await user.type(await screen.findByLabelText('First Name'), 'Robin');
    await user.type(screen.getByLabelText('City'), 'Ottawa');
    await user.click(screen.getByRole('checkbox', { name: 'Create an account to track your order' }));
    await user.type(screen.getByLabelText('Password'), 'secret-pass-1');
    await waitFor(() => {
      const kept = JSON.parse(window.sessionStorage.getItem(TYPED_CHECKOUT_KEY) ?? '{}');
      expect(kept).toMatchObject({ firstName: 'Robin', city: 'Ottawa', country: 'Canada' });
    });
    const kept = window.sessionStorage.getItem(TYPED_CHECKOUT_KEY)!;
    expect(kept).not.toContain('secret-pass-1');
    expect(JSON.parse(kept)).not.toHaveProperty('password');
    first.unmount();

    // Back on the page (a reload, 'Try Again'): the form is as it was.
    renderRoutes(checkoutRoutes, '/checkout');
    await waitFor(
      () => expect((screen.getByLabelText('First Name') as HTMLInputElement).value).toBe('Robin'),
      {
        timeout: 10_000,
      },
    );
    expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Ottawa');
  });

  it('starts empty once forgotten (a paid order)', async () => {
    window.sessionStorage.setItem(TYPED_CHECKOUT_KEY, JSON.stringify({ firstName: 'Robin' }));
    forgetTypedCheckout();
    fakeApi(base);
    renderRoutes(checkoutRoutes, '/checkout');
    expect(((await screen.findByLabelText('First Name')) as HTMLInputElement).value).toBe('');
  });

  it("fills a signed-in customer's saved details, still editable", async () => {
    fakeApi({
      ...base,
      '/api/auth/me': { body: makeUser() },
      '/api/auth/checkout-details': { body: { details: SAVED } },
    });
    const user = userEvent.setup();
    renderRoutes(checkoutRoutes, '/checkout');
    await waitFor(() => expect((screen.getByLabelText('First Name') as HTMLInputElement).value).toBe('Pat'), {
      timeout: 10_000,
    });
    expect((screen.getByLabelText('Address Line 1') as HTMLInputElement).value).toBe('12 King St W');
    expect((screen.getByLabelText('Phone') as HTMLInputElement).value).toBe('416-555-0199');
    expect((screen.getByLabelText('Province') as HTMLSelectElement).value).toBe('ON');
    await user.clear(screen.getByLabelText('City'));
    await user.type(screen.getByLabelText('City'), 'Ottawa');
    expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Ottawa');
  });

  it('what the shopper typed wins over the saved details', async () => {
    window.sessionStorage.setItem(
      TYPED_CHECKOUT_KEY,
      JSON.stringify({ firstName: 'Robin', addressLine1: '77 Queen Street East' }),
    );
    fakeApi({
      ...base,
      '/api/auth/me': { body: makeUser() },
      '/api/auth/checkout-details': { body: { details: SAVED } },
    });
    renderRoutes(checkoutRoutes, '/checkout');
    await waitFor(
      () => expect((screen.getByLabelText('Phone') as HTMLInputElement).value).toBe('416-555-0199'),
      {
        timeout: 10_000,
      },
    );
    expect((screen.getByLabelText('First Name') as HTMLInputElement).value).toBe('Robin');
    expect((screen.getByLabelText('Address Line 1') as HTMLInputElement).value).toBe('77 Queen Street East');
  });

  it("'Save this address to my profile' saves the details before the checkout", async () => {
    const calls: string[] = [];
    const mock = fakeApi({
      ...base,
      '/api/auth/me': { body: makeUser() },
      '/api/auth/checkout-details': { body: { details: null } },
      '/api/square/create-checkout': () => {
        calls.push('checkout');
        return { body: { success: true, checkoutUrl: 'http://store.test/pay/ORD-X', orderId: 'ORD-X' } };
      },
    });
    const user = userEvent.setup();
    renderRoutes(checkoutRoutes, '/checkout');
    await user.type(await screen.findByLabelText('First Name'), 'Pat');
    await user.type(screen.getByLabelText('Last Name'), 'Buyer');
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'bob@example.com');
    await user.type(screen.getByLabelText('Phone'), '416-555-0199');
    await user.type(screen.getByLabelText('Address Line 1'), '12 King St W');
    await user.type(screen.getByLabelText('City'), 'Toronto');
    await user.selectOptions(screen.getByLabelText('Province'), 'ON');
    await user.type(screen.getByLabelText('Postal Code'), 'M5H 1A1');
    await user.click(screen.getByRole('radio', { name: /Standard Shipping/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Save this address to my profile' }));
    // The contract's acceptance (docs/decisions/0566-checkout-is-a-distance-contract.md).
    await user.click(
      screen.getByRole('checkbox', { name: /^I have read this summary and I accept the contract/ }),
    );
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => expect(calls).toEqual(['checkout']));
    const put = callsOf(mock).find(([, init]) => init?.method === 'PUT');
    expect(put).toBeTruthy();
    const savedBody = JSON.parse(String(put![1]!.body));
    expect(savedBody).toEqual({ ...SAVED, addressLine2: '' });
    const order = callsOf(mock).map(
      ([input, init]) => `${init?.method ?? 'GET'} ${new URL(String(input), 'http://store.test').pathname}`,
    );
    expect(order.indexOf('PUT /api/auth/checkout-details')).toBeLessThan(
      order.indexOf('POST /api/square/create-checkout'),
    );
  });
});

/** fetch's calls with their init (the mock is typed with the URL alone). */
function callsOf(mock: { mock: { calls: unknown[][] } }): [string, RequestInit | undefined][] {
  return mock.mock.calls as unknown as [string, RequestInit | undefined][];
}
