// Phone intake in real Chromium at phone size against the built store (docs/decisions/0330 and 0331): a
// load's manifest makes a draft; a staff user signs in on a 390 x 844 screen, opens the Intake tab, types
// the lot number (headless Chromium has no BarcodeDetector: the typed path a keyboard wedge uses too),
// takes a photo into the lot's pictures through the file input, grades and prices it, shelves it, saves,
// and opens and prints its label. axe-core checks each screen.
import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntakeLookupSchema } from '~/shared/schemas/admin-intake';
import type { z } from 'zod';
import { axeProblems, sideScrollProblems } from './a11y';
import { createStaffUser, sessionCookie, signInToAdmin } from './admin-session';
import { launchBrowser, openPage, type Store, startStore } from './harness';

let store: Store;
let browser: Browser;
let adminCookie: string;

const staff = { username: `grader_${Date.now().toString(36)}`, password: 'grader-pass-e2e-123' };
const REFERENCE = 'IN-42';
// Row 2 of the manifest (the header is row 1): lot IN-42-2.
const LOT = `${REFERENCE}-2`;

async function adminFetch(path: string, init: RequestInit = {}) {
  const res = await fetch(`${store.url}${path}`, {
    ...init,
    headers: { origin: store.url, cookie: adminCookie, ...init.headers },
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

beforeAll(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
  adminCookie = await sessionCookie(store.url);
  await createStaffUser(store.url, adminCookie, staff);
  const load = await adminFetch('/api/admin/loads', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      supplier: 'Intake Journey Liquidators',
      receivedOn: '2026-11-20',
      reference: REFERENCE,
      totalCost: '60.00',
    }),
  });
  const form = new FormData();
  const manifest = 'Title,UPC,Qty,Unit Retail,Condition\nCordless Drill,0123456789012,1,89.99,New\n';
  form.append('file', new Blob([manifest], { type: 'text/csv' }), 'manifest.csv');
  form.append(
    'mapping',
    JSON.stringify({
      title: 'Title',
      upc: 'UPC',
      quantity: 'Qty',
      unitRetail: 'Unit Retail',
      condition: 'Condition',
    }),
  );
  const drafted = await adminFetch(`/api/admin/loads/${load.id}/manifest`, { method: 'POST', body: form });
  if (drafted.created !== 1) throw new Error(`manifest: ${JSON.stringify(drafted)}`);
});
afterAll(async () => {
  await browser?.close();
  await store?.stop();
});

describe('phone intake', () => {
  it('staff find a draft by its typed lot number, photograph, grade, price and shelve it, and open its label', async () => {
    const { page, context, consoleErrors } = await openPage(browser, { allowConsole: [/status of 401/] });
    expect(page.viewportSize()).toEqual({ width: 390, height: 844 });
    const problems: string[] = [];
    const sweep = async (where: string) =>
      problems.push(...(await axeProblems(page, where)), ...(await sideScrollProblems(page, where)));

    await signInToAdmin(page, store.url, staff);
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Intake', exact: true })
      .click();
    await page.waitForURL(`${store.url}/admin/intake`);
    await page.getByRole('heading', { name: 'Intake', exact: true }).waitFor();
    await sweep('Intake');

    // Typed in lower case, as a hurried grader would: lot numbers ignore case (decision 0242).
    await page.getByLabel('Lot number or UPC').fill(LOT.toLowerCase());
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    await page.getByRole('heading', { name: 'Cordless Drill' }).waitFor();
    const details = page.locator('dl');
    expect(await details.textContent()).toContain(`Lot number${LOT}`);
    expect(await details.textContent()).toContain('StatusDraft');
    await page.getByText('No pictures yet.').waitFor();
    await sweep('Intake, draft found');

    // The phone's camera hands the page a JPEG; here the file input is given one made for the test.
    const photo = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: { r: 30, g: 90, b: 160 } },
    })
      .jpeg()
      .toBuffer();
    const input = page.getByLabel('Take photos');
    expect(await input.getAttribute('capture')).toBe('environment');
    await input.setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByRole('status').filter({ hasText: '1 photo added.' }).waitFor();
    const thumbnail = page.getByRole('img', { name: 'Cordless Drill, 1 of 1' });
    await expect
      .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);

    await page.getByLabel('Condition', { exact: true }).selectOption('used-like-new');
    await page.getByLabel(/^Condition notes/).fill('Battery holds a charge; scuff on the grip');
    await page.getByLabel('Price', { exact: true }).fill('34.99');
    await page.getByLabel(/^Shelf location/).fill('B-12');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    expect(await details.textContent()).toContain('ConditionUsed - like new');
    expect(await details.textContent()).toContain('Price$34.99');
    expect(await details.textContent()).toContain('Shelf locationB-12');
    await sweep('Intake, graded');

    // The label: drawn for the saved lot, shown on the page and printed through the print dialog.
    const label = page.getByRole('img', { name: `Lot label for ${LOT}` });
    await expect
      .poll(() => label.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const labelUrl = new URL((await label.getAttribute('src'))!, store.url).href;
    const svg = await (await page.request.get(labelUrl)).text();
    expect(svg).toContain('$34.99');
    expect(svg).toContain('Used - like new');
    await page.evaluate(() => {
      window.print = () => document.body.setAttribute('data-printed', 'yes');
    });
    await page.getByRole('button', { name: 'Print label' }).click();
    expect(await page.locator('body').getAttribute('data-printed')).toBe('yes');

    // What the server kept: the photo in the lot's pictures, the grading, still a draft.
    const found = (await adminFetch(`/api/admin/intake/lookup?code=${LOT}`)) as z.infer<
      typeof IntakeLookupSchema
    >;
    expect(found.matches).toHaveLength(1);
    expect(found.matches[0]).toMatchObject({
      draft: true,
      condition: 'used-like-new',
      conditionNotes: 'Battery holds a charge; scuff on the grip',
      price: '34.99',
      shelfLocation: 'B-12',
      images: [expect.stringMatching(/^\/uploads\/products\/in-42-2-[0-9a-f]{12}-640\.webp$/)],
    });

    expect(problems).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
