import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '~/client/components/ui/toast-store';
import { callsTo, fakeApi, renderPage } from '~/client/test/admin-test-utils';
import SettingsTab from './settings-tab';

afterEach(() => {
  resetToasts();
  vi.unstubAllGlobals();
});

const bodyOf = (call: unknown[]) => JSON.parse(String((call[1] as RequestInit).body));

describe('Settings tab', () => {
  it('shows the low-stock threshold, refuses what is not a whole number, and saves', async () => {
    const api = fakeApi({
      'GET /api/admin/settings': { body: { lowStockThreshold: 3 } },
      'PATCH /api/admin/settings': ({ init }) => ({ body: JSON.parse(String(init?.body)) }),
    });
    renderPage(<SettingsTab />, '/admin/settings');
    const field = (await screen.findByLabelText('Low-stock threshold (units)')) as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe('3'));
    const user = userEvent.setup();
    await user.clear(field);
    await user.type(field, '-2');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(
      await screen.findByText('Low-stock threshold must be a whole number from 0 to 1,000'),
    ).toBeTruthy();
    expect(callsTo(api, 'PATCH', '/api/admin/settings')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '5');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(callsTo(api, 'PATCH', '/api/admin/settings')).toHaveLength(1));
    expect(bodyOf(callsTo(api, 'PATCH', '/api/admin/settings')[0]!)).toEqual({ lowStockThreshold: 5 });
    expect(await screen.findByText('Settings saved.')).toBeTruthy();
  });

  it("shows the server's refusal in a toast", async () => {
    fakeApi({
      'GET /api/admin/settings': { body: { lowStockThreshold: 3 } },
      'PATCH /api/admin/settings': { status: 403, body: { message: 'Administrator privileges required.' } },
    });
    renderPage(<SettingsTab />, '/admin/settings');
    const field = (await screen.findByLabelText('Low-stock threshold (units)')) as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe('3'));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Failed to save settings')).toBeTruthy();
    expect(screen.getByText('Administrator privileges required.')).toBeTruthy();
  });
});
