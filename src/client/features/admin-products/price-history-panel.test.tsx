import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '~/client/test/admin-test-utils';
import { PriceHistoryPanel } from './price-history-panel';

afterEach(() => vi.unstubAllGlobals());

describe('price history', () => {
  it('lists every price change, newest first, with why it happened', async () => {
    const change = { userId: null, username: null, createdAt: '2026-11-01T12:00:00.000Z' };
    fakeApi({
      'GET /api/products/7/price-history': {
        body: {
          items: [
            { ...change, id: 3, fromPrice: '44.99', toPrice: '40.00', reason: 'markdown', markdownStep: 2 },
            {
              ...change,
              id: 2,
              fromPrice: '49.99',
              toPrice: '44.99',
              reason: 'staff',
              markdownStep: null,
              username: 'ada',
            },
            { ...change, id: 1, fromPrice: null, toPrice: '49.99', reason: 'listed', markdownStep: null },
          ],
        },
      },
    });
    renderPage(<PriceHistoryPanel productId={7} />, '/admin/products');
    await userEvent.setup().click(screen.getByText('Price history'));
    const rows = within(await screen.findByTestId('price-history'))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((r) => [...r.querySelectorAll('td')].slice(1).map((td) => td.textContent))).toEqual([
      ['$44.99', '$40.00', 'Markdown by age (step 2)'],
      ['$49.99', '$44.99', 'Price set by staff by ada'],
      ['—', '$49.99', 'Listed'],
    ]);
  });
});
