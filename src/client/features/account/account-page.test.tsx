import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { localDateString } from '~/shared/orders';
import type { AccountOrder } from '~/shared/schemas/account';
import { resetToasts } from '~/client/components/ui/toast-store';
import { getCart, resetCartStoreForTests } from '~/client/features/cart';
import { fakeApi, fetchedPaths, makeProduct, makeUser, renderRoutes } from '~/client/test/test-utils';
import { MY_ORDERS_PATH, ORDERS_REFETCH_MS } from './api';
import { formatCalendarDate } from './order-bits';
import { accountRoutes } from './routes';

// The page is a lazy route (docs/decisions/0145-lazy-routes-and-script-budget.md): load its module once up
// front, so the first test does not spend its time budget compiling it.
beforeAll(async () => {
  await import('./account-page');
});

const USER = makeUser();

function makeOrder(overrides: Partial<AccountOrder> = {}): AccountOrder {
  return {
    id: 41,
    orderReference: 'ref-abc',
    userId: 7,
    customerName: 'Bob Buyer',
    customerEmail: 'bob@example.com',
    customerPhone: '416-555-0101',
    shippingAddress: JSON.stringify({
      address: '1 Main St',
      apartment: 'Apt 2',
      city: 'Halifax',
      province: 'NS',
      postalCode: 'B3H 0A1',
      country: 'Canada',
    }),
    shippingMethod: 'express',
    shippingCost: '14.99',
    subtotal: '30.00',
    discountPercentage: '0',
    discountAmount: '0.00',
    taxRate: '15',
    taxAmount: '6.75',
    // HST 15% of (subtotal + shipping), rounded half up: one line.
    taxLines: [{ code: 'HST', rate: '15', amount: '6.75' }],
    currency: 'CAD',
    refundedAmount: '0.00',
    total: '51.74',
    status: 'shipped',
    paymentStatus: 'completed',
    paymentMethod: 'square',
    paymentReference: 'pay_123',
    trackingNumber: 'TRK-777',
    estimatedDeliveryDate: null,
    notes: 'Ring the bell.\nItems:\n- 2 x Desk Lamp ($15.00)',
    createdAt: '2025-02-03T15:00:00.000Z',
    updatedAt: '2025-02-03T15:00:00.000Z',
    items: [
      {
        id: 1,
        productId: 5,
        name: 'Desk Lamp',
        productName: 'Desk Lamp',
        sku: 'LOT-LAMP',
        imageUrl: null,
        price: '15.00',
        quantity: 2,
      },
      {
        id: 2,
        productId: 9,
        name: '',
        productName: '',
        sku: null,
        imageUrl: null,
        price: '0.00',
        quantity: 1,
      },
    ],
    ...overrides,
  };
}

beforeEach(() => {
  resetCartStoreForTests();
});

/** The requests fetch received, as (path, init) pairs. */
const calls = (mock: ReturnType<typeof fakeApi>) =>
  mock.mock.calls as unknown as [string, RequestInit | undefined][];
const sentBody = (mock: ReturnType<typeof fakeApi>, path: string) =>
  JSON.parse(String(calls(mock).find(([p]) => p === path)![1]!.body));
/** How many times the order history was requested. */
const orderRequests = (mock: ReturnType<typeof fakeApi>) =>
  fetchedPaths(mock).filter((p) => p === MY_ORDERS_PATH).length;
