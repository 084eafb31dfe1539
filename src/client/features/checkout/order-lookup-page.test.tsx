// The guest order look-up page (docs/decisions/0281-guest-order-lookup.md).
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '~/shared/schemas/orders';
import { ORDER_LOOKUP_NOT_FOUND } from '~/shared/schemas/orders';
import { fakeApi, renderRoutes } from '~/client/test/test-utils';
import { checkoutRoutes } from './routes';

beforeAll(async () => {
  await import('./order-lookup-page');
});

const LONG = { timeout: 10_000 };
const REF = 'ORD-ABCDEFGHIJKLMNOP';

const ORDER: Order = {
  id: 42,
  orderReference: REF,
  userId: null,
  customerName: 'Jane Shopper',
  customerEmail: 'jane@example.com',
  customerPhone: '416-555-0123',
  shippingAddress: {
    addressLine1: '123 Main Street',
    city: 'Toronto',
    state: 'ON',
    zipCode: 'M5V 2T6',
    country: 'Canada',
  },
  shippingMethod: 'standard',
  shippingCost: '5.99',
  subtotal: '20.00',
  discountPercentage: '0',
  discountAmount: '0.00',
  taxRate: '13',
  taxAmount: '3.38',
  taxLines: [{ code: 'HST', rate: '13', amount: '3.38' }],
  currency: 'CAD',
  refundedAmount: '0.00',
  total: '29.37',
  status: 'shipped',
  paymentStatus: 'completed',
  paymentMethod: 'local',
  paymentReference: null,
  trackingNumber: null,
  estimatedDeliveryDate: null,
  notes: null,
  createdAt: '2025-03-01T15:30:00.000Z',
  updatedAt: '2025-03-01T15:31:00.000Z',
  items: [],
};

describe('order look-up page', { timeout: 30_000 }, () => {
  it('shows the one refusal, then the order with its tracker when both match', async () => {
    let calls = 0;
    const api = fakeApi({
      '/api/shipping': { body: { standardPrice: '5.99', expressPrice: '14.99', pickupAvailable: true } },
      '/api/orders/lookup': () =>
        ++calls === 1 ? { status: 404, body: { message: ORDER_LOOKUP_NOT_FOUND } } : { body: ORDER },
    });
    const user = userEvent.setup();
    renderRoutes(checkoutRoutes, `/orders/lookup?reference=${REF}`);
    const reference = (await screen.findByLabelText('Order Reference', undefined, LONG)) as HTMLInputElement;
    expect(reference.value).toBe(REF);
    await user.type(screen.getByLabelText('Email'), 'wrong@example.com');
    await user.click(screen.getByRole('button', { name: 'Find My Order' }));
    expect((await screen.findByRole('alert')).textContent).toBe(ORDER_LOOKUP_NOT_FOUND);
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Find My Order' }));
    expect(await screen.findByRole('heading', { name: `Order ${REF}` })).toBeTruthy();
    expect(screen.getByTestId('order-tracker')).toBeTruthy();
    expect(screen.getByTestId('order-reference').textContent).toBe(REF);
    expect(screen.getByTestId('confirmation-total').textContent).toContain('$29.37');
    const bodies = callsOf(api)
      .filter(([input]) => String(input).includes('/api/orders/lookup'))
      .map(([, init]) => JSON.parse(String(init!.body)));
    expect(bodies).toEqual([
      { reference: REF, email: 'wrong@example.com' },
      { reference: REF, email: 'jane@example.com' },
    ]);
  });

  it('a pickup order ready and partly refunded: where, when, the timeline and the refund subtracted', async () => {
    const base = { carrier: null, trackingNumber: null, trackingUrl: null, amount: null, taxLines: [] };
    // 20.00 at pickup, HST 13% = 2.60, total 22.60; 10.00 refunded carries 2.60 x 10 / 22.60 = 1.1504
    // -> 1.15 of tax; 22.60 - 10.00 = 12.60 left.
    const pickup: Order = {
      ...ORDER,
      shippingAddress: null,
      shippingMethod: 'pickup',
      shippingCost: '0.00',
      taxAmount: '2.60',
      taxLines: [{ code: 'HST', rate: '13', amount: '2.60' }],
      total: '22.60',
      refundedAmount: '10.00',
      status: 'ready-for-pickup',
      timeline: [
        { ...base, kind: 'placed', at: '2025-03-01T15:30:00.000Z' },
        { ...base, kind: 'paid', at: '2025-03-01T15:31:00.000Z' },
        { ...base, kind: 'ready-for-pickup', at: '2025-03-02T15:00:00.000Z' },
        {
          ...base,
          kind: 'refunded',
          at: '2025-03-03T15:00:00.000Z',
          amount: '10.00',
          taxLines: [{ code: 'HST', rate: '13', amount: '1.15' }],
        },
      ],
    };
    fakeApi({
      '/api/shipping': {
        body: {
          standardPrice: '5.99',
          expressPrice: '14.99',
          pickupAvailable: true,
          pickupAddress: '88 Depot Lane\nOttawa, ON K1A 0B1',
          pickupHours: 'Every day: 8 a.m. to 8 p.m.',
          pickupHoursFr: '',
          pickupInstructions: 'Use the side door.',
          pickupInstructionsFr: '',
        },
      },
      '/api/orders/lookup': { body: pickup },
    });
    const user = userEvent.setup();
    renderRoutes(checkoutRoutes, `/orders/lookup?reference=${REF}`);
    await user.type(await screen.findByLabelText('Email', undefined, LONG), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Find My Order' }));
    expect(await screen.findByRole('heading', { name: `Order ${REF}` })).toBeTruthy();
    expect(await screen.findByText('88 Depot Lane')).toBeTruthy();
    expect(screen.getByTestId('pickup-hours').textContent).toBe('Every day: 8 a.m. to 8 p.m.');
    expect(screen.queryByText('Shipping Address')).toBeNull();
    expect(screen.getByTestId('delivery-estimate').textContent).toBe('Your order is ready for pickup.');
    expect(screen.queryByText(/We'll e-mail you/)).toBeNull();
    expect(screen.getByTestId('payment-status').textContent).toBe('Partially refunded');
    expect(screen.getByTestId('confirmation-refunded').textContent).toBe('-$10.00');
    expect(screen.getByTestId('confirmation-net').textContent).toBe('$12.60 CAD');
    expect(screen.getByText('Refunded $10.00')).toBeTruthy();
    expect(screen.getByTestId('timeline-refund-tax').textContent).toBe('Includes HST (13%) $1.15');
  });

  it('asks for both fields before asking the server', async () => {
    const api = fakeApi({});
    const user = userEvent.setup();
    renderRoutes(checkoutRoutes, '/orders/lookup');
    await screen.findByLabelText('Order Reference', undefined, LONG);
    await user.click(screen.getByRole('button', { name: 'Find My Order' }));
    expect(await screen.findByText('Please enter your order reference.')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address.')).toBeTruthy();
    expect(callsOf(api).filter(([input]) => String(input).includes('/api/orders/lookup'))).toEqual([]);
  });
});

/** fetch's calls with their init (the mock is typed with the URL alone). */
function callsOf(mock: { mock: { calls: unknown[][] } }): [string, RequestInit | undefined][] {
  return mock.mock.calls as unknown as [string, RequestInit | undefined][];
}
