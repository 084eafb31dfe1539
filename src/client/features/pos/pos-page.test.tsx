// The till page: a code typed by a keyboard-wedge scanner (fast keystrokes and Enter) adds the lot and
// warns of an online hold; a $10.03 total paid with $20.00 cash takes $10.05 and gives $9.95 back; the
// receipt follows. A cash sale the network cannot carry is kept on the device and sent when the browser
// is online again, and a lot sold online meanwhile is reported. A card part waits for the terminal: paid,
// the receipt names the card's last 4 digits; a cancel that does not go through keeps it waiting. The
// server is the fake API.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PosSaleRequest } from '~/shared/schemas/pos';
import { ADMIN_USER, callsTo, fakeApi, renderPage } from '~/client/test/admin-test-utils';
import { makeSiteConfig } from '~/client/test/test-utils';
import { memoryStorage } from './offline-queue';
import PosPage from './pos-page';

afterEach(() => vi.unstubAllGlobals());

const session = {
  id: 5,
  registerId: 1,
  registerName: 'Front counter',
  status: 'open',
  openedBy: 'admin',
  openedAt: '2026-11-28T14:00:00.000Z',
  openingFloat: '150.00',
  closedAt: null,
};
const lamp = {
  id: 42,
  sku: 'LD-0042',
  name: 'Brass Lamp',
  price: '8.95',
  stock: 1,
  heldOnline: 1,
  condition: 'used-good',
  imageUrl: null,
};
// $8.95 + GST 5% $0.45 + PST 7% $0.63 = $10.03
const totals = {
  lines: [
    {
      productId: 42,
      name: 'Brass Lamp',
      sku: 'LD-0042',
      quantity: 1,
      unitPrice: '8.95',
      discount: '0.00',
      total: '8.95',
    },
  ],
  subtotal: '8.95',
  discount: '0.00',
  taxLines: [
    { code: 'GST', rate: '5', amount: '0.45' },
    { code: 'PST', rate: '7', amount: '0.63' },
  ],
  total: '10.03',
};
const sold = (request: PosSaleRequest, status = 'completed') => ({
  ...totals,
  id: 77,
  reference: 'TILL-0077',
  status,
  tenders: [{ kind: 'cash', amount: '10.05', last4: null }],
  cashRounding: '0.02',
  changeDue: '9.95',
  terminalCheckout: null,
  receiptLanguage: request.receiptLanguage,
  createdAt: '2026-11-28T15:00:00.000Z',
});

function routes(sales: (request: PosSaleRequest) => Response | Promise<Response> | object) {
  return {
    'GET /api/auth/me': { body: ADMIN_USER },
    'GET /api/site-config': {
      body: makeSiteConfig({
        taxRegistrations: { gstHst: '123456789 RT0001', qst: null, pst: 'PST-1234-5678' },
      }),
    },
    'GET /api/pos/registers': {
      body: { registers: [{ id: 1, name: 'Front counter', openSessionId: null }] },
    },
    'POST /api/pos/sessions': { body: session },
    'GET /api/pos/lookup?code=LD-0042': { body: { products: [lamp] } },
    'POST /api/pos/quote': { body: totals },
    'POST /api/pos/sales': async ({ init }: { init: RequestInit | undefined }) => {
      const answer = await sales(JSON.parse(String(init?.body)) as PosSaleRequest);
      return { body: answer };
    },
  };
}

async function openTillAndRingUpLamp() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/Opening float/), '150.00');
  await user.click(screen.getByRole('button', { name: 'Open session' }));
  // The wedge scanner types fast into the focused field and ends with Enter.
  const field = await screen.findByLabelText(/Lot label, UPC or SKU/);
  expect(document.activeElement).toBe(field);
  await user.keyboard('LD-0042{Enter}');
  expect(await screen.findByText(/Brass Lamp: 1 held by an online checkout/)).toBeTruthy();
  expect(await screen.findByTestId('pos-total')).toHaveProperty('textContent', '$10.03');
  expect(screen.getByTestId('tax-GST').textContent).toBe('$0.45');
  expect(screen.getByTestId('tax-PST').textContent).toBe('$0.63');
  await user.type(screen.getByLabelText('Cash tendered'), '20.00');
  expect(screen.getByTestId('cash-due').textContent).toBe('$10.05');
  expect(screen.getByTestId('change-due').textContent).toBe('$9.95');
  await user.click(screen.getByRole('button', { name: 'Complete sale' }));
  return user;
}