afterEach(() => {
  vi.useRealTimers();
  resetToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const signedIn = (orders: AccountOrder[] = []) => ({
  '/api/auth/me': { body: USER },
  '/api/orders/my-orders': { body: orders },
});

describe('/account', () => {
  it('sends a signed-out visitor to /auth', async () => {
    fakeApi({ '/api/auth/me': { status: 401, body: { message: 'Not signed in.' } } });
    const { router } = renderRoutes(accountRoutes, '/account');
    await waitFor(() => expect(router.location().pathname).toBe('/auth'));
  });

  it('has the side menu and opens on Profile', async () => {
    fakeApi(signedIn());
    renderRoutes(accountRoutes, '/account');
    const menu = await screen.findByRole('tablist', { name: 'Account sections' });
    expect(
      within(menu)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Profile', 'Orders', 'Payment Methods', 'Alerts', 'Settings']);
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Profile' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('button', { name: 'Update Profile' })).toBeTruthy();
  });

  it("Logout signs out, goes home and says 'Logged Out'", async () => {
    const api = fakeApi({ ...signedIn(), '/api/auth/logout': { body: { message: 'ok' } } });
    const { router, queryClient } = renderRoutes(accountRoutes, '/account');
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.location().pathname).toBe('/'));
    expect(queryClient.getQueryData(['/api/auth/me'])).toBeNull();
    expect(calls(api).some(([p, init]) => p === '/api/auth/logout' && init?.method === 'POST')).toBe(true);
    expect(await screen.findByText('Logged Out')).toBeTruthy();
    expect(screen.getByText('You have been successfully logged out.')).toBeTruthy();
  });

  it("says 'Logout Failed' and stays signed in when the sign-out fails", async () => {
    fakeApi({ ...signedIn(), '/api/auth/logout': { status: 500, body: { message: 'Database down' } } });
    const { router, queryClient } = renderRoutes(accountRoutes, '/account');
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Logout Failed')).toBeTruthy();
    expect(screen.getByText('Failed to log out properly.')).toBeTruthy();
    expect(screen.queryByText('Logged Out')).toBeNull();
    expect(router.location().pathname).toBe('/account');
    expect(queryClient.getQueryData(['/api/auth/me'])).toEqual(USER);
    // The menu is usable again, so the customer can try once more.
    expect(screen.getByRole('button', { name: 'Logout' }).hasAttribute('disabled')).toBe(false);
  });

  describe('Profile', () => {
    it("updates and says so; the button reads 'Updating...' meanwhile", async () => {
      let release!: () => void;
      const gate = new Promise<void>((r) => {
        release = r;
      });
      fakeApi(signedIn());
      const fetchMock = vi.mocked(fetch);
      const original = fetchMock.getMockImplementation()!;
      fetchMock.mockImplementation(async (input, init) => {
        if (String(input) === '/api/auth/update-profile') {
          await gate;
          return new Response(JSON.stringify({ ...USER, phone: '902-555-0100' }), { status: 200 });
        }
        return original(input as string, init);
      });
      renderRoutes(accountRoutes, '/account');
      await userEvent.type(await screen.findByLabelText(/Phone/), '902-555-0100');
      await userEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
      expect(await screen.findByRole('button', { name: 'Updating...' })).toBeTruthy();
      release();
      expect(await screen.findByText('Profile Updated')).toBeTruthy();
      const body = JSON.parse(
        String(
          (fetchMock.mock.calls.find(([p]) => p === '/api/auth/update-profile')![1] as RequestInit).body,
        ),
      );
      expect(body).toEqual({
        username: 'bob',
        email: 'bob@example.com',
        phone: '902-555-0100',
        address: null,
      });
    });

    it('checks the rules before sending', async () => {
      const api = fakeApi(signedIn());
      renderRoutes(accountRoutes, '/account');
      const username = await screen.findByLabelText('Username');
      await userEvent.clear(username);
      await userEvent.type(username, 'bo');
      await userEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
      expect(await screen.findByText('Username must be at least 3 characters')).toBeTruthy();
      expect(api.mock.calls.some(([p]) => p === '/api/auth/update-profile')).toBe(false);
    });

    it("shows 'Update Failed' with the server message, or the default", async () => {
      fakeApi({
        ...signedIn(),
        '/api/auth/update-profile': {
          status: 409,
          body: { message: 'An account with that email already exists.' },
        },
      });
      renderRoutes(accountRoutes, '/account');
      await userEvent.click(await screen.findByRole('button', { name: 'Update Profile' }));
      expect(await screen.findByText('Update Failed')).toBeTruthy();
      expect(screen.getByText('An account with that email already exists.')).toBeTruthy();
    });

    it("falls back to 'An error occurred while updating your profile'", async () => {
      fakeApi({ ...signedIn(), '/api/auth/update-profile': { status: 500, body: 'nope' } });
      renderRoutes(accountRoutes, '/account');
      await userEvent.click(await screen.findByRole('button', { name: 'Update Profile' }));
      expect(await screen.findByText('An error occurred while updating your profile')).toBeTruthy();
    });
  });

  describe('Orders', () => {
    it("shows 'No orders yet' with 'Start Shopping'", async () => {
      fakeApi(signedIn([]));
      renderRoutes(accountRoutes, '/account?tab=orders');
      expect(await screen.findByText('No orders yet')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Start Shopping' }).getAttribute('href')).toBe('/');
      expect(screen.getByRole('heading', { name: 'Order History' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Refresh Orders' })).toBeTruthy();
    });

    it(`refetches the order history every ${ORDERS_REFETCH_MS / 1000} s`, async () => {
      // Only the interval is faked: the page's other timers (and the test library's) run as usual.
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      let served = 0;
      const api = fakeApi({
        ...signedIn(),
        // The first answer has no orders; the order placed meanwhile shows up at the next refetch.
        [MY_ORDERS_PATH]: () => ({ body: ++served === 1 ? [] : [makeOrder()] }),
      });
      renderRoutes(accountRoutes, '/account?tab=orders');
      expect(await screen.findByText('No orders yet')).toBeTruthy();
      expect(orderRequests(api)).toBe(1);
      await act(() => vi.advanceTimersByTimeAsync(ORDERS_REFETCH_MS - 1));
      expect(orderRequests(api)).toBe(1);
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(await screen.findByRole('article', { name: 'Order #41' })).toBeTruthy();
      expect(orderRequests(api)).toBe(2);
      await act(() => vi.advanceTimersByTimeAsync(ORDERS_REFETCH_MS));
      await waitFor(() => expect(orderRequests(api)).toBe(3));
    });

    it('refetches the order history when the window regains focus', async () => {
      const api = fakeApi(signedIn([makeOrder()]));
      renderRoutes(accountRoutes, '/account?tab=orders');
      expect(await screen.findByRole('article', { name: 'Order #41' })).toBeTruthy();
      expect(orderRequests(api)).toBe(1);
      // TanStack Query hears the window coming back through visibilitychange.
      act(() => {
        window.dispatchEvent(new Event('visibilitychange'));
      });
      await waitFor(() => expect(orderRequests(api)).toBe(2));
      act(() => {
        window.dispatchEvent(new Event('visibilitychange'));
      });
      await waitFor(() => expect(orderRequests(api)).toBe(3));
      // Only the order history is refetched; the rest of the page keeps its data.
      expect(fetchedPaths(api).filter((p) => p === '/api/auth/me')).toHaveLength(1);
    });

    it('shows every field of an order card', async () => {
      fakeApi(signedIn([makeOrder()]));
      renderRoutes(accountRoutes, '/account?tab=orders');
      const card = await screen.findByRole('article', { name: 'Order #41' });
      const c = within(card);
      expect(c.getByText('$51.74 CAD', { selector: '[data-testid="order-total"]' })).toBeTruthy();
      // 30.00 + 14.99 + 6.75 = 51.74, with the stored HST line.
      expect(c.getByText('HST (15%)')).toBeTruthy();
      expect(c.getByText('Shipped', { selector: '[data-testid="order-status"]' })).toBeTruthy();
      expect(c.getByText('Paid')).toBeTruthy();
      expect(c.getByTestId('order-address').textContent).toBe('1 Main StApt 2Halifax, NS B3H 0A1Canada');
      expect(c.getByText('Express Shipping')).toBeTruthy();
      expect(c.getByText('TRK-777')).toBeTruthy();
      // An express order without a date: the express range (1-2 business days by default), not standard's.
      expect(c.getByText('1-2 business days')).toBeTruthy();
      expect(c.getByText('Product #9')).toBeTruthy();
      expect(c.getByText('$6.75')).toBeTruthy();
      const steps = c.getAllByRole('listitem').filter((li) => li.dataset.step);
      expect(steps.map((s) => [s.dataset.step, s.dataset.lit])).toEqual([
        ['Processing', 'true'],
        ['Shipped', 'true'],
        ['Delivered', 'false'],
      ]);
    });

    /** The visitor's local calendar date `days` from today, as yyyy-mm-dd. */
    const inDays = (days: number) => {
      const d = new Date();
      d.setDate(d.getDate() + days);
      return localDateString(d);
    };
    const estimatedDelivery = async () => (await screen.findByTestId('order-estimated-delivery')).textContent;

    it('shows the days remaining to an estimated delivery', async () => {
      fakeApi(signedIn([makeOrder({ estimatedDeliveryDate: inDays(3) })]));
      renderRoutes(accountRoutes, '/account?tab=orders');
      expect(await screen.findByText('(3 days remaining)')).toBeTruthy();
    });

    it("says 'Arriving today' on the day", async () => {
      fakeApi(signedIn([makeOrder({ estimatedDeliveryDate: inDays(0) })]));
      renderRoutes(accountRoutes, '/account?tab=orders');
      expect(await screen.findByText('(Arriving today)')).toBeTruthy();
    });

    it('shows only the date once it has passed', async () => {
      const date = inDays(-4);
      fakeApi(signedIn([makeOrder({ status: 'shipped', estimatedDeliveryDate: date })]));
      renderRoutes(accountRoutes, '/account?tab=orders');
      expect(await estimatedDelivery()).toBe(formatCalendarDate(date));
    });

    it('shows no countdown once the order is delivered, in the card and the details', async () => {
      const date = inDays(2);
      fakeApi(signedIn([makeOrder({ status: 'delivered', estimatedDeliveryDate: date })]));
      renderRoutes(accountRoutes, '/account?tab=orders');
      expect(await estimatedDelivery()).toBe(formatCalendarDate(date));
      await userEvent.click(screen.getByRole('button', { name: 'View Details' }));
      const dialog = await screen.findByRole('dialog', { name: 'Order #41 Details' });
      expect(within(dialog).getByText(/^Estimated Delivery:/).textContent).toBe(
        `Estimated Delivery: ${formatCalendarDate(date)}`,
      );
      expect(screen.queryByText(/remaining|Arriving today/)).toBeNull();
    });

    it('opens the details with the SKU column, summary and notes without the item listing', async () => {
      fakeApi(signedIn([makeOrder()]));
      renderRoutes(accountRoutes, '/account?tab=orders');
      await userEvent.click(await screen.findByRole('button', { name: 'View Details' }));
      const dialog = await screen.findByRole('dialog', { name: 'Order #41 Details' });
      const d = within(dialog);
      expect(d.getByRole('columnheader', { name: 'SKU' })).toBeTruthy();
      expect(d.getByText('LOT-LAMP')).toBeTruthy();
      expect(d.getByText('$30.00', { selector: 'td' })).toBeTruthy();
      expect(d.getByTestId('order-notes').textContent).toBe('Ring the bell.');
      expect(d.getByText('Bob Buyer')).toBeTruthy();
      expect(d.getByText('Reference: pay_123')).toBeTruthy();
      for (const name of ['Print Receipt', 'Close', 'Re-order Items'])
        expect(d.getByRole('button', { name })).toBeTruthy();
      await userEvent.click(d.getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it("prints a receipt in a new window ('Paid' when the status is absent, tax = total - subtotal - shipping)", async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const written: string[] = [];
      const print = vi.fn();
      const popup = {
        closed: false,
        focus: vi.fn(),
        print,
        document: { open: vi.fn(), write: (html: string) => written.push(html), close: vi.fn() },
      };
      const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
      // An order stored without tax lines: its tax is 3.39 - 3.00 - 0 = 0.39.
      fakeApi(
        signedIn([makeOrder({ status: '', total: '3.39', subtotal: '3', shippingCost: '0', taxLines: [] })]),
      );
      renderRoutes(accountRoutes, '/account?tab=orders');
      await userEvent.click(await screen.findByRole('button', { name: 'View Details' }));
      await userEvent.click(await screen.findByRole('button', { name: 'Print Receipt' }));
      expect(open).toHaveBeenCalledTimes(1);
      expect(await screen.findByText('Preparing receipt...')).toBeTruthy();
      expect(screen.getByText('Opening print dialog shortly')).toBeTruthy();
      const receipt = new DOMParser().parseFromString(written.join(''), 'text/html');
      expect(receipt.querySelector('[data-receipt="status"]')!.textContent).toBe('Paid');
      expect(receipt.querySelector('[data-receipt="tax"] .num')!.textContent).toBe('$0.39');
      expect(receipt.querySelector('[data-receipt="total"]')!.textContent).toBe('$3.39 CAD');
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(print).toHaveBeenCalledTimes(1);
      vi.useRealTimers();
    });

    it('says so when the pop-up is blocked', async () => {
      vi.spyOn(window, 'open').mockReturnValue(null);
      fakeApi(signedIn([makeOrder()]));
      renderRoutes(accountRoutes, '/account?tab=orders');
      await userEvent.click(await screen.findByRole('button', { name: 'View Details' }));
      await userEvent.click(await screen.findByRole('button', { name: 'Print Receipt' }));
      expect(await screen.findByText('Pop-up blocked. Please allow pop-ups to print receipts.')).toBeTruthy();
    });

    it("re-orders at today's prices within today's stock, says what was left out, and goes to the cart", async () => {
      fakeApi({
        ...signedIn([makeOrder()]),
        // The lamp is cheaper today and only one is left; product 9 is gone.
        '/api/products/5': {
          body: makeProduct({
            id: 5,
            name: 'Desk Lamp',
            price: '15.00',
            discountedPrice: '12.00',
            discountPercentage: 20,
            originalPrice: '15.00',
            stock: 1,
          }),
        },
        '/api/products/9': { status: 404, body: { message: 'Product not found' } },
      });
      const { router } = renderRoutes(accountRoutes, '/account?tab=orders');
      await userEvent.click(await screen.findByRole('button', { name: 'Re-order' }));
      await waitFor(() => expect(router.location().pathname).toBe('/cart'));
      expect(getCart().items).toEqual([
        expect.objectContaining({ productId: 5, price: '12.00', quantity: 1 }),
      ]);
      expect(await screen.findByText('Items added to cart')).toBeTruthy();
      // Radix may still show its screen-reader copy of the toast beside it: the first is the toast.
      const description = screen.getAllByText(/from order #41/)[0]!.textContent!;
      expect(description).toContain("1 item from order #41 added to your cart at today's prices.");
      expect(description).toContain('only 1 of 2 × Desk Lamp (limited stock)');
      expect(description).toContain('Product #9 (no longer available)');
    });

    it('stays on the page when nothing could be added', async () => {
      fakeApi({
        ...signedIn([makeOrder({ items: [makeOrder().items[0]!] })]),
        '/api/products/5': { body: makeProduct({ id: 5, name: 'Desk Lamp', stock: 0 }) },
      });
      const { router } = renderRoutes(accountRoutes, '/account?tab=orders');
      await userEvent.click(await screen.findByRole('button', { name: 'Re-order' }));
      expect(await screen.findByText('Could not re-order')).toBeTruthy();
      expect(router.location().pathname).toBe('/account');
      expect(getCart().items).toEqual([]);
    });
  });

  describe('Payment Methods and Settings', () => {
    it('explains that no payment methods are stored', async () => {
      fakeApi(signedIn());
      renderRoutes(accountRoutes, '/account?tab=payment');
      expect(await screen.findByText('No payment methods saved')).toBeTruthy();
      expect(screen.getByText(/we don't store payment information/)).toBeTruthy();
    });

    it('changes the password with its rules', async () => {
      const api = fakeApi({ ...signedIn(), '/api/auth/change-password': { body: { message: 'ok' } } });
      renderRoutes(accountRoutes, '/account?tab=settings');
      await userEvent.click(await screen.findByRole('button', { name: 'Change Password' }));
      await userEvent.click(screen.getByRole('button', { name: 'Save New Password' }));
      expect(await screen.findByText('Current password is required')).toBeTruthy();
      await userEvent.type(screen.getByLabelText('Current Password'), 'old-secret');
      await userEvent.type(screen.getByLabelText('New Password'), 'new-secret');
      await userEvent.type(screen.getByLabelText('Confirm New Password'), 'new-secreX');
      await userEvent.click(screen.getByRole('button', { name: 'Save New Password' }));
      expect(await screen.findByText("New passwords don't match")).toBeTruthy();
      await userEvent.clear(screen.getByLabelText('Confirm New Password'));
      await userEvent.type(screen.getByLabelText('Confirm New Password'), 'new-secret');
      await userEvent.click(screen.getByRole('button', { name: 'Save New Password' }));
      expect(await screen.findByText('Password Changed')).toBeTruthy();
      expect(sentBody(api, '/api/auth/change-password')).toEqual({
        currentPassword: 'old-secret',
        newPassword: 'new-secret',
        confirmNewPassword: 'new-secret',
      });
    });

    it('keeps the e-mail notifications choice', async () => {
      const api = fakeApi({
        ...signedIn(),
        '/api/auth/preferences': { body: { ...USER, emailNotifications: false } },
      });
      const { queryClient } = renderRoutes(accountRoutes, '/account?tab=settings');
      const toggle = await screen.findByRole('switch', { name: /Email Notifications/ });
      expect(toggle.getAttribute('aria-checked')).toBe('true');
      await userEvent.click(toggle);
      await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
      expect(
        queryClient.getQueryData<{ emailNotifications: boolean }>(['/api/auth/me'])?.emailNotifications,
      ).toBe(false);
      expect(sentBody(api, '/api/auth/preferences')).toEqual({ emailNotifications: false });
    });

    it('deletes the account only after confirming with the password, then goes home signed out', async () => {
      const api = fakeApi({ ...signedIn(), '/api/account': { body: { message: 'ok' } } });
      const { router, queryClient } = renderRoutes(accountRoutes, '/account?tab=settings');
      await userEvent.click(await screen.findByRole('button', { name: 'Delete Account' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Delete My Account' }));
      expect(await within(dialog).findByText('Password is required')).toBeTruthy();
      expect(api.mock.calls.some(([p]) => p === '/api/account')).toBe(false);
      await userEvent.type(within(dialog).getByLabelText('Enter your password to confirm'), 'secret1');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Delete My Account' }));
      await waitFor(() => expect(router.location().pathname).toBe('/'));
      // DELETE /api/account with the password typed again (decision 0562).
      const [, init] = calls(api).find(([p]) => p === '/api/account')!;
      expect(init!.method).toBe('DELETE');
      expect(JSON.parse(String(init!.body))).toEqual({ password: 'secret1' });
      expect(queryClient.getQueryData(['/api/auth/me'])).toBeNull();
      expect(await screen.findByText('Account Deleted')).toBeTruthy();
    });
  });

  describe('privacy in the settings', () => {
    it('shows the marketing box unticked, records a consent when ticked, and links the data download', async () => {
      const api = fakeApi({
        ...signedIn(),
        '/api/account/marketing': { body: { subscribed: false, current: null } },
      });
      renderRoutes(accountRoutes, '/account?tab=settings');
      const box = (await screen.findByLabelText(/may send me deals and news by e-mail/)) as HTMLInputElement;
      await waitFor(() => expect(box.disabled).toBe(false));
      expect(box.checked).toBe(false);
      await userEvent.click(box);
      await waitFor(() =>
        expect(calls(api).some(([p, i]) => p === '/api/account/marketing' && i?.method === 'PUT')).toBe(true),
      );
      const [, init] = calls(api).find(([p, i]) => p === '/api/account/marketing' && i?.method === 'PUT')!;
      expect(JSON.parse(String(init!.body))).toEqual({ subscribed: true });
      const json = screen.getByRole('link', { name: 'Download my data (JSON)' });
      expect(json.getAttribute('href')).toBe('/api/account/data-export');
      expect(screen.getByRole('link', { name: 'Download my data (CSV)' }).getAttribute('href')).toBe(
        '/api/account/data-export?format=csv',
      );
    });
  });
});
