// A supplier manifest in real Chromium against the built store
// (docs/decisions/0461-manifest-intake-a-shop-can-trust.md): the file's first rows and first drafts are
// shown before anything is created; the title guess is the description, not the item code; a wrong
// mapping chosen anyway makes drafts named after their codes, and the corrected mapping, with "make the
// drafts again", renames them in place; every draft is then selected at once and sent to be published.
// axe-core checks the mapping step.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeProblems } from './a11y';
import { sessionCookie, signInToAdmin } from './admin-session';
import { ADMIN, launchBrowser, openPage, type Store, startStore } from './harness';

let store: Store;
let browser: Browser;
const REFERENCE = 'WM-77';

const MANIFEST = [
  'Item #,Item Description,UPC,Qty,Unit Retail,Condition',
  'WM100001,Cordless Drill 20V,012345678905,2,$89.99,Customer Return',
  'WM100002,Oak Side Table,036000291452,1,$120.00,Shelf Pull',
  'WM100003,Toaster 4-slice,,1,$45.00,Uninspected',
].join('\r\n');

beforeAll(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
  const cookie = await sessionCookie(store.url);
  const res = await fetch(`${store.url}/api/admin/loads`, {
    method: 'POST',
    headers: { origin: store.url, cookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      supplier: 'Manifest Journey Wholesale',
      receivedOn: '2026-11-20',
      reference: REFERENCE,
      totalCost: '150.00',
    }),
  });
  if (!res.ok) throw new Error(`load: ${res.status} ${await res.text()}`);
});
afterAll(async () => {
  await browser?.close();
  await store?.stop();
});

/** The titles of the drafts in the preview's "First drafts" table. */
const previewTitles = (page: Page) =>
  page
    .getByRole('region', { name: 'First drafts' })
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => r.querySelectorAll('td')[1]?.textContent ?? ''));

/** The titles in the load's lot table. */
const lotTitles = (page: Page) =>
  page
    .getByRole('checkbox', { name: /^Select WM-77-/ })
    .evaluateAll((boxes) =>
      boxes.map((b) => b.closest('tr')?.querySelectorAll('td')[3]?.textContent ?? '').sort(),
    );

describe('manifest intake', () => {
  it('previews the mapping, drafts with a wrong one, re-maps with the right one, and selects all drafts', async () => {
    const { page, context, consoleErrors } = await openPage(browser, {
      viewport: { width: 1366, height: 900 },
      allowConsole: [/status of 401/],
    });
    await signInToAdmin(page, store.url, ADMIN, '/admin/loads');
    const row = page.getByRole('row').filter({ hasText: REFERENCE });
    await row.getByRole('button', { name: 'Open' }).click();
    const file = { name: 'manifest.csv', mimeType: 'text/csv', buffer: Buffer.from(MANIFEST) };
    await page.getByLabel('Manifest CSV').setInputFiles(file);
    await page.getByRole('button', { name: 'Read columns' }).click();

    // The file's first rows under their columns, and the title guessed from the description.
    const sample = page.getByRole('region', { name: 'First rows of the file' });
    await sample.getByText('WM100001').waitFor();
    expect(await sample.getByRole('columnheader').allTextContents()).toEqual([
      'Item #',
      'Item Description',
      'UPC',
      'Qty',
      'Unit Retail',
      'Condition',
    ]);
    const title = page.getByRole('combobox', { name: 'Title', exact: true });
    expect(await title.inputValue()).toBe('Item Description');
    expect(await previewTitles(page)).toEqual(['Cordless Drill 20V', 'Oak Side Table', 'Toaster 4-slice']);
    expect(await axeProblems(page, 'Manifest mapping')).toEqual([]);

    // The item code chosen as the title: the preview shows it before anything is created.
    await title.selectOption('Item #');
    await expect.poll(() => previewTitles(page)).toEqual(['WM100001', 'WM100002', 'WM100003']);
    await page.getByRole('button', { name: 'Create drafts' }).click();
    await page.getByRole('status').filter({ hasText: '3 drafts created' }).waitFor();
    await expect.poll(() => lotTitles(page)).toEqual(['WM100001', 'WM100002', 'WM100003']);

    // Read again: the supplier's saved (wrong) mapping is filled in; corrected, the drafts are made again.
    await page.getByRole('button', { name: 'Read columns' }).click();
    await page.getByRole('region', { name: 'First drafts' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Title', exact: true }).inputValue()).toBe('Item #');
    await page.getByRole('combobox', { name: 'Title', exact: true }).selectOption('Item Description');
    await expect
      .poll(() => previewTitles(page))
      .toEqual(['Cordless Drill 20V', 'Oak Side Table', 'Toaster 4-slice']);
    await page.getByLabel("Make this load's unpublished drafts again with this mapping").check();
    await page.getByRole('button', { name: 'Create drafts' }).click();
    await page.getByRole('status').filter({ hasText: '3 made again' }).waitFor();
    await expect
      .poll(() => lotTitles(page))
      .toEqual(['Cordless Drill 20V', 'Oak Side Table', 'Toaster 4-slice']);

    // Every draft at once, sent to be published together; a lot needs its picture first, and each says so.
    await page.getByRole('checkbox', { name: 'Select all drafts' }).check();
    for (const n of [2, 3, 4])
      expect(await page.getByRole('checkbox', { name: `Select ${REFERENCE}-${n}` }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Publish selected' }).click();
    const refused = page.getByRole('status').filter({ hasText: 'add a picture before publishing' });
    await refused.waitFor();
    expect((await refused.getByRole('listitem').allTextContents()).sort()).toEqual([
      `${REFERENCE}-2: add a picture before publishing.`,
      `${REFERENCE}-3: add a picture before publishing.`,
      `${REFERENCE}-4: add a picture before publishing.`,
    ]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
