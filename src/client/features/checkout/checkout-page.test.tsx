import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '~/client/components/ui/toast-store';
import { addItem, CART_BACKUP_KEY, PENDING_ORDER_KEY, resetCartStoreForTests } from '~/client/features/cart';
import { type FakeRoutes, fakeApi, makeSiteConfig, makeUser, renderRoutes } from '~/client/test/test-utils';
import { FOREIGN_CURRENCY_NOTICE, paymentRedirect } from './checkout-form';
import { checkoutRoutes } from './routes';

// The page is a lazy route (docs/decisions/0145-lazy-routes-and-script-budget.md): load its module once up
// front, so the first test does not spend its time budget compiling it.
beforeAll(async () => {
  await Promise.all([import('./checkout-page'), import('./checkout-form')]);
});

const taxes = [
  { provinceCode: 'ON', provinceName: 'Ontario', taxRate: '13' },
  { provinceCode: 'AB', provinceName: 'Alberta', taxRate: '5' },
];
const shipping = { standardPrice: '5.99', expressPrice: '14.99', pickupAvailable: true };
const base: FakeRoutes = {
  '/api/taxes': { body: taxes },
  '/api/shipping': { body: shipping },
  '/api/auth/me': { status: 401, body: { message: 'Please sign in to continue.' } },
};

function addLamp(quantity = 2) {
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
    quantity,
    { notify: false },
  );
}

const redirect = vi.fn();
beforeEach(() => {
  resetCartStoreForTests();
  resetToasts();
  redirect.mockReset();
  paymentRedirect.go = redirect;
});
afterEach(() => {
  vi.useRealTimers();
});

/**
 * Fills the form and accepts the contract; `email: false` for a signed-in shopper, whose e-mail the page
 * fills in itself; `contract: false` leaves the contract's box unticked.
 */
async function fillForm(user: ReturnType<typeof userEvent.setup>, { email = true, contract = true } = {}) {
  await user.type(await screen.findByLabelText('First Name'), 'Jane');
  await user.type(screen.getByLabelText('Last Name'), 'Shopper');
  if (email) await user.type(screen.getByLabelText('Email'), 'jane@example.com');
  await user.type(screen.getByLabelText('Phone'), '416-555-0123');
  await user.type(screen.getByLabelText('Address Line 1'), '123 Main Street');
  await user.type(screen.getByLabelText('City'), 'Toronto');
  await user.selectOptions(screen.getByLabelText('Province'), 'ON');
  await user.type(screen.getByLabelText('Postal Code'), 'M5V 2T6');
  if (contract) await user.click(screen.getByRole('checkbox', { name: ACCEPT_CONTRACT }));
}

/** The contract's acceptance box (docs/decisions/0566-checkout-is-a-distance-contract.md). */
const ACCEPT_CONTRACT = /^I have read this summary and I accept the contract/;

/** The RequestInit a fake fetch call received (the mock's type only names the URL). */
const initOf = (call: unknown) => (call as unknown[])[1] as RequestInit;

function checkoutCalls(api: ReturnType<typeof fakeApi>) {
  return api.mock.calls.filter(([input]) => String(input).includes('/api/square/create-checkout'));
}

/** The idempotency key and body of each create-checkout call so far. */
function sentCheckouts(api: ReturnType<typeof fakeApi>) {
  return checkoutCalls(api).map((call) => {
    const init = initOf(call);
    return {
      key: new Headers(init.headers).get('Idempotency-Key'),
      body: JSON.parse(String(init.body)) as { orderData: { userId: number | null } },
    };
  });
}

const jane = makeUser({ id: 5, username: 'jane', email: 'jane@example.com' });
const paymentPage = (orderId: string) => ({
  body: { success: true, checkoutUrl: `http://store.test/pay/${orderId}`, orderId },
});
const closed = (paymentStatus: 'failed' | 'completed') => ({
  status: 409,
  body: {
    message:
      paymentStatus === 'completed'
        ? 'This order has already been paid.'
        : 'This checkout is closed. Please return to your cart and check out again.',
    code: 'checkout_closed',
    orderId: 'ORD-DECLINEDDECLINED',
    paymentStatus,
  },
});
const notYours = {
  status: 403,
  body: { message: 'An order can only be placed for your own account.', code: 'not_your_account' },
};

