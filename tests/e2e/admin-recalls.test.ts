// Recall screening in real Chromium against the built store (docs/decisions/0571-recall-screening.md): a
// load's manifest drafts a hoverboard whose UPC the CPSC has recalled; the owner opens the Recalls tab on a
// phone, loads the CPSC's file, and sees the lot in quarantine with its recall. axe-core checks each screen.
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeProblems, sideScrollProblems } from './a11y';
import { sessionCookie, signInToAdmin } from './admin-session';
import { launchBrowser, openPage, type Store, startStore } from './harness';

const CPSC_FILE = path.resolve(
  import.meta.dirname,
  '../../src/server/features/recalls/fixtures/cpsc-recalls.json',
);

let store: Store;
let browser: Browser;

beforeAll(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
  const cookie = await sessionCookie(store.url);
  const call = async (url: string, body: BodyInit, json = false) => {
    const res = await fetch(`${store.url}${url}`, {
      method: 'POST',
      headers: { origin: store.url, cookie, ...(json ? { 'content-type': 'application/json' } : {}) },
      body,
    });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const load = await call(
    '/api/admin/loads',
    JSON.stringify({
      supplier: 'Recall Journey Supply',
      receivedOn: '2026-11-20',
      reference: 'RJ-1',
      totalCost: '40.00',
    }),
    true,
  );
  const form = new FormData();
  form.append(
    'file',
    new Blob(['Title,UPC,Unit Retail\nVolt Rider hoverboard,0884116123453,199.99\n']),
    'manifest.csv',
  );
  form.append('mapping', JSON.stringify({ title: 'Title', upc: 'UPC', unitRetail: 'Unit Retail' }));
  const drafted = await call(`/api/admin/loads/${load.id}/manifest`, form);
  if (drafted.created !== 1) throw new Error(`manifest: ${JSON.stringify(drafted)}`);
});
afterAll(async () => {
  await browser?.close();
  await store?.stop();
});

describe('recall screening', () => {
  it("the owner loads the CPSC's file on a phone and sees the recalled draft in quarantine", async () => {
    const { page, context, consoleErrors } = await openPage(browser, { allowConsole: [/status of 401/] });
    const problems: string[] = [];
    const sweep = async (where: string) =>
      problems.push(...(await axeProblems(page, where)), ...(await sideScrollProblems(page, where)));
    await signInToAdmin(page, store.url, undefined, '/admin/recalls');
    await page.getByText('No lot is in quarantine.').waitFor();
    await sweep('Recalls, empty');

    await page.getByLabel('Recall file (JSON)').setInputFiles(CPSC_FILE);
    await page.getByRole('button', { name: 'Load recalls' }).click();
    await page.getByText('2 recalls read (2 UPCs). 1 lot put in quarantine.').waitFor();
    const quarantine = page.getByRole('table').filter({ hasText: 'RJ-1-2' });
    await quarantine.waitFor();
    expect(
      await quarantine
        .getByRole('link', { name: 'Volt Rider Hoverboards Recalled Due to Fire Hazard' })
        .getAttribute('href'),
    ).toBe('https://www.cpsc.gov/Recalls/2026/Volt-Rider-Hoverboards-Recalled');
    expect(await quarantine.textContent()).toContain('Volt Rider hoverboard');
    await sweep('Recalls, after loading');

    expect(problems).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
