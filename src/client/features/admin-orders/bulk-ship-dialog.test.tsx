// Ship from CSV (docs/decisions/0480-bulk-shipping-from-a-tracking-csv.md): the file goes to the server as
// it is (the server reads its encoding and separator); the answer lists the orders shipped with their
// numbers and the lines not used, by line, with why; a file refused whole shows the server's reason.
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BulkShipAnswer } from '~/shared/schemas/admin-orders';
import { resetToasts } from '~/client/components/ui/toast-store';
import { createQueryClient } from '~/client/lib/query-client';
import { BulkShipDialog } from './bulk-ship-dialog';

type Sent = { method: string; path: string; file: File | null };

function fakeApi(status: number, body: unknown) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      const form = init?.body instanceof FormData ? init.body : null;
      sent.push({ method: init?.method ?? 'GET', path, file: (form?.get('file') as File | null) ?? null });
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return sent;
}

function renderDialog() {
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <BulkShipDialog open onOpenChange={onOpenChange} />
    </QueryClientProvider>,
  );
  return onOpenChange;
}

const CSV = 'Order #,Carrier,Tracking Number\n12,UPS,1Z999AA10123456784\n13,Canada Post,7023210039414604\n';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetToasts();
});

describe('Ship from CSV', () => {
  it('sends the file and lists the orders shipped and the lines not used, by line', async () => {
    const answer: BulkShipAnswer = {
      shipped: 2,
      refused: 1,
      results: [
        {
          line: 2,
          ok: true,
          orderId: 12,
          trackingNumber: '1Z999AA10123456784',
          trackingCarrier: 'ups',
          changed: true,
        },
        {
          line: 3,
          ok: true,
          orderId: 13,
          trackingNumber: '7023210039414604',
          trackingCarrier: 'canada-post',
          changed: false,
        },
        {
          line: 4,
          ok: false,
          order: '14',
          message: 'This order is cancelled: it cannot be moved to Shipped.',
        },
      ],
    };
    const sent = fakeApi(200, answer);
    const user = userEvent.setup();
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Ship orders from a CSV' });
    // Nothing chosen: said, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Ship and e-mail tracking' }));
    expect(within(dialog).getByRole('alert').textContent).toContain('Choose the CSV of tracking numbers.');
    expect(sent).toEqual([]);

    const file = new File([CSV], 'tracking.csv', { type: 'text/csv' });
    await user.upload(within(dialog).getByLabelText('Tracking CSV'), file);
    await user.click(within(dialog).getByRole('button', { name: 'Ship and e-mail tracking' }));
    expect((await within(dialog).findByRole('status')).textContent).toContain(
      '2 orders shipped, 1 line not used.',
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/api/orders/bulk-ship' });
    expect(await sent[0]!.file!.text()).toBe(CSV);
    const results = within(dialog).getByTestId('bulk-ship-results');
    expect(results.textContent).toContain('Line 2: order #12, UPS 1Z999AA10123456784');
    expect(results.textContent).toContain(
      'Line 3: order #13, Canada Post 7023210039414604 (already shipped with this number: nothing sent)',
    );
    const refused = within(dialog).getByRole('list', { name: 'Lines not used' });
    expect(refused.textContent).toContain(
      'Line 4 (14): This order is cancelled: it cannot be moved to Shipped.',
    );
  });

  it("shows the server's reason when the file is refused whole", async () => {
    fakeApi(400, {
      message:
        'The file needs a header line with an order column (Order or Reference) and a Tracking Number column; Carrier is optional.',
    });
    const user = userEvent.setup();
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Ship orders from a CSV' });
    await user.upload(
      within(dialog).getByLabelText('Tracking CSV'),
      new File(['Order,Carrier\n12,UPS\n'], 'tracking.csv', { type: 'text/csv' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Ship and e-mail tracking' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'The file needs a header line with an order column (Order or Reference) and a Tracking Number column; Carrier is optional.',
    );
    expect(within(dialog).queryByTestId('bulk-ship-results')).toBeNull();
  });
});
