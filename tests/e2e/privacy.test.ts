// Consent and privacy in a real browser against the built store: the checkout's marketing box is
// unticked; a customer whose guest orders joined their new account downloads their data (every order of
// theirs, none of another shopper's) and deletes the account from its settings, signed out everywhere;
// the privacy page names the officer and says no tracking script loads, in English and French. axe
// checks each page.
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '~/shared/schemas/catalog';
import { type SmtpInbox, startSmtpInbox } from '~/server/test/smtp-inbox';
import { axeProblems, headingOrderProblems } from './a11y';
import { registerCustomer, sessionCookie, signInToAdmin } from './admin-session';
import { guestPurchase } from './guest-purchase';
import { launchBrowser, openPage, signIn, type Store, startStore } from './harness';

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
const customer = {
  username: `private_${suffix}`,
  email: `private_${suffix}@example.com`,
  password: 'private-pass-123',
};

async function a11y(page: Page, where: string): Promise<string[]> {
  return [...(await axeProblems(page, where)), ...(await headingOrderProblems(page, where))];
}

async function productInStock(): Promise<Product> {
  const all = (await (await fetch(`${store.url}/api/products?inStock=true&limit=100`)).json()) as Product[];
  const picked = all.find((p) => p.stock >= 3);
  if (!picked) throw new Error('The demo catalogue has no product in stock');
  return picked;
}

