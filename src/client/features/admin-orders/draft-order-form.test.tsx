// The draft order form (docs/decisions/0629-draft-orders-screen.md): a lot found and added, its
// quantity, the customer and the delivery; the totals shown are the server's quote; 'Send pay link'
// posts lots and customer only (no price), and the server's refusal is shown.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '~/client/lib/query-client';
import { DraftOrderForm } from './draft-order-form';

type Call = { method: string; path: string; body: unknown };

const QUOTE = {
  subtotal: '160.00',
  discountAmount: '0.00',
  discountPercentage: '0.00',
  shippingCost: '0.00',
  taxRate: '13',
  taxAmount: '20.80',
  total: '180.80',
  items: [],
  unavailable: [],
};

function fakeApi(createAnswer: { status: number; body: unknown }) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, path, body: init.body ? JSON.parse(String(init.body)) : undefined });
      let answer: { status: number; body: unknown } = { status: 200, body: {} };
      if (path.startsWith('/api/products/admin'))
        answer = { status: 200, body: [{ id: 7, lotNumber: 'LOT-7', name: 'Brass Floor Lamp', stock: 2 }] };
      else if (path === '/api/cart/quote') answer = { status: 200, body: QUOTE };
      else if (path === '/api/admin/draft-orders') answer = createAnswer;
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Search lots'), 'lamp');
  await user.click(await screen.findByRole('button', { name: 'Add Brass Floor Lamp' }));
  const quantity = screen.getByLabelText('Quantity of Brass Floor Lamp');
  await user.clear(quantity);
  await user.type(quantity, '2');
  await user.type(screen.getByLabelText('Customer name'), 'Marie Tremblay');
  await user.type(screen.getByLabelText('E-mail'), 'marie@example.com');
  await user.type(screen.getByLabelText('Phone'), '514-555-0199');
  await user.selectOptions(screen.getByLabelText('Language of the e-mails'), 'fr');
}

function renderForm(onSent = vi.fn()) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <DraftOrderForm onSent={onSent} />
    </QueryClientProvider>,
  );
  return onSent;
}

describe('the draft order form', () => {
  it('shows the server’s totals and sends lots and customer, never a price', async () => {
    const calls = fakeApi({ status: 201, body: {} });
    const onSent = renderForm();
    const user = userEvent.setup();
    await fillForm(user);
    const totals = await screen.findByLabelText('Totals from the server');
    expect(totals.textContent).toContain('$180.80');
    expect(totals.textContent).toContain('$20.80');
    const quote = calls.filter((c) => c.path === '/api/cart/quote').at(-1)!;
    expect(quote.body).toEqual({ items: [{ productId: 7, quantity: 2 }], shippingMethod: 'pickup' });
    await user.click(screen.getByRole('button', { name: 'Send pay link' }));
    await vi.waitFor(() => expect(onSent).toHaveBeenCalled());
    const sent = calls.find((c) => c.method === 'POST' && c.path === '/api/admin/draft-orders')!;
    expect(sent.body).toEqual({
      items: [{ productId: 7, quantity: 2 }],
      customer: { name: 'Marie Tremblay', email: 'marie@example.com', phone: '514-555-0199', locale: 'fr' },
      shippingMethod: 'pickup',
      shippingAddress: null,
    });
  });

  it('asks for an address when shipping, and shows the server’s refusal', async () => {
    const calls = fakeApi({ status: 400, body: { message: 'Address is required.' } });
    const onSent = renderForm();
    const user = userEvent.setup();
    await fillForm(user);
    await user.selectOptions(screen.getByLabelText('Delivery'), 'standard');
    expect(screen.getByLabelText('Postal code')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send pay link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Address is required.');
    expect(onSent).not.toHaveBeenCalled();
    const sent = calls.find((c) => c.method === 'POST' && c.path === '/api/admin/draft-orders')!;
    expect(sent.body).toMatchObject({ shippingMethod: 'standard', shippingAddress: { country: 'Canada' } });
  });

  it('sends nothing without a lot', () => {
    fakeApi({ status: 201, body: {} });
    renderForm();
    expect((screen.getByRole('button', { name: 'Send pay link' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
