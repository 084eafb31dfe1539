// The order dialog's staff tools (docs/decisions/0230-refunds-through-the-provider.md, 0231, 0232):
// the timeline in time order, staff notes, the refund form (checked by the shared schema first),
// cancelling with refund and restock as two choices, the Fulfil step, and the packing slip link.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminOrder, AdminOrderDetail } from '~/shared/schemas/admin-orders';
import { resetToasts, useToasts } from '~/client/components/ui/toast-store';
import { createQueryClient } from '~/client/lib/query-client';
import { OrderDetailDialog } from './order-detail-dialog';
import { timelineOf } from './order-dialog-parts';

let toasts: { title: string; description?: string }[] = [];
function ToastSpy() {
  toasts = useToasts();
  return null;
}

const PAID: AdminOrder = {
  id: 5,
  orderReference: 'ORD-REF5',
  unpaidCheckout: false,
  userId: null,
  customerName: 'Pat Buyer',
  customerEmail: 'pat@example.com',
  customerPhone: null,
  shippingAddress: { addressLine1: '1 Main St', city: 'Toronto', province: 'ON', country: 'Canada' },
  shippingMethod: 'standard',
  shippingCost: '5.99',
  subtotal: '40.00',
  discountPercentage: '0.00',
  discountAmount: '0.00',
  taxRate: '13',
  taxAmount: '5.98',
  taxLines: [{ code: 'HST', rate: '13', amount: '5.98' }],
  currency: 'CAD',
  total: '51.97',
  status: 'processing',
  paymentStatus: 'completed',
  paymentMethod: 'square',
  paymentReference: 'PAY_1',
  trackingNumber: null,
  estimatedDeliveryDate: null,
  notes: null,
  createdAt: '2026-11-20T12:00:00.000Z',
  updatedAt: '2026-11-20T12:00:00.000Z',
  items: [
    {
      id: 1,
      productId: 7,
      name: 'Floor Lamp',
      productName: 'Floor Lamp',
      sku: 'LOT-7',
      imageUrl: null,
      price: '20.00',
      quantity: 2,
      compareAtPrice: null,
      discount: '0.00',
    },
  ],
  confirmationEmailSent: true,
  confirmationEmailStatus: 'sent',
  confirmationEmailError: null,
  confirmationEmailAttempts: 1,
  inventoryReduced: true,
  refundStatus: null,
  refundPaymentReference: null,
  refundReference: null,
  refundedAmount: '10.00',
  user: null,
};

const DETAIL: AdminOrderDetail = {
  ...PAID,
  history: [
    {
      id: 1,
      field: 'paymentStatus',
      from: 'pending',
      to: 'completed',
      actor: 'return-page',
      actorUserId: null,
      who: null,
      at: '2026-11-20T12:01:00.000Z',
    },
    {
      id: 2,
      field: 'staffNote',
      from: null,
      to: 'Leave at the side door',
      actor: 'admin',
      actorUserId: 3,
      who: 'jane',
      at: '2026-11-20T12:05:00.000Z',
    },
    {
      id: 3,
      field: 'refund',
      from: null,
      to: '10.00 (REFUND_A)',
      actor: 'admin',
      actorUserId: 3,
      who: 'jane',
      at: '2026-11-20T12:07:00.000Z',
    },
  ],
  refundedUnits: [],
  refundedShipping: '0.00',
  refunds: [
    {
      id: 1,
      amount: '5.00',
      restock: false,
      status: 'failed',
      kind: 'amount',
      creditNoteNumber: null,
      providerRefundId: null,
      tenders: { card: '5.00', cash: '0.00', giftCards: '0.00', storeCredit: '0.00' },
      error: 'Square answered 500',
      who: 'jane',
      at: '2026-11-20T12:06:00.000Z',
    },
  ],
  emails: [
    {
      id: 9,
      kind: 'order-confirmation',
      to: 'pat@example.com',
      subject: 'Your order',
      status: 'sent',
      error: null,
      at: '2026-11-20T12:02:00.000Z',
    },
  ],
};

