// What the shopper sees around paying (docs/decisions/0500-0503): the checkout's lines and, on a phone
// (390 px), the disclosure with the total at the top; the product page's quantity toasts; a unit held
// by another shopper's unpaid checkout, seen by a second shopper. axe on every page visited.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '~/shared/schemas/catalog';
import { axeProblems } from './a11y';
import { fillCheckoutForm, TORONTO_SHOPPER } from './checkout-form';
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

const PHONE = { width: 390, height: 844 };

async function products(): Promise<Product[]> {
  const res = await fetch(`${store.url}/api/products?inStock=true&limit=100`);
  return (await res.json()) as Product[];
}

async function ready(page: Page) {
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
  await page.waitForLoadState('networkidle');
}

/** Adds `quantity` of a product from its page (the dialog confirms it). */
async function addFromPage(page: Page, product: Product, quantity: number) {
  await page.goto(`${store.url}/products/${product.slug}`);
  await ready(page);
  await page.getByTestId('quantity-input').fill(String(quantity));
  await page.getByRole('button', { name: `Add to Cart: ${product.name}` }).click();
  await page.getByRole('dialog', { name: 'Item Added to Cart' }).waitFor();
  await page.keyboard.press('Escape');
}

describe('checkout summary on a phone', () => {
  it('lists the lines behind a disclosure at the top that shows the total', async () => {
    const { page, context, consoleErrors } = await openPage(browser, { viewport: PHONE });
    const product = (await products()).find((p) => p.stock >= 3 && !p.finalSale)!;
    await addFromPage(page, product, 2);
    await page.goto(`${store.url}/checkout`);
    await ready(page);
    const toggle = page.getByTestId('phone-summary').getByRole('button');
    await page.getByRole('button', { name: /Show order summary/ }).waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    // The button sits above the form: within the first screen of the phone.
    const box = (await toggle.boundingBox())!;
    expect(box.y + box.height).toBeLessThan(PHONE.height);
    // Nothing chosen yet: 2 × the unit price plus Ontario's 13%, rounded half up.
    const unitCents = Math.round(Number(product.discountedPrice) * 100);
    const goods = 2 * unitCents;
    const tax = Math.floor((goods * 13 + 50) / 100);
    const total = ((goods + tax) / 100).toFixed(2);
    expect(await page.getByTestId('phone-summary-total').textContent()).toContain(`$${total}`);
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await toggle.textContent()).toContain('Hide order summary');
    const line = page.getByTestId('phone-summary').getByTestId('checkout-line');
    expect(await line.count()).toBe(1);
    expect(await line.textContent()).toContain(product.name);
    expect(await line.textContent()).toContain('Quantity: 2');
    expect(await line.locator('img').count()).toBe(1);
    expect(await axeProblems(page, 'checkout, phone summary open')).toEqual([]);

    // The same cart at the French checkout: the disclosure in French, the same total.
    await page.goto(`${store.url}/fr/checkout`);
    await ready(page);
    const frenchToggle = page.getByRole('button', { name: /Afficher le récapitulatif/ });
    await frenchToggle.waitFor();
    expect(await frenchToggle.getAttribute('aria-expanded')).toBe('false');
    // French money: '1 234,56 $' (spaces between thousands, a comma for cents, the sign after).
    const frenchText = (await page.getByTestId('phone-summary-total').textContent()) ?? '';
    expect(frenchText).toMatch(/,\d{2}\s\$/);
    expect(frenchText.replace(/[^\d,]/g, '')).toContain(total.replace('.', ','));
    await frenchToggle.click();
    await page.getByRole('button', { name: /Masquer le récapitulatif/ }).waitFor();
    expect(await page.getByTestId('phone-summary').getByTestId('checkout-line').count()).toBe(1);
    expect(await axeProblems(page, 'French checkout, phone summary open')).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('product page quantity', () => {
  it('refuses more than the stock and nonsense quantities with toasts, adding nothing', async () => {
    const { page, context, consoleErrors } = await openPage(browser, { viewport: PHONE });
    const product = (await products()).find((p) => p.stock >= 2 && p.stock < 40 && !p.finalSale)!;
    await page.goto(`${store.url}/products/${product.slug}`);
    await ready(page);
    const add = page.getByRole('button', { name: `Add to Cart: ${product.name}` });
    await page.getByTestId('quantity-input').fill(String(product.stock + 5));
    await add.click();
    const toast = page.getByTestId('toast');
    await toast.getByText('Maximum Stock Reached').waitFor();
    expect(await toast.textContent()).toContain(
      `Sorry, you can only add up to ${product.stock} of this item.`,
    );
    expect(await axeProblems(page, 'product page, stock toast')).toEqual([]);
    await page.getByTestId('quantity-input').fill('-5');
    await add.click();
    await toast.getByText('Enter a whole number of 1 or more.').waitFor();
    expect(await page.getByRole('dialog', { name: 'Item Added to Cart' }).count()).toBe(0);
    const stored = await page.evaluate(() => window.localStorage.getItem('cart'));
    expect(stored === null ? [] : JSON.parse(stored).items).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('a unit held by another checkout', () => {
  it('shows the other shopper when it may be back, not Out of Stock', async () => {
    const first = await openPage(browser, { viewport: PHONE });
    const product = (await products()).find((p) => p.stock >= 1 && p.stock <= 5 && !p.finalSale)!;
    await addFromPage(first.page, product, product.stock);
    await first.page.goto(`${store.url}/checkout`);
    await ready(first.page);
    await fillCheckoutForm(first.page, TORONTO_SHOPPER);
    await first.page.getByRole('button', { name: 'Continue to Payment' }).click();
    await first.page.waitForURL(/\/pay\/ORD-/);

    const second = await openPage(browser, { viewport: PHONE });
    await second.page.goto(`${store.url}/products/${product.slug}`);
    await ready(second.page);
    const label = second.page.getByTestId('stock-label');
    expect(await label.textContent()).toMatch(
      /^In another shopper’s cart — may be back by \d{1,2}:\d{2}\s?[ap]\.m\.$/,
    );
    expect(await axeProblems(second.page, 'product page, held unit')).toEqual([]);
    // In French, with the time written the French way ('15 h 40').
    await second.page.goto(`${store.url}/fr/products/${product.slug}`);
    await ready(second.page);
    expect(await second.page.getByTestId('stock-label').textContent()).toMatch(
      /^Dans le panier d’un autre client — peut-être de retour vers \d{1,2}\s?h\s?\d{2}$/,
    );
    expect(await axeProblems(second.page, 'French product page, held unit')).toEqual([]);
    expect(first.consoleErrors).toEqual([]);
    expect(second.consoleErrors).toEqual([]);
    await first.context.close();
    await second.context.close();
  });
});
