// The product dialog never undoes what happened meanwhile (docs/decisions/0210-product-edits-and-stock-history.md):
// it saves the version it was based on and no stock; on a 409 it takes the other person's values for the
// fields this person did not touch and says which changed; stock moves by adjustment in its own panel.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '~/client/components/ui/toast-store';
import { callsTo, fakeApi, renderPage } from '~/client/test/admin-test-utils';
import { ProductFormDialog } from './product-form-dialog';
import { lamp } from './test-product';

afterEach(() => {
  resetToasts();
  vi.unstubAllGlobals();
});

const bodyOf = (call: [string, RequestInit | undefined] | undefined) => JSON.parse(String(call?.[1]?.body));
const history = { body: { items: [] } };

async function open(routes: Parameters<typeof fakeApi>[0]) {
  const api = fakeApi({
    'GET /api/categories': { body: [] },
    'GET /api/products/admin/7': { body: lamp },
    'GET /api/products/7/stock-history': history,
    ...routes,
  });
  const onClose = vi.fn();
  renderPage(<ProductFormDialog productId={7} onClose={onClose} />, '/admin/products');
  const dialog = await screen.findByRole('dialog', { name: 'Edit Product' });
  await waitFor(() =>
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('Desk Lamp'),
  );
  return { api, dialog, onClose };
}

describe('editing a product', () => {
  it('shows the stock instead of a stock field, and saves its version without the stock', async () => {
    const { api, dialog, onClose } = await open({
      'PUT /api/products/7': { body: { ...lamp, price: '35.00', version: 4 } },
    });
    expect(within(dialog).queryByLabelText('Stock')).toBeNull();
    expect(within(dialog).getByTestId('stock-now').textContent).toBe('11');
    const user = userEvent.setup();
    const price = within(dialog).getByLabelText('Price');
    await user.clear(price);
    await user.type(price, '35');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(callsTo(api, 'PUT', '/api/products/7')).toHaveLength(1));
    const body = bodyOf(callsTo(api, 'PUT', '/api/products/7')[0]);
    expect(body).toMatchObject({ price: '35.00', version: 3 });
    expect('stock' in body).toBe(false);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('after a 409 keeps what was typed, takes the rest from the current product, and saves on its version', async () => {
    const theirs = { ...lamp, name: 'Brass Desk Lamp', description: 'Brass, with a dimmer.', version: 4 };
    let puts = 0;
    const { api, dialog } = await open({
      'PUT /api/products/7': () =>
        ++puts === 1
          ? {
              status: 409,
              body: {
                message:
                  'Someone else changed this product since you opened it. Their changes are shown; make yours again on top of them.',
                product: theirs,
              },
            }
          : { body: { ...theirs, price: '35.00', version: 5 } },
    });
    const user = userEvent.setup();
    const price = within(dialog).getByLabelText('Price');
    await user.clear(price);
    await user.type(price, '35');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    const notice = await within(dialog).findByRole('alert');
    expect(notice.textContent).toContain('Name, Description');
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('Brass Desk Lamp');
    expect((within(dialog).getByLabelText('Price') as HTMLInputElement).value).toBe('35');

    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(callsTo(api, 'PUT', '/api/products/7')).toHaveLength(2));
    expect(bodyOf(callsTo(api, 'PUT', '/api/products/7')[1])).toMatchObject({
      name: 'Brass Desk Lamp',
      description: 'Brass, with a dimmer.',
      price: '35.00',
      version: 4,
    });
  });

  it('adjusts the stock with a reason, without saving or closing the product', async () => {
    const { api, dialog, onClose } = await open({
      'POST /api/products/7/stock-adjustments': () => ({
        status: 201,
        body: {
          product: { ...lamp, stock: 9 },
          movement: {
            id: 1,
            delta: -2,
            stockAfter: 9,
            reason: 'adjustment',
            note: 'Damaged',
            orderId: null,
            userId: 1,
            username: 'admin',
            createdAt: '2026-11-23T10:00:00.000Z',
          },
        },
      }),
    });
    const user = userEvent.setup();
    const panel = within(dialog).getByRole('group', { name: 'Adjust stock' });
    await user.click(within(panel).getByRole('button', { name: 'Adjust Stock' }));
    expect(
      await within(panel).findByText(
        'The change in stock must be a whole number of units, not 0 (for example 5 or -2).',
      ),
    ).toBeTruthy();
    expect(callsTo(api, 'POST', '/api/products/7/stock-adjustments')).toHaveLength(0);

    await user.type(within(panel).getByLabelText('Change'), '-2');
    await user.type(within(panel).getByLabelText('Reason'), 'Damaged');
    await user.click(within(panel).getByRole('button', { name: 'Adjust Stock' }));
    await waitFor(() => expect(within(dialog).getByTestId('stock-now').textContent).toBe('9'));
    expect(bodyOf(callsTo(api, 'POST', '/api/products/7/stock-adjustments')[0])).toEqual({
      delta: -2,
      reason: 'Damaged',
    });
    expect((await screen.findAllByTestId('toast')).map((t) => t.textContent).join(' | ')).toContain(
      'Desk Lamp: -2, now 9 in stock.',
    );
    expect(callsTo(api, 'PUT', '/api/products/7')).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });
});