describe('privacy', () => {
  it('downloads every order of the customer, then deletes the account', async () => {
    const product = await productInStock();
    const problems: string[] = [];
    const checkBox = async (page: Page, where: string) => {
      if (where !== 'checkout') return;
      // The marketing box: there, unticked, apart from everything else.
      expect(await page.getByTestId('marketing-consent').isChecked()).toBe(false);
      problems.push(...(await a11y(page, 'checkout with the marketing box')));
    };
    const buyer = { firstName: 'Priya', lastName: 'Private', email: customer.email };
    const mine = [
      await guestPurchase(browser, store.url, product, buyer, { onPage: checkBox }),
      await guestPurchase(browser, store.url, product, buyer),
    ];
    const theirs = await guestPurchase(browser, store.url, product, {
      firstName: 'Otto',
      lastName: 'Other',
      email: `other_${suffix}@example.com`,
    });
    // Registering with the address joins its guest orders to the account.
    await registerCustomer(store.url, customer, inbox);

    const { page, context, consoleErrors } = await openPage(browser, {
      viewport: { width: 1280, height: 900 },
    });
    await signIn(page, store.url, customer.username, customer.password);
    await page.goto(`${store.url}/account?tab=settings`);
    await page.getByRole('heading', { name: 'Your data' }).waitFor();
    await page.getByTestId('marketing-consent').waitFor();
    expect(await page.getByTestId('marketing-consent').isChecked()).toBe(false);
    problems.push(...(await a11y(page, 'account settings')));

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download my data (JSON)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile((await download.path())!, 'utf8'));
    expect(data.profile.email).toBe(customer.email);
    expect(data.orders.map((o: { reference: string }) => o.reference).sort()).toEqual([...mine].sort());
    expect(JSON.stringify(data)).not.toContain(theirs);
    expect(JSON.stringify(data)).not.toContain('Otto');

    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Enter your password to confirm').fill(customer.password);
    // axe only: a modal's heading is its own, not the page's outline.
    problems.push(...(await axeProblems(page, 'delete dialog')));
    await dialog.getByRole('button', { name: 'Delete My Account' }).click();
    await page.waitForURL(`${store.url}/`);
    await page.getByTestId('toast').filter({ hasText: 'Account Deleted' }).waitFor();

    // Signed out, and the password opens nothing any more.
    expect((await page.request.get(`${store.url}/api/auth/me`)).status()).toBe(401);
    const login = await fetch(`${store.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: store.url },
      body: JSON.stringify({ username: customer.username, password: customer.password }),
    });
    expect(login.status).toBe(401);
    expect({ problems, consoleErrors }).toEqual({ problems: [], consoleErrors: [] });
    await context.close();
  });

  it('names the privacy officer and says no tracking script loads, in both languages', async () => {
    const { page, context, consoleErrors } = await openPage(browser);
    const problems: string[] = [];
    await page.goto(`${store.url}/privacy`);
    await page.getByRole('heading', { name: 'Person in charge of personal information' }).waitFor();
    await page.getByText('This store loads no analytics, advertising or other third-party scripts').waitFor();
    problems.push(...(await a11y(page, 'privacy page')));
    await page.goto(`${store.url}/fr/privacy`);
    await page
      .getByRole('heading', { name: 'Responsable de la protection des renseignements personnels' })
      .waitFor();
    await page.getByText('Ce magasin ne charge aucun script d’analyse').waitFor();
    problems.push(...(await a11y(page, 'French privacy page')));
    // Every script the page loaded is the store's own.
    const scripts = await page.evaluate(() => [...document.scripts].map((s) => s.src).filter(Boolean));
    for (const src of scripts) expect(new URL(src).origin).toBe(new URL(store.url).origin);
    expect({ problems, consoleErrors }).toEqual({ problems: [], consoleErrors: [] });
    await context.close();
  });

  it('unsubscribes in one click from the link of a marketing e-mail, without signing in', async () => {
    const reader = `reader_${suffix}@example.com`;
    const json = { 'content-type': 'application/json', origin: store.url };
    const subscribed = await fetch(`${store.url}/api/subscribers`, {
      method: 'POST',
      headers: { ...json, 'accept-language': 'fr-CA' },
      body: JSON.stringify({ email: reader }),
    });
    expect(subscribed.status).toBe(200);
    const cookie = await sessionCookie(store.url);
    const sent = await fetch(`${store.url}/api/admin/consents/campaigns`, {
      method: 'POST',
      headers: { ...json, cookie },
      body: JSON.stringify({
        subject: 'Deals',
        subjectFr: 'Aubaines',
        text: 'New lots.',
        textFr: 'Nouveaux lots.',
      }),
    });
    expect(sent.status).toBe(200);
    // The campaign leaves once its answer has gone: wait for it in the inbox.
    for (let i = 0; i < 300 && inbox.mailsTo(reader).length === 0; i++)
      await new Promise((r) => setTimeout(r, 100));
    const raw = inbox.messages.find((m) => m.rcpt.includes(reader))!.raw.replace(/\r?\n[ \t]+/g, ' ');
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    const link = /^List-Unsubscribe: <(http[^>]+)>\r?$/m.exec(raw)![1]!;

    const { page, context, consoleErrors } = await openPage(browser);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Vous êtes désabonné' }).waitFor();
    expect(await axeProblems(page, 'unsubscribe page')).toEqual([]);
    const history = await fetch(`${store.url}/api/admin/consents?email=${encodeURIComponent(reader)}`, {
      headers: { cookie },
    });
    expect(
      (await history.json()).events.map((e: { action: string; source: string }) => [e.action, e.source]),
    ).toEqual([
      ['granted', 'footer'],
      ['withdrawn', 'unsubscribe-link'],
    ]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('records an incident in the admin Privacy tab', async () => {
    const { page, context, consoleErrors } = await openPage(browser, {
      viewport: { width: 1280, height: 900 },
      allowConsole: [/status of 401/],
    });
    await signInToAdmin(page, store.url, undefined, '/admin/privacy', 'Incident register');
    await page.getByRole('heading', { name: 'Incident register' }).waitFor();
    await page.getByRole('button', { name: 'Record an incident' }).click();
    const form = page.getByRole('form', { name: 'New incident' });
    await form.getByLabel('What happened').fill('A label printed with another customer’s address.');
    await form.getByLabel('Who was affected').fill('One customer');
    await form.getByLabel('How many people').fill('1');
    const problems = await axeProblems(page, 'admin privacy tab with the incident form');
    await form.getByRole('button', { name: 'Save Incident' }).click();
    await page
      .getByRole('list', { name: 'Incidents' })
      .getByText('A label printed with another customer’s address.')
      .waitFor();
    expect({ problems, consoleErrors }).toEqual({ problems: [], consoleErrors: [] });
    await context.close();
  });
});
