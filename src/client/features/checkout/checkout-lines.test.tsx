// The checkout's lines (picture, name, condition, quantity, price) and the phone's disclosure with the
// total at the top of the page (docs/decisions/0500-checkout-summary-lines.md).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addItem, resetCartStoreForTests } from '~/client/features/cart';
import { fakeApi, makeSiteConfig, renderRoutes } from '~/client/test/test-utils';
import { checkoutRoutes } from './routes';

beforeAll(async () => {
  await Promise.all([import('./checkout-page'), import('./checkout-form')]);
});
beforeEach(() => resetCartStoreForTests());

const base = {
  '/api/taxes': { body: [{ provinceCode: 'ON', provinceName: 'Ontario', taxRate: '13' }] },
  '/api/shipping': { body: { standardPrice: '5.99', expressPrice: '14.99', pickupAvailable: true } },
  '/api/auth/me': { status: 401, body: { message: 'Please sign in to continue.' } },
  '/api/site-config': { body: makeSiteConfig({ currency: 'CAD' }) },
};

function fillCart() {
  const line = {
    imageUrl: '/uploads/lamp-640.webp',
    compareAtPrice: null,
    discountApplied: false,
    stock: 10,
  };
  addItem({ ...line, productId: 7, name: 'Desk Lamp', price: '20.00', condition: 'used-good' }, 2, {
    notify: false,
  });
  addItem({ ...line, productId: 8, name: 'Kettle', price: '15.50', condition: 'new-open-box' }, 1, {
    notify: false,
  });
}

describe('checkout lines', () => {
  it('lists each line with picture, name, condition, quantity and price', async () => {
    fakeApi(base);
    fillCart();
    renderRoutes(checkoutRoutes, '/checkout');
    // Two lists: the phone's (inside the closed disclosure) and the wide screen's column.
    const lists = await screen.findAllByTestId('checkout-lines');
    const lines = within(lists.at(-1)!).getAllByTestId('checkout-line');
    expect(lines).toHaveLength(2);
    expect(lines[0]!.querySelector('img')).toBeTruthy();
    expect(lines[0]!.textContent).toContain('Desk Lamp');
    expect(lines[0]!.textContent).toContain('Used - good');
    expect(lines[0]!.textContent).toContain('Quantity: 2');
    // 2 × $20.00 = $40.00; 1 × $15.50 = $15.50.
    expect(within(lines[0]!).getByTestId('checkout-line-total').textContent).toBe('$40.00');
    expect(within(lines[1]!).getByTestId('checkout-line-total').textContent).toBe('$15.50');
  });

  it('opens the phone summary from a button that shows the total', async () => {
    fakeApi(base);
    fillCart();
    renderRoutes(checkoutRoutes, '/checkout');
    const user = userEvent.setup();
    const toggle = await screen.findByRole('button', { name: /Show order summary/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    // No method chosen yet: $55.50 of goods + 13% Ontario tax $7.215 → $7.22 = $62.72.
    await waitFor(() =>
      expect(within(toggle).getByTestId('phone-summary-total').textContent).toBe('$62.72 CAD'),
    );
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(panel.hidden).toBe(true);
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.textContent).toContain('Hide order summary');
    expect(panel.hidden).toBe(false);
    expect(within(panel).getAllByTestId('checkout-line')).toHaveLength(2);
  });
});
