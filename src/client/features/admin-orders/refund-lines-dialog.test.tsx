// The refund by line form (docs/decisions/0510-refunds-by-line.md): units per line within what is left,
// restock per line, shipping and reason; the server's summary with every tax line is shown before the
// refund is confirmed; changing anything asks for a new summary.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminOrderDetail } from '~/shared/schemas/admin-orders';
import type { CreditNote } from '~/shared/schemas/admin-orders-dialog';
import { resetToasts, useToasts } from '~/client/components/ui/toast-store';
import { createQueryClient } from '~/client/lib/query-client';
import { RefundLinesButton } from './refund-lines-dialog';

let toasts: { title: string; description?: string }[] = [];
function ToastSpy() {
  toasts = useToasts();
  return null;
}

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

const item = (id: number, name: string, price: string, quantity: number, discount = '0.00') => ({
  id,
  productId: id + 100,
  name,
  productName: name,
  sku: null,
  imageUrl: null,
  price,
  quantity,
  compareAtPrice: null,
  discount,
});

// The Quebec order of the server's test: 2 dash cams at 40.00 (10.00 off each), poles 25.50, 5.99
// shipping, GST 5.58 + QST 11.12 = 128.19. One dash cam was already refunded.
const ORDER = {
  id: 9,
  shippingCost: '5.99',
  total: '128.19',
  items: [item(1, 'Dash Cam', '40.00', 2, '10.00'), item(2, 'Trekking Poles', '25.50', 1)],
  refundedUnits: [{ orderItemId: 1, quantity: 1 }],
  refundedShipping: '2.00',
  refunds: [],
} as unknown as AdminOrderDetail;

const NOTE: CreditNote = {
  id: null,
  number: null,
  status: 'preview',
  orderId: 9,
  orderReference: 'ORD-9',
  lines: [],
  subtotal: '25.50',
  discount: '0.00',
  shipping: '1.00',
  taxLines: [
    { code: 'GST', rate: '5', amount: '1.33' },
    { code: 'QST', rate: '9.975', amount: '2.64' },
  ],
  tax: '3.97',
  total: '30.47',
  destination: 'original',
  reason: 'Changed mind',
  at: null,
};

type Call = { method: string; path: string; body: unknown };
function fakeApi() {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      const call = {
        method: init?.method ?? 'GET',
        path,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      const answer = path.endsWith('/preview')
        ? NOTE
        : { ...ORDER, refund: { ...NOTE, id: 4, number: 'CN-000004', status: 'completed' } };
      return new Response(JSON.stringify(answer), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

describe('refund items', () => {
  it('refuses more units than are left, shows the server summary with its tax lines, then refunds', async () => {
    const calls = fakeApi();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RefundLinesButton order={ORDER} />
        <ToastSpy />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Refund items...' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund items of order #9' });
    expect(within(dialog).getByText('2 × $40.00; 1 can be refunded')).toBeTruthy();
    expect(within(dialog).getByText('Up to $3.99 of $5.99.')).toBeTruthy();

    const cams = within(dialog).getByLabelText('Units of Dash Cam');
    await user.clear(cams);
    await user.type(cams, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Review refund' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Dash Cam: choose a whole number of units from 0 to 1.',
    );
    expect(calls).toEqual([]);

    await user.clear(cams);
    await user.type(cams, '0');
    const poles = within(dialog).getByLabelText('Units of Trekking Poles');
    await user.clear(poles);
    await user.type(poles, '1');
    await user.click(within(dialog).getByRole('switch', { name: 'Put back in stock: Trekking Poles' }));
    const shipping = within(dialog).getByLabelText('Shipping to refund');
    await user.clear(shipping);
    await user.type(shipping, '1.00');
    await user.type(within(dialog).getByLabelText(/Reason/), 'Changed mind');
    await user.click(within(dialog).getByRole('button', { name: 'Review refund' }));

    const summary = await within(dialog).findByRole('region', { name: 'Refund summary' });
    expect(summary.textContent).toContain('GST (5%)$1.33');
    expect(summary.textContent).toContain('QST (9.975%)$2.64');
    expect(summary.textContent).toContain('Total to refund$30.47');
    const body = {
      lines: [{ orderItemId: 2, quantity: 1, restock: false }],
      shipping: '1.00',
      destination: 'original',
      reason: 'Changed mind',
    };
    expect(calls).toEqual([{ method: 'POST', path: '/api/orders/9/refunds/preview', body }]);

    await user.click(within(dialog).getByRole('button', { name: 'Refund $30.47' }));
    await waitFor(() => expect(toasts[0]?.title).toBe('Refund made'));
    expect(toasts[0]?.description).toBe('$30.47 of order #9 was refunded (credit note CN-000004).');
    expect(calls.at(-1)).toEqual({ method: 'POST', path: '/api/orders/9/refunds', body });
  });

  it("offers store credit for a customer's order and sends it as the destination", async () => {
    const calls = fakeApi();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RefundLinesButton order={{ ...ORDER, userId: 5 }} />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Refund items...' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund items of order #9' });
    const poles = within(dialog).getByLabelText('Units of Trekking Poles');
    await user.clear(poles);
    await user.type(poles, '1');
    await user.selectOptions(within(dialog).getByLabelText('Refund to'), 'Store credit');
    await user.click(within(dialog).getByRole('button', { name: 'Review refund' }));
    await within(dialog).findByRole('region', { name: 'Refund summary' });
    expect(calls[0]?.body).toMatchObject({ destination: 'store_credit' });
  });

  it("offers no store credit on a guest's order", async () => {
    fakeApi();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RefundLinesButton order={{ ...ORDER, userId: null }} />
      </QueryClientProvider>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Refund items...' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund items of order #9' });
    expect(within(dialog).queryByLabelText('Refund to')).toBeNull();
  });
});
