// The French store's browse journey in real Chromium against the built store: a French listing, a
// product page, 'Ajouter au panier' and the cart, every page in French, its money as '1 234,56 $', its
// links kept under /fr, and axe-core on each page (docs/decisions/0370-french-browse-pages.md).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeProblems, headingOrderProblems } from './a11y';
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

const DESKTOP = { width: 1280, height: 900 };
// The newsletter popup's once-per-browser flag: the journey is about the browse pages.
const POPUP_B_SHOWN_KEY = 'newsletterPopupShown';
/** '1 234,56 $' (no-break spaces) to cents. */
const frenchCents = (text: string | null) => {
  const match = /^(\d{1,3}(?:\u00a0\d{3})*),(\d{2})\u00a0\$$/.exec(text ?? '');
  if (!match) throw new Error(`not a French amount: ${JSON.stringify(text)}`);
  return Number(match[1]!.replaceAll('\u00a0', '')) * 100 + Number(match[2]);
};

describe('the French store', () => {
  it('goes from a French listing to a product, adds it with Ajouter au panier and reads the panier', async () => {
    const { page, context, consoleErrors } = await openPage(browser, { viewport: DESKTOP });
    await context.addInitScript((key) => window.localStorage.setItem(key, 'true'), POPUP_B_SHOWN_KEY);
    const problems: string[] = [];
    // Heading order is a page's; an open dialog hides the page behind its own title (axe only).
    const check = async (where: string, { dialog = false } = {}) => {
      problems.push(...(await axeProblems(page, where)));
      if (!dialog) problems.push(...(await headingOrderProblems(page, where)));
    };

    await page.goto(`${store.url}/fr/products`);
    await page.waitForSelector('html[data-hydrated]');
    await page.getByRole('heading', { level: 1, name: 'Tous les produits' }).waitFor();
    await page.getByTestId('result-count').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('fr-CA');
    expect(await page.title()).toMatch(/^Tous les produits \| /);
    expect(await page.getByRole('complementary', { name: 'Filtres' }).isVisible()).toBe(true);
    expect(await page.getByLabel('Trier par').isVisible()).toBe(true);
    await check('French listing');

    // A product in stock (10 or more): its price in French, its link under /fr.
    const card = page.getByTestId('product-card').filter({ hasText: 'En stock' }).first();
    const name = (await card.getByRole('heading').textContent()) ?? '';
    const priceCents = frenchCents(await card.getByTestId('price').textContent());
    const add = card.getByRole('button', { name: `Ajouter au panier\u00a0: ${name}` });
    expect(await add.textContent()).toBe('Ajouter au panier');
    await card.getByRole('heading').getByRole('link').click();
    await page.waitForURL(/\/fr\/products\/[^/]+$/);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    const crumbs = page.getByRole('navigation', { name: 'Fil d’Ariane' });
    expect((await crumbs.getByRole('link').allTextContents()).slice(0, 2)).toEqual(['Accueil', 'Produits']);
    expect(frenchCents(await page.getByTestId('price').textContent())).toBe(priceCents);
    expect(await page.getByTestId('stock-label').textContent()).toBe('En stock');
    await check('French product page');

    await page.getByRole('spinbutton', { name: 'Quantité' }).waitFor();
    await page.getByRole('button', { name: 'Augmenter la quantité' }).click();
    await page.getByRole('button', { name: /^Ajouter au panier/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Article ajouté au panier' });
    await dialog.getByText(`Article ajouté à votre panier\u00a0: ${name}.`).waitFor();
    await check('French product page, item added dialog', { dialog: true });
    await dialog.getByRole('link', { name: 'Voir le panier' }).click();

    await page.waitForURL(`${store.url}/fr/cart`);
    await page.getByRole('heading', { level: 1, name: 'Panier d’achat' }).waitFor();
    const row = page.getByTestId('cart-row');
    await row.waitFor();
    // The row names the product as the product page did (a mismatch shows the row's own words).
    expect(await row.getByRole('link').first().textContent()).toContain(name);
    expect(await row.getByRole('textbox').inputValue()).toBe('2');
    expect(await row.getByRole('button', { name: `Augmenter la quantité de ${name}` }).count()).toBe(1);
    // Two of the product: the line and the subtotal are twice its price.
    expect(frenchCents(await row.getByTestId('line-total').textContent())).toBe(2 * priceCents);
    await expect
      .poll(async () => frenchCents(await page.getByTestId('summary-subtotal').textContent()))
      .toBe(2 * priceCents);
    expect(await page.getByRole('heading', { name: 'Récapitulatif de la commande' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Passer à la caisse' }).getAttribute('href')).toBe(
      '/fr/checkout',
    );
    await check('French cart');

    expect(problems).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
