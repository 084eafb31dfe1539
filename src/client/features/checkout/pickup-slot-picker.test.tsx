// The checkout's pickup time picker (docs/decisions/0620-pickup-slots.md): shown once pickup is chosen,
// the slots in the store's zone with their places left, the chosen one sent as orderData.pickupSlotId;
// nothing shown (and nothing sent) when the store offers no slots; in French too.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '~/client/components/ui/toast-store';
import { addItem, resetCartStoreForTests } from '~/client/features/cart';
import { type FakeRoutes, fakeApi, renderRoutes } from '~/client/test/test-utils';
import { paymentRedirect } from './checkout-form';
import { fillCheckoutForm } from './fill-checkout-form';
import { checkoutRoutes } from './routes';

beforeAll(async () => {
  await import('./checkout-page');
});

// Saturday, December 5, 2026: 9 to 10 am and 10 to 11 am in Toronto (UTC-5 in winter).
const slots = [
  {
    id: 11,
    startsAt: '2026-12-05T14:00:00.000Z',
    endsAt: '2026-12-05T15:00:00.000Z',
    capacity: 4,
    booked: 3,
    remaining: 1,
  },
  {
    id: 12,
    startsAt: '2026-12-05T15:00:00.000Z',
    endsAt: '2026-12-05T16:00:00.000Z',
    capacity: 4,
    booked: 0,
    remaining: 4,
  },
];
const base: FakeRoutes = {
  '/api/taxes': { body: [{ provinceCode: 'ON', provinceName: 'Ontario', taxRate: '13' }] },
  '/api/shipping': { body: { standardPrice: '5.99', expressPrice: '14.99', pickupAvailable: true } },
  '/api/auth/me': { status: 401, body: { message: 'Please sign in to continue.' } },
  '/api/pickup-slots': { body: { slots, offered: true } },
  '/api/square/create-checkout': {
    body: {
      success: true,
      checkoutUrl: 'http://store.test/pay/ORD-ABCDEFGHIJKLMNOP',
      orderId: 'ORD-ABCDEFGHIJKLMNOP',
    },
  },
};

beforeEach(() => {
  resetCartStoreForTests();
  resetToasts();
  paymentRedirect.go = vi.fn();
  addItem(
    {
      productId: 7,
      name: 'Desk Lamp',
      price: '20.00',
      imageUrl: null,
      compareAtPrice: null,
      discountApplied: false,
      stock: 10,
    },
    1,
    { notify: false },
  );
});

const sentBodies = (api: ReturnType<typeof fakeApi>) =>
  api.mock.calls
    .filter(([input]) => String(input).includes('/api/square/create-checkout'))
    .map(
      (call) =>
        JSON.parse(String(((call as unknown[])[1] as RequestInit).body)) as {
          orderData: Record<string, unknown>;
        },
    );

describe('the pickup time picker', () => {
  it('shows the slots once pickup is chosen and sends the one picked', async () => {
    const api = fakeApi(base);
    const user = userEvent.setup();
    renderRoutes(checkoutRoutes, '/checkout');
    await screen.findByLabelText('First Name');
    expect(screen.queryByRole('group', { name: 'Pickup time' })).toBeNull();
    await fillCheckoutForm(user);
    await user.click(screen.getByRole('radio', { name: /Pickup at store/ }));
    const first = await screen.findByRole('radio', {
      name: /Saturday, December 5, 9:00 a\.m\. – 10:00 a\.m\./,
    });
    expect(screen.getByText('1 place left')).toBeTruthy();
    expect(screen.getByText('4 places left')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: /10:00 a\.m\. – 11:00 a\.m\./ }));
    expect((first as HTMLInputElement).checked).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => expect(sentBodies(api)).toHaveLength(1));
    expect(sentBodies(api)[0]!.orderData).toMatchObject({ shippingMethod: 'pickup', pickupSlotId: 12 });
  });

  it('is not shown, and sends no slot, when the store offers none', async () => {
    const api = fakeApi({ ...base, '/api/pickup-slots': { body: { slots: [], offered: false } } });
    const user = userEvent.setup();
    renderRoutes(checkoutRoutes, '/checkout');
    await screen.findByLabelText('First Name');
    await fillCheckoutForm(user);
    await user.click(screen.getByRole('radio', { name: /Pickup at store/ }));
    await waitFor(() =>
      expect(api.mock.calls.some(([i]) => String(i).includes('/api/pickup-slots'))).toBe(true),
    );
    expect(screen.queryByRole('group', { name: 'Pickup time' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => expect(sentBodies(api)).toHaveLength(1));
    expect(sentBodies(api)[0]!.orderData).not.toHaveProperty('pickupSlotId');
  });

  it('says so when every slot is taken', async () => {
    fakeApi({ ...base, '/api/pickup-slots': { body: { slots: [], offered: true } } });
    const user = userEvent.setup();
    renderRoutes(checkoutRoutes, '/checkout');
    await user.click(await screen.findByRole('radio', { name: /Pickup at store/ }));
    expect(await screen.findByText(/No pickup time is open at the moment/)).toBeTruthy();
  });

  it('reads in French', async () => {
    fakeApi(base);
    const user = userEvent.setup();
    renderRoutes(checkoutRoutes, '/checkout', undefined, { locale: 'fr' });
    await user.click(await screen.findByRole('radio', { name: /Cueillette/i }));
    expect(await screen.findByRole('group', { name: 'Heure de cueillette' })).toBeTruthy();
    expect(screen.getAllByRole('radio', { name: /^samedi 5 décembre, 09 h 00 – 10 h 00/ })).toHaveLength(1);
    expect(screen.getByText('1 place restante')).toBeTruthy();
  });
});
