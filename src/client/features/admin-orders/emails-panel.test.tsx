// The E-mails section of Order Management (docs/decisions/0273-admin-e-mails-view.md): the outbox
// rows with kind, recipient, status and error; a message opens with its HTML in a sandboxed frame.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminEmail } from '~/shared/schemas/admin-orders-emails';
import { createQueryClient } from '~/client/lib/query-client';
import { EmailsPanel } from './emails-panel';

const email = (id: number, extra: Partial<AdminEmail> = {}): AdminEmail => ({
  id,
  kind: 'order-shipped',
  to: 'jane@example.com',
  subject: `Liquidation Depot: order ORD-${id} has shipped`,
  status: 'sent',
  error: null,
  orderId: id,
  attempts: 1,
  createdAt: '2026-11-20T12:00:00.000Z',
  sentAt: '2026-11-20T12:00:01.000Z',
  ...extra,
});

const EMAILS = [
  email(2, { status: 'failed', error: 'Mailbox unavailable', sentAt: null }),
  email(1, { kind: 'order-new-alert', to: 'shop@example.com' }),
];

function fakeApi() {
  const paths: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      paths.push(path);
      const one = /^\/api\/admin\/emails\/(\d+)$/.exec(path);
      const body = one
        ? { ...EMAILS.find((e) => e.id === Number(one[1]))!, text: 'Plain words', html: '<p>Shipped!</p>' }
        : { items: EMAILS, total: 2 };
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    }),
  );
  return paths;
}

afterEach(() => vi.unstubAllGlobals());

describe('the E-mails section', () => {
  it('lists the outbox and shows a message in a sandboxed frame', async () => {
    const paths = fakeApi();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <EmailsPanel />
      </QueryClientProvider>,
    );
    const rows = await screen.findAllByTestId('admin-email-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Shipped')).toBeTruthy();
    expect(within(rows[0]!).getByText('Failed')).toBeTruthy();
    expect(within(rows[0]!).getByText('Mailbox unavailable')).toBeTruthy();
    expect(within(rows[1]!).getByText('New order (to the store)')).toBeTruthy();
    expect(within(rows[1]!).getByText('shop@example.com')).toBeTruthy();
    expect(paths[0]).toBe('/api/admin/emails?page=1&limit=20');

    const u = userEvent.setup();
    await u.selectOptions(screen.getByLabelText('Filter e-mails by status'), 'failed');
    expect(await screen.findByText('Showing 1–2 of 2 e-mails')).toBeTruthy();
    expect(paths.at(-1)).toBe('/api/admin/emails?page=1&limit=20&status=failed');

    const [failed] = screen.getAllByTestId('admin-email-row');
    await u.click(within(failed!).getByRole('button', { name: /View e-mail/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Liquidation Depot: order ORD-2 has shipped' });
    const frame = await within(dialog).findByTitle(
      'HTML part of: Liquidation Depot: order ORD-2 has shipped',
    );
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe('<p>Shipped!</p>');
    expect(within(dialog).getByText('Plain words')).toBeTruthy();
    expect(within(dialog).getByText('Error: Mailbox unavailable')).toBeTruthy();
  }, 30_000);
});
