// The order page's 'Request a return': shown only once the order has shipped, sends the chosen units,
// the reason, the comment, the photos and the guest's e-mail as multipart; refuses an empty choice
// before calling; shows the server's refusal as it comes, and the return's number once sent; French.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocaleProvider } from '~/client/lib/i18n';
import { createQueryClient } from '~/client/lib/query-client';
import { callsTo, fakeApi } from '~/client/test/admin-test-utils';
import { ReturnRequest } from './return-request-form';

afterEach(() => vi.unstubAllGlobals());

const ORDER = {
  orderReference: 'ORD-ABC',
  status: 'delivered',
  items: [
    { id: 11, name: 'Dash Cam', quantity: 2 },
    { id: 12, name: 'Trekking Poles', quantity: 1, finalSale: true },
  ],
};
const PATH = '/api/orders/ORD-ABC/returns';

function show(node: ReactNode, locale: 'en' | 'fr' = 'en') {
  return render(
    <LocaleProvider locale={locale}>
      <QueryClientProvider client={createQueryClient()}>{node}</QueryClientProvider>
    </LocaleProvider>,
  );
}

describe('Request a return', () => {
  it('is not offered before the order has shipped', () => {
    show(<ReturnRequest order={{ ...ORDER, status: 'processing' }} />);
    expect(screen.queryByRole('button', { name: 'Request a return' })).toBeNull();
  });

  it('sends the units, reason, comment, photo and the e-mail proof, then says the number', async () => {
    const api = fakeApi({ [`POST ${PATH}`]: { status: 201, body: { id: 7, number: 'RMA-000007' } } });
    show(<ReturnRequest order={ORDER} email="jane@example.com" />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Request a return' }));
    await user.click(screen.getByRole('button', { name: 'Send the return request' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Choose at least one item to return.',
    );
    expect(callsTo(api, 'POST', PATH)).toHaveLength(0);

    // The final-sale lot says what the legal warranty still allows.
    expect(
      screen.getByText(
        'Final sale: returnable only if defective, damaged, not as described or the wrong item.',
      ),
    ).toBeTruthy();
    const units = screen.getByLabelText('Units of Dash Cam to return (of 2)');
    await user.clear(units);
    await user.type(units, '1');
    await user.selectOptions(screen.getByLabelText('Reason'), 'Defective');
    await user.type(screen.getByLabelText(/Comment/), 'Silent left channel');
    const photo = new File(['x'], 'cam.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByLabelText(/Photos \(up to 5\)/), photo);
    await user.click(screen.getByRole('button', { name: 'Send the return request' }));
    await screen.findByText(
      'Return request RMA-000007 sent. We will reply by e-mail within 2 business days.',
    );
    const body = callsTo(api, 'POST', PATH)[0]![1]!.body as FormData;
    expect(JSON.parse(String(body.get('lines')))).toEqual([{ orderItemId: 11, quantity: 1 }]);
    expect(body.get('reason')).toBe('defective');
    expect(body.get('comment')).toBe('Silent left channel');
    expect(body.get('email')).toBe('jane@example.com');
    expect((body.get('photos') as File).name).toBe('cam.jpg');
  });

  it("shows the server's refusal as it comes, in French on the French store", async () => {
    fakeApi({
      [`POST ${PATH}`]: {
        status: 400,
        body: { message: 'Le délai de retour de Dash Cam (30 jours) a pris fin le 2026-10-01.' },
      },
    });
    show(<ReturnRequest order={ORDER} />, 'fr');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Demander un retour' }));
    const units = screen.getByLabelText('Unités de Dash Cam à retourner (sur 2)');
    await user.clear(units);
    await user.type(units, '2');
    await user.selectOptions(screen.getByLabelText('Motif'), 'J’ai changé d’avis');
    await user.click(screen.getByRole('button', { name: 'Envoyer la demande de retour' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Le délai de retour de Dash Cam (30 jours) a pris fin le 2026-10-01.',
      ),
    );
  });
});
