import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '~/client/components/ui/toast-store';
import { callsTo, fakeApi, renderPage } from '~/client/test/admin-test-utils';
import ShippingTab from './shipping-tab';
import TaxesTab from './taxes-tab';

afterEach(() => {
  resetToasts();
  vi.unstubAllGlobals();
});

const bodyOf = (call: [string, RequestInit | undefined] | undefined) => JSON.parse(String(call?.[1]?.body));
const toastText = async () => (await screen.findAllByTestId('toast')).map((t) => t.textContent).join(' | ');

describe('shipping settings', () => {
  it('shows the placeholders and delivery times, validates with the messages, and reports a failed save', async () => {
    fakeApi({
      'GET /api/shipping': {
        body: {
          standardPrice: '5.99',
          expressPrice: '14.99',
          pickupAvailable: true,
          standardMinDays: 3,
          standardMaxDays: 5,
          expressMinDays: 1,
          expressMaxDays: 2,
        },
      },
      'PUT /api/shipping': { status: 500, body: { message: 'Down.' } },
    });
    renderPage(<ShippingTab />, '/admin/shipping');
    const user = userEvent.setup();
    const standard = (await screen.findByLabelText('Standard Shipping Price ($)')) as HTMLInputElement;
    await waitFor(() => expect(standard.value).toBe('5.99'));
    const express = screen.getByLabelText('Express Shipping Price ($)') as HTMLInputElement;
    expect(standard.placeholder).toBe('5.99');
    expect(express.placeholder).toBe('14.99');
    // The delivery times are settings (docs/decisions/0132-delivery-estimates-are-settings.md).
    const days = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
    expect(days('Standard delivery from (business days)').value).toBe('3');
    expect(days('Standard delivery to (business days)').value).toBe('5');
    expect(days('Express delivery from (business days)').value).toBe('1');
    expect(days('Express delivery to (business days)').value).toBe('2');
    await user.clear(days('Express delivery from (business days)'));
    await user.type(days('Express delivery from (business days)'), '0');
    await user.click(screen.getByRole('button', { name: 'Save Shipping Settings' }));
    expect(
      await screen.findByText('Express delivery (from) must be a whole number of business days from 1 to 60'),
    ).toBeTruthy();
    await user.clear(days('Express delivery from (business days)'));
    await user.type(days('Express delivery from (business days)'), '1');
    await user.clear(days('Standard delivery to (business days)'));
    await user.type(days('Standard delivery to (business days)'), '2');
    await user.click(screen.getByRole('button', { name: 'Save Shipping Settings' }));
    expect(
      await screen.findByText('Standard delivery (to) must be at least Standard delivery (from)'),
    ).toBeTruthy();
    await user.clear(days('Standard delivery to (business days)'));
    await user.type(days('Standard delivery to (business days)'), '5');
    await user.clear(standard);
    await user.clear(express);
    await user.type(express, '-3');
    await user.click(screen.getByRole('button', { name: 'Save Shipping Settings' }));
    expect(await screen.findByText('Standard price must be a valid number')).toBeTruthy();
    expect(screen.getByText('Express price must be a positive number')).toBeTruthy();
    await user.type(standard, '6');
    await user.clear(express);
    await user.type(express, '15');
    await user.click(screen.getByRole('button', { name: 'Save Shipping Settings' }));
    expect(await toastText()).toContain('Error updating shipping settings');
  });

  it('edits the pickup place in English and French and saves it with the prices', async () => {
    const api = fakeApi({
      'GET /api/shipping': {
        body: {
          standardPrice: '5.99',
          expressPrice: '14.99',
          pickupAvailable: true,
          standardMinDays: 3,
          standardMaxDays: 5,
          expressMinDays: 1,
          expressMaxDays: 2,
          pickupAddress: '1 Old Road',
          pickupHours: 'Mondays',
          pickupHoursFr: 'Les lundis',
          pickupInstructions: '',
          pickupInstructionsFr: '',
        },
      },
      'PUT /api/shipping': ({ init }) => ({ body: JSON.parse(String(init?.body)) }),
    });
    renderPage(<ShippingTab />, '/admin/shipping');
    const user = userEvent.setup();
    const address = (await screen.findByLabelText(/^Pickup address/)) as HTMLTextAreaElement;
    await waitFor(() => expect(address.value).toBe('1 Old Road'));
    await user.clear(address);
    await user.click(screen.getByRole('button', { name: 'Save Shipping Settings' }));
    expect(await screen.findByText('Pickup address is required')).toBeTruthy();
    await user.type(address, '88 Depot Lane{enter}Ottawa, ON K1A 0B1');
    await user.type(screen.getByLabelText(/^Pickup instructions \(French/), 'Porte de côté.');
    await user.click(screen.getByRole('button', { name: 'Save Shipping Settings' }));
    await waitFor(() => expect(callsTo(api, 'PUT', '/api/shipping')).toHaveLength(1));
    expect(bodyOf(callsTo(api, 'PUT', '/api/shipping')[0])).toMatchObject({
      pickupAddress: '88 Depot Lane\nOttawa, ON K1A 0B1',
      pickupHours: 'Mondays',
      pickupHoursFr: 'Les lundis',
      pickupInstructionsFr: 'Porte de côté.',
    });
  });

  it('says when the settings cannot be fetched', async () => {
    fakeApi({ 'GET /api/shipping': { status: 500, body: { message: 'Down.' } } });
    renderPage(<ShippingTab />, '/admin/shipping');
    expect(await screen.findByText('Failed to fetch shipping settings')).toBeTruthy();
  });
});

describe('tax rates', () => {
  const rates = [
    { provinceCode: 'ON', provinceName: 'Ontario', taxRate: '13', gstRate: '5', pstRate: '8', active: true },
    {
      provinceCode: 'QC',
      provinceName: 'Quebec',
      taxRate: '14.975',
      gstRate: '5',
      pstRate: '9.975',
      active: true,
    },
  ];

  it('offers Retry when the rates cannot be loaded', async () => {
    let fail = true;
    fakeApi({
      'GET /api/taxes/all': () => (fail ? { status: 500, body: { message: 'Down.' } } : { body: rates }),
    });
    renderPage(<TaxesTab />, '/admin/taxes');
    expect(await screen.findByText('Error loading tax rates')).toBeTruthy();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Quebec')).toBeTruthy();
  });

  it('edits a province: the total is GST plus PST/HST, 0 to 20 each, up to 3 decimals', async () => {
    const api = fakeApi({
      'GET /api/taxes/all': { body: rates },
      'PATCH /api/taxes/QC': { status: 500, body: { message: 'Down.' } },
    });
    renderPage(<TaxesTab />, '/admin/taxes');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Quebec' }));
    const row = screen.getByTestId('tax-row-QC');
    const pst = within(row).getByLabelText('PST/HST for Quebec');
    await user.clear(pst);
    await user.type(pst, '21');
    expect(within(row).getByText('PST/HST rate must be between 0 and 20')).toBeTruthy();
    expect((within(row).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    await user.clear(pst);
    await user.type(pst, '9.9755');
    expect(within(row).getByText('PST/HST rate can have at most 3 decimal places')).toBeTruthy();
    await user.clear(pst);
    await user.type(pst, '9.5');
    expect(within(row).getByText('14.5%')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(api, 'PATCH', '/api/taxes/QC')).toHaveLength(1));
    expect(bodyOf(callsTo(api, 'PATCH', '/api/taxes/QC')[0])).toEqual({
      provinceCode: 'QC',
      gstRate: '5',
      pstRate: '9.5',
      taxRate: '14.5',
      active: true,
    });
    expect(await toastText()).toContain('Update FailedDown.');
  });
});