type Call = { method: string; path: string; body: unknown };
function fakeApi(answer: (call: Call) => unknown = () => DETAIL, detail: AdminOrderDetail = DETAIL) {
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
      return new Response(JSON.stringify(call.method === 'GET' ? detail : answer(call)), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

function renderDialog(order: AdminOrder = PAID) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <OrderDetailDialog order={order} onClose={() => {}} />
      <ToastSpy />
    </QueryClientProvider>,
  );
}

// Radix's switch measures itself when toggled; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

describe('the timeline', () => {
  it('puts changes, notes, refunds, failed refunds and e-mails in time order', () => {
    expect(timelineOf(DETAIL).map((i) => i.text)).toEqual([
      'Payment: Pending → Completed',
      'E-mail "Your order" to pat@example.com: sent',
      'Staff note: Leave at the side door',
      'Refund of $5.00 failed: Square answered 500',
      'Refund: $10.00 given back (REFUND_A)',
    ]);
  });

  it('shows in the dialog with the staff notes and the refunded amount', async () => {
    fakeApi();
    renderDialog();
    const timeline = await screen.findByTestId('admin-order-history');
    expect(within(timeline).getByText('Refund: $10.00 given back (REFUND_A)')).toBeTruthy();
    const notes = screen.getByTestId('admin-order-staff-notes');
    expect(within(notes).getByText('Leave at the side door')).toBeTruthy();
    expect(within(notes).getByText(/by jane/)).toBeTruthy();
    expect(screen.getByTestId('admin-order-refunded').textContent).toBe('Refunded $10.00 of $51.97');
    expect(screen.getByTestId('packing-slip-link').getAttribute('href')).toBe('/api/orders/5/packing-slip');
  });
});

describe('staff notes', () => {
  it('adds a note', async () => {
    const calls = fakeApi();
    renderDialog();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Add a staff note'), 'Called the customer');
    await user.click(screen.getByRole('button', { name: 'Add Note' }));
    await waitFor(() => expect(toasts[0]?.title).toBe('Note added'));
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/orders/5/notes',
      body: { text: 'Called the customer' },
    });
  });
});

