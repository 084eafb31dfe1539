import { screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '~/shared/schemas/orders';
import { resetToasts } from '~/client/components/ui/toast-store';
import {
  addItem,
  getCart,
  LAST_CLEARED_ORDER_KEY,
  PENDING_ORDER_KEY,
  resetCartStoreForTests,
} from '~/client/features/cart';
import { fakeApi, fetchedPaths, makeSiteConfig, renderRoutes } from '~/client/test/test-utils';
import { confirmationTiming } from './confirmation-page';
import { waitForTheCartToEmptyAfterEach } from './confirmation-test-timers';
import { checkoutRoutes } from './routes';

// The page is a lazy route (docs/decisions/0145-lazy-routes-and-script-budget.md): load its module once up
// front, so the first test does not spend its time budget compiling it.
beforeAll(async () => {
  await import('./confirmation-page');
});

const REF = 'ORD-ABCDEFGHIJKLMNOP';

function order(overrides: Partial<Order> = {}): Order {
  return {
    id: 42,
    orderReference: REF,
    userId: null,
    customerName: 'Jane Shopper',
    customerEmail: 'jane@example.com',
    customerPhone: '416-555-0123',
    shippingAddress: {
      addressLine1: '123 Main Street',
      addressLine2: null,
      city: 'Toronto',
      state: 'ON',
      zipCode: 'M5V 2T6',
      country: 'Canada',
    },
    shippingMethod: 'express',
    shippingCost: '14.99',
    subtotal: '36.00',
    discountPercentage: '10.00',
    discountAmount: '4.00',
    taxRate: '13',
    taxAmount: '6.63',
    // HST 13% of (subtotal + shipping), rounded half up: one line.
    taxLines: [{ code: 'HST', rate: '13', amount: '6.63' }],
    currency: 'CAD',
    refundedAmount: '0.00',
    total: '57.62',
    status: 'pending',
    paymentStatus: 'completed',
    paymentMethod: 'local',
    paymentReference: 'LOCAL-1',
    trackingNumber: null,
    estimatedDeliveryDate: null,
    notes: null,
    createdAt: '2025-03-01T15:30:00.000Z',
    updatedAt: '2025-03-01T15:31:00.000Z',
    items: [
      {
        id: 1,
        productId: 7,
        name: 'Desk Lamp',
        productName: 'Desk Lamp',
        sku: 'LOT-7',
        imageUrl: null,
        price: '18.00',
        compareAtPrice: '20.00',
        discount: '2.00',
        quantity: 2,
      },
    ],
    ...overrides,
  };
}

function addLamp() {
  addItem(
    {
      productId: 7,
      name: 'Desk Lamp',
      price: '18.00',
      imageUrl: null,
      compareAtPrice: '20.00',
      discountApplied: true,
      stock: 5,
    },
    2,
    { notify: false },
  );
}

waitForTheCartToEmptyAfterEach();
beforeEach(() => {
  resetCartStoreForTests();
  resetToasts();
  confirmationTiming.retryMs = 1;
  confirmationTiming.attempts = 4;
});

const page = (query: string) => renderRoutes(checkoutRoutes, `/checkout/confirmation${query}`);

describe('confirmation page', () => {
  it("sends the token of the payment's redirect with both calls (docs/decisions/0453)", async () => {
    const api = fakeApi({
      [`/api/orders/${REF}`]: { body: order({ paymentStatus: 'pending' }) },
      [`/api/orders/${REF}/payment-status`]: { body: order() },
    });
    page(`?order_id=${REF}&status=success&token=Sig_ned-123`);
    expect(await screen.findByRole('heading', { name: 'Order Confirmed!' })).toBeTruthy();
    expect(fetchedPaths(api).filter((p) => p.startsWith('/api/orders/'))).toEqual([
      `/api/orders/${REF}?token=Sig_ned-123`,
      `/api/orders/${REF}/payment-status?token=Sig_ned-123`,
    ]);
  });

  it('shows a paid order opened without its token by status and total only, and leads to the look-up', async () => {
    addLamp();
    const summary = {
      orderReference: REF,
      status: 'pending',
      paymentStatus: 'completed',
      total: '57.62',
      currency: 'CAD',
      detailsHidden: true,
    };
    fakeApi({ [`/api/orders/${REF}`]: { body: summary } });
    page(`?order_id=${REF}&status=success`);
    expect(await screen.findByRole('heading', { name: 'Order Confirmed!' })).toBeTruthy();
    expect(screen.getByText('Thank you for your purchase.')).toBeTruthy();
    expect(screen.getByTestId('order-summary').textContent).toBe(
      `Order ${REF} is paid: $57.62 CAD. To protect your details, this link shows only its status and total. Open it with the email address you ordered with to see the rest.`,
    );
    expect(screen.queryByText('jane@example.com')).toBeNull();
    expect(screen.getByRole('link', { name: 'View My Orders' }).getAttribute('href')).toBe(
      `/orders/lookup?reference=${REF}`,
    );
    // A paid order all the same: the cart is cleared.
    await waitFor(() => expect(getCart().items).toEqual([]));
  });

  it('confirms a pending payment with the server, shows the order and clears the cart once', async () => {
    addLamp();
    window.localStorage.setItem(PENDING_ORDER_KEY, REF);
    const api = fakeApi({
      [`/api/orders/${REF}`]: { body: order({ paymentStatus: 'pending' }) },
      [`/api/orders/${REF}/payment-status`]: { body: order() },
    });
    page(`?order_id=${REF}&status=success`);
    expect(await screen.findByText('Processing your order...')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Order Confirmed!' })).toBeTruthy();
    // The order, then its confirmation; the site configuration (registration numbers) is the root
    // route's in the app and loads beside them here.
    expect(fetchedPaths(api).filter((p) => p !== '/api/site-config' && p !== '/api/shipping')).toEqual([
      `/api/orders/${REF}`,
      `/api/orders/${REF}/payment-status`,
    ]);
    expect(screen.getByTestId('order-number').textContent).toBe('#42');
    expect(screen.getByTestId('order-reference').textContent).toBe(REF);
    expect(screen.getByText('jane@example.com', { selector: 'dd' })).toBeTruthy();
    expect(screen.getByTestId('payment-status').textContent).toBe('Paid');
    // Paid, not 'Pending': the store has not started on it, but the shopper has paid.
    expect(screen.getByTestId('order-status').textContent).toBe('Paid');
    expect(screen.getByTestId('shipping-method').textContent).toBe('Express Shipping');
    expect(screen.getByText('123 Main Street')).toBeTruthy();
    expect(screen.getByText('Toronto, ON M5V 2T6')).toBeTruthy();
    // 2 x 18.00 (regular 20.00): 40.00 - 4.00 = 36.00; 36.00 + 14.99 + 6.63 = 57.62.
    expect(screen.getByTestId('confirmation-original').textContent).toBe('$40.00');
    expect(screen.getByText('Discount (10%)')).toBeTruthy();
    expect(screen.getByTestId('confirmation-discount').textContent).toBe('-$4.00');
    expect(screen.getByTestId('confirmation-subtotal').textContent).toBe('$36.00');
    expect(screen.getByTestId('confirmation-shipping').textContent).toBe('$14.99');
    expect(screen.getByText('HST (13%)')).toBeTruthy();
    expect(screen.getByTestId('confirmation-tax').textContent).toBe('$6.63');
    expect(screen.getByTestId('confirmation-total').textContent).toBe('$57.62 CAD');
    expect(screen.queryByTestId('tax-registrations')).toBeNull(); // none set
    expect(screen.getByRole('heading', { name: "What's Next?" })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    // A guest has no account page: 'View My Orders' opens the order look-up with the reference filled in.
    expect(screen.getByRole('link', { name: 'View My Orders' }).getAttribute('href')).toBe(
      `/orders/lookup?reference=${REF}`,
    );
    expect(await screen.findByText('Order Completed')).toBeTruthy();
    expect(screen.getByText('Your order has been placed successfully.')).toBeTruthy();
    await waitFor(() => expect(getCart().items).toEqual([]));
    expect(screen.queryByText('Cart cleared')).toBeNull();
    expect(window.localStorage.getItem(LAST_CLEARED_ORDER_KEY)).toBe(REF);
    expect(window.localStorage.getItem(PENDING_ORDER_KEY)).toBeNull();
    expect(JSON.parse(window.localStorage.getItem('cart-backup')!).items).toEqual([]);
  });

  it('does not clear a new cart when the same confirmation is opened again', async () => {
    window.localStorage.setItem(LAST_CLEARED_ORDER_KEY, REF);
    addLamp();
    fakeApi({ [`/api/orders/${REF}`]: { body: order() } });
    page(`?order_id=${REF}&status=success`);
    expect(await screen.findByRole('heading', { name: 'Order Confirmed!' })).toBeTruthy();
    await new Promise((r) => setTimeout(r, 150));
    expect(getCart().items).toHaveLength(1);
  });

  it('shows the failure and keeps the cart when the payment failed', async () => {
    addLamp();
    const api = fakeApi({});
    page(`?order_id=${REF}&status=failed&error=declined`);
    expect(await screen.findByRole('heading', { name: 'Payment Unsuccessful' })).toBeTruthy();
    expect(
      screen.getByText('Your payment was declined. No money was taken.', { selector: 'p' }),
    ).toBeTruthy();
    expect(await screen.findByText('Payment Failed')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try Again' }).getAttribute('href')).toBe('/checkout');
    expect(getCart().items).toHaveLength(1);
    expect(api).not.toHaveBeenCalled();
  });

  it.each([
    'Your card was flagged. Call 1-800-555-0199 to unlock it.',
    'Your payment was declined. No money was taken.',
    '__proto__',
    'toString',
    'DECLINED',
  ])("shows only the store's own text, never an error text from the link: %s", async (error) => {
    fakeApi({});
    page(`?order_id=${REF}&status=failed&error=${encodeURIComponent(error)}`);
    expect(
      await screen.findByText("We couldn't process your payment. Please try again.", { selector: 'p' }),
    ).toBeTruthy();
    expect(screen.queryByText(/1-800|flagged|declined|proto|toString/i)).toBeNull();
  });

  it('uses the default text without an error', async () => {
    fakeApi({});
    page(`?order_id=${REF}&status=failed`);
    expect(
      await screen.findByText("We couldn't process your payment. Please try again.", { selector: 'p' }),
    ).toBeTruthy();
  });

  it('says the order information is missing without an order id', async () => {
    fakeApi({});
    page('?status=success');
    expect(await screen.findByText('Missing order information')).toBeTruthy();
    expect(screen.getByText('Could not find order details. Please contact customer support.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Payment Unsuccessful' })).toBeTruthy();
  });

  it('reports an order that cannot be read', async () => {
    fakeApi({ [`/api/orders/${REF}`]: { status: 404, body: { message: 'Order not found.' } } });
    page(`?order_id=${REF}&status=success`);
    expect(await screen.findByText('Error retrieving order details')).toBeTruthy();
  });

  it('does not confirm an order the provider has not been paid for, and keeps the cart', async () => {
    addLamp();
    const api = fakeApi({
      [`/api/orders/${REF}`]: { body: order({ paymentStatus: 'pending' }) },
      [`/api/orders/${REF}/payment-status`]: { body: order({ paymentStatus: 'pending' }) },
    });
    page(`?order_id=${REF}&status=success`);
    expect(await screen.findByText('Payment Not Completed')).toBeTruthy();
    expect(
      screen.getByText(
        'There was an issue processing your payment. Please try again or contact customer support.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Payment Unsuccessful' })).toBeTruthy();
    expect(fetchedPaths(api).filter((p) => p.endsWith('/payment-status'))).toHaveLength(4);
    expect(getCart().items).toHaveLength(1);
  });

  it('shows a Quebec order with its GST and QST lines, the currency and the registration numbers', async () => {
    addLamp();
    // 2 x 18.00 (regular 20.00) + express 14.99 = 50.99 taxable.
    // GST 50.99 x 5% = 2.5495 -> 2.54 (remainder .95); QST 50.99 x 9.975% = 5.0862525 -> 5.08 (.86);
    // charged 50.99 x 14.975% = 7.6357525 -> 7.64: two cents missing, one each: GST 2.55, QST 5.09.
    // Total 36.00 + 14.99 + 7.64 = 58.63.
    fakeApi({
      '/api/site-config': {
        body: makeSiteConfig({
          taxRegistrations: { gstHst: '123456789 RT0001', qst: '1234567890 TQ0001', pst: 'PST-1234-5678' },
        }),
      },
      [`/api/orders/${REF}`]: {
        body: order({
          taxRate: '14.975',
          taxAmount: '7.64',
          taxLines: [
            { code: 'GST', rate: '5', amount: '2.55' },
            { code: 'QST', rate: '9.975', amount: '5.09' },
          ],
          total: '58.63',
        }),
      },
    });
    page(`?order_id=${REF}&status=success`);
    expect(await screen.findByRole('heading', { name: 'Order Confirmed!' })).toBeTruthy();
    expect(screen.getByText('GST (5%)')).toBeTruthy();
    expect(screen.getByText('QST (9.975%)')).toBeTruthy();
    expect(screen.getAllByTestId('confirmation-tax').map((e) => e.textContent)).toEqual(['$2.55', '$5.09']);
    expect(screen.getByTestId('confirmation-total').textContent).toBe('$58.63 CAD');
    // The lines add up: 40.00 - 4.00 = 36.00; 36.00 + 14.99 + 2.55 + 5.09 = 58.63.
    const cents = (id: string) =>
      screen.getAllByTestId(id).map((e) => Math.round(Number(e.textContent!.replace(/[^0-9.-]/g, '')) * 100));
    expect(cents('confirmation-original')[0]! + cents('confirmation-discount')[0]!).toBe(
      cents('confirmation-subtotal')[0],
    );
    expect(
      [
        ...cents('confirmation-subtotal'),
        ...cents('confirmation-shipping'),
        ...cents('confirmation-tax'),
      ].reduce((a, b) => a + b),
    ).toBe(5863);
    // Registration numbers for the taxes charged: GST and QST, not PST.
    expect(await screen.findByText('GST/HST registration number: 123456789 RT0001')).toBeTruthy();
    expect(screen.getByText('QST registration number: 1234567890 TQ0001')).toBeTruthy();
    expect(screen.queryByText(/PST registration number/)).toBeNull();
  });
  it('shows the discount code as its own line, and the lines add up (docs/decisions/0551)', async () => {
    // The server's Quebec order: 102.00 after today's discounts, code QC15 15.30, standard 5.99;
    // GST 4.63, QST 9.25; total 102.00 - 15.30 + 5.99 + 4.63 + 9.25 = 106.57.
    fakeApi({
      [`/api/orders/${REF}`]: {
        body: order({
          subtotal: '102.00',
          discountAmount: '18.00',
          discountPercentage: '0.00',
          discountCode: 'QC15',
          codeDiscountAmount: '15.30',
          shippingMethod: 'standard',
          shippingCost: '5.99',
          taxRate: '14.975',
          taxAmount: '13.88',
          taxLines: [
            { code: 'GST', rate: '5', amount: '4.63' },
            { code: 'QST', rate: '9.975', amount: '9.25' },
          ],
          total: '106.57',
        }),
      },
    });
    page(`?order_id=${REF}&status=success`);
    expect(await screen.findByRole('heading', { name: 'Order Confirmed!' })).toBeTruthy();
    expect(screen.getByText('Discount code QC15')).toBeTruthy();
    expect(screen.getByTestId('confirmation-code').textContent).toBe('-$15.30');
    expect(screen.getByTestId('confirmation-total').textContent).toBe('$106.57 CAD');
  });

  describe('delivery estimate', () => {
    const shipping = {
      standardPrice: '5.99',
      expressPrice: '14.99',
      pickupAvailable: true,
      // Settings other than the defaults (3-5, 1-2), so the page must read them.
      standardMinDays: 4,
      standardMaxDays: 7,
      expressMinDays: 2,
      expressMaxDays: 3,
    };
    const show = async (overrides: Partial<Order>) => {
      fakeApi({ '/api/shipping': { body: shipping }, [`/api/orders/${REF}`]: { body: order(overrides) } });
      page(`?order_id=${REF}&status=success`);
      expect(await screen.findByRole('heading', { name: 'Order Confirmed!' })).toBeTruthy();
    };

    it('shows the express range from the shipping settings', async () => {
      await show({ shippingMethod: 'express' });
      await waitFor(() =>
        expect(screen.getByTestId('delivery-estimate').textContent).toBe('2-3 business days'),
      );
    });

    it('shows the standard range from the shipping settings', async () => {
      await show({ shippingMethod: 'standard', shippingCost: '5.99' });
      await waitFor(() =>
        expect(screen.getByTestId('delivery-estimate').textContent).toBe('4-7 business days'),
      );
    });

    it('tells a pickup order it will be e-mailed, with no range', async () => {
      await show({ shippingMethod: 'pickup', shippingCost: '0.00' });
      await waitFor(() =>
        expect(screen.getByTestId('delivery-estimate').textContent).toBe(
          "We'll e-mail you when your order is ready for pickup.",
        ),
      );
      expect(screen.queryByText(/business days/)).toBeNull();
    });

    it('shows no estimate on a cancelled order', async () => {
      await show({ status: 'cancelled' });
      await waitFor(() => expect(screen.getByText('Cancelled', { selector: 'dd' })).toBeTruthy());
      expect(screen.queryByTestId('delivery-estimate')).toBeNull();
      expect(screen.queryByText(/business days/)).toBeNull();
    });
  });
});
