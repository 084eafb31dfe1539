// The Returns tab: the queue by state with counts, a return's detail with its photo, and a step sent
// with the server's answer shown (approval moves it on; a refusal the server refuses shows why).
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Return } from '~/shared/schemas/returns';
import { callsTo, fakeApi, renderPage } from '~/client/test/admin-test-utils';
import ReturnsTab from './returns-tab';

afterEach(() => vi.unstubAllGlobals());

const RETURN: Return = {
  id: 4,
  number: 'RMA-000004',
  orderId: 9,
  orderReference: 'ORD-XYZ',
  customerName: 'Jane Shopper',
  customerEmail: 'jane@example.com',
  locale: 'fr',
  status: 'requested',
  reason: 'defective',
  comment: 'Silent left channel',
  photos: ['/uploads/products/return-9-abc-640.webp'],
  defectClaim: true,
  staffMessage: '',
  returnMethod: null,
  returnAddress: null,
  instructions: '',
  refund: null,
  createdAt: '2026-11-28T10:00:00.000Z',
  updatedAt: '2026-11-28T10:00:00.000Z',
  lines: [
    {
      id: 21,
      orderItemId: 31,
      name: 'Dash Cam',
      sku: null,
      productId: 5,
      unitPrice: '40.00',
      condition: 'new',
      finalSale: true,
      quantity: 1,
      receivedQuantity: null,
      damagedQuantity: null,
      units: [],
    },
  ],
  events: [{ kind: 'requested', message: 'Silent left channel', at: '2026-11-28T10:00:00.000Z' }],
};
const COUNTS = { requested: 1, approved: 0, refused: 0, received: 0, refunded: 0, closed: 0 };
const LIST_ITEM = { ...RETURN, units: 1, photos: 1 };

describe('Returns tab', () => {
  it('lists the requested returns, opens one with its photo and approves it', async () => {
    const api = fakeApi({
      'GET /api/admin/returns': { body: { returns: [LIST_ITEM], counts: COUNTS } },
      'GET /api/admin/returns/4': { body: RETURN },
      'POST /api/admin/returns/4/decision': { body: { ...RETURN, status: 'approved' } },
    });
    renderPage(<ReturnsTab />, '/admin/returns');
    expect(await screen.findByRole('button', { name: 'Requested (1)' })).toHaveProperty(
      'ariaPressed',
      'true',
    );
    await screen.findByText('(warranty claim)');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'RMA-000004' }));
    await screen.findByRole('heading', { name: 'RMA-000004 · Requested' });
    expect(screen.getByRole('img', { name: 'What the customer sent, 1 of 1' })).toBeTruthy();
    expect(screen.getByText('Dash Cam (final sale)')).toBeTruthy();
    await user.type(screen.getAllByLabelText(/Message to the customer/)[0]!, 'Sorry about that.');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await screen.findByRole('heading', { name: 'RMA-000004 · Approved' });
    const body = JSON.parse(String(callsTo(api, 'POST', '/api/admin/returns/4/decision')[0]![1]!.body));
    expect(body).toEqual({ decision: 'approve', message: 'Sorry about that.' });
    expect(screen.getByRole('button', { name: 'Send instructions' })).toBeTruthy();
  });

  it("shows the server's refusal of a step", async () => {
    fakeApi({
      'GET /api/admin/returns': { body: { returns: [LIST_ITEM], counts: COUNTS } },
      'GET /api/admin/returns/4': { body: RETURN },
      'POST /api/admin/returns/4/decision': {
        status: 400,
        body: { message: 'Say why the return is refused' },
      },
    });
    renderPage(<ReturnsTab />, '/admin/returns');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'RMA-000004' }));
    await user.click(await screen.findByRole('button', { name: 'Refuse' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Say why the return is refused'));
  });
});
