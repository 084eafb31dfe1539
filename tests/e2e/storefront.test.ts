// The shopper's journey before checkout, in real Chromium against the built store with its demo
// catalogue: categories, filters, sort, search, product page, cart limits, reload and a second tab.
import type { Browser, Page } from 'playwright-core';
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

const DESKTOP = { width: 1280, height: 900 };
const dollars = (text: string) => Number(text.replace(/[$,]/g, ''));

/** The prices of the cards on screen, once the listing has loaded. */
async function cardPrices(page: Page): Promise<number[]> {
  await page.getByTestId('result-count').or(page.getByTestId('empty-listing')).waitFor();
  return (await page.getByTestId('product-card').getByTestId('price').allTextContents()).map(dollars);
}

async function waitForQuery(page: Page, check: (params: URLSearchParams) => boolean) {
  await page.waitForURL((u) => check(u.searchParams));
}

describe('storefront', () => {
  it('browses a category, filters by price and stock, sorts, and the back button returns', async () => {
    const { page, context, consoleErrors } = await openPage(browser, { viewport: DESKTOP });
    await page.goto(`${store.url}/categories`);
    await page.getByRole('heading', { level: 1, name: 'Shop by Category' }).waitFor();
    await page.getByTestId('category-tile').filter({ hasText: 'Electronics' }).click();
    await page.waitForURL(`${store.url}/categories/electronics`);
    await page.getByRole('heading', { level: 1, name: 'Electronics' }).waitFor();
    const all = await cardPrices(page);
    expect(all.length).toBeGreaterThan(3);
    // The demo's soundbar is sold out: shown by default, with Add to Cart disabled.
    const soldOut = page.getByTestId('product-card').filter({ hasText: 'Out of Stock' });
    const soldOutCount = await soldOut.count();
    expect(soldOutCount).toBeGreaterThan(0);
    expect(await soldOut.first().getByRole('button', { name: 'Add to Cart' }).isDisabled()).toBe(true);

    const filters = page.getByRole('complementary', { name: 'Filters' });
    await filters.getByLabel('Show out of stock items').uncheck();
    await waitForQuery(page, (p) => p.get('inStock') === 'true');
    await expect.poll(async () => (await cardPrices(page)).length).toBe(all.length - soldOutCount);
    expect(await page.getByTestId('product-card').filter({ hasText: 'Out of Stock' }).count()).toBe(0);

    await filters.getByLabel('Max price').fill('100');
    await filters.getByLabel('Max price').press('Enter');
    await waitForQuery(page, (p) => p.get('maxPrice') === '100');
    await expect.poll(async () => (await cardPrices(page)).every((p) => p <= 100)).toBe(true);
    const cheap = await cardPrices(page);
    expect(cheap.length).toBeGreaterThan(0);
    expect(cheap.length).toBeLessThan(all.length);

    await page.getByLabel('Sort by').selectOption({ label: 'Price: Low to High' });
    await waitForQuery(page, (p) => p.get('sort') === 'price-low');
    await expect
      .poll(async () => {
        const prices = await cardPrices(page);
        return prices.length === cheap.length && prices.every((p, i) => i === 0 || prices[i - 1]! <= p);
      })
      .toBe(true);
    await page.getByLabel('Sort by').selectOption({ label: 'Price: High to Low' });
    await waitForQuery(page, (p) => p.get('sort') === 'price-high');
    await expect
      .poll(async () => {
        const prices = await cardPrices(page);
        return prices.length === cheap.length && prices.every((p, i) => i === 0 || prices[i - 1]! >= p);
      })
      .toBe(true);

    // The listing is in the URL: back returns to the previous sort, a shared link shows the same list.
    await page.goBack();
    await waitForQuery(page, (p) => p.get('sort') === 'price-low');
    await expect.poll(() => page.getByLabel('Sort by').inputValue()).toBe('price-low');
    const shared = await fetch(page.url());
    const html = await shared.text();
    expect(shared.status).toBe(200);
    expect(html).toContain('data-testid="product-card"');
    expect(html).toContain(`<link rel="canonical" href="${store.url}/categories/electronics">`);

    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('finds a product despite a typo in the search', async () => {
    const { page, context, consoleErrors } = await openPage(browser, { viewport: DESKTOP });
    await page.goto(`${store.url}/products`);
    await page.getByRole('heading', { level: 1, name: 'All Products' }).waitFor();
    const search = page.getByRole('search', { name: 'Search the catalogue' });
    expect(await search.getByRole('button', { name: 'Search' }).isDisabled()).toBe(true);
    await search.getByRole('searchbox').fill('monitr');
    await search.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((u) => u.pathname === '/categories' && u.searchParams.get('search') === 'monitr');
    await page.getByRole('heading', { level: 1, name: 'Search results for "monitr"' }).waitFor();
    await page.getByTestId('result-count').waitFor();
    const names = await page.getByTestId('product-card').locator('h3').allTextContents();
    expect(names[0]).toContain('Monitor');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('adds a product up to its stock, changes quantities in the cart, keeps it on reload and in a second tab', async () => {
    const { page, context, consoleErrors } = await openPage(browser, { viewport: DESKTOP });
    await page.goto(`${store.url}/categories/electronics`);
    await page
      .getByTestId('product-card')
      .filter({ hasText: '27" 4K Monitor' })
      .getByRole('link')
      .first()
      .click();
    await page.waitForURL((u) => u.pathname.startsWith('/products/'));
    const productUrl = page.url();
    await page.getByRole('heading', { level: 1, name: /27" 4K Monitor/ }).waitFor();

    // The page for search engines: canonical, Open Graph and the Product offer (3 in stock: limited).
    const html = await (await fetch(productUrl)).text();
    expect(html).toContain(`<link rel="canonical" href="${productUrl}">`);
    expect(html).toContain('<meta property="og:type" content="product">');
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!);
    expect(ld).toMatchObject({
      '@type': 'Product',
      offers: { priceCurrency: 'CAD', availability: 'https://schema.org/LimitedAvailability' },
    });

    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await crumbs.getByRole('link').allTextContents()).toEqual(['Home', 'Products', 'Electronics']);
    const plus = page.getByRole('button', { name: 'Increase quantity' });
    await plus.click();
    await plus.click();
    expect(await page.getByRole('spinbutton', { name: 'Quantity' }).inputValue()).toBe('3');
    expect(await plus.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    const dialog = page.getByRole('dialog', { name: 'Item Added to Cart' });
    await dialog.getByText(/has been added to your cart\./).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByTestId('cart-badge').textContent()).toBe('3');
    // The cart holds all 3: nothing more can be added.
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    const toast = page.getByTestId('toast');
    await toast.getByText('Maximum Stock Reached').waitFor();
    expect(await toast.textContent()).toContain('You already have 3 in your cart. Only 0 more available.');

    // The cart page: minus, typed quantities and the stock limit.
    await page.getByRole('link', { name: /^Cart/ }).click();
    await page.waitForURL(`${store.url}/cart`);
    const row = page.getByTestId('cart-row');
    await row.waitFor();
    const quantity = row.getByRole('textbox', { name: /Quantity of/ });
    expect(await quantity.inputValue()).toBe('3');
    await row.getByRole('button', { name: /Decrease quantity/ }).click();
    await expect.poll(() => quantity.inputValue()).toBe('2');
    expect(await page.getByTestId('cart-badge').textContent()).toBe('2');
    const lineTotal = dollars((await row.getByTestId('line-total').textContent()) ?? '');
    expect(await page.getByTestId('summary-subtotal').textContent()).toBe(`$${lineTotal.toFixed(2)}`);
    await quantity.fill('9');
    await quantity.press('Enter');
    await toast.getByText('Limited Stock Available').waitFor();
    expect(await toast.textContent()).toContain(
      'You can only add 1 more of this item (2 already in cart, total stock: 3).',
    );
    expect(await quantity.inputValue()).toBe('2');
    await page.getByLabel('Special Instructions').fill('Please call on arrival');

    // Reload: the cart is still there.
    await page.reload();
    await page.getByTestId('cart-row').waitFor();
    expect(await page.getByTestId('cart-row').getByRole('textbox').inputValue()).toBe('2');
    expect(await page.getByLabel('Special Instructions').inputValue()).toBe('Please call on arrival');

    // A second tab sees the same cart, and changes in it reach the first tab.
    const second = await context.newPage();
    second.on('console', (msg) => {
      if (msg.type() === 'error') consoleErrors.push(msg.text());
    });
    await second.goto(`${store.url}/cart`);
    const secondRow = second.getByTestId('cart-row');
    await secondRow.waitFor();
    expect(await secondRow.getByRole('textbox').inputValue()).toBe('2');
    await secondRow.getByRole('button', { name: /Increase quantity/ }).click();
    await expect.poll(() => page.getByTestId('cart-row').getByRole('textbox').inputValue()).toBe('3');
    expect(await page.getByTestId('cart-badge').textContent()).toBe('3');
    await secondRow.getByRole('button', { name: /^Remove/ }).click();
    await page.getByRole('heading', { name: 'Your cart is empty' }).waitFor();
    expect(await page.getByTestId('cart-badge').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Proceed to Checkout' }).isDisabled()).toBe(true);

    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('keeps the page of a sold-out lot, marked out of stock', async () => {
    const found = (await (await fetch(`${store.url}/api/products/search?q=soundbar`)).json()) as {
      slug: string;
      stock: number;
    }[];
    const soldOut = found.find((p) => p.stock === 0)!;
    const res = await fetch(`${store.url}/products/${soldOut.slug}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('"availability":"https://schema.org/OutOfStock"');
    expect(html).toContain('Out of Stock');
    const { page, context, consoleErrors } = await openPage(browser);
    await page.goto(`${store.url}/products/${soldOut.slug}`);
    await page.getByTestId('stock-label').waitFor();
    expect(await page.getByRole('button', { name: 'Add to Cart' }).isDisabled()).toBe(true);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("answers an unknown product with 'Product not found' and status 404", async () => {
    // Chromium reports the page's own 404 on the console; any other failed request is still an error.
    const { page, context, consoleErrors } = await openPage(browser, {
      allowConsole: [/^Failed to load resource: the server responded with a status of 404/],
    });
    const failed: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${new URL(r.url()).pathname}`);
    });
    const response = await page.goto(`${store.url}/products/no-such-lot-anywhere`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Product not found' }).waitFor();
    expect(await page.title()).toContain('Product not found');
    // The browser takes the server's answer as it is: no second look-up of the missing product.
    await page.getByRole('link', { name: 'Continue Shopping' }).click();
    await page.getByRole('heading', { level: 1, name: 'All Products' }).waitFor();
    expect(failed).toEqual(['404 /products/no-such-lot-anywhere']);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