// Typing into a long form is slow on a busy machine; no test here measures time.
describe('checkout page', { timeout: 30_000 }, () => {
  it('offers only the provinces the store ships to (those /api/taxes lists)', async () => {
    addLamp();
    fakeApi({ ...base, '/api/site-config': { body: makeSiteConfig({ currency: 'CAD' }) } });
    renderRoutes(checkoutRoutes, '/checkout');
    const province = await screen.findByLabelText('Province');
    await waitFor(() =>
      expect([...province.querySelectorAll('option')].map((o) => o.value)).toEqual(['', 'AB', 'ON']),
    );
  });

  it('names the currency of the total, and says prices are in Canadian dollars for an address outside Canada', async () => {
    addLamp();
    fakeApi({ ...base, '/api/site-config': { body: makeSiteConfig({ currency: 'CAD' }) } });
    const user = userEvent.setup();
    renderRoutes(checkoutRoutes, '/checkout');
    await user.selectOptions(await screen.findByLabelText('Province'), 'ON');
    await user.click(screen.getByLabelText(/Standard Shipping/));
    // 2 x 20.00 + 5.99 = 45.99; 13% = 5.9787 -> 5.98; total 51.97.
    await waitFor(() => expect(screen.getByTestId('summary-total').textContent).toBe('$51.97 CAD'));
    expect(screen.queryByTestId('currency-notice')).toBeNull();
    await user.selectOptions(screen.getByLabelText('Country'), 'US');
    expect((await screen.findByTestId('currency-notice')).textContent).toBe(FOREIGN_CURRENCY_NOTICE);
    expect(FOREIGN_CURRENCY_NOTICE).toBe(
      'All prices are in Canadian dollars (CAD); your card issuer converts the total into your own currency.',
    );
    // No Canadian tax on an export: 45.99.
    await waitFor(() => expect(screen.getByTestId('summary-total').textContent).toBe('$45.99 CAD'));
  });

  it("shows the tax by component when the province's rates are known", async () => {
    addLamp();
    const rates = [
      {
        provinceCode: 'ON',
        provinceName: 'Ontario',
        taxRate: '13',
        gstRate: '0',
        pstRate: '13',
        active: true,
      },
      {
        provinceCode: 'QC',
        provinceName: 'Quebec',
        taxRate: '14.975',
        gstRate: '5',
        pstRate: '9.975',
        active: true,
      },
    ];
    fakeApi({
      ...base,
      '/api/taxes': { body: rates },
      '/api/site-config': { body: makeSiteConfig({ currency: 'CAD' }) },
    });
    const user = userEvent.setup();
    renderRoutes(checkoutRoutes, '/checkout');
    await user.selectOptions(await screen.findByLabelText('Province'), 'QC');
    await user.click(screen.getByLabelText(/Standard Shipping/));
    // 2 x 20.00 + 5.99 = 45.99; 14.975% = 6.8870025 -> 6.89. GST 5% = 2.2995 -> 2.29 (.95 left),
    // QST 9.975% = 4.5875025 -> 4.58 (.75 left): 6.87, two cents missing, one each: 2.30 and 4.59.
    // Total 45.99 + 6.89 = 52.88.
    await waitFor(() => expect(screen.getByTestId('summary-total').textContent).toBe('$52.88 CAD'));
    const lines = () =>
      screen.getAllByTestId('summary-tax-line').map((e) => [e.previousSibling?.textContent, e.textContent]);
    expect(lines()).toEqual([
      ['GST (5%)', '$2.30'],
      ['QST (9.975%)', '$4.59'],
    ]);
    expect(screen.queryByTestId('summary-tax')).toBeNull();
    // Ontario: one HST line, 45.99 x 13% = 5.9787 -> 5.98; total 51.97.
    await user.selectOptions(screen.getByLabelText('Province'), 'ON');
    await waitFor(() => expect(screen.getByTestId('summary-total').textContent).toBe('$51.97 CAD'));
    expect(lines()).toEqual([['HST (13%)', '$5.98']]);
  });

  it('shows no Canadian-dollar notice when the store sells in US dollars', async () => {
    addLamp();
    fakeApi({ ...base, '/api/site-config': { body: makeSiteConfig({ currency: 'USD' }) } });
    const user = userEvent.setup();
    renderRoutes(checkoutRoutes, '/checkout');
    await user.selectOptions(await screen.findByLabelText('Country'), 'US');
    await user.click(screen.getByLabelText(/Standard Shipping/));
    await waitFor(() => expect(screen.getByTestId('summary-total').textContent).toBe('$45.99 USD'));
    expect(screen.queryByTestId('currency-notice')).toBeNull();
  });

  it('shows the empty-cart alert', async () => {
    fakeApi(base);
    renderRoutes(checkoutRoutes, '/checkout');
    expect(await screen.findByText('You need to add items to your cart before checking out.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Your cart is empty' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe('/categories');
  });

  it('shows every field message and asks for a shipping method', async () => {
    addLamp();
    const api = fakeApi(base);
    const user = userEvent.setup();
    renderRoutes(checkoutRoutes, '/checkout');
    await user.click(await screen.findByRole('button', { name: 'Continue to Payment' }));
    for (const message of [
      'First name must be at least 2 characters.',
      'Last name must be at least 2 characters.',
      'Please enter a valid email address.',
      'Please enter a valid phone number.',
      'Address is required.',
      'City is required.',
      'Province/State is required.',
      'Postal/ZIP code is required.',
      'Please select a shipping method',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(await screen.findByText('Shipping Method Required')).toBeTruthy();
    expect(
      screen.getByText(
        'Please select a valid shipping method (Pickup, Standard, or Express) before proceeding.',
      ),
    ).toBeTruthy();
    expect(checkoutCalls(api)).toHaveLength(0);
  });

  it('offers pickup only when the store does, with the shipping prices of the settings', async () => {
    addLamp();
    fakeApi({
      ...base,
      '/api/shipping': { body: { ...shipping, standardPrice: '7.50', pickupAvailable: false } },
    });
    renderRoutes(checkoutRoutes, '/checkout');
    expect(await screen.findByText('$7.50')).toBeTruthy();
    expect(screen.getByRole('radio', { name: /Standard Shipping/ })).toBeTruthy();
    expect(screen.getByRole('radio', { name: /Express Shipping/ })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: /Pickup at store/ })).toBeNull();
  });

  it('switches to a free-text state for the US', async () => {
    addLamp();
    fakeApi(base);
    const user = userEvent.setup();
    renderRoutes(checkoutRoutes, '/checkout');
    await user.selectOptions(await screen.findByLabelText('Country'), 'US');
    expect(screen.getByLabelText('State').tagName).toBe('INPUT');
    expect(screen.getByLabelText('ZIP Code')).toBeTruthy();
    expect(screen.queryByLabelText('Province')).toBeNull();
  });

  it('shows the marketing box unticked and sends marketingOptIn only once it is ticked (decision 0560)', async () => {
    addLamp(1);
    const api = fakeApi({
      ...base,
      '/api/square/create-checkout': () => paymentPage('ORD-ABCDEFGHIJKLMNOP'),
    });
    const user = userEvent.setup();
    renderRoutes(checkoutRoutes, '/checkout');
    await fillForm(user);
    await user.click(screen.getByRole('radio', { name: /Standard Shipping/ }));
    const box = screen.getByLabelText(/may send me deals and news by e-mail/) as HTMLInputElement;
    expect(box.checked).toBe(false);
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => expect(checkoutCalls(api)).toHaveLength(1));
    const body = JSON.parse(String(initOf(checkoutCalls(api)[0]).body)) as {
      orderData: Record<string, unknown>;
    };
    expect(body.orderData.marketingOptIn).toBe(true);
  });

  it('shows the contract block and sends nothing until its box, unticked, is ticked (decision 0566)', async () => {
    addLamp(1);
    const api = fakeApi({
      ...base,
      '/api/site-config': { body: makeSiteConfig({ currency: 'CAD' }) },
      '/api/contract-terms': {
        body: {
          legalName: 'Depot Liquidation Inc.',
          address: '1 Rue du Port, Montréal QC H2X 1A1',
          returnWindowDays: {
            new: 30,
            'new-open-box': 14,
            'used-like-new': 14,
            'used-good': 14,
            'used-acceptable': 14,
            'for-parts': 0,
          },
          version: '2026-11-28',
        },
      },
      '/api/square/create-checkout': () => paymentPage('ORD-ABCDEFGHIJKLMNOP'),
    });
    const user = userEvent.setup();
    renderRoutes(checkoutRoutes, '/checkout');
    await fillForm(user, { contract: false });
    await user.click(screen.getByRole('radio', { name: /Standard Shipping/ }));
    const block = screen.getByRole('region', { name: 'Your contract' });
    expect(await within(block).findByText('Depot Liquidation Inc.')).toBeTruthy();
    expect(within(block).getByText('1 Rue du Port, Montréal QC H2X 1A1')).toBeTruthy();
    // A lamp stored without a condition reads as new: 30 days.
    expect(within(block).getByTestId('contract-lines').textContent).toBe(
      'Desk Lamp × 1. Return policy: Returns accepted within 30 days of delivery or pickup.',
    );
    // 20.00 + standard shipping 5.99 = 25.99; HST 13% = 3.3787 -> 3.38; total 29.37.
    await waitFor(() => expect(within(block).getByTestId('contract-total').textContent).toBe('$29.37 CAD'));
    const box = within(block).getByRole('checkbox', { name: ACCEPT_CONTRACT }) as HTMLInputElement;
    expect(box.checked).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(
      await within(block).findByText('Please tick that you accept the contract before paying.'),
    ).toBeTruthy();
    expect(document.activeElement).toBe(box);
    expect(checkoutCalls(api)).toHaveLength(0);

    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => expect(checkoutCalls(api)).toHaveLength(1));
    const body = JSON.parse(String(initOf(checkoutCalls(api)[0]).body)) as {
      orderData: Record<string, unknown>;
    };
    expect(body.orderData.contractAccepted).toBe(true);
    expect(body.orderData.marketingOptIn).toBeUndefined();
  });

  it("sends the summary's figures with an idempotency key, stores the pending order and redirects after 200 ms", async () => {
    addLamp(2);
    let sent: { body: unknown; key: string | null } | null = null;
    const api = fakeApi({
      ...base,
      '/api/square/create-checkout': () => ({
        body: {
          success: true,
          checkoutUrl: 'http://store.test/pay/ORD-ABCDEFGHIJKLMNOP',
          orderId: 'ORD-ABCDEFGHIJKLMNOP',
        },
      }),
    });
    const user = userEvent.setup();
    renderRoutes(checkoutRoutes, '/checkout');
    await fillForm(user);
    await user.click(screen.getByRole('radio', { name: /Standard Shipping/ }));
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => expect(checkoutCalls(api)).toHaveLength(1));
    const init = initOf(checkoutCalls(api)[0]);
    sent = {
      body: JSON.parse(String(init.body)),
      key: new Headers(init.headers).get('Idempotency-Key'),
    };
    expect(sent.key).toMatch(/^[0-9a-f]{32}$/);
    // 2 x 20.00 = 40.00; standard 5.99; 13% of 45.99 = 5.98; total 51.97
    expect(sent.body).toEqual({
      orderData: {
        customerName: 'Jane Shopper',
        customerEmail: 'jane@example.com',
        customerPhone: '416-555-0123',
        shippingAddress: {
          addressLine1: '123 Main Street',
          addressLine2: null,
          city: 'Toronto',
          state: 'ON',
          zipCode: 'M5V 2T6',
          country: 'Canada',
        },
        shippingMethod: 'standard',
        subtotal: '40.00',
        discountAmount: '0.00',
        discountPercentage: '0.00',
        taxRate: '13',
        taxAmount: '5.98',
        shippingCost: '5.99',
        total: '51.97',
        paymentStatus: 'pending',
        status: 'pending',
        notes: null,
        userId: null,
        contractAccepted: true,
      },
      items: [
        {
          productId: 7,
          name: 'Desk Lamp',
          price: '20.00',
          compareAtPrice: null,
          quantity: 2,
          discountApplied: false,
          imageUrl: null,
        },
      ],
    });
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeTruthy();
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('http://store.test/pay/ORD-ABCDEFGHIJKLMNOP'));
    expect(window.localStorage.getItem(PENDING_ORDER_KEY)).toBe('ORD-ABCDEFGHIJKLMNOP');
    expect(JSON.parse(window.localStorage.getItem(CART_BACKUP_KEY)!).items).toHaveLength(1);
  });

  it('shows the current figures after a 409 and sends them next time', async () => {
    addLamp(1);
    const current = {
      subtotal: '18.00',
      discountAmount: '2.00',
      discountPercentage: '10.00',
      shippingCost: '5.99',
      taxRate: '13',
      taxAmount: '3.12',
      total: '27.11',
      items: [
        {
          productId: 7,
          name: 'Desk Lamp',
          price: '18.00',
          compareAtPrice: '20.00',
          discountApplied: true,
          quantity: 1,
          available: 4,
        },
      ],
    };
    let calls = 0;
    const api = fakeApi({
      ...base,
      '/api/square/create-checkout': () =>
        ++calls === 1
          ? {
              status: 409,
              body: {
                message: 'Prices or amounts in your order have changed.',
                code: 'price_changed',
                current,
              },
            }
          : { body: { success: true, checkoutUrl: 'http://store.test/pay/ORD-X', orderId: 'ORD-X' } },
    });
    const user = userEvent.setup();
    renderRoutes(checkoutRoutes, '/checkout');
    await fillForm(user);
    await user.click(screen.getByRole('radio', { name: /Standard Shipping/ }));
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('Checkout failed')).toBeTruthy();
    const alert = await screen.findByTestId('current-figures');
    expect(alert.textContent).toContain('$27.11');
    // The cart now carries today's price, so the summary agrees.
    await waitFor(() => expect(screen.getByTestId('summary-total').textContent).toBe('$27.11'));
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => expect(checkoutCalls(api)).toHaveLength(2));
    const second = JSON.parse(String(initOf(checkoutCalls(api)[1]).body));
    expect(second.orderData).toMatchObject({
      subtotal: '18.00',
      discountAmount: '2.00',
      taxAmount: '3.12',
      total: '27.11',
    });
    expect(second.items[0]).toMatchObject({ price: '18.00', compareAtPrice: '20.00', discountApplied: true });
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('http://store.test/pay/ORD-X'));
  });

  it("shows the server's message when the checkout fails", async () => {
    addLamp(1);
    fakeApi({
      ...base,
      '/api/square/create-checkout': {
        status: 409,
        body: { message: 'Sorry, "Desk Lamp" is out of stock.' },
      },
    });
    const user = userEvent.setup();
    renderRoutes(checkoutRoutes, '/checkout');
    await fillForm(user);
    await user.click(screen.getByRole('radio', { name: /Express Shipping/ }));
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('Sorry, "Desk Lamp" is out of stock.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue to Payment' })).toBeTruthy();
    expect(redirect).not.toHaveBeenCalled();
  });

  it('clears the account fields when unticked, and goes on with the order when the account cannot be created', async () => {
    addLamp(1);
    const api = fakeApi({
      ...base,
      '/api/auth/register': { status: 409, body: { message: 'That username is taken.' } },
      '/api/square/create-checkout': {
        body: { success: true, checkoutUrl: 'http://store.test/pay/ORD-Y', orderId: 'ORD-Y' },
      },
    });
    const user = userEvent.setup();
    renderRoutes(checkoutRoutes, '/checkout');
    await fillForm(user);
    await user.click(screen.getByRole('radio', { name: /Standard Shipping/ }));
    await user.click(screen.getByRole('checkbox', { name: /Create an account/ }));
    await user.type(screen.getByLabelText('Username'), 'jane');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('checkbox', { name: /Create an account/ }));
    await user.click(screen.getByRole('checkbox', { name: /Create an account/ }));
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('Username must be at least 3 characters')).toBeTruthy();
    expect(screen.getByText('Password must be at least 6 characters')).toBeTruthy();
    await user.type(screen.getByLabelText('Username'), 'jane');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret2');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Confirm Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => expect(checkoutCalls(api)).toHaveLength(1));
    const register = api.mock.calls.find(([input]) => String(input).includes('/api/auth/register'))!;
    expect(JSON.parse(String(initOf(register).body))).toEqual({
      username: 'jane',
      email: 'jane@example.com',
      password: 'secret1',
    });
    expect(await screen.findByText('Account Creation Failed')).toBeTruthy();
    expect(
      screen.getByText("We couldn't create your account, but your order will still be processed."),
    ).toBeTruthy();
    // The order goes on as a guest's.
    expect(sentCheckouts(api)[0]!.body.orderData.userId).toBeNull();
    await waitFor(() => expect(redirect).toHaveBeenCalled());
    await act(async () => {});
  });

  it('says to check the e-mail when the registration is taken; the order goes on as a guest’s', async () => {
    addLamp(1);
    const api = fakeApi({
      ...base,
      '/api/auth/register': {
        status: 202,
        body: {
          message:
            'Almost done: we have sent an e-mail to that address. Open the link in it within 24 hours to finish creating your account.',
          pending: true,
        },
      },
      '/api/square/create-checkout': () => new Promise(() => {}),
    });
    const user = userEvent.setup();
    renderRoutes(checkoutRoutes, '/checkout');
    await fillForm(user);
    await user.click(screen.getByRole('radio', { name: /Standard Shipping/ }));
    await user.click(screen.getByRole('checkbox', { name: /Create an account/ }));
    await user.type(screen.getByLabelText('Username'), 'jane');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('Check your e-mail')).toBeTruthy();
    expect(
      screen.getByText(
        'To finish creating your account, open the link we sent to your e-mail address within 24 hours. Your order will still be processed.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(sentCheckouts(api)).toHaveLength(1));
    expect(sentCheckouts(api)[0]!.body.orderData.userId).toBeNull();
  });

  it('asks for a method again when pickup is withdrawn while chosen', async () => {
    addLamp(1);
    let pickupAvailable = true;
    const api = fakeApi({ ...base, '/api/shipping': () => ({ body: { ...shipping, pickupAvailable } }) });
    const user = userEvent.setup();
    const { queryClient } = renderRoutes(checkoutRoutes, '/checkout');
    await fillForm(user);
    await user.click(screen.getByRole('radio', { name: /Pickup at store/ }));
    pickupAvailable = false;
    await act(() => queryClient.invalidateQueries({ queryKey: ['/api/shipping'] }));
    expect(await screen.findByText('Shipping method required')).toBeTruthy();
    expect(screen.getByText('Please select a shipping method before proceeding to payment.')).toBeTruthy();
    expect(screen.queryByRole('radio', { name: /Pickup at store/ })).toBeNull();
    expect(screen.getAllByRole('radio').some((r) => (r as HTMLInputElement).checked)).toBe(false);
    // Submitting now asks for a method instead of sending the withdrawn one.
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('Shipping Method Required')).toBeTruthy();
    expect(checkoutCalls(api)).toHaveLength(0);
  });

  it('starts a new checkout after Back from the payment page (page restored from the cache)', async () => {
    addLamp(1);
    const keys = new Set<string>();
    // Like the server: the first key's order was declined on the payment page, so that key is closed.
    const api = fakeApi({
      ...base,
      '/api/square/create-checkout': () => {
        const { key } = sentCheckouts(api).at(-1)!;
        if (keys.has(key!)) return closed('failed');
        keys.add(key!);
        return paymentPage(`ORD-${'A'.repeat(15)}${keys.size}`);
      },
    });
    const user = userEvent.setup();
    renderRoutes(checkoutRoutes, '/checkout');
    await fillForm(user);
    await user.click(screen.getByRole('radio', { name: /Standard Shipping/ }));
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() =>
      expect(redirect).toHaveBeenCalledWith(`http://store.test/pay/ORD-${'A'.repeat(15)}1`),
    );
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeTruthy();
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    });
    await user.click(await screen.findByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() =>
      expect(redirect).toHaveBeenCalledWith(`http://store.test/pay/ORD-${'A'.repeat(15)}2`),
    );
    // One new submission with a new key: the declined order's key was not offered again.
    const sent = sentCheckouts(api);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.key).toMatch(/^[0-9a-f]{32}$/);
    expect(sent[1]!.key).not.toBe(sent[0]!.key);
    expect(screen.queryByText('Checkout failed')).toBeNull();
  });

  it('starts the checkout again with a new key when its order was already declined', async () => {
    addLamp(1);
    const api = fakeApi({
      ...base,
      '/api/square/create-checkout': () =>
        checkoutCalls(api).length === 1 ? closed('failed') : paymentPage('ORD-NEWNEWNEWNEWNEWN'),
    });
    const user = userEvent.setup();
    renderRoutes(checkoutRoutes, '/checkout');
    await fillForm(user);
    await user.click(screen.getByRole('radio', { name: /Standard Shipping/ }));
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('http://store.test/pay/ORD-NEWNEWNEWNEWNEWN'));
    const sent = sentCheckouts(api);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.key).not.toBe(sent[0]!.key);
    expect(sent[1]!.body).toEqual(sent[0]!.body);
    expect(screen.queryByText('Checkout failed')).toBeNull();
  });

  it('does not buy a paid order again unasked: says so, and the next press is a new checkout', async () => {
    addLamp(1);
    const api = fakeApi({
      ...base,
      '/api/square/create-checkout': () =>
        checkoutCalls(api).length === 1 ? closed('completed') : paymentPage('ORD-NEWNEWNEWNEWNEWN'),
    });
    const user = userEvent.setup();
    renderRoutes(checkoutRoutes, '/checkout');
    await fillForm(user);
    await user.click(screen.getByRole('radio', { name: /Standard Shipping/ }));
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('Checkout failed')).toBeTruthy();
    expect(screen.getByText('This order has already been paid.')).toBeTruthy();
    expect(checkoutCalls(api)).toHaveLength(1);
    expect(redirect).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('http://store.test/pay/ORD-NEWNEWNEWNEWNEWN'));
    const sent = sentCheckouts(api);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.key).not.toBe(sent[0]!.key);
  });

  it('asks who is signed in when the session has ended, and sends the order as a guest', async () => {
    addLamp(1);
    let signedIn = true;
    const api = fakeApi({
      ...base,
      '/api/auth/me': () =>
        signedIn ? { body: jane } : { status: 401, body: { message: 'Please sign in to continue.' } },
      // The session ended after the page loaded: jane's id is no longer the session's user.
      '/api/square/create-checkout': () => {
        signedIn = false;
        return sentCheckouts(api).at(-1)!.body.orderData.userId === null
          ? paymentPage('ORD-GUESTGUESTGUESTG')
          : notYours;
      },
    });
    const user = userEvent.setup();
    renderRoutes(checkoutRoutes, '/checkout');
    expect(await screen.findByText('jane')).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('jane@example.com'),
    );
    await fillForm(user, { email: false });
    await user.click(screen.getByRole('radio', { name: /Standard Shipping/ }));
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('http://store.test/pay/ORD-GUESTGUESTGUESTG'));
    expect(sentCheckouts(api).map((c) => c.body.orderData.userId)).toEqual([5, null]);
    expect(screen.queryByText('Checkout failed')).toBeNull();
    // The page now knows the shopper is signed out.
    expect(screen.getByRole('checkbox', { name: /Create an account/ })).toBeTruthy();
  });

  it('shows the refusal when the account is still not the session’s after asking again', async () => {
    addLamp(1);
    const api = fakeApi({
      ...base,
      '/api/auth/me': { body: jane },
      '/api/square/create-checkout': notYours,
    });
    const user = userEvent.setup();
    renderRoutes(checkoutRoutes, '/checkout');
    await waitFor(() =>
      expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('jane@example.com'),
    );
    await fillForm(user, { email: false });
    await user.click(screen.getByRole('radio', { name: /Standard Shipping/ }));
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('Checkout failed')).toBeTruthy();
    expect(screen.getByText('An order can only be placed for your own account.')).toBeTruthy();
    // Asked once more, after reading the session again; then the shopper may press again.
    expect(checkoutCalls(api)).toHaveLength(2);
    expect(api.mock.calls.filter(([input]) => String(input).includes('/api/auth/me'))).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Continue to Payment' })).toBeTruthy();
    expect(redirect).not.toHaveBeenCalled();
  });
});
