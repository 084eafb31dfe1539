// The liability card: the store credit owed at the end of the chosen day, as the API answered for that
// date, asked again when the date changes.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, fakeApi, renderPage } from '~/client/test/admin-test-utils';
import { LiabilityCard } from './liability-card';

const answer = (date: string, owed: string, customers: number) => ({
  body: { date, timeZone: 'America/Toronto', storeCredit: { owed, customers } },
});

afterEach(() => vi.unstubAllGlobals());

describe('LiabilityCard', () => {
  it('shows the gift cards held too (docs/decisions/0533-gift-cards.md)', async () => {
    fakeApi({
      'GET /api/admin/reports/liability?date=2026-11-28': {
        body: {
          date: '2026-11-28',
          timeZone: 'America/Toronto',
          storeCredit: { owed: '0.00', customers: 0 },
          giftCards: { owed: '40.63', cards: 2 },
        },
      },
    });
    renderPage(<LiabilityCard today="2026-11-28" />);
    await waitFor(() => expect(screen.getByTestId('liability-gift-cards').textContent).toBe('$40.63'));
    expect(screen.getByText(/\(2 cards\)/)).toBeTruthy();
  });

  it("shows what the store owed at the chosen day's end", async () => {
    const api = fakeApi({
      'GET /api/admin/reports/liability?date=2026-11-28': answer('2026-11-28', '60.00', 2),
      'GET /api/admin/reports/liability?date=2026-11-10': answer('2026-11-10', '30.00', 1),
    });
    renderPage(<LiabilityCard today="2026-11-28" />);
    await waitFor(() => expect(screen.getByTestId('liability-store-credit').textContent).toBe('$60.00'));
    expect(screen.getByText(/\(2 customers\)/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('At the end of'), { target: { value: '2026-11-10' } });
    await waitFor(() => expect(screen.getByTestId('liability-store-credit').textContent).toBe('$30.00'));
    expect(screen.getByText(/\(1 customer\)/)).toBeTruthy();
    expect(callsTo(api, 'GET', '/api/admin/reports/liability')).toHaveLength(2);
  });
});
