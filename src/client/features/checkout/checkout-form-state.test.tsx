// The checkout form's state (use-checkout-form.ts, docs/decisions/0185-checkout-form-without-react-hook-form.md):
// when messages appear and go, where the focus goes on a refused submission, and what is sent.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetToasts } from '~/client/components/ui/toast-store';
import { addItem, resetCartStoreForTests } from '~/client/features/cart';
import { fakeApi, type FakeRoutes, renderRoutes } from '~/client/test/test-utils';
import { paymentRedirect } from './checkout-form';
import { checkoutRoutes } from './routes';

beforeAll(async () => {
  await Promise.all([import('./checkout-page'), import('./checkout-form')]);
});

const base: FakeRoutes = {
  '/api/taxes': { body: [{ provinceCode: 'ON', provinceName: 'Ontario', taxRate: '13' }] },
  '/api/shipping': { body: { standardPrice: '5.99', expressPrice: '14.99', pickupAvailable: true } },
  '/api/auth/me': { status: 401, body: { message: 'Please sign in to continue.' } },
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

const FIRST_NAME = 'First name must be at least 2 characters.';
const LAST_NAME = 'Last name must be at least 2 characters.';

describe('checkout form state', { timeout: 30_000 }, () => {
  it('says nothing before the first submission; after it, a message follows its own field alone', async () => {
    fakeApi(base);
    const user = userEvent.setup();
    renderRoutes(checkoutRoutes, '/checkout');
    await user.type(await screen.findByLabelText('First Name'), 'J');
    await user.tab();
    expect(screen.queryByText(FIRST_NAME)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText(FIRST_NAME)).toBeTruthy();
    expect(screen.getByText(LAST_NAME)).toBeTruthy();
    expect(screen.getByLabelText('First Name').getAttribute('aria-invalid')).toBe('true');

    await user.type(screen.getByLabelText('First Name'), 'o');
    await waitFor(() => expect(screen.queryByText(FIRST_NAME)).toBeNull());
    expect(screen.getByLabelText('First Name').getAttribute('aria-invalid')).toBeNull();
    // The last name was not touched: its message stays.
    expect(screen.getByText(LAST_NAME)).toBeTruthy();
    // Emptied again, the first name's message comes back at once.
    await user.clear(screen.getByLabelText('First Name'));
    expect(await screen.findByText(FIRST_NAME)).toBeTruthy();
  });

  it('focuses the first field with a message, in the order the page shows them', async () => {
    fakeApi(base);
    const user = userEvent.setup();
    renderRoutes(checkoutRoutes, '/checkout');
    await user.type(await screen.findByLabelText('First Name'), 'Jane');
    await user.type(screen.getByLabelText('Last Name'), 'Shopper');
    await user.type(screen.getByLabelText('Email'), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('Please enter a valid phone number.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Phone'));

    await user.type(screen.getByLabelText('Phone'), '416-555-0123');
    await user.type(screen.getByLabelText('Address Line 1'), '123 Main Street');
    await user.type(screen.getByLabelText('City'), 'Toronto');
    await user.selectOptions(screen.getByLabelText('Province'), 'ON');
    await user.type(screen.getByLabelText('Postal Code'), 'M5V 2T6');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    // Only the shipping method is missing: its first button takes the focus.
    expect(await screen.findByText('Shipping Method Required')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: /Pickup at store/ }));
  });

  it('sends the values as the schema leaves them (trimmed)', async () => {
    const api = fakeApi({
      ...base,
      '/api/square/create-checkout': {
        body: { success: true, checkoutUrl: 'http://store.test/pay/ORD-Z', orderId: 'ORD-Z' },
      },
    });
    const user = userEvent.setup();
    renderRoutes(checkoutRoutes, '/checkout');
    await user.type(await screen.findByLabelText('First Name'), '  Jane ');
    await user.type(screen.getByLabelText('Last Name'), 'Shopper  ');
    await user.type(screen.getByLabelText('Email'), ' jane@example.com');
    await user.type(screen.getByLabelText('Phone'), '416-555-0123');
    await user.type(screen.getByLabelText('Address Line 1'), ' 123 Main Street ');
    await user.type(screen.getByLabelText('City'), 'Toronto ');
    await user.selectOptions(screen.getByLabelText('Province'), 'ON');
    await user.type(screen.getByLabelText('Postal Code'), 'M5V 2T6');
    await user.click(screen.getByRole('radio', { name: /Standard Shipping/ }));
    // The contract's acceptance (docs/decisions/0566-checkout-is-a-distance-contract.md).
    await user.click(
      screen.getByRole('checkbox', { name: /^I have read this summary and I accept the contract/ }),
    );
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() =>
      expect(api.mock.calls.some(([input]) => String(input).includes('/api/square/create-checkout'))).toBe(
        true,
      ),
    );
    const call = api.mock.calls.find(([input]) => String(input).includes('/api/square/create-checkout'))!;
    const body = JSON.parse(String(((call as unknown[])[1] as RequestInit).body));
    expect(body.orderData).toMatchObject({
      customerName: 'Jane Shopper',
      customerEmail: 'jane@example.com',
      shippingAddress: { addressLine1: '123 Main Street', city: 'Toronto', state: 'ON' },
    });
  });
});
