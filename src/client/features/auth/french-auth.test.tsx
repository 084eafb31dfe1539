// The shopper's sign-in pages on a French page: texts, tabs, toasts and the deal in French.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '~/client/components/ui/toast-store';
import { fakeApi, makeSiteConfig, makeUser, renderRoutes } from '~/client/test/test-utils';
import { authRoutes } from './routes';

beforeAll(async () => {
  await Promise.all([
    import('./auth-page'),
    import('./forgot-password-page'),
    import('./reset-password-page'),
  ]);
});

afterEach(() => {
  resetToasts();
  vi.unstubAllGlobals();
});

const signedOut = {
  '/api/auth/me': { status: 401, body: { message: 'Not signed in.' } },
  '/api/discounts/today': { body: 20 },
  '/api/site-config': { body: makeSiteConfig() },
};

const french = (path: string) => renderRoutes(authRoutes, path, undefined, { locale: 'fr' });

describe('/fr/auth', { timeout: 30_000 }, () => {
  it('welcomes in French with the benefits, the day’s deal and the two tabs', async () => {
    fakeApi(signedOut);
    french('/auth');
    expect(await screen.findByRole('heading', { name: 'Bienvenue chez Test Store' })).toBeTruthy();
    for (const text of [
      'Suivre vos commandes',
      'Enregistrer vos renseignements de livraison',
      'Profiter d’offres exclusives',
      'Recevoir des notifications',
    ])
      expect(screen.getByText(text)).toBeTruthy();
    // 1 January 2026 is a Thursday: jeudi.
    expect(await screen.findByText('Jeudi : 20 % de rabais')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Magasiner les aubaines du jour' })).toBeTruthy();
    expect(screen.getByRole('tablist', { name: 'Accès au compte' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Connexion' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Inscription' })).toBeTruthy();
    expect(screen.getByLabelText('Nom d’utilisateur')).toBeTruthy();
    expect(screen.getByLabelText('Mot de passe')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Mot de passe oublié?' })).toBeTruthy();
  });

  it('says there is no discount today in French', async () => {
    fakeApi({ ...signedOut, '/api/discounts/today': { body: 0 } });
    french('/auth');
    expect(
      await screen.findByText(
        'Aucun rabais aujourd’hui. De la nouvelle marchandise arrive chaque jour, jusqu’à 70 % sous le prix de détail.',
      ),
    ).toBeTruthy();
  });

  it('signs in with a French welcome', async () => {
    fakeApi({ ...signedOut, '/api/auth/login': { body: makeUser() } });
    const { router } = french('/auth');
    await userEvent.type(await screen.findByLabelText('Nom d’utilisateur'), 'bob');
    await userEvent.type(screen.getByLabelText('Mot de passe'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(router.location().pathname).toBe('/fr/account'));
    expect(await screen.findByText('Connexion réussie')).toBeTruthy();
    expect(screen.getByText('Bon retour, bob!')).toBeTruthy();
  });

  it('registers with French labels', async () => {
    fakeApi(signedOut);
    french('/auth?tab=register');
    expect(await screen.findByRole('form', { name: 'Créer un compte' })).toBeTruthy();
    for (const label of [
      'Nom d’utilisateur',
      'Adresse courriel',
      'Mot de passe',
      'Confirmer le mot de passe',
    ])
      expect(screen.getByLabelText(label)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Créer un compte' })).toBeTruthy();
  });
});

describe('/fr/auth/forgot and /fr/auth/reset', { timeout: 30_000 }, () => {
  it('asks for the e-mail address in French', async () => {
    fakeApi({ '/api/auth/forgot-password': { body: { message: 'Un lien a été envoyé.' } } });
    french('/auth/forgot');
    expect(await screen.findByRole('heading', { name: 'Mot de passe oublié?' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Adresse courriel'), 'bob@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer le lien de réinitialisation' }));
    expect(await screen.findByText('Un lien a été envoyé.')).toBeTruthy();
    expect(
      screen.getByText('Vérifiez votre boîte de réception, ainsi que votre dossier de courrier indésirable.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Retour à la connexion' })).toBeTruthy();
  });

  it('says in French that a link without its token is not valid', async () => {
    fakeApi({});
    french('/auth/reset');
    expect(await screen.findByRole('heading', { name: 'Choisissez un nouveau mot de passe' })).toBeTruthy();
    expect(
      await screen.findByText(
        'Ce lien de réinitialisation du mot de passe n’est pas valide. Veuillez en demander un nouveau.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Demander un nouveau lien' })).toBeTruthy();
  });
});
