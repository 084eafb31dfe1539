// 'Discard changes?' in real Chromium (docs/decisions/0246-discard-changes.md): a product dialog and the
// page editor ask before Escape closes them with changes, keep the changes on 'Keep editing', close on
// 'Discard', and ask nothing when nothing changed. Axe checks the question itself.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeProblems } from './a11y';
import { ADMIN, launchBrowser, openPage, type Store, startStore, type TrackedPage } from './harness';
import { signInToAdmin } from './admin-session';

let store: Store;
let browser: Browser;
let admin: TrackedPage;

beforeAll(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
  admin = await openPage(browser, {
    viewport: { width: 1280, height: 900 },
    allowConsole: [/status of 401/],
  });
  const { page } = admin;
  await signInToAdmin(page, store.url, ADMIN, '/admin/products', 'Product Management');
});
afterAll(async () => {
  await admin?.context.close();
  await browser?.close();
  await store?.stop();
});

const question = (page: Page) => page.getByRole('alertdialog', { name: 'Discard changes?' });

describe('Discard changes?', () => {
  it('a product dialog asks before Escape throws away a change, and not when nothing changed', async () => {
    const { page } = admin;
    await page
      .getByRole('button', { name: /^Edit / })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Edit Product' });
    const name = dialog.getByLabel('Name', { exact: true });
    await name.waitFor();
    const original = await name.inputValue();

    // Nothing changed: Escape closes at once.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await question(page).count()).toBe(0);

    await page
      .getByRole('button', { name: /^Edit / })
      .first()
      .click();
    await name.waitFor();
    await name.fill(`${original} (changed)`);
    await page.keyboard.press('Escape');
    await question(page).waitFor();
    expect(await axeProblems(page, 'discard question')).toEqual([]);

    await question(page).getByRole('button', { name: 'Keep editing' }).click();
    await question(page).waitFor({ state: 'hidden' });
    expect(await name.inputValue()).toBe(`${original} (changed)`);

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await question(page).getByRole('button', { name: 'Discard' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // Nothing was saved.
    await page
      .getByRole('button', { name: /^Edit / })
      .first()
      .click();
    await name.waitFor();
    await expect.poll(() => name.inputValue()).toBe(original);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('the page editor asks too', async () => {
    const { page, consoleErrors } = admin;
    await page.goto(`${store.url}/admin/content`);
    await page.getByRole('button', { name: 'New Page' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Page' });
    const title = dialog.getByLabel('Page Title', { exact: true });
    await title.waitFor();

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await question(page).count()).toBe(0);

    await page.getByRole('button', { name: 'New Page' }).click();
    await title.fill('Holiday Hours');
    await page.keyboard.press('Escape');
    await question(page).waitFor();
    await question(page).getByRole('button', { name: 'Keep editing' }).click();
    expect(await title.inputValue()).toBe('Holiday Hours');
    expect(await axeProblems(page, 'page editor')).toEqual([]);

    await page.keyboard.press('Escape');
    await question(page).getByRole('button', { name: 'Discard' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(consoleErrors).toEqual([]);
  });
});
