// The till (/pos) in real Chromium against the built store, at tablet (1024 x 768) and phone size: the
// administrator signs in, opens a session on a register with a $150.00 float, adds a lot by typing its lot
// label (the keyboard-wedge path; headless Chromium has no camera), takes cash with change, sees the
// receipt's print view (print media: the receipt alone, 80 mm wide), then closes the drawer by counting
// it and gets the Z report. At tablet size the lot comes back first: the receipt's code (also printed
// as a barcode) typed on the Returns tab finds the sale, the lot is refunded and the cash to hand back is
// the cash taken, so the drawer is counted at the float. axe-core checks each screen.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roundCash } from '~/shared/cash-rounding';
import { formatCents, toCents } from '~/shared/money';
import { axeProblems, sideScrollProblems } from './a11y';
import { signInToAdmin } from './admin-session';
import { launchBrowser, openPage, type Store, startStore } from './harness';

let store: Store;
let browser: Browser;
let lots: { lotNumber: string; name: string }[] = [];

beforeAll(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
  const products = (await (await fetch(`${store.url}/api/products?limit=40`)).json()) as {
    lotNumber: string | null;
    name: string;
    stock: number;
  }[];
  lots = products
    .filter((p) => p.lotNumber && p.stock > 0)
    .map((p) => ({ lotNumber: p.lotNumber!, name: p.name }));
  if (lots.length < 2) throw new Error('the seeded store has fewer than two lots with a lot number in stock');
});
afterAll(async () => {
  await browser?.close();
  await store?.stop();
});

const money = (text: string | null) => toCents((text ?? '').replace(/[$,\s]/g, '')) ?? Number.NaN;

