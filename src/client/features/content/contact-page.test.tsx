import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '~/client/components/ui/toast-store';
import { LocaleProvider } from '~/client/lib/i18n';
import { fakeApi, renderRoutes } from '~/client/test/test-utils';
import { ContactPage } from './contact-page';

const SITE = { storeName: 'Test Store', storeEmail: 'hello@store.test', newsletterVariant: 'B' };

function renderContact(locale: 'en' | 'fr', answer: { status: number; body: unknown }) {
  const api = fakeApi({ '/api/site-config': { body: SITE }, '/api/contact': answer });
  const element = (
    <LocaleProvider locale={locale}>
      <ContactPage />
    </LocaleProvider>
  );
  renderRoutes([{ path: 'contact', element }], '/contact');
  return api;
}

const errorsShown = () => screen.queryAllByTestId('field-error').map((el) => el.textContent);

afterEach(() => {
  vi.unstubAllGlobals();
  resetToasts();
});

describe('ContactPage', () => {
  it('says what is wrong with each field in English, word for word', async () => {
    renderContact('en', { status: 201, body: { message: 'ok' } });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(errorsShown()).toEqual([
      'Name is required',
      'Please enter a valid email address',
      'Please select a subject',
      'Message must be at least 10 characters long',
    ]);
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
  });

  it('is in French on the French store: labels, subjects, field messages and the toast', async () => {
    const api = renderContact('fr', { status: 201, body: { message: 'Merci' } });
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Nous joindre' })).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Formulaire de contact' });
    await user.click(within(form).getByRole('button', { name: 'Envoyer le message' }));
    expect(errorsShown()).toEqual([
      'Le nom est obligatoire',
      'Veuillez entrer une adresse courriel valide',
      'Veuillez choisir un objet',
      'Le message doit compter au moins 10 caractères',
    ]);
    const subject = within(form).getByLabelText('Objet') as HTMLSelectElement;
    expect([...subject.options].map((o) => o.textContent)).toEqual([
      'Choisissez un objet',
      'Question sur une commande',
      'Expédition et livraison',
      'Retours et remboursements',
      'Renseignements sur un produit',
      'Autre',
    ]);
    await user.type(within(form).getByLabelText('Nom'), 'Josée Tremblay');
    await user.type(within(form).getByLabelText('Courriel'), 'josee@exemple.ca');
    await user.selectOptions(subject, 'returns');
    await user.type(within(form).getByLabelText('Message'), 'Puis-je retourner une lampe?');
    await user.click(within(form).getByRole('button', { name: 'Envoyer le message' }));
    await waitFor(() => expect(screen.getByText('Message envoyé')).toBeTruthy());
    expect(screen.getByText('Merci de votre message. Nous vous répondrons sous peu!')).toBeTruthy();
    expect(api.mock.calls.some(([path]) => String(path) === '/api/contact')).toBe(true);
    expect(screen.getByText('Du lundi au vendredi : de 9 h à 18 h')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Afficher la carte' })).toBeTruthy();
  });

  it("shows the server's refusal when sending fails", async () => {
    renderContact('fr', {
      status: 429,
      body: { message: 'Trop de messages. Veuillez réessayer dans 12 minutes.' },
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Nom'), 'Josée Tremblay');
    await user.type(screen.getByLabelText('Courriel'), 'josee@exemple.ca');
    await user.selectOptions(screen.getByLabelText('Objet'), 'other');
    await user.type(screen.getByLabelText('Message'), 'Bonjour, une question.');
    await user.click(screen.getByRole('button', { name: 'Envoyer le message' }));
    await waitFor(() => expect(screen.getByText('Échec de l’envoi du message')).toBeTruthy());
    expect(screen.getByText('Trop de messages. Veuillez réessayer dans 12 minutes.')).toBeTruthy();
  });
});
