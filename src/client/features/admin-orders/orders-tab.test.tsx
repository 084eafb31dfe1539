// Order Management (docs/decisions/0075-admin-orders-and-users-screens.md): the table, quick actions only
// for pending and processing, filters and the CSV link, the detail dialog (address alternatives and
// fallbacks, e-mail status, history), the status and payment selectors, tracking, 'Link User', and
// every toast.
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminOrder, AdminOrderDetail } from '~/shared/schemas/admin-orders';
import { resetToasts, useToasts } from '~/client/components/ui/toast-store';
import { createQueryClient } from '~/client/lib/query-client';
import { memoryRoutes } from '~/client/test/memory-routes';
import { paymentChangeMessage } from './order-detail-dialog';
import OrdersTab from './orders-tab';

let toasts: { title: string; description?: string }[] = [];
function ToastSpy() {
  toasts = useToasts();
  return null;
}
const lastToast = () => toasts[0] && { title: toasts[0].title, description: toasts[0].description };

type Call = { method: string; path: string; body: unknown };
const isList = (path: string) => path === '/api/orders/admin' || path.startsWith('/api/orders/admin?');
type Answer = { status?: number; body?: unknown; total?: number };
function fakeApi(answer: (call: Call) => Answer | undefined = () => undefined) {
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
      const detail = /^\/api\/orders\/admin\/(\d+)$/.exec(call.path);
      const fallback: Answer = isList(call.path)
        ? { body: ORDERS, total: 45 }
        : call.path === '/api/auth/me'
          ? { body: ADMIN_ME }
          : detail
            ? { body: withHistory(ORDERS.find((o) => o.id === Number(detail[1]))!) }
            : { status: 404, body: { message: 'Not found.' } };
      const { status = 200, body, total } = answer(call) ?? fallback;
      return new Response(JSON.stringify(body ?? null), {
        status,
        headers: {
          'content-type': 'application/json',
          ...(total !== undefined ? { 'x-total-count': String(total) } : {}),
        },
      });
    }),
  );
  return calls;
}

/** Who is signed in: an administrator, who may use every button (a test answers otherwise for staff). */
const ADMIN_ME = {
  id: 1,
  username: 'boss',
  email: 'boss@example.com',
  isAdmin: true,
  role: 'admin',
  phone: null,
  address: null,
  emailNotifications: true,
  permissions: { refundLimit: null, exportCustomers: true, readEmails: true },
};
const staffMe = (permissions: { refundLimit: string; exportCustomers: boolean; readEmails: boolean }) => ({
  ...ADMIN_ME,
  username: 'sam',
  isAdmin: false,
  role: 'staff',
  permissions,
});

const order = (id: number, extra: Partial<AdminOrder> = {}): AdminOrder => ({
  id,
  orderReference: `ORD-REF${id}`,
  userId: null,
  customerName: `Customer ${id}`,
  customerEmail: `customer${id}@example.com`,
  customerPhone: '416-555-0123',
  shippingAddress: {
    addressLine1: '1 Main St',
    city: 'Toronto',
    province: 'ON',
    postalCode: 'M5V 2T6',
    country: 'Canada',
  },
  shippingMethod: 'standard',
  shippingCost: '5.99',
  subtotal: '20.00',
  discountPercentage: '0.00',
  discountAmount: '0.00',
  taxRate: '13',
  taxAmount: '3.38',
  // HST 13% of (subtotal + shipping), rounded half up: one line.
  taxLines: [{ code: 'HST', rate: '13', amount: '3.38' }],
  currency: 'CAD',
  total: '29.37',
  status: 'pending',
  paymentStatus: 'pending',
  paymentMethod: 'square',
  paymentReference: null,
  trackingNumber: null,
  estimatedDeliveryDate: null,
  notes: null,
  createdAt: '2025-03-01T12:00:00.000Z',
  updatedAt: '2025-03-01T12:00:00.000Z',
  items: [
    {
      id: 1,
      productId: 7,
      name: 'Desk Lamp',
      productName: 'Desk Lamp',
      sku: 'LOT-7',
      imageUrl: null,
      price: '10.00',
      quantity: 2,
      compareAtPrice: null,
      discount: '0.00',
    },
  ],
  confirmationEmailSent: false,
  confirmationEmailStatus: null,
  confirmationEmailError: null,
  confirmationEmailAttempts: 0,
  inventoryReduced: false,
  refundStatus: null,
  refundPaymentReference: null,
  refundReference: null,
  refundedAmount: '0.00',
  user: null,
  unpaidCheckout: false,
  ...extra,
});
const withHistory = (o: AdminOrder, history: AdminOrderDetail['history'] = []): AdminOrderDetail => ({
  ...o,
  history,
  refunds: [],
  refundedUnits: [],
  refundedShipping: '0.00',
  emails: [],
});

const ORDERS = [
  order(11, { status: 'pending' }),
  order(12, {
    status: 'processing',
    paymentStatus: 'completed',
    user: { id: 5, username: 'carol', email: 'carol@example.com' },
  }),
  order(13, { status: 'shipped', paymentStatus: 'completed' }),
  order(14, { status: 'delivered', paymentStatus: 'refunded' }),
];

