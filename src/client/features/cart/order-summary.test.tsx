import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetToasts } from '~/client/components/ui/toast-store';
import { addItem, resetCartStoreForTests } from './cart-store';
import { OrderSummary, type OrderSummaryProps } from './order-summary';
import { fakeApi, fetchedPaths, renderRoutes } from '~/client/test/test-utils';

const taxes = [
  { provinceCode: 'ON', provinceName: 'Ontario', taxRate: '13' },
  { provinceCode: 'QC', provinceName: 'Quebec', taxRate: '14.975' },
  { provinceCode: 'BC', provinceName: 'British Columbia', taxRate: '12' },
];
const shipping = { standardPrice: '8.00', expressPrice: '20.00', pickupAvailable: true };

function renderSummary(props: OrderSummaryProps) {
  return renderRoutes([{ index: true, element: <OrderSummary {...props} /> }], '/');
}
const text = (id: string) => screen.getByTestId(id).textContent;

beforeEach(() => {
  resetCartStoreForTests();
  resetToasts();
  addItem(
    {
      productId: 5,
      name: 'Desk Lamp',
      price: '50.00',
      imageUrl: null,
      compareAtPrice: null,
      discountApplied: false,
      stock: 10,
    },
    2,
    { notify: false },
  );
});

describe('Order Summary', () => {
  it('in checkout mode adds the chosen shipping and taxes the province on subtotal + shipping', async () => {
    const api = fakeApi({ '/api/taxes': { body: taxes }, '/api/shipping': { body: shipping } });
    renderSummary({ mode: 'checkout', shippingMethod: 'express', province: 'QC', country: 'Canada' });
    await waitFor(() => expect(text('summary-shipping')).toBe('$20.00'));
    await waitFor(() => expect(screen.getByText('Tax (14.975%)')).toBeTruthy());
    // (100 + 20) x 14.975% = 17.97
    expect(text('summary-tax')).toBe('$17.97');
    expect(text('summary-total')).toBe('$137.97');
    expect(screen.getByText('Shipping (Express Shipping)')).toBeTruthy();
    expect(fetchedPaths(api)).toContain('/api/shipping');
  });

  it('waits for a shipping method in checkout mode; pickup is free and taxed at the store province', async () => {
    fakeApi({ '/api/taxes': { body: taxes }, '/api/shipping': { body: shipping } });
    const { unmount } = renderSummary({ mode: 'checkout', province: 'QC' });
    await waitFor(() => expect(screen.getByText('Tax (14.975%)')).toBeTruthy());
    expect(text('summary-shipping')).toBe('Select a shipping method');
    expect(text('summary-total')).toBe('$114.98');
    unmount();
    renderSummary({ mode: 'checkout', shippingMethod: 'pickup', province: 'QC' });
    await waitFor(() => expect(screen.getByText('Tax (13%)')).toBeTruthy());
    expect(text('summary-shipping')).toBe('$0.00');
    expect(text('summary-total')).toBe('$113.00');
  });

  it("taxes pickup at the province the store is configured in, not the shopper's", async () => {
    fakeApi({
      '/api/taxes': { body: taxes },
      '/api/shipping': { body: shipping },
      '/api/site-config': {
        body: { storeName: 'Store', storeEmail: 'a@b.c', storeProvince: 'BC', newsletterVariant: 'B' },
      },
    });
    renderSummary({ mode: 'checkout', shippingMethod: 'pickup', province: 'QC' });
    await waitFor(() => expect(screen.getByText('Tax (12%)')).toBeTruthy());
    expect(text('summary-total')).toBe('$112.00');
  });

  it("estimates the cart's tax at the store province before the shopper gives theirs", async () => {
    fakeApi({
      '/api/taxes': { body: taxes },
      '/api/site-config': {
        body: { storeName: 'Store', storeEmail: 'a@b.c', storeProvince: 'BC', newsletterVariant: 'B' },
      },
    });
    renderSummary({ mode: 'cart' });
    await waitFor(() => expect(screen.getByText('Tax (12%)')).toBeTruthy());
    expect(text('summary-total')).toBe('$112.00');
  });

  it('charges no tax on shipments to the US', async () => {
    fakeApi({ '/api/taxes': { body: taxes }, '/api/shipping': { body: shipping } });
    renderSummary({ mode: 'checkout', shippingMethod: 'standard', country: 'US', province: 'NY' });
    await waitFor(() => expect(text('summary-shipping')).toBe('$8.00'));
    expect(text('summary-tax')).toBe('$0.00');
    expect(text('summary-total')).toBe('$108.00');
  });

  it("falls back to 5.99 / 14.99 and says 'Failed to fetch shipping settings' when they cannot be read", async () => {
    fakeApi({ '/api/taxes': { body: taxes }, '/api/shipping': { status: 500, body: { message: 'down' } } });
    renderSummary({ mode: 'checkout', shippingMethod: 'express', province: 'ON' });
    expect(await screen.findByText('Failed to fetch shipping settings')).toBeTruthy();
    expect(text('summary-shipping')).toBe('$14.99');
  });

  it('in cart mode shows shipping only when asked for', async () => {
    const api = fakeApi({ '/api/taxes': { body: taxes }, '/api/shipping': { body: shipping } });
    const { unmount } = renderSummary({ mode: 'cart' });
    await waitFor(() => expect(fetchedPaths(api)).toContain('/api/taxes'));
    expect(screen.queryByTestId('summary-shipping')).toBeNull();
    expect(text('summary-total')).toBe('$113.00');
    expect(fetchedPaths(api)).not.toContain('/api/shipping');
    unmount();
    renderSummary({ mode: 'cart', showShipping: true });
    await waitFor(() => expect(text('summary-shipping')).toBe('$8.00'));
  });
});
