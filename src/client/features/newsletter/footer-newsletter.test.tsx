import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts, useToasts } from '~/client/components/ui/toast-store';
import { createQueryClient } from '~/client/lib/query-client';
import { FooterNewsletter } from './footer-newsletter';

let toasts: { title: string; description?: string }[] = [];
function ToastSpy() {
  toasts = useToasts();
  return null;
}

function answerSubscribe(status: number) {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(JSON.stringify({ message: 'ok' }), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderForm() {
  const queryClient = createQueryClient();
  queryClient.setQueryData(['/api/site-config'], { storeName: 'Bargain Barn' });
  render(
    <QueryClientProvider client={queryClient}>
      <FooterNewsletter />
      <ToastSpy />
    </QueryClientProvider>,
  );
  return screen.getByLabelText('Email address') as HTMLInputElement;
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

describe('footer newsletter form', () => {
  it('shows the consent wording the server records with the sign-up', () => {
    renderForm();
    expect(
      screen.getByText(
        'Yes, Bargain Barn may send me deals and news by e-mail. I can unsubscribe at any time with the link in every message.',
      ),
    ).toBeTruthy();
  });

  it("refuses an address without '@' and sends nothing", async () => {
    const fetchMock = answerSubscribe(200);
    const email = renderForm();
    await userEvent.type(email, 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(toasts[0]?.title).toBe('Invalid Email'));
    expect(toasts[0]?.description).toBe('Please enter a valid email address.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('subscribes the trimmed address, thanks the shopper and empties the field', async () => {
    const fetchMock = answerSubscribe(200);
    const email = renderForm();
    await userEvent.type(email, '  ann@example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(toasts[0]?.title).toBe('Subscription Successful'));
    expect(toasts[0]?.description).toBe('Thank you for subscribing to our newsletter!');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/subscribers');
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'ann@example.com',
      website: '',
      source: 'footer',
    });
    expect(email.value).toBe('');
  });

  it("keeps the address and says 'Subscription Failed' when the server refuses", async () => {
    answerSubscribe(500);
    const email = renderForm();
    await userEvent.type(email, 'ann@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(toasts[0]?.title).toBe('Subscription Failed'));
    expect(toasts[0]?.description).toBe(
      'There was an error subscribing to the newsletter. Please try again.',
    );
    expect(email.value).toBe('ann@example.com');
  });
});
