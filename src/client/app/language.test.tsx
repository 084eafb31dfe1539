// The shell in both languages: French header, phone menu and footer on a French page, the switcher to
// the same page in the other language (remembered in the `lang` cookie), and the French suggestion
// decided in the browser (docs/decisions/0342-language-switcher-and-suggestion.md).
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetCartStoreForTests } from '~/client/features/cart';
import { rememberedLanguage } from '~/client/lib/language-choice';
import { type FakeAnswer, fakeApi, makeUser, renderRoutes } from '~/client/test/test-utils';
import { Footer } from './footer';
import { Header } from './header';
import { LanguageSuggestion } from './language-suggestion';

const signedOut: FakeAnswer = { status: 401, body: { message: 'Not signed in.' } };
const clearCookie = () => {
  // biome-ignore lint/suspicious/noDocumentCookie: resetting the test browser's cookie.
  document.cookie = 'lang=; Path=/; Max-Age=0';
};

function renderShell(path: string, locale: 'en' | 'fr', me: FakeAnswer = signedOut) {
  fakeApi({ '/api/auth/me': me, '/api/site-config': { body: {} } });
  const page = (
    <>
      <Header />
      <Footer />
    </>
  );
  return renderRoutes(
    [
      { index: true, element: page },
      { path: 'products', element: page },
    ],
    path,
    undefined,
    { locale },
  );
}
const mainNav = (name: string) => within(screen.getByRole('navigation', { name }));
const links = (scope: ReturnType<typeof within>) =>
  scope.getAllByRole('link').map((l: HTMLElement) => [l.textContent, l.getAttribute('href')]);

beforeEach(() => {
  resetCartStoreForTests();
  clearCookie();
});
afterEach(() => {
  clearCookie();
  vi.unstubAllGlobals();
});

describe('the French shell', () => {
  it('speaks French and keeps every link under /fr', async () => {
    renderShell('/products?daily=true', 'fr');
    await screen.findByRole('link', { name: 'Connexion / Inscription' });
    expect(links(mainNav('Principale'))).toEqual([
      ['Accueil', '/fr/'],
      ['Catégories', '/fr/categories'],
      ['Aubaines du jour', '/fr/products?daily=true'],
      ['Nouveautés', '/fr/products?new=true'],
      ['Nous joindre', '/fr/contact'],
    ]);
    expect(screen.getByRole('link', { name: 'Panier, 0 article' }).getAttribute('href')).toBe('/fr/cart');
    expect(screen.getByLabelText('Rechercher des produits').getAttribute('placeholder')).toBe(
      'Rechercher des produits…',
    );
    // Before hydration the search is a plain GET: it must land on the French listing.
    expect(screen.getByRole('form', { name: 'Recherche de produits' }).getAttribute('action')).toBe(
      '/fr/products',
    );
    expect(screen.getByRole('heading', { name: 'Service à la clientèle' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Nous joindre' }).map((l) => l.getAttribute('href'))).toEqual([
      '/fr/contact',
      '/fr/contact',
    ]);
    expect(screen.getByRole('link', { name: 'Retours et remboursements' }).getAttribute('href')).toBe(
      '/fr/returns',
    );
  });

  it("links administrators to the English-only admin area with a plain link, not '/fr/admin'", async () => {
    renderShell('/', 'fr', { body: makeUser({ id: 1, username: 'boss', isAdmin: true }) });
    const admin = await mainNav('Principale').findByRole('link', { name: 'Administration' });
    expect(admin.getAttribute('href')).toBe('/admin');
  });
});

describe('the language switcher', () => {
  it("offers 'Français' on an English page, for the same page under /fr, and remembers the choice", async () => {
    renderShell('/products?daily=true', 'en');
    const switchers = await screen.findAllByTestId('language-switcher');
    // The header's and the footer's.
    expect(switchers).toHaveLength(2);
    for (const link of switchers) {
      expect(link.textContent).toBe('Français');
      expect(link.getAttribute('lang')).toBe('fr');
      expect(link.getAttribute('href')).toBe('/fr/products?daily=true');
    }
    // jsdom does not follow the link; the click's cookie is what matters here.
    switchers[0]!.addEventListener('click', (e) => e.preventDefault());
    await userEvent.click(switchers[0]!);
    expect(rememberedLanguage()).toBe('fr');
  });

  it("offers 'English' on a French page, for the English address", async () => {
    renderShell('/', 'fr');
    const [link] = await screen.findAllByTestId('language-switcher');
    expect(link!.textContent).toBe('English');
    expect(link!.getAttribute('lang')).toBe('en');
    expect(link!.getAttribute('href')).toBe('/');
  });
});

describe('the French suggestion', () => {
  const prefer = (languages: string[]) =>
    vi.stubGlobal('navigator', { ...navigator, languages, language: languages[0] });
  const renderSuggestion = (locale: 'en' | 'fr', path = '/products?new=true') =>
    renderRoutes(
      [
        { index: true, element: <LanguageSuggestion /> },
        { path: 'products', element: <LanguageSuggestion /> },
      ],
      path,
      undefined,
      { locale },
    );

  it('offers a French-preferring browser the French page, in French, and remembers a refusal', async () => {
    prefer(['fr-CA', 'en']);
    renderSuggestion('en');
    const notice = await screen.findByRole('complementary', { name: 'Langue' });
    expect(notice.getAttribute('lang')).toBe('fr-CA');
    expect(within(notice).getByText('Cette page est aussi offerte en français.')).toBeTruthy();
    expect(
      within(notice).getByRole('link', { name: 'Voir cette page en français' }).getAttribute('href'),
    ).toBe('/fr/products?new=true');
    await userEvent.click(within(notice).getByRole('button', { name: 'Non merci' }));
    expect(screen.queryByTestId('language-suggestion')).toBeNull();
    expect(rememberedLanguage()).toBe('en');
  });

  it('says nothing once a language was chosen, to an English browser, or on a French page', async () => {
    prefer(['fr-CA', 'en']);
    rememberLanguageCookie('en');
    renderSuggestion('en');
    expect(screen.queryByTestId('language-suggestion')).toBeNull();
    clearCookie();
    prefer(['en-CA', 'fr;q=0.5']);
    renderSuggestion('en', '/');
    expect(screen.queryByTestId('language-suggestion')).toBeNull();
    prefer(['fr-CA']);
    renderSuggestion('fr', '/');
    expect(screen.queryByTestId('language-suggestion')).toBeNull();
  });
});

function rememberLanguageCookie(value: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: what a previous visit left behind.
  document.cookie = `lang=${value}; Path=/`;
}
