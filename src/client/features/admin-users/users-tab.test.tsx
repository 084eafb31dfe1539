// User Management: the 'You' badge, 'Try Again',
// 'Add User' with 'Passwords do not match.', partial edits with a blank password, delete with
// confirmation, and every toast.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminUser } from '~/shared/schemas/admin-users';
import { resetToasts, useToasts } from '~/client/components/ui/toast-store';
import { createQueryClient } from '~/client/lib/query-client';
import UsersTab from './users-tab';

let toasts: { title: string; description?: string }[] = [];
function ToastSpy() {
  toasts = useToasts();
  return null;
}
const lastToast = () => toasts[0] && { title: toasts[0].title, description: toasts[0].description };

type Call = { method: string; path: string; body: unknown };
type Answer = { status?: number; body?: unknown; total?: number };
function fakeApi(answer: (call: Call) => Answer | undefined) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      const call = {
        method: init?.method ?? 'GET',
        path,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      const fallback: Answer =
        call.path === '/api/auth/me'
          ? { body: ME }
          : call.path.startsWith('/api/admin/users?')
            ? { body: USERS, total: USERS.length }
            : { status: 404, body: { message: 'Not found.' } };
      const { status = 200, body, total } = answer(call) ?? fallback;
      return new Response(JSON.stringify(body ?? null), {
        status,
        headers: {
          'content-type': 'application/json',
          ...(total !== undefined ? { 'x-total-count': String(total) } : {}),
        },
      });
    }),
  );
  return calls;
}

const ME = {
  id: 1,
  username: 'boss',
  email: 'boss@store.example',
  isAdmin: true,
  phone: null,
  address: null,
};
const user = (id: number, username: string, extra: Partial<AdminUser> = {}): AdminUser => ({
  id,
  username,
  email: `${username}@example.com`,
  phone: null,
  address: null,
  isAdmin: false,
  createdAt: '2025-03-01T12:00:00.000Z',
  orderCount: 0,
  grants: { refundLimit: null, exportCustomers: null, readEmails: null, useTill: null },
  ...extra,
  role: extra.role ?? (extra.isAdmin ? 'admin' : 'customer'),
});
const USERS = [
  user(1, 'boss', { isAdmin: true, email: 'boss@store.example' }),
  user(2, 'carol', { phone: '416-555-0100', orderCount: 3 }),
];

function renderTab() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <UsersTab />
      <ToastSpy />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const rowOf = async (name: string) =>
  (await screen.findAllByTestId('admin-user-row')).find((r) => within(r).queryByText(name))!;

