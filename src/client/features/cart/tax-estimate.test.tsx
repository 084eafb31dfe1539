// The cart's tax is an estimate for a named province, which the shopper may change; the choice is kept
// for checkout (docs/decisions/0501-cart-tax-is-an-estimate.md).
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, makeSiteConfig, renderRoutes } from '~/client/test/test-utils';
import { addItem, resetCartStoreForTests } from './cart-store';
import { cartRoutes } from './routes';
import { ESTIMATE_PROVINCE_KEY, readEstimateProvince } from './tax-estimate';
import './cart-page';

const taxes = [
  { provinceCode: 'ON', provinceName: 'Ontario', taxRate: '13' },
  { provinceCode: 'QC', provinceName: 'Quebec', taxRate: '14.975' },
];

beforeEach(() => {
  resetCartStoreForTests();
  window.localStorage.removeItem(ESTIMATE_PROVINCE_KEY);
  fakeApi({
    '/api/taxes': { body: taxes },
    '/api/site-config': { body: makeSiteConfig({ storeProvince: 'ON' }) },
    '/api/products/7': { body: null, status: 404 },
  });
  addItem(
    {
      productId: 7,
      name: 'Desk Lamp',
      price: '100.00',
      imageUrl: '/uploads/lamp.webp',
      compareAtPrice: null,
      discountApplied: false,
      stock: 5,
    },
    1,
    { notify: false },
  );
});

const total = () => screen.getByTestId('summary-total').textContent;

describe('cart tax estimate', () => {
  it('says the tax is estimated for Ontario until a province is chosen', async () => {
    renderRoutes(cartRoutes, '/cart');
    await waitFor(() =>
      expect(screen.getByTestId('tax-estimate').textContent).toContain(
        'Tax is estimated for Ontario until you choose your province.',
      ),
    );
    // $100.00 + 13% ($13.00) = $113.00, named an estimate.
    await waitFor(() => expect(total()).toBe('$113.00'));
    expect(screen.getByText('Estimated total')).toBeTruthy();
  });

  it('recomputes for the chosen province and keeps it for checkout', async () => {
    renderRoutes(cartRoutes, '/cart');
    const user = userEvent.setup();
    const picker = await screen.findByLabelText('Estimate tax for');
    await waitFor(() => expect(picker.querySelectorAll('option').length).toBe(3));
    await user.selectOptions(picker, 'QC');
    // 14.975% of $100.00 is $14.975, rounded half up to $14.98: $114.98.
    await waitFor(() => expect(total()).toBe('$114.98'));
    expect(screen.getByTestId('tax-estimate').textContent).toContain('Tax estimated for Quebec.');
    expect(readEstimateProvince()).toBe('QC');

    await user.selectOptions(picker, 'US');
    // No Canadian tax on a US address: $100.00.
    await waitFor(() => expect(total()).toBe('$100.00'));
    expect(readEstimateProvince()).toBe('US');
  });
});