async function sellOneLot(
  page: Page,
  lot: { lotNumber: string; name: string },
  sweep: (where: string) => Promise<void>,
) {
  await page.getByLabel(/Lot label, UPC or SKU/).fill(lot.lotNumber);
  await page.keyboard.press('Enter');
  await page.getByTestId('pos-line').filter({ hasText: lot.name }).waitFor();
  await page.getByTestId('pos-total').waitFor();
  await sweep('Till, lot added');

  const total = money(await page.getByTestId('pos-total').textContent());
  // The cash due is the total rounded to 5 cents; tendered: the next $50 above it.
  const due = roundCash(total);
  const tendered = (Math.floor(due / 5000) + 1) * 5000;
  await page.getByLabel('Cash tendered').fill((tendered / 100).toFixed(2));
  expect(await page.getByTestId('cash-due').textContent()).toBe(formatCents(due));
  expect(await page.getByTestId('change-due').textContent()).toBe(formatCents(tendered - due));
  await page.getByRole('button', { name: 'Complete sale' }).click();

  const receipt = page.getByTestId('pos-receipt');
  await receipt.waitFor();
  expect(await receipt.textContent()).toContain(lot.name);
  const code = (await page.getByTestId('receipt-code').textContent()) ?? '';
  expect(code).toMatch(/^ORD-/);
  // The code's barcode loaded (an image that failed has no natural width).
  await expect
    .poll(() => receipt.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
  if (tendered - due > 0)
    expect(await receipt.textContent()).toContain(`Change${formatCents(tendered - due)}`);
  await sweep('Till, receipt');

  // The print view: only the receipt is visible, 72 mm of print on the 80 mm roll.
  await page.emulateMedia({ media: 'print' });
  const printed = await page.evaluate(() => {
    const el = document.querySelector('[data-testid="pos-receipt"]') as HTMLElement;
    const heading = document.querySelector('h1') as HTMLElement;
    return {
      receipt: getComputedStyle(el).visibility,
      heading: getComputedStyle(heading).visibility,
      widthPx: el.getBoundingClientRect().width,
    };
  });
  expect(printed.receipt).toBe('visible');
  expect(printed.heading).toBe('hidden');
  // 72 mm at 96 px per inch: 272 px.
  expect(Math.round(printed.widthPx)).toBe(272);
  await page.emulateMedia({ media: 'screen' });
  await page.getByRole('button', { name: 'New sale' }).click();
  return { due, code };
}

/** Takes the lot back by the receipt's code; returns the cash handed back. */
async function returnLot(page: Page, code: string, name: string, sweep: (where: string) => Promise<void>) {
  await page.getByRole('button', { name: 'Returns' }).click();
  await page.getByLabel('Receipt code').fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Find the sale' }).click();
  const units = page.getByLabel(`Units of ${name} to refund`);
  await units.waitFor();
  await sweep('Till, return found');
  await units.fill('1');
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  const cashBack = page.getByTestId('cash-back');
  await cashBack.waitFor();
  await sweep('Till, refund done');
  const back = money((await cashBack.textContent())?.replace(/^Give back (.*) in cash\.$/, '$1') ?? null);
  await page.getByRole('button', { name: 'Next return' }).click();
  return back;
}

describe.each([
  { name: 'tablet', viewport: { width: 1024, height: 768 }, lot: 0, takeBack: true },
  { name: 'phone', viewport: { width: 390, height: 844 }, lot: 1, takeBack: false },
])('the till on a $name', ({ viewport, lot, takeBack }) => {
  it('opens a session, sells a typed lot for cash with change, prints the receipt and closes with counts', async () => {
    const { page, consoleErrors } = await openPage(browser, { viewport, allowConsole: [/status of 401/] });
    const problems: string[] = [];
    const sweep = async (where: string) =>
      void problems.push(...(await axeProblems(page, where)), ...(await sideScrollProblems(page, where)));

    await signInToAdmin(page, store.url);
    await page.goto(`${store.url}/pos`);
    await page.getByRole('heading', { name: 'Till', exact: true }).waitFor();
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
    await page.getByRole('heading', { name: 'Choose a register' }).waitFor();
    await sweep('Till, choose a register');

    const register = page.getByLabel('Register', { exact: true });
    const options = await register.locator('option:not([disabled])').all();
    // A register with no open session (each viewport's run opens and closes its own).
    for (const option of options) {
      if (!(await option.textContent())?.includes('session open')) {
        await register.selectOption((await option.getAttribute('value'))!);
        break;
      }
    }
    await page.getByLabel(/Opening float/).fill('150.00');
    await page.getByRole('button', { name: 'Open session' }).click();
    await page.getByLabel(/Lot label, UPC or SKU/).waitFor();
    await sweep('Till, session open');

    const sale = await sellOneLot(page, lots[lot]!, sweep);
    // The whole sale refunded: its exact total rounds to the same 5 cents as the cash taken.
    const cashBack = takeBack ? await returnLot(page, sale.code, lots[lot]!.name, sweep) : 0;
    if (takeBack) expect(cashBack).toBe(sale.due);

    // Close: count exactly the float plus the sale's cash less the cash handed back, in $5 notes and
    // 5-cent coins.
    await page.getByRole('button', { name: 'Close session' }).click();
    await page.getByRole('heading', { name: 'Count the drawer' }).waitFor();
    const expectedCents = 15000 + sale.due - cashBack;
    await expect
      .poll(() => page.getByTestId('close-expected').textContent())
      .toBe(formatCents(expectedCents));
    const fives = Math.floor(expectedCents / 500);
    const nickels = (expectedCents - fives * 500) / 5;
    await page.getByLabel(`Count of ${formatCents(500)}`).fill(String(fives));
    await page.getByLabel(`Count of ${formatCents(5)}`).fill(String(nickels));
    expect(await page.getByTestId('close-counted').textContent()).toBe(formatCents(expectedCents));
    expect(await page.getByTestId('close-variance').textContent()).toBe(formatCents(0));
    await sweep('Till, counting');
    await page.getByRole('button', { name: 'Close and print Z report' }).click();
    const report = page.getByTestId('pos-report');
    await report.waitFor();
    expect(await report.textContent()).toContain('Z report');
    expect(await page.getByTestId('report-variance').textContent()).toBe(formatCents(0));
    await sweep('Till, Z report');

    expect(problems).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
