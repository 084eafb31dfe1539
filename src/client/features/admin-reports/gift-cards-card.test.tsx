// The admin's gift cards: listed with balances; a card's ledger opens on demand (0533).
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '~/client/test/admin-test-utils';
import { GiftCardsCard } from './gift-cards-card';

afterEach(() => vi.unstubAllGlobals());

const card = {
  id: 3,
  last4: 'NPQR',
  initial: '40.00',
  balance: '10.63',
  recipientEmail: 'ami@example.com',
  soldOrderId: null,
  createdAt: '2026-11-28T15:00:00.000Z',
};

describe('GiftCardsCard', () => {
  it('lists cards with balances and opens a ledger', async () => {
    fakeApi({
      'GET /api/admin/gift-cards': { body: [card] },
      'GET /api/admin/gift-cards/3': {
        body: {
          card,
          movements: [
            {
              id: 2,
              amount: '-29.37',
              kind: 'spent',
              orderId: 8,
              balanceAfter: '10.63',
              createdAt: '2026-11-28T16:00:00.000Z',
            },
            {
              id: 1,
              amount: '40.00',
              kind: 'issued',
              orderId: null,
              balanceAfter: '40.00',
              createdAt: '2026-11-28T15:00:00.000Z',
            },
          ],
        },
      },
    });
    renderPage(<GiftCardsCard />);
    await waitFor(() => expect(screen.getByTestId('gift-cards').textContent).toContain('$10.63'));
    expect(screen.getByText('ami@example.com')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ledger of ••••NPQR' }));
    const ledger = await screen.findByTestId('gift-card-ledger');
    await waitFor(() => expect(ledger.textContent).toContain('spent -$29.37 (order #8), balance $10.63'));
    expect(ledger.textContent).toContain('issued $40.00, balance $40.00');
  });
});
