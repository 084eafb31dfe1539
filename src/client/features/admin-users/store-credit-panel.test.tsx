// The customer record's store credit: the ledger as the server sent it, a movement posted with its
// amount and reason, and the server's refusal (not enough credit) shown as it came, the ledger unchanged.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '~/client/lib/query-client';
import { StoreCreditPanel } from './store-credit-panel';

const movement = (id: number, amount: string, kind: string, reason: string, balanceAfter: string) => ({
  id,
  amount,
  kind,
  reason,
  orderId: null,
  refundId: null,
  balanceAfter,
  createdAt: '2026-11-20T15:00:00.000Z',
});
const BEFORE = { balance: '22.60', movements: [movement(1, '22.60', 'refund', 'Damaged', '22.60')] };
const AFTER = {
  balance: '32.60',
  movements: [movement(2, '10.00', 'staff', 'Goodwill', '32.60'), ...BEFORE.movements],
};

function fakeApi(post: (body: unknown) => { status: number; body: unknown }) {
  const posts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      expect(path).toBe('/api/admin/users/7/store-credit');
      const answer =
        init?.method === 'POST' ? post(JSON.parse(String(init.body))) : { status: 200, body: BEFORE };
      if (init?.method === 'POST') posts.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return posts;
}

const renderPanel = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <StoreCreditPanel userId={7} />
    </QueryClientProvider>,
  );

afterEach(() => vi.unstubAllGlobals());

describe('StoreCreditPanel', () => {
  it('shows the ledger and records a movement with its reason', async () => {
    const posts = fakeApi(() => ({ status: 200, body: AFTER }));
    renderPanel();
    expect((await screen.findByTestId('store-credit-balance')).textContent).toBe('$22.60');
    await userEvent.type(screen.getByLabelText(/Amount/), '10.00');
    await userEvent.type(screen.getByLabelText('Reason'), 'Goodwill');
    await userEvent.click(screen.getByRole('button', { name: 'Record store credit' }));
    expect(
      await screen.findByText('$32.60', { selector: '[data-testid="store-credit-balance"]' }),
    ).toBeTruthy();
    expect(posts).toEqual([{ amount: '10.00', reason: 'Goodwill' }]);
    expect(within(screen.getByRole('table')).getByText(/Adjustment by the store — Goodwill/)).toBeTruthy();
  });

  it("shows the server's refusal and keeps the balance", async () => {
    fakeApi(() => ({ status: 400, body: { message: 'There is not enough store credit for this.' } }));
    renderPanel();
    await screen.findByTestId('store-credit-balance');
    await userEvent.type(screen.getByLabelText(/Amount/), '-30.00');
    await userEvent.type(screen.getByLabelText('Reason'), 'Too much');
    await userEvent.click(screen.getByRole('button', { name: 'Record store credit' }));
    expect((await screen.findByRole('alert')).textContent).toBe('There is not enough store credit for this.');
    expect(screen.getByTestId('store-credit-balance').textContent).toBe('$22.60');
  });
});
