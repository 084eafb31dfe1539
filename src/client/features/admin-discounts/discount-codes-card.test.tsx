// The Discounts tab's codes: the list with each code's combining rule, creating one, switching one off.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '~/client/components/ui/toast-store';
import { callsTo, fakeApi, renderPage } from '~/client/test/admin-test-utils';
import { DiscountCodesCard } from './discount-codes-card';

// Radix's switch measures itself; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

afterEach(() => {
  resetToasts();
  vi.unstubAllGlobals();
});

const bodyOf = (call: [string, RequestInit | undefined] | undefined) => JSON.parse(String(call?.[1]?.body));

const summer = {
  id: 4,
  code: 'SUMMER10',
  kind: 'percent',
  percentage: 10,
  amount: '0.00',
  minSubtotal: '0.00',
  startsAt: '2026-12-05T09:00',
  endsAt: null,
  maxUses: 5,
  perCustomerLimit: null,
  usedCount: 2,
  categoryIds: [3],
  conditions: [],
  productIds: [],
  combinesWithDaily: false,
  combinesWithCategory: false,
  active: true,
  combiningRule:
    "Does not combine: when the day's or a category discount applies, the shopper gets whichever saves more.",
};

describe('discount codes card', () => {
  it('lists codes with their rule, creates one, and switches one off keeping its eligibility', async () => {
    const api = fakeApi({
      'GET /api/admin/discount-codes': { body: [summer] },
      'GET /api/discounts/category': {
        body: [
          { categoryId: 3, categoryName: 'Electronics', percentage: 0, startsAt: null, endsAt: null },
          { categoryId: 8, categoryName: 'Furniture', percentage: 0, startsAt: null, endsAt: null },
        ],
      },
      'POST /api/admin/discount-codes': ({ init }) => ({
        status: 201,
        body: { ...summer, id: 5, ...bodyOf(['', init]) },
      }),
      'PUT /api/admin/discount-codes/4': ({ init }) => ({ body: { ...summer, ...bodyOf(['', init]) } }),
    });
    renderPage(<DiscountCodesCard />, '/admin/discounts');
    const user = userEvent.setup();
    const row = await screen.findByTestId('discount-code-row');
    expect(row.textContent).toContain('SUMMER10');
    expect(row.textContent).toContain('2 / 5');
    expect(row.textContent).toContain("Does not combine: when the day's or a category discount applies");

    await user.click(screen.getByRole('button', { name: 'New Discount Code' }));
    await user.type(screen.getByLabelText('Code'), 'weekend5');
    await user.selectOptions(screen.getByLabelText('Kind'), 'fixed');
    await user.type(screen.getByLabelText('Amount ($)'), '5');
    await user.type(screen.getByLabelText(/Total uses/), '20');
    await user.click(await screen.findByRole('checkbox', { name: 'Furniture' }));
    await user.click(screen.getByRole('checkbox', { name: 'Used - good' }));
    await user.type(screen.getByLabelText(/Lots \(product ids/), '12, 15');
    await user.click(screen.getByRole('switch', { name: "Combines with the day's discount" }));
    expect(screen.getByTestId('combining-rule').textContent).toBe(
      "Applies on top of the day's discount; on a lot with a category discount, the shopper gets whichever saves more.",
    );
    await user.click(screen.getByRole('button', { name: 'Save Discount Code' }));
    await waitFor(() => expect(callsTo(api, 'POST', '/api/admin/discount-codes')).toHaveLength(1));
    expect(bodyOf(callsTo(api, 'POST', '/api/admin/discount-codes')[0])).toMatchObject({
      code: 'weekend5',
      kind: 'fixed',
      amount: '5',
      maxUses: 20,
      perCustomerLimit: null,
      combinesWithDaily: true,
      combinesWithCategory: false,
      active: true,
      categoryIds: [8],
      conditions: ['used-good'],
      productIds: [12, 15],
    });

    await user.click(screen.getByRole('switch', { name: 'SUMMER10 active' }));
    await waitFor(() => expect(callsTo(api, 'PUT', '/api/admin/discount-codes/4')).toHaveLength(1));
    expect(bodyOf(callsTo(api, 'PUT', '/api/admin/discount-codes/4')[0])).toMatchObject({
      code: 'SUMMER10',
      active: false,
      categoryIds: [3],
      startsAt: '2026-12-05T09:00',
      maxUses: 5,
    });
  });
});
