// The checkout's 'Discount code' field (docs/decisions/0551-discount-code-at-checkout.md): Apply asks
// the quote with the code; an accepted code is its own line in the summary and goes with the order; a
// refused one shows the server's message under the field. Figures worked out by hand.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '~/client/components/ui/toast-store';
import { addItem, resetCartStoreForTests } from '~/client/features/cart';
import { type FakeRoutes, fakeApi, makeSiteConfig, renderRoutes } from '~/client/test/test-utils';
import { paymentRedirect } from './checkout-form';
import { checkoutRoutes } from './routes';
import { fillCheckoutForm } from './fill-checkout-form';

beforeAll(async () => {
  await Promise.all([import('./checkout-page'), import('./checkout-form')]);
});

const base: FakeRoutes = {
  '/api/taxes': { body: [{ provinceCode: 'ON', provinceName: 'Ontario', taxRate: '13' }] },
  '/api/shipping': { body: { standardPrice: '5.99', expressPrice: '14.99', pickupAvailable: true } },
  '/api/auth/me': { status: 401, body: { message: 'Please sign in to continue.' } },
  '/api/site-config': { body: makeSiteConfig({ currency: 'CAD' }) },
  '/api/square/create-checkout': {
    body: { success: true, checkoutUrl: 'http://store.test/pay/ORD-A', orderId: 'ORD-A' },
  },
};

const lamp = {
  productId: 7,
  name: 'Desk Lamp',
  price: '20.00',
  imageUrl: null,
  compareAtPrice: null,
  discountApplied: false,
  stock: 10,
};

/** 2 x 20.00 = 40.00; the code SAVE10 takes 10% = 4.00; other codes have expired. */
function quoteAnswer(body: { items: unknown[]; discountCode?: string }) {
  const code = body.discountCode?.trim().toUpperCase();
  if (code && code !== 'SAVE10') {
    return {
      status: 400,
      body: { message: 'This discount code has expired.', code: 'discount_code_refused' },
    };
  }
  return {
    status: 200,
    body: {
      subtotal: '40.00',
      discountAmount: '0.00',
      discountPercentage: '0.00',
      discountCode: code ? 'SAVE10' : null,
      codeDiscountAmount: code ? '4.00' : '0.00',
      shippingCost: '0.00',
      taxRate: '13',
      taxAmount: '4.68',
      total: '40.68',
      unavailable: [],
      items: [
        {
          productId: 7,
          name: 'Desk Lamp',
          price: '20.00',
          regularPrice: '20.00',
          compareAtPrice: null,
          discountApplied: false,
          discountPercentage: 0,
          quantity: 2,
          available: 10,
          finalSale: false,
        },
      ],
    },
  };
}

function stubApi() {
  const inner = fakeApi(base);
  const sent: { path: string; body: Record<string, unknown> }[] = [];
  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const path = new URL(String(input), 'http://store.test').pathname;
    const body = init?.body ? JSON.parse(String(init.body)) : {};
    sent.push({ path, body });
    if (path === '/api/cart/quote') {
      const answer = quoteAnswer(body);
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }
    return inner(input);
  });
  vi.stubGlobal('fetch', fetch);
  return sent;
}

beforeEach(() => {
  resetCartStoreForTests();
  resetToasts();
  paymentRedirect.go = vi.fn();
  addItem(lamp, 2, { notify: false });
});

describe('discount code at checkout', { timeout: 30_000 }, () => {
  it('applies a code: its own line in the summary, the total after it, and it goes with the order', async () => {
    const sent = stubApi();
    const user = userEvent.setup();
    renderRoutes(checkoutRoutes, '/checkout');
    await user.type(await screen.findByLabelText('Discount code'), 'save10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.getByTestId('summary-code').textContent).toBe('-$4.00'));
    expect(screen.getByText('Discount code SAVE10')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Code SAVE10 applied: $4.00 off.');

    await fillCheckoutForm(user);
    // 40.00 - 4.00 = 36.00, + 5.99 = 41.99; HST 13% = 5.4587 -> 5.46; total 47.45.
    await waitFor(() => expect(screen.getByTestId('summary-total').textContent).toBe('$47.45 CAD'));
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => expect(sent.some((s) => s.path === '/api/square/create-checkout')).toBe(true));
    const order = sent.find((s) => s.path === '/api/square/create-checkout')!.body as {
      orderData: Record<string, unknown>;
    };
    expect(order.orderData).toMatchObject({
      discountCode: 'SAVE10',
      codeDiscountAmount: '4.00',
      subtotal: '40.00',
      taxAmount: '5.46',
      total: '47.45',
    });
  });

  it("shows the server's refusal under the field and no code line", async () => {
    stubApi();
    const user = userEvent.setup();
    renderRoutes(checkoutRoutes, '/checkout');
    const field = await screen.findByLabelText('Discount code');
    await user.type(field, 'OLDCODE{Enter}');
    expect(await screen.findByText('This discount code has expired.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('summary-code')).toBeNull();
    // Enter applied the code; it did not send the checkout.
    expect(screen.queryByText('Please fill in all required fields')).toBeNull();
  });

  it('reads "Code de réduction" in French', async () => {
    stubApi();
    renderRoutes(checkoutRoutes, '/checkout', undefined, { locale: 'fr' });
    expect(await screen.findByLabelText('Code de réduction')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Appliquer' })).toBeTruthy();
  });
});
