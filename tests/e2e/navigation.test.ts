// Moving between pages in the browser (docs/decisions/0592-declarative-routes-in-the-browser.md): React
// Router's declarative routes with the store's route loaders. A link starts the next page's data while
// the page's code is still downloading, with a bar saying the page is loading (the language switcher
// meanwhile leads to that page in the other language); a new page opens at its top and Back returns to
// where the shopper was; a page whose code cannot be downloaded is loaded afresh from the server, and a
// part of the layout whose code cannot be downloaded says the page could not be shown, with a way to reload.
import type { Browser, Page, Route } from 'playwright-core';
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

const hydrated = (page: Page) => page.waitForSelector('html[data-hydrated]');
const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

describe('navigating between pages', () => {
  it("starts the next page's data while its code is still downloading", async () => {
    const { page, consoleErrors, context } = await openPage(browser, {
      viewport: { width: 1280, height: 800 },
    });
    await page.goto(store.url);
    await hydrated(page);
    const held: Route[] = [];
    await page.route(/\/assets\/product-listing-page-[^/]+\.js$/, (route) => {
      held.push(route);
    });
    const dealsRequested = page.waitForRequest((request) => {
      const url = new URL(request.url());
      return url.pathname === '/api/products' && url.searchParams.get('daily') === 'true';
    });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Daily Deals' }).click();
    await dealsRequested;
    await expect.poll(() => held.length).toBeGreaterThan(0);
    // The code is still held back: the home page stays on screen meanwhile, and a bar across the top
    // says the next page is loading.
    expect(await page.getByTestId('result-count').count()).toBe(0);
    const loading = page.getByRole('progressbar', { name: 'Loading the page' });
    await loading.waitFor();
    expect(await axeProblems(page, 'home, the next page loading')).toEqual([]);
    await Promise.all(held.map((route) => route.continue()));
    await page.unroute(/\/assets\/product-listing-page-[^/]+\.js$/);
    await page.getByTestId('result-count').waitFor();
    expect(await loading.count()).toBe(0);
    expect(new URL(page.url()).search).toBe('?daily=true');
    expect(await axeProblems(page, 'daily deals')).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('switches language to the page the shopper asked for, even while its code is still downloading', async () => {
    const { page, consoleErrors, context } = await openPage(browser, {
      viewport: { width: 1280, height: 800 },
    });
    await page.goto(`${store.url}/fr/`);
    await hydrated(page);
    // The French page's request for the categories page's code is held back; the English page's is not.
    let requested = 0;
    await page.route(/\/assets\/categories-page-[^/]+\.js$/, (route) => {
      if (requested++ > 0) return route.continue();
    });
    await page
      .getByRole('navigation', { name: 'Principale' })
      .getByRole('link', { name: 'Catégories' })
      .click();
    await page.waitForURL(`${store.url}/fr/categories`);
    await expect.poll(() => requested).toBe(1);
    // The French home is still on screen; the address is the categories page's, and so is the switch.
    expect(await page.getByRole('heading', { level: 1 }).textContent()).not.toBe('Magasiner par catégorie');
    await page.getByRole('banner').getByTestId('language-switcher').click();
    await page.waitForURL(`${store.url}/categories`);
    await hydrated(page);
    expect(await page.getAttribute('html', 'lang')).toBe('en-CA');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('opens a new page at its top, and Back returns to where the shopper was', async () => {
    const { page, consoleErrors, context } = await openPage(browser);
    await page.goto(`${store.url}/products`);
    await hydrated(page);
    const card = page.getByTestId('product-card').nth(7);
    await card.scrollIntoViewIfNeeded();
    const listingY = await scrollY(page);
    expect(listingY).toBeGreaterThan(500);
    const name = (await card.getByRole('heading').textContent())!.trim();
    await card.getByRole('heading').getByRole('link').click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    expect(await scrollY(page)).toBe(0);
    await page.goBack();
    await page.getByTestId('result-count').waitFor();
    // Where the shopper was, to a few pixels: a late picture or font above the card can move the page
    // (the browser keeps the card in place) after the position was read here.
    await expect.poll(async () => Math.abs((await scrollY(page)) - listingY)).toBeLessThanOrEqual(16);
    await page.goForward();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await expect.poll(() => scrollY(page)).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('loads a page afresh from the server when its code cannot be downloaded (a new release replaced it)', async () => {
    const { page, consoleErrors, context } = await openPage(browser, {
      allowConsole: [/Failed to load resource/, /Failed to fetch dynamically imported module/],
    });
    await page.goto(store.url);
    await hydrated(page);
    let refused = 0;
    await page.route(/\/assets\/product-detail-page-[^/]+\.js$/, (route) => {
      if (refused++ === 0) return route.abort();
      return route.continue();
    });
    await page.evaluate(() => {
      (window as { sameDocument?: boolean }).sameDocument = true;
    });
    const card = page.getByTestId('product-card').first();
    const name = (await card.getByRole('heading').textContent())!.trim();
    await card.getByRole('heading').getByRole('link').click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await hydrated(page);
    expect(refused).toBe(2);
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBeUndefined();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("says the page could not be shown, with a way to reload, when the header's code cannot be downloaded", async () => {
    const { page, consoleErrors, context } = await openPage(browser, {
      allowConsole: [/Failed to load resource/, /Failed to fetch dynamically imported module/],
    });
    // The phone menu's panel is fetched right after hydration; here its file is refused.
    await page.route(/\/assets\/phone-menu-panel-[^/]+\.js$/, (route) => route.abort());
    await page.goto(store.url);
    await hydrated(page);
    await page.getByRole('heading', { level: 1, name: 'This page could not be shown' }).waitFor();
    expect(await page.getByRole('alert').textContent()).toContain(
      'Something went wrong on our side. Reload the page to try again.',
    );
    await page.unroute(/\/assets\/phone-menu-panel-[^/]+\.js$/);
    await page.getByRole('button', { name: 'Reload the page' }).click();
    await page.getByRole('button', { name: 'Menu' }).waitFor();
    await hydrated(page);
    expect(await page.getByRole('heading', { name: 'This page could not be shown' }).count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
