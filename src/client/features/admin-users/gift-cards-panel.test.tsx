// The customer record's gift cards: each card by its last 4 characters, how the customer has it
// (received, or bought for someone) and its balance of what it was worth, as the server sent them.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '~/client/lib/query-client';
import { GiftCardsPanel } from './gift-cards-panel';

const card = (
  id: number,
  last4: string,
  relation: 'received' | 'bought',
  balance: string,
  initial: string,
) => ({
  id,
  last4,
  initial,
  balance,
  recipientEmail: relation === 'received' ? 'jane@example.com' : 'friend@example.com',
  soldOrderId: relation === 'bought' ? 12 : null,
  relation,
  createdAt: '2026-11-20T15:00:00.000Z',
});

afterEach(() => vi.unstubAllGlobals());

describe('GiftCardsPanel', () => {
  it('lists the cards received and bought, with balances', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) => {
        expect(path).toBe('/api/admin/users/7/gift-cards');
        const cards = [
          card(2, 'QX7M', 'bought', '50.00', '50.00'),
          card(1, 'A2B4', 'received', '12.50', '25.00'),
        ];
        return new Response(JSON.stringify({ cards }), { headers: { 'content-type': 'application/json' } });
      }),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <GiftCardsPanel userId={7} />
      </QueryClientProvider>,
    );
    const rows = await screen.findAllByTestId('customer-gift-card');
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['•••• QX7M', 'Bought for friend@example.com', '$50.00', '$50.00'],
      ['•••• A2B4', 'Received', '$12.50', '$25.00'],
    ]);
  });
});
