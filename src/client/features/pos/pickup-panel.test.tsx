// Booked pickup at the till: a typed (or scanned) pickup code opens the order with its lines, Hand over
// marks it picked up; a code the server does not know shows its message and no order.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, fakeApi, renderPage } from '~/client/test/admin-test-utils';
import { PickupPanel } from './pickup-panel';

afterEach(() => vi.unstubAllGlobals());

const order = (status: string) => ({
  id: 9,
  orderReference: 'ORD-PICKUP9',
  customerName: 'Marie Tremblay',
  status,
  paymentStatus: 'completed',
  pickupCode: 'K7M4Q2XP',
  slot: null,
  items: [{ productName: 'Brass Lamp', quantity: 1, sku: 'LD-0042' }],
});

describe('the pickup tab', () => {
  it('opens the order of a typed code and hands it over', async () => {
    const api = fakeApi({
      'GET /api/admin/pickup/K7M4Q2XP': { body: order('ready-for-pickup') },
      'POST /api/admin/pickup/K7M4Q2XP': { body: order('picked-up') },
    });
    renderPage(<PickupPanel />, '/admin');
    const user = userEvent.setup();
    // Typed in lower case with a space, as read out at the counter.
    await user.type(await screen.findByLabelText('Pickup code'), ' k7m4q2xp');
    await user.click(screen.getByRole('button', { name: 'Find the order' }));
    const found = await screen.findByTestId('pickup-order');
    expect(within(found).getByText('Order ORD-PICKUP9 for Marie Tremblay')).toBeTruthy();
    expect(within(found).getByText('1 × Brass Lamp (LD-0042)')).toBeTruthy();
    await user.click(within(found).getByRole('button', { name: 'Hand over' }));
    expect((await screen.findByRole('status')).textContent).toBe('Handed over: the order is picked up.');
    expect(callsTo(api, 'POST', '/api/admin/pickup/K7M4Q2XP')).toHaveLength(1);
  });

  it("shows the server's refusal of an unknown code and no order", async () => {
    fakeApi({
      'GET /api/admin/pickup/ZZZZZZZZ': { status: 404, body: { message: 'No order has this pickup code.' } },
    });
    renderPage(<PickupPanel />, '/admin');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Pickup code'), 'ZZZZZZZZ');
    await user.click(screen.getByRole('button', { name: 'Find the order' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('No order has this pickup code.'));
    expect(screen.queryByTestId('pickup-order')).toBeNull();
  });
});
