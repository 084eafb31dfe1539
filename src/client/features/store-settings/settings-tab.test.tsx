import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '~/client/components/ui/toast-store';
import { callsTo, fakeApi, renderPage } from '~/client/test/admin-test-utils';
import { DEFAULT_RETURN_WINDOW_DAYS } from '~/shared/contract';
import SettingsTab from './settings-tab';

afterEach(() => {
  resetToasts();
  vi.unstubAllGlobals();
});

const SETTINGS = {
  lowStockThreshold: 3,
  returnWindowDays: DEFAULT_RETURN_WINDOW_DAYS,
  wasPriceMinDays: 14,
  wasPriceWithinDays: 30,
  estimatedRetailPercentOff: false,
};
const bodyOf = (call: unknown[]) => JSON.parse(String((call[1] as RequestInit).body));

describe('Settings tab', () => {
  it('shows the low-stock threshold, refuses what is not a whole number, and saves', async () => {
    const api = fakeApi({
      'GET /api/admin/settings': { body: SETTINGS },
      'PATCH /api/admin/settings': ({ init }) => ({
        body: { ...SETTINGS, ...JSON.parse(String(init?.body)) },
      }),
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
      'GET /api/admin/settings': { body: SETTINGS },
      'PATCH /api/admin/settings': { status: 403, body: { message: 'Administrator privileges required.' } },
    });
    renderPage(<SettingsTab />, '/admin/settings');
    const field = (await screen.findByLabelText('Low-stock threshold (units)')) as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe('3'));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Failed to save settings')).toBeTruthy();
    expect(screen.getByText('Administrator privileges required.')).toBeTruthy();
  });

  it('edits the return window of each condition and saves only the windows', async () => {
    const api = fakeApi({
      'GET /api/admin/settings': { body: SETTINGS },
      'PATCH /api/admin/settings': ({ init }) => ({
        body: { ...SETTINGS, ...JSON.parse(String(init?.body)) },
      }),
    });
    renderPage(<SettingsTab />, '/admin/settings');
    const openBox = (await screen.findByLabelText('New - open box (days)')) as HTMLInputElement;
    await waitFor(() => expect(openBox.value).toBe('14'));
    expect((screen.getByLabelText('For parts or repair (days)') as HTMLInputElement).value).toBe('0');
    const user = userEvent.setup();
    await user.clear(openBox);
    await user.type(openBox, '7');
    await user.click(screen.getByRole('button', { name: 'Save Return Windows' }));
    await waitFor(() => expect(callsTo(api, 'PATCH', '/api/admin/settings')).toHaveLength(1));
    expect(bodyOf(callsTo(api, 'PATCH', '/api/admin/settings')[0]!)).toEqual({
      returnWindowDays: {
        ...Object.fromEntries(Object.entries(DEFAULT_RETURN_WINDOW_DAYS).map(([k, v]) => [k, String(v)])),
        'new-open-box': '7',
      },
    });
    expect(await screen.findByText('Return windows saved.')).toBeTruthy();
  });

  it('edits the price claim rule and saves only it, as numbers and a yes/no', async () => {
    const api = fakeApi({
      'GET /api/admin/settings': { body: SETTINGS },
      'PATCH /api/admin/settings': ({ init }) => ({
        body: { ...SETTINGS, ...JSON.parse(String(init?.body)) },
      }),
    });
    renderPage(<SettingsTab />, '/admin/settings');
    const minDays = (await screen.findByLabelText(
      "Days at the 'Was' price before the markdown, at least",
    )) as HTMLInputElement;
    await waitFor(() => expect(minDays.value).toBe('14'));
    const box = screen.getByLabelText('Show % OFF against an estimated retail price') as HTMLInputElement;
    expect(box.checked).toBe(false);
    const user = userEvent.setup();
    await user.clear(minDays);
    await user.type(minDays, '28');
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Save Price Claim Rule' }));
    await waitFor(() => expect(callsTo(api, 'PATCH', '/api/admin/settings')).toHaveLength(1));
    expect(bodyOf(callsTo(api, 'PATCH', '/api/admin/settings')[0]!)).toEqual({
      wasPriceMinDays: 28,
      wasPriceWithinDays: 30,
      estimatedRetailPercentOff: true,
    });
    expect(await screen.findByText('Price claim rule saved.')).toBeTruthy();
  });
});
