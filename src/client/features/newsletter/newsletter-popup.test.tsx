import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts, useToasts } from '~/client/components/ui/toast-store';
import { LocaleProvider } from '~/client/lib/i18n';
import { createQueryClient } from '~/client/lib/query-client';
import { NewsletterPopup, POPUP_A_SHOWN_KEY, POPUP_B_SHOWN_KEY } from './newsletter-popup';

let toasts: { title: string; description?: string }[] = [];
function ToastSpy() {
  toasts = useToasts();
  return null;
}
const lastToast = () => toasts[0] && { title: toasts[0].title, description: toasts[0].description };

function renderPopup(variant: 'A' | 'B', locale: 'en' | 'fr' = 'en') {
  const queryClient = createQueryClient();
  queryClient.setQueryData(['/api/site-config'], {
    storeName: 'Store',
    storeEmail: 'hi@store.example',
    newsletterVariant: variant,
  });
  return render(
    <LocaleProvider locale={locale}>
      <QueryClientProvider client={queryClient}>
        <NewsletterPopup />
        <ToastSpy />
      </QueryClientProvider>
    </LocaleProvider>,
  );
}

function mockSubscribe(status = 200) {
  const fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify({ message: 'ok' }), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetToasts();
});

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
/** Lets the (mocked) request finish while timers stay fake: setImmediate is not faked. */
const settle = () =>
  act(async () => {
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
  });

describe('popup variant B', () => {
  it('opens once per browser 5 s after the first load and sets the flag when it opens', async () => {
    renderPopup('B');
    await advance(4999);
    expect(screen.queryByText('Subscribe to Our Newsletter')).toBeNull();
    expect(localStorage.getItem(POPUP_B_SHOWN_KEY)).toBeNull();
    await advance(1);
    expect(screen.getByRole('dialog', { name: 'Subscribe to Our Newsletter' })).toBeTruthy();
    expect(localStorage.getItem(POPUP_B_SHOWN_KEY)).toBe('true');
  });

  it('does not open again when the flag is stored', async () => {
    localStorage.setItem(POPUP_B_SHOWN_KEY, 'true');
    renderPopup('B');
    await advance(60_000);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks for a valid e-mail, then for consent, and closes after subscribing', async () => {
    renderPopup('B');
    await advance(5000);
    vi.useRealTimers();
    const fetchMock = mockSubscribe();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Subscribe Now' }));
    expect(lastToast()).toEqual({
      title: 'Invalid Email',
      description: 'Please enter a valid email address.',
    });
    await user.type(screen.getByLabelText('Email address'), 'reader@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe Now' }));
    expect(lastToast()).toEqual({
      title: 'Consent Required',
      description: 'Please agree to receive promotional emails.',
    });
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(screen.getByLabelText(/I agree to receive promotional emails/));
    await user.click(screen.getByRole('button', { name: 'Subscribe Now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/subscribers');
    // The popup's checkbox wording is the one the server records with source 'popup' (decision 0560).
    expect(JSON.parse(String(init.body))).toEqual({
      email: 'reader@example.com',
      website: '',
      source: 'popup',
    });
    expect(lastToast()?.title).toBe('Subscription Successful');
  });

  it('closes when dismissed', async () => {
    renderPopup('B');
    await advance(5000);
    vi.useRealTimers();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

// user-event waits on timers, which are fake here: plain DOM events instead.
function fillVariantA() {
  fireEvent.change(screen.getByLabelText('First Name'), { target: { value: 'Ann' } });
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ann@example.com' } });
  fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
}

describe('popup variant A (external e-mail marketing form configured)', () => {
  it('opens once per session after 3 s with first name and e-mail', async () => {
    renderPopup('A');
    await advance(2999);
    expect(screen.queryByRole('dialog')).toBeNull();
    await advance(1);
    expect(screen.getByLabelText('First Name')).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).type).toBe('email');
    expect(sessionStorage.getItem(POPUP_A_SHOWN_KEY)).toBe('true');
    expect(localStorage.getItem(POPUP_B_SHOWN_KEY)).toBeNull();
  });

  it('does not open again in the same session', async () => {
    sessionStorage.setItem(POPUP_A_SHOWN_KEY, 'true');
    renderPopup('A');
    await advance(60_000);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('thanks the subscriber, then closes after 1.5 s', async () => {
    renderPopup('A');
    await advance(3000);
    const fetchMock = mockSubscribe();
    fillVariantA();
    await settle();
    expect(screen.getByText('Thank you!')).toBeTruthy();
    expect(lastToast()).toEqual({
      title: 'Thanks for subscribing!',
      description: "You've been added to our newsletter.",
    });
    expect(
      JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body)),
    ).toMatchObject({
      email: 'ann@example.com',
      firstName: 'Ann',
    });
    await advance(1499);
    expect(screen.queryByRole('dialog')).not.toBeNull();
    await advance(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("says 'Subscription failed' when the subscription is refused", async () => {
    renderPopup('A');
    await advance(3000);
    mockSubscribe(502);
    fillVariantA();
    await settle();
    expect(lastToast()).toEqual({ title: 'Subscription failed', description: 'Please try again later.' });
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});

describe('the popup in French', () => {
  it('variant B asks for a valid e-mail, then for consent, and thanks in French', async () => {
    renderPopup('B', 'fr');
    await advance(5000);
    vi.useRealTimers();
    const fetchMock = mockSubscribe();
    const user = userEvent.setup();
    expect(screen.getByRole('dialog', { name: 'Abonnez-vous à notre infolettre' })).toBeTruthy();
    expect(screen.getByPlaceholderText('vous@exemple.com')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Je m’abonne' }));
    expect(lastToast()).toEqual({
      title: 'Courriel invalide',
      description: 'Veuillez entrer une adresse courriel valide.',
    });
    await user.type(screen.getByLabelText('Adresse courriel'), 'lectrice@exemple.ca');
    await user.click(screen.getByRole('button', { name: 'Je m’abonne' }));
    expect(lastToast()).toEqual({
      title: 'Consentement requis',
      description: 'Veuillez accepter de recevoir des courriels promotionnels.',
    });
    await user.click(screen.getByLabelText(/J’accepte de recevoir des courriels promotionnels/));
    await user.click(screen.getByRole('button', { name: 'Je m’abonne' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(lastToast()).toEqual({
      title: 'Abonnement réussi',
      description: 'Merci de vous être abonné à notre infolettre!',
    });
  });

  it('variant A thanks, or says the subscription failed, in French', async () => {
    renderPopup('A', 'fr');
    await advance(3000);
    expect(screen.getByRole('dialog', { name: 'Obtenez des aubaines exclusives' })).toBeTruthy();
    mockSubscribe(502);
    fireEvent.change(screen.getByLabelText('Prénom'), { target: { value: 'Anne' } });
    fireEvent.change(screen.getByLabelText('Courriel'), { target: { value: 'anne@exemple.ca' } });
    fireEvent.click(screen.getByRole('button', { name: 'S’abonner' }));
    await settle();
    expect(lastToast()).toEqual({
      title: 'Échec de l’abonnement',
      description: 'Veuillez réessayer plus tard.',
    });
    mockSubscribe();
    fireEvent.click(screen.getByRole('button', { name: 'S’abonner' }));
    await settle();
    expect(screen.getByText('Merci!')).toBeTruthy();
    expect(lastToast()).toEqual({
      title: 'Merci de votre abonnement!',
      description: 'Vous êtes maintenant inscrit à notre infolettre.',
    });
  });
});
