// Saved searches in a real browser (docs/decisions/0581-alert-buttons-and-account-lists.md): a guest's
// 'Alert me' invites them to sign in or to confirm an e-mail address; a customer saves a search's filters from the listing, finds it in
// the account's Alerts tab, opens it again and deletes it; axe on the listing and the tab.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpInbox, startSmtpInbox } from '~/server/test/smtp-inbox';
import { axeProblems, headingOrderProblems } from './a11y';
import { registrationLink } from './admin-session';
import { launchBrowser, openPage, type Store, startStore } from './harness';

let store: Store;
let browser: Browser;
let inbox: SmtpInbox;
beforeAll(async () => {
  inbox = await startSmtpInbox();
  [store, browser] = await Promise.all([startStore({ SMTP_URL: inbox.url }), launchBrowser()]);
});
afterAll(async () => {
  await inbox?.close();
  await browser?.close();
  await store?.stop();
});

const suffix = Date.now().toString(36);
const who = {
  username: `alerts_${suffix}`,
  email: `alerts_${suffix}@example.com`,
  password: 'alert-pass-123',
};

describe('saved searches from a listing', () => {
  it('invites a guest to sign in, then saves a signed-in search and shows it in the account', async () => {
    // The guest's save is answered 401, which Chromium logs.
    const { page, context, consoleErrors } = await openPage(browser, {
      viewport: { width: 1280, height: 900 },
      allowConsole: [/status of 401 \(Unauthorized\)/],
    });
    const problems: string[] = [];
    const listing = `${store.url}/products?search=lamp&condition=new&sort=price-low`;

    await page.goto(listing);
    await page.waitForSelector('html[data-hydrated]');
    await page.getByRole('button', { name: 'Alert me' }).click();
    await page.getByText('Sign in to get an e-mail when new lots match.').waitFor();
    problems.push(...(await axeProblems(page, 'listing, guest')));

    // Or by e-mail: the confirmation link arrives, and opening it starts the alert.
    const guestEmail = `guest_${suffix}@example.com`;
    await page.getByLabel('Or get this alert by e-mail').fill(guestEmail);
    await page.getByRole('button', { name: 'Send link' }).click();
    await page.getByText('Check your e-mail: open the link we just sent to start the alert.').waitFor();
    await inbox.next();
    const [confirmation] = inbox.mailsTo(guestEmail);
    const confirm = /https?:\/\/\S+(\/api\/alerts\/confirm\/[\w-]{43})/.exec(confirmation!.text!)![1]!;
    await page.goto(`${store.url}${confirm}`);
    await page
      .getByRole('heading', { name: 'Your alert is confirmed: we will e-mail you when new lots match.' })
      .waitFor();
    problems.push(...(await axeProblems(page, 'guest confirmation page')));

    // Register (the account is made by the e-mailed link), then back to the same listing.
    await page.goto(`${store.url}/auth`);
    // The tabs switch once the page has hydrated (a tap before it is not replayed for tabs).
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await page.getByRole('tab', { name: 'Register' }).click();
    const form = page.getByRole('form', { name: 'Register' });
    await form.getByLabel('Username').fill(who.username);
    await form.getByLabel('Email').fill(who.email);
    await form.getByLabel('Password', { exact: true }).fill(who.password);
    await form.getByLabel('Confirm Password').fill(who.password);
    await form.getByRole('button', { name: 'Register', exact: true }).click();
    await page.getByText('Check your e-mail').waitFor();
    await page.goto(await registrationLink(inbox, who.email));
    await page.waitForURL(`${store.url}/account`);

    await page.goto(listing);
    await page.waitForSelector('html[data-hydrated]');
    await page.getByRole('button', { name: 'Alert me' }).click();
    await page.getByRole('button', { name: 'Alert saved' }).waitFor();
    const toast = page.getByTestId('toast').filter({ hasText: 'Alert saved' });
    await toast.getByText('We will e-mail you once a day when new lots match this search.').waitFor();
    problems.push(...(await axeProblems(page, 'listing, saved')));

    // The account's Alerts tab lists it, with the listing's filters (not its sort).
    await page.goto(`${store.url}/account?tab=alerts`);
    const searches = page.getByRole('region', { name: 'Saved searches' });
    const link = searches.getByRole('link', { name: 'lamp' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('/products?condition=new&search=lamp');
    await page
      .getByRole('region', { name: 'Price watches' })
      .getByText('No price watches yet.', { exact: false })
      .waitFor();
    problems.push(...(await axeProblems(page, 'account alerts')));
    problems.push(...(await headingOrderProblems(page, 'account alerts')));

    // Deleted from the account, it is gone after a reload too.
    await searches.getByRole('button', { name: 'Delete saved search lamp' }).click();
    await searches.getByText('No saved searches yet.', { exact: false }).waitFor();
    await page.reload();
    await page
      .getByRole('region', { name: 'Saved searches' })
      .getByText('No saved searches yet.', { exact: false })
      .waitFor();

    expect(problems).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