describe('refunds', () => {
  it('offers what is left, refuses fractions of a cent, and sends the amount and the restock choice', async () => {
    const calls = fakeApi();
    renderDialog();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Refund...' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund order #5' });
    const amount = within(dialog).getByLabelText('Amount') as HTMLInputElement;
    // 51.97 - 10.00 = 41.97 left.
    expect(amount.value).toBe('41.97');
    await user.clear(amount);
    await user.type(amount, '10.001');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(within(dialog).getByTestId('field-error').textContent).toMatch(/to the cent/);
    await user.clear(amount);
    await user.type(amount, '41.98');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(within(dialog).getByTestId('field-error').textContent).toBe(
      'At most $41.97 can still be refunded.',
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.clear(amount);
    await user.type(amount, '12.5');
    await user.click(within(dialog).getByRole('switch'));
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(toasts[0]?.title).toBe('Refund made'));
    expect(toasts[0]?.description).toBe('$12.50 of order #5 was refunded and its items put back in stock.');
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/orders/5/refunds',
      body: { amount: '12.50', restock: true },
    });
  });

  it('cancelling a paid order asks refund and restock as two choices, both on while nothing has shipped', async () => {
    const calls = fakeApi(() => ({ ...DETAIL, status: 'cancelled' }));
    renderDialog();
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Order Status'), 'cancelled');
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel order #5?' });
    // 51.97 - 10.00 already refunded = 41.97 left.
    const refund = within(dialog).getByRole('switch', {
      name: 'Refund $41.97 to the customer through the payment provider',
    });
    const restock = within(dialog).getByRole('switch', { name: 'Put the items back in stock' });
    expect(refund.getAttribute('aria-checked')).toBe('true');
    expect(restock.getAttribute('aria-checked')).toBe('true');
    // Refund, but the items stay out (say they were damaged).
    await user.click(restock);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Order' }));
    await waitFor(() => expect(toasts[0]?.title).toBe('Order cancelled'));
    expect(toasts[0]?.description).toBe('Order #5 is cancelled; $41.97 was refunded.');
    expect(calls.find((c) => c.method === 'PATCH')).toEqual({
      method: 'PATCH',
      path: '/api/orders/5/status',
      body: { status: 'cancelled', refund: true, restock: false },
    });
  });

  it('a shipped order offers the restock off by default; restock alone is sent as such', async () => {
    const shipped = { ...PAID, status: 'shipped' };
    const calls = fakeApi(() => ({ ...DETAIL, ...shipped, status: 'cancelled' }), { ...DETAIL, ...shipped });
    renderDialog(shipped);
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Order Status'), 'cancelled');
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel order #5?' });
    expect(
      within(dialog).getByText('This order is paid. It is Shipped: its items have left the store.'),
    ).toBeTruthy();
    const restock = within(dialog).getByRole('switch', {
      name: 'Put the items back in stock (only if the parcel came back)',
    });
    expect(restock.getAttribute('aria-checked')).toBe('false');
    await user.click(within(dialog).getByRole('switch', { name: /^Refund/ }));
    await user.click(restock);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Order' }));
    await waitFor(() =>
      expect(toasts[0]?.description).toBe('Order #5 is cancelled; its items were put back in stock.'),
    );
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      status: 'cancelled',
      refund: false,
      restock: true,
    });
  });

  it('an unpaid order with no stock taken is cancelled after a plain confirmation', async () => {
    const unpaid = {
      ...PAID,
      paymentStatus: 'pending',
      paymentReference: null,
      refundedAmount: '0.00',
      inventoryReduced: false,
    };
    const calls = fakeApi(undefined, { ...DETAIL, ...unpaid });
    renderDialog(unpaid);
    const user = userEvent.setup();
    expect(screen.queryByRole('button', { name: 'Refund...' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Fulfil' })).toBeNull();
    await user.selectOptions(await screen.findByLabelText('Order Status'), 'cancelled');
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel order #5?' });
    expect(within(dialog).getByText('Nothing is refunded and no stock is moved.')).toBeTruthy();
    expect(within(dialog).queryByRole('switch')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Order' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')).toEqual({
        method: 'PATCH',
        path: '/api/orders/5/status',
        body: { status: 'cancelled', restock: false },
      }),
    );
  });

  it('the items table fits a phone: no sideways scroll region, the SKU under the name on a narrow screen', async () => {
    fakeApi();
    renderDialog();
    const table = await screen.findByRole('table', { name: 'Items' });
    // Nothing scrolls on its own (axe scrollable-region-focusable): the table is laid out to fit.
    expect(table.closest('[tabindex]')?.getAttribute('role')).not.toBe('region');
    expect(screen.queryByRole('region', { name: 'Items' })).toBeNull();
    const sku = within(table).getByRole('columnheader', { name: 'SKU' });
    expect([sku.classList.contains('hidden'), sku.classList.contains('sm:table-cell')]).toEqual([true, true]);
    const item = within(table).getAllByTestId('admin-order-item')[0]!;
    const name = within(item).getAllByRole('cell')[0]!;
    expect(name.querySelector('span.sm\\:hidden')?.textContent).toMatch(/^SKU /);
  });

  it('Shipped in the status selector opens the Fulfil step instead of shipping at once', async () => {
    const calls = fakeApi(() => ({ ...DETAIL, status: 'shipped', trackingNumber: 'LOCAL-1' }));
    renderDialog();
    const user = userEvent.setup();
    expect(await screen.findByRole('button', { name: 'Fulfil' })).toBeTruthy();
    await user.selectOptions(await screen.findByLabelText('Order Status'), 'shipped');
    const dialog = await screen.findByRole('dialog', { name: 'Ship order #5' });
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    await user.type(within(dialog).getByLabelText('Tracking Number'), 'LOCAL-1');
    await user.click(within(dialog).getByRole('button', { name: 'Mark Shipped and e-mail tracking' }));
    await waitFor(() => expect(toasts[0]?.title).toBe('Order shipped'));
    expect(calls.find((c) => c.method === 'PATCH')).toEqual({
      method: 'PATCH',
      path: '/api/orders/5/status',
      body: { status: 'shipped', trackingNumber: 'LOCAL-1', trackingCarrier: '' },
    });
  });
});
