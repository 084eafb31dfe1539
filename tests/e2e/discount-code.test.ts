// A shopper applies a discount code at checkout (docs/decisions/0551-discount-code-at-checkout.md): a
// code that does not exist is refused under the field, a real one becomes its own line in the summary,
// the order is paid and the confirmation shows the code's line. axe on every page visited.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '~/shared/schemas/catalog';
import { axeProblems } from './a11y';
import { sessionCookie } from './admin-session';
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

const DESKTOP = { width: 1280, height: 900 };

async function ready(page: Page) {
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
  await page.waitForLoadState('networkidle');
}

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

describe('a discount code at checkout', () => {
  it('refuses an unknown code, applies a real one as its own line, and the paid order shows it', async () => {
    const cookie = await sessionCookie(store.url);
    const created = await fetch(`${store.url}/api/admin/discount-codes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: store.url, cookie },
      body: JSON.stringify({
        code: 'JOURNEY10',
        kind: 'percent',
        percentage: 10,
        combinesWithDaily: true,
        combinesWithCategory: true,
      }),
    });
    expect(created.status).toBe(201);
    const products = (await (
      await fetch(`${store.url}/api/products?inStock=true&limit=100`)
    ).json()) as Product[];
    const product = products.find((p) => p.stock >= 1 && !p.finalSale)!;

    // Chromium reports the refused code's 400 on the console; every other failed request is counted.
    const { page, context, consoleErrors } = await openPage(browser, {
      viewport: DESKTOP,
      allowConsole: [/^Failed to load resource: the server responded with a status of 400/],
    });
    const failed: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${new URL(r.url()).pathname}`);
    });
    await page.goto(`${store.url}/products/${product.slug}`);
    await ready(page);
    await page.getByRole('button', { name: `Add to Cart: ${product.name}` }).click();
    await page.getByRole('dialog', { name: 'Item Added to Cart' }).waitFor();
    await page.keyboard.press('Escape');
    await page.goto(`${store.url}/checkout`);
    await ready(page);
    await fillCheckoutForm(page, TORONTO_SHOPPER);

    const field = page.getByLabel('Discount code');
    await field.fill('NOSUCHCODE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('This discount code does not exist.').waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await axeProblems(page, 'checkout, code refused')).toEqual([]);

    await field.fill('journey10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByTestId('summary-code').waitFor();
    // One unit at today's price; the code's 10% of it rounded half up; standard 5.99; HST 13% of
    // (goods - code + 5.99) rounded half up.
    const goods = Math.round(Number(product.discountedPrice) * 100);
    const code = Math.floor((goods * 10 + 50) / 100);
    const taxable = goods - code + 599;
    const total = taxable + Math.floor((taxable * 13 + 50) / 100);
    expect(await page.getByTestId('summary-code').textContent()).toBe(`-${money(code)}`);
    expect(await page.getByTestId('summary-total').textContent()).toContain(money(total));
    expect(await axeProblems(page, 'checkout, code applied')).toEqual([]);

    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.waitForURL(/\/pay\/ORD-/);
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.getByRole('heading', { name: 'Order Confirmed!' }).waitFor();
    await page.getByText('Discount code JOURNEY10').waitFor();
    expect(await page.getByTestId('confirmation-code').textContent()).toBe(`-${money(code)}`);
    expect(await page.getByTestId('confirmation-total').textContent()).toContain(money(total));
    expect(await axeProblems(page, 'confirmation with a code')).toEqual([]);
    expect(consoleErrors).toEqual([]);
    expect(failed).toEqual(['400 /api/cart/quote']);
    await context.close();
  });
});
