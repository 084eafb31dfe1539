// The French store's shell in a real browser: /fr/ in French (lang="fr-CA", French header and links),
// switching to English and back with the choice remembered in the `lang` cookie, axe-core clean, and the
// French suggestion for a French-preferring browser on an English page, never a redirect
// (docs/decisions/0341-french-addresses-and-head.md, 0342-language-switcher-and-suggestion.md).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeProblems } from './a11y';
import { launchBrowser, openPage, type Store, startStore } from './harness';

let store: Store;
let browser: Browser;
beforeAll(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await store?.stop();
});

const WIDE = { width: 1280, height: 900 };

describe('the French store', () => {
  it('opens /fr/ in French, switches to English and back, and remembers the choice', async () => {
    const { page, consoleErrors, context } = await openPage(browser, { viewport: WIDE });
    const response = await page.goto(`${store.url}/fr/`);
    expect(response?.status()).toBe(200);
    await page.waitForSelector('html[data-hydrated]');
    expect(await page.getAttribute('html', 'lang')).toBe('fr-CA');
    const nav = page.getByRole('navigation', { name: 'Principale' });
    await nav.getByRole('link', { name: 'Aubaines du jour' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Accueil' }).getAttribute('href')).toBe('/fr/');
    expect(await page.getByRole('link', { name: 'Connexion / Inscription' }).count()).toBe(1);

    // A link followed in the browser stays French (the router's basename).
    await nav.getByRole('link', { name: 'Catégories' }).click();
    await page.waitForURL(`${store.url}/fr/categories`);

    // To English: the same page, and the choice is remembered.
    const toEnglish = page.getByRole('banner').getByTestId('language-switcher');
    expect(await toEnglish.textContent()).toBe('English');
    await toEnglish.click();
    await page.waitForURL(`${store.url}/categories`);
    await page.waitForSelector('html[data-hydrated]');
    expect(await page.getAttribute('html', 'lang')).toBe('en-CA');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Daily Deals' }).waitFor();
    expect((await context.cookies()).find((c) => c.name === 'lang')).toMatchObject({
      value: 'en',
      sameSite: 'Lax',
      path: '/',
    });

    // And back to French.
    const toFrench = page.getByRole('banner').getByTestId('language-switcher');
    expect(await toFrench.textContent()).toBe('Français');
    await toFrench.click();
    await page.waitForURL(`${store.url}/fr/categories`);
    expect(await page.getAttribute('html', 'lang')).toBe('fr-CA');
    const cookie = (await context.cookies()).find((c) => c.name === 'lang');
    expect(cookie?.value).toBe('fr');
    // A year, give or take the test's own seconds.
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('has no serious accessibility problem on the French home, wide and on a phone', async () => {
    for (const viewport of [WIDE, undefined]) {
      const { page, consoleErrors, context } = await openPage(browser, { viewport });
      await page.goto(`${store.url}/fr/`);
      await page.waitForSelector('html[data-hydrated]');
      expect(await axeProblems(page, `/fr/ ${viewport ? 'wide' : 'phone'}`)).toEqual([]);
      expect(consoleErrors).toEqual([]);
      await context.close();
    }
  });

  it('offers the phone menu in French with the switcher to English', async () => {
    const { page, consoleErrors, context } = await openPage(browser);
    await page.goto(`${store.url}/fr/`);
    await page.waitForSelector('html[data-hydrated]');
    await page.getByRole('button', { name: 'Menu' }).click();
    const panel = page.getByTestId('menu-panel');
    await panel.getByRole('link', { name: 'Nouveautés' }).waitFor();
    expect(await panel.getByRole('button', { name: 'Fermer le menu' }).count()).toBe(1);
    expect(await panel.getByTestId('language-switcher').getAttribute('href')).toBe('/');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('the French suggestion', () => {
  it('offers a French-preferring browser the French page without moving it, and remembers a refusal', async () => {
    const { page, consoleErrors, context } = await openPage(browser, { locale: 'fr-CA', viewport: WIDE });
    const response = await page.goto(`${store.url}/products`);
    // Never a redirect: the English page is served where the link pointed.
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/products');
    const notice = page.getByRole('complementary', { name: 'Langue' });
    await notice.waitFor();
    expect(await notice.getAttribute('lang')).toBe('fr-CA');
    expect(await notice.getByRole('link', { name: 'Voir cette page en français' }).getAttribute('href')).toBe(
      '/fr/products',
    );
    expect(await axeProblems(page, '/products with the suggestion')).toEqual([]);
    await notice.getByRole('button', { name: 'Non merci' }).click();
    await notice.waitFor({ state: 'detached' });
    await page.reload();
    await page.waitForSelector('html[data-hydrated]');
    expect(await page.getByTestId('language-suggestion').count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('follows the suggestion to the French page', async () => {
    const { page, consoleErrors, context } = await openPage(browser, { locale: 'fr-CA', viewport: WIDE });
    await page.goto(`${store.url}/`);
    await page.getByRole('link', { name: 'Voir cette page en français' }).click();
    await page.waitForURL(`${store.url}/fr/`);
    expect(await page.getAttribute('html', 'lang')).toBe('fr-CA');
    expect((await context.cookies()).find((c) => c.name === 'lang')?.value).toBe('fr');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('says nothing to an English browser', async () => {
    const { page, context } = await openPage(browser, { locale: 'en-CA', viewport: WIDE });
    await page.goto(`${store.url}/`);
    await page.waitForSelector('html[data-hydrated]');
    expect(await page.getByTestId('language-suggestion').count()).toBe(0);
    await context.close();
  });
});