describe('Users tab', () => {
  it("lists users with a 'You' badge on the signed-in administrator's row only, whose delete is disabled", async () => {
    fakeApi(() => undefined);
    renderTab();
    const mine = await rowOf('boss');
    await waitFor(() => expect(within(mine).getByText('You')).toBeTruthy());
    const carol = await rowOf('carol');
    expect(within(carol).queryByText('You')).toBeNull();
    expect(within(mine).getByRole('button', { name: 'Delete boss' })).toHaveProperty('disabled', true);
    expect(within(carol).getByRole('button', { name: 'Delete carol' })).toHaveProperty('disabled', false);
    expect(within(carol).getByText('416-555-0100')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'User Management' })).toBeTruthy();
  });

  it('offers the newsletter subscribers as a CSV download', async () => {
    fakeApi(() => undefined);
    renderTab();
    const link = await screen.findByRole('link', { name: 'Export Subscribers (CSV)' });
    expect(link.getAttribute('href')).toBe('/api/subscribers/export');
    expect(link.hasAttribute('download')).toBe(true);
  });

  it("shows 'Failed to load users' with 'Try Again', which loads them", async () => {
    let fail = true;
    fakeApi((c) =>
      c.path.startsWith('/api/admin/users?') && fail ? { status: 500, body: { message: 'Boom' } } : undefined,
    );
    renderTab();
    expect(await screen.findByText('Failed to load users')).toBeTruthy();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await rowOf('carol')).toBeTruthy();
  });

  it('searches by username or e-mail', async () => {
    const calls = fakeApi(() => undefined);
    renderTab();
    await rowOf('carol');
    await userEvent.setup().type(screen.getByLabelText('Search users by username or email'), 'car');
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/api/admin/users?page=1&limit=20&search=car')).toBe(true),
    );
  });

  it("'Add User' refuses mismatched passwords, then creates the user with only the API's fields", async () => {
    const calls = fakeApi((c) => (c.method === 'POST' ? { status: 201, body: user(3, 'dave') } : undefined));
    renderTab();
    const u = userEvent.setup();
    await rowOf('carol');
    await u.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = screen.getByRole('dialog', { name: 'Add User' });
    await u.type(within(dialog).getByLabelText('Username'), 'dave');
    await u.type(within(dialog).getByLabelText('Email'), 'dave@example.com');
    await u.type(within(dialog).getByLabelText('Password'), 'secret-1');
    await u.type(within(dialog).getByLabelText('Confirm Password'), 'secret-2');
    await u.selectOptions(within(dialog).getByLabelText('Role'), 'Administrator');
    await u.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(await within(dialog).findByText('Passwords do not match.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await u.clear(within(dialog).getByLabelText('Confirm Password'));
    await u.type(within(dialog).getByLabelText('Confirm Password'), 'secret-1');
    await u.click(within(dialog).getByRole('button', { name: 'Create User' }));
    await waitFor(() => expect(lastToast()?.title).toBe('User Created'));
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/admin/users',
      body: {
        username: 'dave',
        email: 'dave@example.com',
        password: 'secret-1',
        role: 'admin',
        phone: null,
        address: null,
      },
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("names each user's role in the list; the edit dialog sets a role and sends only it", async () => {
    const calls = fakeApi((c) =>
      c.method === 'PUT' ? { body: user(2, 'carol', { role: 'staff', phone: '416-555-0100' }) } : undefined,
    );
    renderTab();
    const u = userEvent.setup();
    expect(within(await rowOf('boss')).getByText('Admin')).toBeTruthy();
    expect(within(await rowOf('carol')).getByText('Customer')).toBeTruthy();
    await u.click(within(await rowOf('carol')).getByRole('button', { name: 'Edit carol' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit User: carol' });
    const role = within(dialog).getByLabelText('Role') as HTMLSelectElement;
    expect([...role.options].map((o) => o.textContent)).toEqual(['Customer', 'Staff', 'Administrator']);
    expect(role.value).toBe('customer');
    await u.selectOptions(role, 'Staff');
    await u.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeTruthy());
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      path: '/api/admin/users/2',
      body: { role: 'staff' },
    });
  });

  it("a staff user's permissions: shown for staff only, sent as grants when changed (docs/decisions/0459-staff-permissions.md)", async () => {
    const calls = fakeApi((c) => {
      if (c.path.startsWith('/api/admin/users?'))
        return { body: [...USERS, user(3, 'sam', { role: 'staff' })], total: 3 };
      return c.method === 'PUT' ? { body: user(3, 'sam', { role: 'staff' }) } : undefined;
    });
    renderTab();
    const u = userEvent.setup();
    // A customer has no staff permissions to set.
    await u.click(within(await rowOf('carol')).getByRole('button', { name: 'Edit carol' }));
    expect(
      within(screen.getByRole('dialog', { name: 'Edit User: carol' })).queryByText('Staff permissions'),
    ).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Cancel' }));

    await u.click(within(await rowOf('sam')).getByRole('button', { name: 'Edit sam' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit User: sam' });
    const limit = within(dialog).getByLabelText('Refund limit per order ($)') as HTMLInputElement;
    expect([limit.value, limit.placeholder]).toEqual(['', 'Default: 100.00']);
    const emails = within(dialog).getByLabelText(
      "May read the store's e-mails (E-mails)",
    ) as HTMLInputElement;
    const exporting = within(dialog).getByLabelText(
      "May export customers' personal data (Export CSV)",
    ) as HTMLInputElement;
    expect([emails.checked, exporting.checked]).toEqual([false, false]);
    await u.type(limit, 'lots');
    await u.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(
      await within(dialog).findByText('Refund limit must be an amount like 250.00, or empty for the default'),
    ).toBeTruthy();
    await u.clear(limit);
    await u.type(limit, '250');
    await u.click(emails);
    await u.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeTruthy());
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      path: '/api/admin/users/3',
      body: { grants: { refundLimit: '250.00', readEmails: true } },
    });
  });

  it("'Failed to Create User' with the server's message and the field marked", async () => {
    fakeApi((c) =>
      c.method === 'POST'
        ? {
            status: 409,
            body: {
              message: 'That username is already taken.',
              errors: { username: 'That username is already taken.' },
            },
          }
        : undefined,
    );
    renderTab();
    const u = userEvent.setup();
    await rowOf('carol');
    await u.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = screen.getByRole('dialog', { name: 'Add User' });
    await u.type(within(dialog).getByLabelText('Username'), 'carol');
    await u.type(within(dialog).getByLabelText('Email'), 'new@example.com');
    await u.type(within(dialog).getByLabelText('Password'), 'secret-1');
    await u.type(within(dialog).getByLabelText('Confirm Password'), 'secret-1');
    await u.click(within(dialog).getByRole('button', { name: 'Create User' }));
    await waitFor(() =>
      expect(lastToast()).toEqual({
        title: 'Failed to Create User',
        description: 'That username is already taken.',
      }),
    );
    expect(within(dialog).getByText('That username is already taken.')).toBeTruthy();
  });

  it('edit sends only the changed fields; a blank password is not sent', async () => {
    const calls = fakeApi((c) =>
      c.method === 'PUT' ? { body: user(2, 'carol', { phone: '416-555-0199', orderCount: 3 }) } : undefined,
    );
    renderTab();
    const u = userEvent.setup();
    await u.click(within(await rowOf('carol')).getByRole('button', { name: 'Edit carol' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit User: carol' });
    expect((within(dialog).getByLabelText('Password') as HTMLInputElement).value).toBe('');
    const phone = within(dialog).getByLabelText('Phone (optional)');
    await u.clear(phone);
    await u.type(phone, '416-555-0199');
    await u.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(lastToast()?.title).toBe('User Updated'));
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      { method: 'PUT', path: '/api/admin/users/2', body: { phone: '416-555-0199' } },
    ]);
  });

  it('edit with a new password sends it; a mismatch is refused', async () => {
    const calls = fakeApi((c) => (c.method === 'PUT' ? { body: user(2, 'carol') } : undefined));
    renderTab();
    const u = userEvent.setup();
    await u.click(within(await rowOf('carol')).getByRole('button', { name: 'Edit carol' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit User: carol' });
    await u.type(within(dialog).getByLabelText('Password'), 'new-secret');
    await u.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Passwords do not match.')).toBeTruthy();
    await u.type(within(dialog).getByLabelText('Confirm Password'), 'new-secret');
    await u.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ password: 'new-secret' });
  });

  it("an administrator cannot change their own role in the page; 'Failed to Update User' on a refusal", async () => {
    fakeApi((c) => (c.method === 'PUT' ? { status: 403, body: { message: 'Nope.' } } : undefined));
    renderTab();
    const u = userEvent.setup();
    await waitFor(async () => expect(within(await rowOf('boss')).getByText('You')).toBeTruthy());
    await u.click(within(await rowOf('boss')).getByRole('button', { name: 'Edit boss' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit User: boss' });
    const role = within(dialog).getByLabelText('Role') as HTMLSelectElement;
    expect(role.disabled).toBe(true);
    expect(role.value).toBe('admin');
    expect(within(dialog).getByText('You cannot change your own administrator role.')).toBeTruthy();
    await u.type(within(dialog).getByLabelText('Phone (optional)'), '1');
    await u.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(lastToast()).toEqual({ title: 'Failed to Update User', description: 'Nope.' }),
    );
  });

  it('deletes after confirmation, and says so; a failure reads Failed to Delete User', async () => {
    let fail = false;
    const calls = fakeApi((c) =>
      c.method === 'DELETE'
        ? fail
          ? { status: 409, body: { message: 'The last administrator cannot be removed.' } }
          : { body: { message: 'User deleted.', detachedOrders: 3 } }
        : undefined,
    );
    renderTab();
    const u = userEvent.setup();
    await u.click(within(await rowOf('carol')).getByRole('button', { name: 'Delete carol' }));
    const confirm = screen.getByRole('alertdialog');
    expect(
      within(confirm).getByText(/Are you sure you want to delete "carol"\? Their orders are kept/),
    ).toBeTruthy();
    await u.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(lastToast()).toEqual({
        title: 'User Deleted',
        description: 'carol has been deleted. Their 3 orders are kept without an account.',
      }),
    );
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/admin/users/2']);

    fail = true;
    await u.click(within(await rowOf('carol')).getByRole('button', { name: 'Delete carol' }));
    await u.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(lastToast()).toEqual({
        title: 'Failed to Delete User',
        description: 'The last administrator cannot be removed.',
      }),
    );
  });
});
