// Returns at the till: a typed receipt code finds the sale with what is left of each line and how it was
// paid; more units than are left are refused before anything is sent; the refund sends the chosen units
// and restock choices and shows the cash to hand back as the server worked it out; an unknown code shows
// the server's message.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, fakeApi, renderPage } from '~/client/test/admin-test-utils';
import { ReturnsPanel } from './returns-panel';

afterEach(() => vi.unstubAllGlobals());

// The restock switch (Radix) measures itself; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

const SALE = {
  orderId: 4,
  reference: 'ORD-TILL4',
  channel: 'till',
  createdAt: '2026-11-28T15:00:00.000Z',
  total: '33.02',
  refunded: '0.00',
  hasAccount: false,
  lines: [
    { orderItemId: 11, name: 'Cable', quantity: 1, unitPrice: '8.72', refundable: 1 },
    { orderItemId: 12, name: 'Lamp', quantity: 1, unitPrice: '20.00', refundable: 1 },
  ],
  paidBy: { card: '0.00', cash: '33.02', giftCards: '0.00', storeCredit: '0.00' },
};
const REFUND = {
  refundId: 7,
  creditNoteNumber: 'CN-000007',
  total: '10.03',
  taxLines: [],
  tenders: { card: '0.00', cash: '10.03', giftCards: '0.00', storeCredit: '0.00' },
  cashBack: '10.05',
  cashRounding: '0.02',
};

describe('the returns tab', () => {
  it('finds the sale by its receipt code and refunds the chosen units', async () => {
    const api = fakeApi({
      'GET /api/pos/returns/ORD-TILL4': { body: SALE },
      'POST /api/pos/sessions/3/returns/ORD-TILL4': { body: REFUND },
    });
    renderPage(<ReturnsPanel sessionId={3} />, '/admin');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Receipt code'), 'ord-till4');
    await user.click(screen.getByRole('button', { name: 'Find the sale' }));
    expect(await screen.findByText('Paid by: cash $33.02')).toBeTruthy();

    const cable = screen.getByLabelText('Units of Cable to refund');
    await user.clear(cable);
    await user.type(cable, '2');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    expect(screen.getByRole('alert').textContent).toBe('Cable: choose a whole number of units from 0 to 1.');
    expect(callsTo(api, 'POST', '/api/pos/sessions/3/returns/ORD-TILL4')).toHaveLength(0);

    await user.clear(cable);
    await user.type(cable, '1');
    await user.click(screen.getByRole('switch', { name: 'Put back on sale: Lamp' }));
    await user.type(screen.getByLabelText('Reason'), 'Did not fit');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    const done = await screen.findByTestId('refund-done');
    expect(within(done).getByRole('status').textContent).toBe('Refunded $10.03 (credit note CN-000007).');
    expect(within(done).getByTestId('cash-back').textContent).toBe('Give back $10.05 in cash.');
    const [[, init]] = callsTo(api, 'POST', '/api/pos/sessions/3/returns/ORD-TILL4') as [
      [string, RequestInit],
    ];
    expect(JSON.parse(String(init.body))).toEqual({
      lines: [{ orderItemId: 11, quantity: 1, restock: true }],
      shipping: 0,
      destination: 'original',
      reason: 'Did not fit',
    });
  });

  it("shows the server's refusal of an unknown code", async () => {
    fakeApi({
      'GET /api/pos/returns/ORD-NOPE': {
        status: 404,
        body: { message: 'No sale has this receipt code. Check the code on the receipt and try again.' },
      },
    });
    renderPage(<ReturnsPanel sessionId={3} />, '/admin');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Receipt code'), 'ORD-NOPE');
    await user.click(screen.getByRole('button', { name: 'Find the sale' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'No sale has this receipt code. Check the code on the receipt and try again.',
      ),
    );
  });
});
