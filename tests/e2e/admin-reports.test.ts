// The administrator's reports in real Chromium against the built store: a guest pays for an order, the
// administrator opens Reports, sees it in the last 30 days (figures, chart, table), changes the range and
// the grouping, downloads the tax report's CSV through its link, and opens the Audit Log; axe on both.
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '~/shared/schemas/catalog';
import { axeProblems, headingOrderProblems } from './a11y';
import { guestPurchase } from './guest-purchase';
import { ADMIN, launchBrowser, openPage, type Store, startStore, type TrackedPage } from './harness';
import { signInToAdmin } from './admin-session';

let store: Store;
let browser: Browser;
let admin: TrackedPage;

const DESKTOP = { width: 1280, height: 900 };

beforeAll(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
});
afterAll(async () => {
  await admin?.context.close();
  await browser?.close();
  await store?.stop();
});

/** A guest buys one unit through the real cart, checkout (Ontario, standard shipping) and payment page. */
async function buySomething(): Promise<void> {
  const all = (await (await fetch(`${store.url}/api/products?inStock=true&limit=100`)).json()) as Product[];
  const product = all.find((p) => p.stock >= 1 && !p.finalSale);
  if (!product) throw new Error('The demo catalogue has no product in stock');
  await guestPurchase(browser, store.url, product, {
    firstName: 'Rita',
    lastName: 'Report',
    email: 'rita.report@example.com',
  });
}

describe('Reports and the audit log', () => {
  it('shows a paid order in the reports, by day and by week, and downloads the tax CSV', async () => {
    await buySomething();
    admin = await openPage(browser, { viewport: DESKTOP, allowConsole: [/status of 401/] });
    const { page, consoleErrors } = admin;
    await signInToAdmin(page, store.url, ADMIN, '/admin/reports', /^Reports$/);

    // The last 30 days by default: the order paid a moment ago, a bar and a row per day.
    await expect.poll(() => page.getByTestId('report-orders').textContent()).toBe('1');
    await page.getByRole('img', { name: /^Net per day, / }).waitFor();
    expect(await page.getByTestId('period-row').count()).toBe(30);
    expect(await page.getByTestId('chart-bar').count()).toBe(30);
    await page.getByTestId('product-row').first().waitFor();

    const problems = [
      ...(await axeProblems(page, 'reports')),
      ...(await headingOrderProblems(page, 'reports')),
    ];

    // A shorter range, then by week.
    await page.getByRole('button', { name: 'Last 7 days' }).click();
    await expect.poll(() => page.getByTestId('period-row').count()).toBe(7);
    await page.getByLabel('Group by').selectOption('week');
    await page.getByRole('img', { name: /^Net per week, / }).waitFor();
    // Seven days are one week (Monday to Sunday) or parts of two.
    await expect.poll(async () => [1, 2].includes(await page.getByTestId('period-row').count())).toBe(true);
    expect(await page.getByTestId('report-orders').textContent()).toBe('1');

    // A start after the end is named, and the figures of the last good range stay.
    const to = await page.getByLabel('To', { exact: true }).inputValue();
    await page.getByLabel('From', { exact: true }).fill(`${Number(to.slice(0, 4)) + 1}${to.slice(4)}`);
    await page.getByText('The start date must be on or before the end date.').waitFor();
    await page.getByRole('button', { name: 'Last 30 days' }).click();
    await expect.poll(() => page.getByTestId('period-row').count()).toBe(30);

    // The tax report through its link, as the browser saves it.
    const link = page.getByRole('link', { name: 'Download tax report (CSV)' });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^taxes-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(csv[0]).toBe(
      'Province,Tax,Rate (%),Orders,Taxable sales,Tax collected,Refunded taxable sales,Tax refunded,Net taxable sales,Net tax',
    );
    expect(csv[1]).toMatch(/^ON,HST,13,1,\d+\.\d{2},\d+\.\d{2},0\.00,0\.00,\d+\.\d{2},\d+\.\d{2}$/);

    expect(problems).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('opens the audit log with its filters', async () => {
    const { page, consoleErrors } = admin;
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Audit Log', exact: true })
      .click();
    await page.getByRole('heading', { name: 'Audit Log', exact: true }).waitFor();
    await page.getByRole('searchbox', { name: 'Search the audit log' }).waitFor();
    await page
      .getByText(/No changes have been recorded yet\.|Showing /)
      .first()
      .waitFor();
    const problems = [
      ...(await axeProblems(page, 'audit log')),
      ...(await headingOrderProblems(page, 'audit log')),
    ];
    expect(problems).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