describe('the till page', () => {
  it('adds a scanned lot, takes $20.00 cash for $10.03 and gives $9.95 change, then shows the receipt', async () => {
    const api = fakeApi(routes((request) => sold(request)));
    renderPage(<PosPage storage={memoryStorage()} />, '/admin');
    await openTillAndRingUpLamp();
    const receipt = await screen.findByTestId('pos-receipt');
    expect(screen.getByTestId('receipt-code').textContent).toBe('TILL-0077');
    expect(receipt.textContent).toContain('GST/HST registration number: 123456789 RT0001');
    expect(receipt.textContent).toContain('PST registration number: PST-1234-5678');
    expect(receipt.textContent).toContain('Change$9.95');
    const [[, init]] = callsTo(api, 'POST', '/api/pos/sales') as [[string, RequestInit]];
    const body = JSON.parse(String(init.body)) as PosSaleRequest;
    expect(body).toMatchObject({
      sessionId: 5,
      lines: [{ productId: 42, quantity: 1 }],
      tenders: [{ kind: 'cash', tendered: '20.00' }],
      cardAmount: '0.00',
      receiptLanguage: 'en',
    });
    expect(body.offlineAt).toBeUndefined();
  });

  it('keeps a cash sale on the device while offline, sends it on the online event and reports a conflict', async () => {
    let online = false;
    const received: PosSaleRequest[] = [];
    fakeApi(
      routes((request) => {
        if (!online) throw new TypeError('Failed to fetch');
        received.push(request);
        return sold(request, 'conflict');
      }),
    );
    const storage = memoryStorage();
    renderPage(<PosPage storage={storage} />, '/admin');
    await openTillAndRingUpLamp();
    expect(await screen.findByText(/No network: the cash sale is kept on this device/)).toBeTruthy();
    expect((await screen.findByTestId('pending-sales')).textContent).toContain('Brass Lamp · $10.03');
    const [queued] = await storage.all();
    expect(queued!.request.offlineAt).toBeTruthy();

    online = true;
    fireEvent(window, new Event('online'));
    expect((await screen.findByTestId('sale-conflicts')).textContent).toContain(
      'Receipt TILL-0077: a lot was sold online meanwhile.',
    );
    await waitFor(() => expect(screen.queryByTestId('pending-sales')).toBeNull());
    expect(received).toHaveLength(1);
    expect(received[0]!.clientSaleId).toBe(queued!.request.clientSaleId);
    expect(await storage.all()).toEqual([]);
  });

  it('pays $10.03 by card unrounded: waits for the terminal, then cancels on request', async () => {
    const api = fakeApi({
      ...routes((request) => ({
        ...sold(request, 'awaiting_card'),
        tenders: [],
        cashRounding: '0.00',
        changeDue: '0.00',
        terminalCheckout: { id: 'tc-1', status: 'PENDING' },
      })),
      'POST /api/pos/sales/77/cancel': {
        body: { ...sold({ receiptLanguage: 'en' } as PosSaleRequest, 'cancelled') },
      },
      'GET /api/pos/sales/77': {
        body: {
          ...sold({ receiptLanguage: 'en' } as PosSaleRequest, 'awaiting_card'),
          terminalCheckout: { id: 'tc-1', status: 'IN_PROGRESS' },
        },
      },
    });
    renderPage(<PosPage storage={memoryStorage()} />, '/admin');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Opening float/), '150.00');
    await user.click(screen.getByRole('button', { name: 'Open session' }));
    await user.type(await screen.findByLabelText(/Lot label, UPC or SKU/), 'LD-0042{Enter}');
    await screen.findByTestId('pos-total');
    await user.click(screen.getByRole('button', { name: 'Remove payment' }));
    await user.click(screen.getByRole('button', { name: '+ Card' }));
    await user.type(screen.getByLabelText('Amount'), '10.03');
    expect(screen.queryByTestId('cash-summary')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Complete sale' }));
    expect(await screen.findByText('Waiting for the card on the terminal (PENDING)...')).toBeTruthy();
    expect(await screen.findByText('Waiting for the card on the terminal (IN_PROGRESS)...')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel card payment' }));
    expect(await screen.findByText('The card payment was cancelled.')).toBeTruthy();
    const [[, init]] = callsTo(api, 'POST', '/api/pos/sales') as [[string, RequestInit]];
    expect(JSON.parse(String(init.body))).toMatchObject({ cardAmount: '10.03', tenders: [] });
    expect(callsTo(api, 'POST', '/api/pos/sales/77/cancel')).toHaveLength(1);
  });

  it("lets an administrator pair the register's Square Terminal", async () => {
    const api = fakeApi({
      ...routes(() => ({})),
      'PUT /api/pos/registers/1/terminal': {
        body: { id: 1, name: 'Front counter', openSessionId: null, squareDeviceId: 'device:TEST-1' },
      },
    });
    renderPage(<PosPage storage={memoryStorage()} />, '/admin');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Square Terminal device id/), 'device:TEST-1');
    await user.click(screen.getByRole('button', { name: 'Save terminal' }));
    expect(await screen.findByText('Terminal saved.')).toBeTruthy();
    const [[, init]] = callsTo(api, 'PUT', '/api/pos/registers/1/terminal') as [[string, RequestInit]];
    expect(JSON.parse(String(init.body))).toEqual({ squareDeviceId: 'device:TEST-1' });
  });

  async function payByCard(user: ReturnType<typeof userEvent.setup>) {
    await user.type(await screen.findByLabelText(/Opening float/), '150.00');
    await user.click(screen.getByRole('button', { name: 'Open session' }));
    await user.type(await screen.findByLabelText(/Lot label, UPC or SKU/), 'LD-0042{Enter}');
    await screen.findByTestId('pos-total');
    await user.click(screen.getByRole('button', { name: 'Remove payment' }));
    await user.click(screen.getByRole('button', { name: '+ Card' }));
    await user.type(screen.getByLabelText('Amount'), '10.03');
    await user.click(screen.getByRole('button', { name: 'Complete sale' }));
  }
  const awaitingCard = (status: string) => ({
    ...sold({ receiptLanguage: 'en' } as PosSaleRequest, 'awaiting_card'),
    tenders: [],
    cashRounding: '0.00',
    changeDue: '0.00',
    terminalCheckout: { id: 'tc-1', status },
  });

  it('shows the receipt with the card and its last 4 digits once the terminal is paid', async () => {
    fakeApi({
      ...routes(() => awaitingCard('PENDING')),
      'GET /api/pos/sales/77': {
        body: {
          ...awaitingCard('COMPLETED'),
          status: 'completed',
          tenders: [{ kind: 'card', amount: '10.03', last4: '1111' }],
        },
      },
    });
    renderPage(<PosPage storage={memoryStorage()} />, '/admin');
    await payByCard(userEvent.setup());
    expect(await screen.findByText('Waiting for the card on the terminal (PENDING)...')).toBeTruthy();
    // The terminal is asked every 2 s (CARD_POLL_MS); the wait is Testing Library's 10 s limit
    // (src/client/test/setup.ts), room for a few asks on a loaded machine.
    expect(await screen.findByText('Card ****1111')).toBeTruthy();
    expect(screen.queryByText(/Waiting for the card/)).toBeNull();
  });

  it('keeps waiting when the cancel does not go through, and cancels when asked again', async () => {
    let cancels = 0;
    fakeApi({
      ...routes(() => awaitingCard('PENDING')),
      'GET /api/pos/sales/77': { body: awaitingCard('IN_PROGRESS') },
      'POST /api/pos/sales/77/cancel': () =>
        ++cancels === 1
          ? {
              status: 502,
              body: { message: 'Square could not be reached to cancel the card payment. Try again.' },
            }
          : { body: { ...awaitingCard('CANCELED'), status: 'cancelled' } },
    });
    renderPage(<PosPage storage={memoryStorage()} />, '/admin');
    const user = userEvent.setup();
    await payByCard(user);
    await user.click(await screen.findByRole('button', { name: 'Cancel card payment' }));
    expect(
      await screen.findByText(
        'The card payment could not be cancelled yet: it is still on the terminal. Try again.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('The card payment was cancelled.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Cancel card payment' }));
    expect(await screen.findByText('The card payment was cancelled.')).toBeTruthy();
    expect(cancels).toBe(2);
  });
});
