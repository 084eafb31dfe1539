import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '~/client/components/ui/toast-store';
import AdminArea from './admin-area';
import {
  ADMIN_USER,
  CUSTOMER,
  callsTo,
  DASHBOARD,
  fakeApi,
  renderPage,
  STAFF_USER,
} from '~/client/test/admin-test-utils';

afterEach(() => {
  resetToasts();
  vi.unstubAllGlobals();
});

const SIGNED_OUT = { status: 401, body: { message: 'Not signed in.' } };
const adminApi = {
  'GET /api/admin/dashboard': { body: DASHBOARD },
  'GET /api/products/admin': { body: [], headers: { 'x-total-count': '0' } },
  'GET /api/categories': { body: [] },
};

async function signIn(username: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Username'), username);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login as Administrator' }));
}

describe('admin login screen', () => {
  it('replaces the admin area when nobody is signed in, and requires both fields', async () => {
    fakeApi({ 'GET /api/auth/me': SIGNED_OUT });
    renderPage(<AdminArea tab="products" />);
    expect(await screen.findByRole('heading', { name: 'Admin Access Required' })).toBeTruthy();
    expect(screen.getByText('Only administrators can access this area')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Login as Administrator' }));
    expect(await screen.findByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
  });

  it('says the credentials are invalid when sign-in fails', async () => {
    fakeApi({
      'GET /api/auth/me': SIGNED_OUT,
      'POST /api/auth/login': { status: 401, body: { message: 'Invalid username or password.' } },
    });
    renderPage(<AdminArea tab="products" />);
    await signIn('someone', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid credentials. Please try again.');
  });

  it('signs a customer straight out again with Access denied', async () => {
    let signedIn = false;
    const api = fakeApi({
      'GET /api/auth/me': () => (signedIn ? { body: CUSTOMER } : SIGNED_OUT),
      'POST /api/auth/login': () => {
        signedIn = true;
        return { body: CUSTOMER };
      },
      'POST /api/auth/logout': () => {
        signedIn = false;
        return { body: { message: 'Signed out.' } };
      },
    });
    renderPage(<AdminArea tab="products" />);
    await signIn('shopper', 'secret');
    await waitFor(() => expect(callsTo(api, 'POST', '/api/auth/logout')).toHaveLength(1));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Access denied. Administrator privileges required.',
    );
    expect(screen.getByRole('heading', { name: 'Admin Access Required' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Admin Dashboard' })).toBeNull();
  });

  it('signs out and says so when the admin check fails', async () => {
    let logins = 0;
    const api = fakeApi({
      'GET /api/auth/me': () => (logins > 0 ? { status: 500, body: { message: 'Down.' } } : SIGNED_OUT),
      'POST /api/auth/login': () => {
        logins++;
        return { body: ADMIN_USER };
      },
      'POST /api/auth/logout': { body: { message: 'Signed out.' } },
    });
    renderPage(<AdminArea tab="products" />);
    await signIn('admin', 'secret');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to verify admin status. Please try again.',
    );
    await waitFor(() => expect(callsTo(api, 'POST', '/api/auth/logout')).toHaveLength(1));
  });

  it('shows a signed-in customer Access denied with a way to sign out', async () => {
    const api = fakeApi({ 'GET /api/auth/me': { body: CUSTOMER }, 'POST /api/auth/logout': { body: {} } });
    renderPage(<AdminArea tab="products" />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Access denied. Administrator privileges required.',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(callsTo(api, 'POST', '/api/auth/logout')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText(/Signed in as/)).toBeNull());
  });

  it('lets an administrator in: the Overview tab first, with the dashboard, the demo notice and low stock', async () => {
    let signedIn = false;
    fakeApi({
      ...adminApi,
      'GET /api/auth/me': () => (signedIn ? { body: ADMIN_USER } : SIGNED_OUT),
      'POST /api/auth/login': () => {
        signedIn = true;
        return { body: ADMIN_USER };
      },
    });
    renderPage(<AdminArea tab="overview" />);
    await signIn('admin', 'secret');
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeTruthy();
    expect((await screen.findByTestId('total-products')).textContent).toBe('42');
    expect(screen.getByTestId('total-orders').textContent).toBe('7');
    expect(screen.getByTestId('pending-orders').textContent).toBe('3');
    expect(screen.getByTestId('active-discounts').textContent).toBe('5');
    expect(
      screen.getByText(
        'This is a demo admin panel. In a production environment, this would be protected with proper authentication.',
      ),
    ).toBeTruthy();
    const low = screen.getByRole('region', { name: 'Low stock' });
    expect(within(low).getByTestId('low-stock-count').textContent).toBe('2');
    expect(within(low).getByText('Brass Lamp')).toBeTruthy();
    expect(within(low).getByText('1 left')).toBeTruthy();
    expect(within(low).getByRole('link', { name: 'See them in Products' }).getAttribute('href')).toBe(
      '/admin/products?stock=low',
    );
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    expect(within(nav).getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBe('page');
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual([
      'Overview',
      'Products',
      'Daily Discounts',
      'Shipping',
      'Tax Rates',
      'Content Pages',
      'Import Products',
      'Loads',
      'Intake',
      'Orders',
      'Returns',
      'Recalls',
      'Users',
      'Reports',
      'Audit Log',
      'Privacy',
      'Settings',
    ]);
  });

  it('shows the other tabs without the dashboard above them', async () => {
    fakeApi({ ...adminApi, 'GET /api/auth/me': { body: ADMIN_USER } });
    renderPage(<AdminArea tab="products" />);
    expect(await screen.findByRole('heading', { name: 'Product Management' })).toBeTruthy();
    expect(screen.queryByTestId('total-products')).toBeNull();
    expect(screen.queryByText('Demo Mode')).toBeNull();
  });

  it('hides the demo notice once the store no longer runs on demo data', async () => {
    fakeApi({
      ...adminApi,
      'GET /api/auth/me': { body: ADMIN_USER },
      'GET /api/admin/dashboard': { body: { ...DASHBOARD, demoMode: false } },
    });
    renderPage(<AdminArea tab="overview" />);
    expect(await screen.findByTestId('total-products')).toBeTruthy();
    expect(screen.queryByText('Demo Mode')).toBeNull();
  });
});

describe('staff', () => {
  it('sign in and see only the tabs they may use: Overview, Products, Import Products, Orders', async () => {
    let signedIn = false;
    const api = fakeApi({
      ...adminApi,
      'GET /api/auth/me': () => (signedIn ? { body: STAFF_USER } : SIGNED_OUT),
      'POST /api/auth/login': () => {
        signedIn = true;
        return { body: STAFF_USER };
      },
    });
    renderPage(<AdminArea tab="overview" />);
    await signIn('clerk', 'secret');
    expect(await screen.findByText('Signed in as clerk (Staff)')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Overview', 'Products', 'Import Products', 'Loads', 'Intake', 'Orders', 'Returns', 'Recalls']);
    expect(within(nav).queryByRole('link', { name: 'Users' })).toBeNull();
    expect(callsTo(api, 'POST', '/api/auth/logout')).toHaveLength(0);
  });

  it("opening an administrator's tab by its address says so and loads nothing of it", async () => {
    const api = fakeApi({ ...adminApi, 'GET /api/auth/me': { body: STAFF_USER } });
    renderPage(<AdminArea tab="users" />);
    expect(await screen.findByText('Only administrators can open this section.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the Overview' }).getAttribute('href')).toBe(
      '/admin/overview',
    );
    expect(callsTo(api, 'GET', '/api/admin/users')).toHaveLength(0);
  });
});
