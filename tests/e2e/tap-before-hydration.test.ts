// No tap is lost (docs/decisions/0146-no-tap-is-lost.md): on a slow phone (CPU throttled 4x) a shopper
// taps 'Add to Cart' as soon as the button is painted, before the page has hydrated, and the tap is
// carried out once it has: the cart badge and the toast appear. The page's scripts are held back until
// the tap is made, so "before hydration" is certain rather than a race with a fast machine.
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/** Throttles the CPU 4x and holds every script until `release` is called. */
async function slowPhone(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const held: Route[] = [];
  let released = false;
  await page.route(/\/assets\/.*\.js$/, (route) => {
    if (released) return route.continue();
    held.push(route);
  });
  return {
    release: async () => {
      released = true;
      // A route held for a page that was left since is gone: nothing to continue.
      await Promise.all(held.splice(0).map((r) => r.continue().catch(() => {})));
    },
  };
}

const isHydrated = (page: Page) => page.evaluate(() => document.documentElement.dataset.hydrated === 'true');

describe('taps before hydration', () => {
  it("carries out an 'Add to Cart' tapped on the home page before it hydrated", async () => {
    const { page, consoleErrors, context } = await openPage(browser);
    const phone = await slowPhone(page);
    await page.goto(store.url, { waitUntil: 'commit' });
    const button = page.locator('[data-testid="product-card"] button:enabled', { hasText: /Add/ }).first();
    await button.waitFor();
    await button.click();
    expect(await isHydrated(page)).toBe(false);
    await phone.release();
    await page.waitForSelector('html[data-hydrated]');
    await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('1');
    await expect
      .poll(async () => (await page.getByTestId('toast').allTextContents()).join(' '))
      .toContain('Added to cart');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('carries out the quantity stepper and Add to Cart tapped on a product page before it hydrated', async () => {
    const products = (await (await fetch(`${store.url}/api/products?limit=20`)).json()) as {
      slug: string;
      stock: number;
    }[];
    const product = products.find((p) => p.stock >= 3)!;
    const { page, consoleErrors, context } = await openPage(browser);
    const phone = await slowPhone(page);
    await page.goto(`${store.url}/products/${product.slug}`, { waitUntil: 'commit' });
    const more = page.getByRole('button', { name: 'Increase quantity' });
    await more.waitFor();
    await more.click();
    // The page's own button comes first; related products' cards follow.
    await page
      .getByRole('button', { name: /^Add\b.*cart/i })
      .first()
      .click();
    expect(await isHydrated(page)).toBe(false);
    await phone.release();
    await page.waitForSelector('html[data-hydrated]');
    // 1 + one tap on '+' = 2 units in one Add to Cart.
    await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('2');
    await page.getByRole('dialog', { name: 'Item Added to Cart' }).waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('submits the header search before hydration as a plain form the server answers', async () => {
    const { page, consoleErrors, context } = await openPage(browser);
    const phone = await slowPhone(page);
    await page.goto(store.url, { waitUntil: 'commit' });
    const box = page.getByLabel('Search products');
    await box.waitFor();
    await box.fill('monitor');
    await box.press('Enter');
    // 'commit': the new page's scripts are held too, so it never reaches 'load' before the release.
    await page.waitForURL((u) => u.pathname === '/products' && u.searchParams.get('search') === 'monitor', {
      waitUntil: 'commit',
    });
    await phone.release();
    await page.waitForSelector('html[data-hydrated]');
    await page.getByTestId('product-card').first().waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