/** The tab at /admin/orders (with a query string), in a memory router: its state lives in the address. */
function renderTab(path = '/admin/orders') {
  const { element, router } = memoryRoutes(
    [
      {
        path: '/admin/orders',
        element: (
          <>
            <OrdersTab />
            <ToastSpy />
          </>
        ),
      },
    ],
    { path },
  );
  const utils = render(<QueryClientProvider client={createQueryClient()}>{element}</QueryClientProvider>);
  return { ...utils, router, search: () => router.location().search };
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

const rowOf = async (id: number) =>
  (await screen.findAllByTestId('admin-order-row')).find((r) => within(r).queryByText(`#${id}`))!;

describe('Orders tab: table', () => {
  it('shows the eight columns, the total, and a quick action only for pending and processing orders', async () => {
    fakeApi();
    renderTab();
    for (const name of ['Order #', 'Date', 'Customer', 'Total', 'Status', 'Payment', 'User', 'Actions']) {
      expect(screen.getByRole('columnheader', { name })).toBeTruthy();
    }
    const pending = await rowOf(11);
    expect(within(pending).getByRole('button', { name: 'Mark Processing: order #11' })).toBeTruthy();
    expect(within(pending).getByText('Guest')).toBeTruthy();
    expect(within(pending).getByText('$29.37')).toBeTruthy();
    const processing = await rowOf(12);
    expect(within(processing).getByRole('button', { name: 'Mark Shipped: order #12' })).toBeTruthy();
    expect(within(processing).getByText('carol')).toBeTruthy();
    for (const id of [13, 14]) {
      expect(within(await rowOf(id)).queryByRole('button', { name: /^Mark / })).toBeNull();
    }
    expect(screen.getByText('Showing 1–20 of 45 orders')).toBeTruthy();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
  });

  it('a quick action moves the order on; a failure reads Failed to update order status', async () => {
    let fail = false;
    const calls = fakeApi((c) =>
      c.method === 'PATCH'
        ? fail
          ? { status: 500, body: { message: 'Database unavailable' } }
          : { body: withHistory(order(11, { status: 'processing' })) }
        : undefined,
    );
    renderTab();
    const u = userEvent.setup();
    await u.click(within(await rowOf(11)).getByRole('button', { name: 'Mark Processing: order #11' }));
    await waitFor(() => expect(lastToast()?.title).toBe('Order status updated'));
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([
      { method: 'PATCH', path: '/api/orders/11/status', body: { status: 'processing' } },
    ]);
    fail = true;
    await u.click(within(await rowOf(11)).getByRole('button', { name: 'Mark Processing: order #11' }));
    await waitFor(() =>
      expect(lastToast()).toEqual({
        title: 'Failed to update order status',
        description: 'Database unavailable',
      }),
    );
  });

  it("'Mark Shipped' opens the Fulfil step: carrier and tracking, or a clear choice to ship without", async () => {
    const calls = fakeApi((c) =>
      c.method === 'PATCH'
        ? { body: withHistory(order(12, { status: 'shipped', paymentStatus: 'completed' })) }
        : undefined,
    );
    renderTab();
    const u = userEvent.setup();
    await u.click(within(await rowOf(12)).getByRole('button', { name: 'Mark Shipped: order #12' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ship order #12' });
    // Nothing is sent until staff give a number or choose to ship without one.
    await u.click(within(dialog).getByRole('button', { name: 'Mark Shipped and e-mail tracking' }));
    expect(
      within(dialog).getByText('Enter the tracking number, or choose to ship without one.'),
    ).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
    await u.selectOptions(within(dialog).getByLabelText('Carrier'), 'ups');
    fireEvent.change(within(dialog).getByLabelText('Tracking Number'), {
      target: { value: ' 1Z999AA10123456784 ' },
    });
    await u.click(within(dialog).getByRole('button', { name: 'Mark Shipped and e-mail tracking' }));
    await waitFor(() =>
      expect(lastToast()).toEqual({
        title: 'Order shipped',
        description: 'Order #12 is Shipped; the customer is e-mailed tracking number 1Z999AA10123456784.',
      }),
    );
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([
      {
        method: 'PATCH',
        path: '/api/orders/12/status',
        body: { status: 'shipped', trackingNumber: '1Z999AA10123456784', trackingCarrier: 'ups' },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Ship order #12' })).toBeNull());

    await u.click(within(await rowOf(12)).getByRole('button', { name: 'Mark Shipped: order #12' }));
    const again = await screen.findByRole('dialog', { name: 'Ship order #12' });
    await u.click(within(again).getByLabelText(/Ship without a tracking number/));
    await u.click(within(again).getByRole('button', { name: 'Mark Shipped without tracking' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PATCH')[1]).toEqual({
        method: 'PATCH',
        path: '/api/orders/12/status',
        body: { status: 'shipped', trackingNumber: '', trackingCarrier: '' },
      }),
    );
  }, 15_000);

  it('opens the E-mails section under its button, above the orders table', async () => {
    fakeApi((c) =>
      c.path.startsWith('/api/admin/emails')
        ? { body: { items: [], total: 0, page: 1, limit: 20 } }
        : undefined,
    );
    renderTab();
    await rowOf(11);
    await userEvent.setup().click(screen.getByRole('button', { name: 'E-mails' }));
    const section = await screen.findByRole('region', { name: 'E-mails' });
    const firstRow = await rowOf(11);
    expect(section.compareDocumentPosition(firstRow) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('filters by status and searches; the CSV link follows the filters', async () => {
    const calls = fakeApi();
    renderTab();
    const u = userEvent.setup();
    await rowOf(11);
    await u.selectOptions(screen.getByLabelText('Filter by status'), 'ready-for-pickup');
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/api/orders/admin?status=ready-for-pickup')).toBe(true),
    );
    await u.type(
      screen.getByLabelText('Search orders by order number, reference, name or email'),
      'gail@x.com',
    );
    await waitFor(() =>
      expect(
        calls.some((c) => c.path === '/api/orders/admin?status=ready-for-pickup&search=gail%40x.com'),
      ).toBe(true),
    );
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/orders/export.csv?status=ready-for-pickup&search=gail%40x.com',
    );
    await u.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(calls.some((c) => c.path.includes('page=2'))).toBe(true));
  });

  it('shows the E-mails and Export CSV buttons only to whoever may use them (docs/decisions/0459-staff-permissions.md)', async () => {
    // Staff allowed the export but not the outbox: the link shows (the answer has come), the button not.
    fakeApi((call) =>
      call.path === '/api/auth/me'
        ? { body: staffMe({ refundLimit: '100.00', exportCustomers: true, readEmails: false }) }
        : undefined,
    );
    renderTab();
    expect(await screen.findByRole('link', { name: 'Export CSV' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'E-mails' })).toBeNull();
    cleanup();
    vi.unstubAllGlobals();

    fakeApi((call) =>
      call.path === '/api/auth/me'
        ? { body: staffMe({ refundLimit: '100.00', exportCustomers: false, readEmails: true }) }
        : undefined,
    );
    renderTab();
    expect(await screen.findByRole('button', { name: 'E-mails' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Export CSV' })).toBeNull();
  });

  it('offers Try Again when the list fails to load', async () => {
    let fail = true;
    fakeApi((c) => (isList(c.path) && fail ? { status: 500, body: { message: 'Boom' } } : undefined));
    renderTab();
    expect(await screen.findByText('Failed to load orders')).toBeTruthy();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await rowOf(11)).toBeTruthy();
  });
});

describe('Orders tab: a payment that arrived after the order closed', () => {
  it('flags the order as needing a refund in the list and says so in the detail', async () => {
    const needing = order(21, {
      paymentStatus: 'failed',
      refundStatus: 'needed',
      refundPaymentReference: 'PAY_late',
    });
    const done = order(22, {
      paymentStatus: 'failed',
      refundStatus: 'refunded',
      refundPaymentReference: 'PAY_other',
      refundReference: 'REFUND_1',
    });
    fakeApi((c) => {
      if (isList(c.path)) return { body: [needing, done, ORDERS[0]], total: 3 };
      if (c.path === '/api/orders/admin/21') return { body: withHistory(needing) };
      return undefined;
    });
    renderTab();
    expect(within(await rowOf(21)).getByTestId('refund-flag').textContent).toBe('Needs refund');
    expect(within(await rowOf(22)).getByTestId('refund-flag').textContent).toBe('Late payment refunded');
    expect(within(await rowOf(11)).queryByTestId('refund-flag')).toBeNull();
    await userEvent.setup().click(within(await rowOf(21)).getByRole('button', { name: 'View order #21' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order #21' });
    expect(
      within(dialog).getByText(
        'Payment PAY_late arrived after this order had closed and must be refunded; the store keeps trying automatically.',
        { exact: false },
      ),
    ).toBeTruthy();
  });
});

describe('Orders tab: detail dialog', () => {
  async function openDetail(id: number, detail?: AdminOrderDetail, answer?: (c: Call) => Answer | undefined) {
    const calls = fakeApi((c) => {
      if (detail && c.path === `/api/orders/admin/${id}`) return { body: detail };
      return answer?.(c);
    });
    renderTab();
    await userEvent.setup().click(within(await rowOf(id)).getByRole('button', { name: `View order #${id}` }));
    const dialog = await screen.findByRole('dialog', { name: `Order #${id}` });
    return { calls, dialog };
  }

  it('shows customer, an address stored as a JSON string with alternative names, items, amounts, notes, e-mail status and history', async () => {
    const detail = withHistory(
      order(12, {
        shippingAddress: JSON.stringify({
          address: '77 Queen St',
          apartment: 'Unit 4',
          city: 'Ottawa',
          state: 'ON',
          zipCode: 'K1P 1J9',
          country: 'Canada',
        }),
        notes: 'Leave at the back door.\nItems:\n- 2 x Desk Lamp ($10.00)',
        confirmationEmailSent: true,
        confirmationEmailStatus: 'sent',
        inventoryReduced: true,
        discountAmount: '2.00',
        discountPercentage: '10.00',
        user: { id: 5, username: 'carol', email: 'carol@example.com' },
      }),
      [
        {
          id: 1,
          field: 'status',
          from: null,
          to: 'pending',
          actor: 'checkout',
          actorUserId: null,
          who: null,
          at: '2025-03-01T12:00:00.000Z',
        },
        {
          id: 2,
          field: 'paymentStatus',
          from: 'pending',
          to: 'completed',
          actor: 'admin',
          actorUserId: 1,
          who: 'boss',
          at: '2025-03-01T12:05:00.000Z',
        },
        {
          id: 3,
          field: 'inventoryReduced',
          from: 'false',
          to: 'true',
          actor: 'admin',
          actorUserId: 1,
          who: 'boss',
          at: '2025-03-01T12:05:00.000Z',
        },
      ],
    );
    const { dialog } = await openDetail(12, detail);
    const address = within(dialog).getByTestId('admin-order-address');
    await waitFor(() => expect(address.textContent).toBe('77 Queen StUnit 4Ottawa, ON K1P 1J9Canada'));
    expect(within(dialog).getByText('Customer 12')).toBeTruthy();
    expect(within(dialog).getByText('Account: carol (carol@example.com)')).toBeTruthy();
    const item = within(dialog).getByTestId('admin-order-item');
    expect(within(item).getByText('Desk Lamp')).toBeTruthy();
    expect(within(item).getByText('LOT-7')).toBeTruthy();
    expect(within(item).getByText('$20.00')).toBeTruthy();
    expect(within(dialog).getByText('Discount (10%)')).toBeTruthy();
    expect(within(dialog).getByText('-$2.00')).toBeTruthy();
    expect(within(dialog).getByText('Leave at the back door.')).toBeTruthy();
    expect(within(dialog).queryByText(/2 x Desk Lamp/)).toBeNull();
    expect(within(dialog).getByText('Confirmation email: Sent (sent)')).toBeTruthy();
    expect(within(dialog).getByText('Stock taken for this order')).toBeTruthy();
    const history = within(dialog).getByTestId('admin-order-history');
    expect(within(history).getByText('Status: Pending')).toBeTruthy();
    expect(within(history).getByText('by checkout')).toBeTruthy();
    expect(within(history).getByText('Payment: Pending → Completed')).toBeTruthy();
    expect(within(history).getAllByText('by boss')).toHaveLength(2);
    expect(within(history).getByText('Stock: taken from stock')).toBeTruthy();
  });

  it("shows the order's amounts through the shared presenter, each tax on its own line", async () => {
    // A Quebec order: 2 x 9.00 (regular 10.00): 20.00 - 2.00 = 18.00; standard 5.99; taxable 23.99.
    // GST 23.99 x 5% = 1.1995 -> 1.20; QST 23.99 x 9.975% = 2.3930025 -> 2.39; together 3.59
    // (23.99 x 14.975% = 3.5925025 -> 3.59). Total 18.00 + 5.99 + 3.59 = 27.58.
    const detail = withHistory(
      order(12, {
        subtotal: '18.00',
        discountAmount: '2.00',
        discountPercentage: '10.00',
        shippingCost: '5.99',
        taxRate: '14.975',
        taxAmount: '3.59',
        taxLines: [
          { code: 'GST', rate: '5', amount: '1.20' },
          { code: 'QST', rate: '9.975', amount: '2.39' },
        ],
        total: '27.58',
      }),
      [],
    );
    const { dialog } = await openDetail(12, detail);
    await waitFor(() => expect(within(dialog).getByText('QST (9.975%)')).toBeTruthy());
    const text = (id: string) =>
      within(dialog)
        .getAllByTestId(id)
        .map((e) => e.textContent);
    expect(text('admin-amount-original')).toEqual(['$20.00']);
    expect(within(dialog).getByText('Discount (10%)')).toBeTruthy();
    expect(text('admin-amount-discount')).toEqual(['-$2.00']);
    expect(text('admin-amount-subtotal')).toEqual(['$18.00']);
    expect(text('admin-amount-shipping')).toEqual(['$5.99']);
    expect(within(dialog).getByText('GST (5%)')).toBeTruthy();
    expect(text('admin-amount-tax')).toEqual(['$1.20', '$2.39']);
    expect(text('admin-amount-total')).toEqual(['$27.58 CAD']);
    // No combined tax line beside the components.
    expect(within(dialog).queryByText(/^Tax \(/)).toBeNull();
  });

  it.each([
    ['plain text', '12 Elm Road\nSpringfield', '12 Elm RoadSpringfield'],
    ['nothing', null, 'Address information not available'],
    ['an empty object', {}, 'Address information not available'],
  ])('address fallback: %s', async (_name, shippingAddress, text) => {
    const { dialog } = await openDetail(11, withHistory(order(11, { shippingAddress })));
    await waitFor(() => expect(within(dialog).getByTestId('admin-order-address').textContent).toBe(text));
  });

  it('a failed confirmation e-mail shows its error', async () => {
    const { dialog } = await openDetail(
      11,
      withHistory(order(11, { confirmationEmailStatus: 'failed', confirmationEmailError: 'SMTP refused' })),
    );
    expect(await within(dialog).findByText('Confirmation email: Failed — SMTP refused')).toBeTruthy();
  });

  it('the status selector offers the seven values and sets one; a failure reads Failed to update order status', async () => {
    let fail = false;
    const { dialog, calls } = await openDetail(13, undefined, (c) =>
      c.method === 'PATCH'
        ? fail
          ? { status: 400, body: { message: 'Bad' } }
          : { body: withHistory(order(13, { status: 'delivered' })) }
        : undefined,
    );
    const select = within(dialog).getByLabelText('Order Status') as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual([
      'pending',
      'processing',
      'ready-for-pickup',
      'shipped',
      'delivered',
      'picked-up',
      'cancelled',
    ]);
    const u = userEvent.setup();
    await u.selectOptions(select, 'delivered');
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')).toEqual({
      method: 'PATCH',
      path: '/api/orders/13/status',
      body: { status: 'delivered' },
    });
    fail = true;
    await u.selectOptions(within(dialog).getByLabelText('Order Status'), 'processing');
    await waitFor(() =>
      expect(lastToast()).toEqual({ title: 'Failed to update order status', description: 'Bad' }),
    );
  });

  it('the payment selector (four values) asks first, saying what happens to stock; a failure reads Failed to update payment status', async () => {
    let fail = false;
    const { dialog, calls } = await openDetail(
      13,
      withHistory(order(13, { status: 'shipped', paymentStatus: 'completed', inventoryReduced: true })),
      (c) =>
        c.path === '/api/orders/13/payment-status'
          ? fail
            ? { status: 500, body: { message: 'Provider down' } }
            : { body: order(13, { paymentStatus: 'refunded' }) }
          : undefined,
    );
    const u = userEvent.setup();
    const select = within(dialog).getByLabelText('Payment Status') as HTMLSelectElement;
    await waitFor(() => expect(select.value).toBe('completed'));
    expect([...select.options].map((o) => o.value)).toEqual(['pending', 'completed', 'failed', 'refunded']);
    await u.selectOptions(select, 'refunded');
    const confirm = screen.getByRole('alertdialog');
    expect(
      within(confirm).getByText(
        'Mark the payment of order #13 as Refunded? The items are put back in stock.',
      ),
    ).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/payment-status'))).toBe(false);
    await u.click(within(confirm).getByRole('button', { name: 'Mark Refunded' }));
    await waitFor(() => expect(lastToast()?.title).toBe('Payment status updated'));
    expect(calls.find((c) => c.path.endsWith('/payment-status'))).toEqual({
      method: 'PATCH',
      path: '/api/orders/13/payment-status',
      body: { paymentStatus: 'refunded' },
    });

    fail = true;
    await u.selectOptions(within(dialog).getByLabelText('Payment Status'), 'failed');
    await u.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Mark Failed' }));
    await waitFor(() =>
      expect(lastToast()).toEqual({ title: 'Failed to update payment status', description: 'Provider down' }),
    );
  });

  it.each([
    ['never tried', {}, ' The confirmation email is sent to the customer.'],
    [
      'already sent',
      { confirmationEmailSent: true, confirmationEmailStatus: 'sent', confirmationEmailAttempts: 1 },
      '',
    ],
    [
      'failed, with attempts left',
      { confirmationEmailStatus: 'failed', confirmationEmailAttempts: 2 },
      ' The confirmation email, not delivered yet, will be retried.',
    ],
    [
      'lost while sending',
      { confirmationEmailStatus: 'sending', confirmationEmailAttempts: 1 },
      ' The confirmation email, not delivered yet, will be retried.',
    ],
    [
      'failed five times',
      { confirmationEmailStatus: 'failed', confirmationEmailAttempts: 5 },
      ' The confirmation email is not sent: it failed 5 times.',
    ],
  ])('completing says what happens to the confirmation email when it was %s', (_name, email, text) => {
    expect(paymentChangeMessage(order(11, { paymentStatus: 'refunded', ...email }), 'completed')).toBe(
      `Mark the payment of order #11 as Completed? The items are taken from stock if there is enough of each; otherwise none is taken and the order is flagged.${text}`,
    );
  });

  it('a completion short of stock says which items lack it', async () => {
    const { dialog, calls } = await openDetail(
      14,
      withHistory(
        order(14, {
          status: 'delivered',
          paymentStatus: 'refunded',
          confirmationEmailStatus: 'failed',
          confirmationEmailError: 'Mailbox unavailable',
          confirmationEmailAttempts: 1,
        }),
      ),
      (c) =>
        c.path === '/api/orders/14/payment-status'
          ? {
              body: {
                ...order(14, { paymentStatus: 'completed' }),
                shortages: [
                  { productId: 7, name: 'Desk Lamp', needed: 2, available: 0 },
                  { productId: 8, name: 'Oak Shelf', needed: 1, available: 0 },
                ],
              },
            }
          : undefined,
    );
    const u = userEvent.setup();
    const select = within(dialog).getByLabelText('Payment Status') as HTMLSelectElement;
    await waitFor(() => expect(select.value).toBe('refunded'));
    await u.selectOptions(select, 'completed');
    const confirm = screen.getByRole('alertdialog');
    expect(
      within(confirm).getByText(
        'Mark the payment of order #14 as Completed? The items are taken from stock if there is enough of each; otherwise none is taken and the order is flagged. The confirmation email, not delivered yet, will be retried.',
      ),
    ).toBeTruthy();
    await u.click(within(confirm).getByRole('button', { name: 'Mark Completed' }));
    await waitFor(() =>
      expect(toasts[0]).toMatchObject({
        title: 'Payment completed, stock not taken',
        description:
          'Order #14 is paid, but these items lack stock: Desk Lamp (needs 2, 0 available), Oak Shelf (needs 1, 0 available). No stock was taken for the order.',
        variant: 'destructive',
      }),
    );
    expect(calls.find((c) => c.path === '/api/orders/14/payment-status')?.body).toEqual({
      paymentStatus: 'completed',
    });
  });

  it('saves the tracking number and estimated delivery; a failure reads Failed to update order', async () => {
    let fail = false;
    const { dialog, calls } = await openDetail(13, undefined, (c) =>
      c.method === 'PATCH' && c.path === '/api/orders/13'
        ? fail
          ? { status: 400, body: { message: 'Estimated delivery must be a date' } }
          : {
              body: withHistory(
                order(13, {
                  status: 'shipped',
                  trackingNumber: '1Z999',
                  estimatedDeliveryDate: '2031-05-20',
                }),
              ),
            }
        : undefined,
    );
    const u = userEvent.setup();
    await u.type(within(dialog).getByLabelText('Tracking Number'), '1Z999');
    const date = within(dialog).getByLabelText('Estimated Delivery');
    await u.type(date, '2031-05-20');
    await u.click(within(dialog).getByRole('button', { name: 'Save Tracking' }));
    await waitFor(() => expect(lastToast()?.title).toBe('Order updated'));
    expect(calls.find((c) => c.method === 'PATCH')).toEqual({
      method: 'PATCH',
      path: '/api/orders/13',
      body: { trackingNumber: '1Z999', trackingCarrier: '', estimatedDeliveryDate: '2031-05-20' },
    });
    fail = true;
    await u.clear(within(dialog).getByLabelText('Tracking Number'));
    await u.click(within(dialog).getByRole('button', { name: 'Save Tracking' }));
    await waitFor(() =>
      expect(lastToast()).toEqual({
        title: 'Failed to update order',
        description: 'Estimated delivery must be a date',
      }),
    );
  });
});

describe('Orders tab: Link User', () => {
  async function openLink(answer: (c: Call) => Answer | undefined) {
    const calls = fakeApi(answer);
    renderTab();
    const u = userEvent.setup();
    await u.click(within(await rowOf(11)).getByRole('button', { name: 'Link user to order #11' }));
    const dialog = screen.getByRole('dialog', { name: 'Link User to Order #11' });
    return { calls, dialog, u };
  }

  it("searches by the order's e-mail, links the chosen user and says so", async () => {
    const { calls, dialog, u } = await openLink((c) =>
      c.path.startsWith('/api/users/search')
        ? { body: [{ id: 5, username: 'carol', email: 'customer11@example.com' }] }
        : c.method === 'POST'
          ? {
              body: withHistory(
                order(11, { userId: 5, user: { id: 5, username: 'carol', email: 'customer11@example.com' } }),
              ),
            }
          : undefined,
    );
    expect((within(dialog).getByLabelText('User email') as HTMLInputElement).value).toBe(
      'customer11@example.com',
    );
    await u.click(within(dialog).getByRole('button', { name: 'Search' }));
    await u.click(await within(dialog).findByRole('button', { name: 'Link to carol' }));
    await waitFor(() =>
      expect(lastToast()).toEqual({
        title: 'Order linked',
        description: 'Order #11 is now linked to carol.',
      }),
    );
    expect(calls.find((c) => c.path.startsWith('/api/users/search'))!.path).toBe(
      '/api/users/search?email=customer11%40example.com',
    );
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/orders/11/associate',
      body: { userId: 5 },
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("says 'No users found with that email address' when nobody matches", async () => {
    const { dialog, u } = await openLink((c) =>
      c.path.startsWith('/api/users/search') ? { body: [] } : undefined,
    );
    await u.click(within(dialog).getByRole('button', { name: 'Search' }));
    expect(await within(dialog).findByText('No users found with that email address')).toBeTruthy();
  });

  it("a failed search reads 'Error searching for users' / 'Could not find users with that email' and clears the results", async () => {
    let fail = false;
    const { dialog, u } = await openLink((c) =>
      c.path.startsWith('/api/users/search')
        ? fail
          ? { status: 500, body: { message: 'Boom' } }
          : { body: [{ id: 5, username: 'carol', email: 'carol@example.com' }] }
        : undefined,
    );
    await u.click(within(dialog).getByRole('button', { name: 'Search' }));
    expect(await within(dialog).findByRole('button', { name: 'Link to carol' })).toBeTruthy();
    fail = true;
    await u.click(within(dialog).getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(lastToast()).toEqual({
        title: 'Error searching for users',
        description: 'Could not find users with that email',
      }),
    );
    expect(within(dialog).queryByRole('button', { name: 'Link to carol' })).toBeNull();
  });

  it("a refused link reads 'Failed to associate order with user'", async () => {
    const { dialog, u } = await openLink((c) =>
      c.path.startsWith('/api/users/search')
        ? { body: [{ id: 5, username: 'carol', email: 'carol@example.com' }] }
        : c.method === 'POST'
          ? { status: 404, body: { message: 'User not found.' } }
          : undefined,
    );
    await u.click(within(dialog).getByRole('button', { name: 'Search' }));
    await u.click(await within(dialog).findByRole('button', { name: 'Link to carol' }));
    await waitFor(() =>
      expect(lastToast()).toEqual({
        title: 'Failed to associate order with user',
        description: 'User not found.',
      }),
    );
    expect(screen.getByRole('dialog', { name: 'Link User to Order #11' })).toBeTruthy();
  });
});

describe('Orders tab: the list lives in the address', () => {
  const listCalls = (calls: Call[]) => calls.filter((c) => isList(c.path)).map((c) => c.path);

  it('reads filters, sort and page from the address, so a reload or a shared link shows the same list', async () => {
    const calls = fakeApi();
    renderTab(
      '/admin/orders?view=unpaid&status=shipped&paymentStatus=failed&from=2025-03-01&to=2025-03-31&sort=total&dir=asc&page=2&limit=50&search=gail',
    );
    await rowOf(11);
    expect(listCalls(calls)[0]).toBe(
      '/api/orders/admin?view=unpaid&status=shipped&paymentStatus=failed&from=2025-03-01&to=2025-03-31&search=gail&sort=total&dir=asc&page=2&limit=50',
    );
    expect((screen.getByLabelText('Show') as HTMLSelectElement).value).toBe('unpaid');
    expect((screen.getByLabelText('Filter by status') as HTMLSelectElement).value).toBe('shipped');
    expect((screen.getByLabelText('Filter by payment status') as HTMLSelectElement).value).toBe('failed');
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2025-03-01');
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('2025-03-31');
    expect((screen.getByLabelText('Rows per page') as HTMLSelectElement).value).toBe('50');
    expect(
      (screen.getByLabelText('Search orders by order number, reference, name or email') as HTMLInputElement)
        .value,
    ).toBe('gail');
    expect(screen.getByRole('columnheader', { name: 'Total' }).getAttribute('aria-sort')).toBe('ascending');
    expect(screen.getByText('Page 2 of 1')).toBeTruthy();
  });

  it('a value the address should not have falls back to its default instead of breaking the page', async () => {
    const calls = fakeApi();
    renderTab('/admin/orders?status=lost&page=abc&status2=x&sort=shipped&from=2025-02-30');
    await rowOf(11);
    expect(listCalls(calls)[0]).toBe('/api/orders/admin');
  });

  it('a filter goes into the address and back to page 1; Back brings the previous list back', async () => {
    const calls = fakeApi();
    const { router, search } = renderTab('/admin/orders?page=3');
    const u = userEvent.setup();
    await rowOf(11);
    await u.selectOptions(screen.getByLabelText('Filter by status'), 'processing');
    await waitFor(() => expect(search()).toBe('?status=processing'));
    await u.selectOptions(screen.getByLabelText('Filter by payment status'), 'completed');
    await waitFor(() => expect(search()).toBe('?status=processing&paymentStatus=completed'));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-03-02' } });
    await waitFor(() => expect(search()).toBe('?status=processing&paymentStatus=completed&from=2025-03-02'));
    expect(listCalls(calls)).toContain(
      '/api/orders/admin?status=processing&paymentStatus=completed&from=2025-03-02',
    );
    await act(() => router.navigate(-1));
    await waitFor(() => expect(search()).toBe('?status=processing&paymentStatus=completed'));
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('');
    await act(() => router.navigate(-2));
    expect(search()).toBe('?page=3');
    expect((screen.getByLabelText('Filter by status') as HTMLSelectElement).value).toBe('all');
    await u.click(screen.getByRole('button', { name: 'Next' }));
    // Page 4 does not exist (45 orders, 20 a page): Next is disabled from page 3.
    expect(search()).toBe('?page=3');
  });

  it('sorts by a column header: its own first direction, then the other way; the search box follows Back', async () => {
    fakeApi();
    const { router, search } = renderTab();
    const u = userEvent.setup();
    await rowOf(11);
    expect(screen.getByRole('columnheader', { name: 'Date' }).getAttribute('aria-sort')).toBe('descending');
    await u.click(screen.getByRole('button', { name: 'Customer' }));
    await waitFor(() => expect(search()).toBe('?sort=customer'));
    expect(screen.getByRole('columnheader', { name: 'Customer' }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
    await u.click(screen.getByRole('button', { name: 'Customer' }));
    await waitFor(() => expect(search()).toBe('?sort=customer&dir=desc'));
    await u.click(screen.getByRole('button', { name: 'Total' }));
    await waitFor(() => expect(search()).toBe('?sort=total'));
    const box = screen.getByLabelText(
      'Search orders by order number, reference, name or email',
    ) as HTMLInputElement;
    await u.type(box, 'carol');
    await waitFor(() => expect(search()).toBe('?search=carol&sort=total'));
    // Typing replaced the entry: Back goes to the sort before it, and the box empties.
    await act(() => router.navigate(-1));
    await waitFor(() => expect(search()).toBe('?sort=customer&dir=desc'));
    expect(box.value).toBe('');
  });

  it('a first Next soon after the table appears is kept (the search box does not reset the page)', async () => {
    vi.useFakeTimers();
    try {
      const calls = fakeApi();
      const { search } = renderTab();
      // The rows arrive well inside the search box's 300 ms pause.
      await act(() => vi.advanceTimersByTimeAsync(20));
      expect(screen.getAllByTestId('admin-order-row')).toHaveLength(4);
      fireEvent.click(screen.getByRole('button', { name: 'Next' }));
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(search()).toBe('?page=2');
      expect(screen.getByText('Page 2 of 3')).toBeTruthy();
      expect(listCalls(calls).at(-1)).toBe('/api/orders/admin?page=2');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('Orders tab: unpaid checkouts', () => {
  it('shows them apart: their own view, flagged, and no quick action', async () => {
    const abandoned = order(31, { status: 'pending', paymentStatus: 'pending', unpaidCheckout: true });
    const declined = order(32, { status: 'pending', paymentStatus: 'failed', unpaidCheckout: true });
    const calls = fakeApi((c) =>
      c.path === '/api/orders/admin?view=unpaid' ? { body: [abandoned, declined], total: 2 } : undefined,
    );
    const { search } = renderTab();
    const u = userEvent.setup();
    await rowOf(11);
    await u.selectOptions(screen.getByLabelText('Show'), 'unpaid');
    await waitFor(() => expect(search()).toBe('?view=unpaid'));
    for (const id of [31, 32]) {
      const row = await rowOf(id);
      expect(within(row).queryByRole('button', { name: /^Mark / })).toBeNull();
      expect(within(row).getByTestId('unpaid-checkout-flag').textContent).toBe('Unpaid checkout');
      expect(within(row).getByRole('button', { name: `View order #${id}` })).toBeTruthy();
    }
    expect(screen.getByText('Showing 1–2 of 2 unpaid checkouts')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/orders/export.csv?view=unpaid',
    );
    expect(calls.some((c) => c.path === '/api/orders/admin?view=unpaid')).toBe(true);
  });
});

describe('Orders tab: a status for several orders', () => {
  it('selects rows (or the whole page) and sets one status for them; failures are reported and stay selected', async () => {
    let answer: unknown = {
      status: 'shipped',
      updated: 2,
      failed: 0,
      results: [
        { id: 11, ok: true, status: 'shipped' },
        { id: 12, ok: true, status: 'shipped' },
      ],
    };
    const calls = fakeApi((c) => (c.method === 'POST' ? { body: answer } : undefined));
    renderTab();
    const u = userEvent.setup();
    await u.click(within(await rowOf(11)).getByRole('checkbox', { name: 'Select order #11' }));
    await u.click(within(await rowOf(12)).getByRole('checkbox', { name: 'Select order #12' }));
    expect(screen.getByTestId('admin-orders-selected').textContent).toBe('2 orders selected');
    await u.selectOptions(screen.getByLabelText('New status for the selected orders'), 'shipped');
    await u.click(screen.getByRole('button', { name: 'Set status' }));
    await waitFor(() =>
      expect(lastToast()).toEqual({
        title: 'Order statuses updated',
        description: '2 orders are now Shipped.',
      }),
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/orders/bulk-status', body: { ids: [11, 12], status: 'shipped' } },
    ]);
    await waitFor(() => expect(screen.queryByTestId('admin-orders-selected')).toBeNull());

    // Their packing slips, in one page.
    await u.click(within(await rowOf(13)).getByRole('checkbox', { name: 'Select order #13' }));
    await u.click(within(await rowOf(11)).getByRole('checkbox', { name: 'Select order #11' }));
    const slips = screen.getByRole('link', { name: 'Print packing slips' });
    expect(slips.getAttribute('href')).toBe('/api/orders/packing-slips?ids=13,11');
    expect(slips.getAttribute('target')).toBe('_blank');
    await u.click(screen.getByRole('button', { name: 'Clear selection' }));

    answer = {
      status: 'cancelled',
      updated: 3,
      failed: 1,
      results: [
        { id: 11, ok: true, status: 'cancelled' },
        { id: 12, ok: true, status: 'cancelled' },
        { id: 13, ok: false, message: 'Order not found.' },
        { id: 14, ok: true, status: 'cancelled' },
      ],
    };
    const all = screen.getByRole('checkbox', { name: 'Select all orders on this page' });
    await u.click(all);
    expect(screen.getByTestId('admin-orders-selected').textContent).toBe('4 orders selected');
    await u.selectOptions(screen.getByLabelText('New status for the selected orders'), 'cancelled');
    await u.click(screen.getByRole('button', { name: 'Set status' }));
    await waitFor(() =>
      expect(lastToast()).toEqual({
        title: '1 order was not changed',
        description: '3 orders are now Cancelled. #13: Order not found.',
      }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('admin-orders-selected').textContent).toBe('1 order selected'),
    );
    expect(
      (within(await rowOf(13)).getByRole('checkbox', { name: 'Select order #13' }) as HTMLInputElement)
        .checked,
    ).toBe(true);
  });

  it('bulk Shipped says it e-mails no tracking and points to Ship from CSV, which opens from the header', async () => {
    fakeApi();
    renderTab();
    const u = userEvent.setup();
    await u.click(within(await rowOf(11)).getByRole('checkbox', { name: 'Select order #11' }));
    await u.selectOptions(screen.getByLabelText('New status for the selected orders'), 'shipped');
    expect(screen.getByRole('region', { name: 'Selected orders' }).textContent).toContain(
      "Shipped this way e-mails no tracking: to send each order's number, use Ship from CSV.",
    );
    await u.click(screen.getByRole('button', { name: 'Ship from CSV' }));
    const dialog = screen.getByRole('dialog', { name: 'Ship orders from a CSV' });
    expect(within(dialog).getByLabelText('Tracking CSV')).toBeTruthy();
  });

  it('another page or filter starts with nothing selected', async () => {
    fakeApi();
    renderTab();
    const u = userEvent.setup();
    await u.click(within(await rowOf(11)).getByRole('checkbox', { name: 'Select order #11' }));
    expect(screen.getByTestId('admin-orders-selected')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.queryByTestId('admin-orders-selected')).toBeNull());
  });
});
