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

describe('home page', () => {
  it('arrives server-rendered with the demo categories and products', async () => {
    const res = await fetch(`${store.url}/`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Shop by Category');
    expect(html).toContain('Electronics');
    expect(html).toContain('data-testid="product-card"');
    expect(html).toContain('Today&#x27;s Deals');
    // A guest's page: a CDN may keep it a minute (docs/decisions/0141-cdn-caching-and-private-answers.md),
    // and it travels compressed (fetch undoes it).
    expect(res.headers.get('cache-control')).toBe(
      'public, max-age=0, s-maxage=60, stale-while-revalidate=30',
    );
    expect(res.headers.get('content-encoding')).toBe('br');
  });

  it('serves hashed assets with a long cache lifetime', async () => {
    const html = await (await fetch(`${store.url}/`)).text();
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const res = await fetch(`${store.url}${asset}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
    // The brotli copy written by the build (scripts/compress-assets.mjs).
    expect(res.headers.get('content-encoding')).toBe('br');
  });

  it('hydrates without console errors, and the header search goes to the listing', async () => {
    const { page, consoleErrors, context } = await openPage(browser);
    await page.goto(store.url);
    await page.getByRole('heading', { name: 'Shop by Category' }).waitFor();
    // Nothing is searched while the box is blank.
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByLabel('Search products').fill('monitor');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/products' && u.searchParams.get('search') === 'monitor');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('hydrates from the data in the HTML: the browser asks the API for nothing', async () => {
    const { page, consoleErrors, context } = await openPage(browser);
    const apiRequests: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/'))
        apiRequests.push(`${request.method()} ${url.pathname}${url.search}`);
    });
    await page.goto(store.url);
    // The newsletter popup opens 5 s after the page has hydrated, with the variant from the site configuration
    // the HTML carried (it used to fetch /api/site-config after mounting).
    await page.getByTestId('newsletter-popup').waitFor();
    expect(apiRequests).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('is clean to axe, and the check every journey uses reports what a page gets wrong', async () => {
    const { page, consoleErrors, context } = await openPage(browser);
    await page.goto(store.url);
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    expect(await axeProblems(page, 'home')).toEqual([]);
    // A picture without a text alternative (critical) and a button whose name is not its visible text
    // (serious, one of the experimental rules the check turns on): both are reported, by rule.
    await page.evaluate(() => {
      const main = document.querySelector('main')!;
      main.insertAdjacentHTML(
        'beforeend',
        '<img src="/favicon.svg" width="10" height="10"><button type="button" aria-label="Close">Open the menu</button>',
      );
    });
    const problems = await axeProblems(page, 'home, broken');
    expect(problems).toEqual([
      expect.stringMatching(/^home, broken: critical image-alt /),
      expect.stringMatching(/^home, broken: serious label-content-name-mismatch /),
    ]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('shows the 404 screen with status 404 for an unknown path', async () => {
    // Chromium logs the page's own 404 answer; nothing else may be logged.
    const { page, consoleErrors, context } = await openPage(browser, { allowConsole: [/status of 404/] });
    const response = await page.goto(`${store.url}/this/does/not/exist`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
