// The customer's account in a real browser: register, sign out, a failed and a good sign-in, the
// profile, settings, and an order placed through checkout with its tracker, details, receipt and re-order.
import { type SmtpInbox, startSmtpInbox } from '~/server/test/smtp-inbox';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrationLink } from './admin-session';
import { launchBrowser, openPage, signIn, type Store, startStore } from './harness';
import { checkoutForm, fillCheckoutForm } from './checkout-form';

let store: Store;
let browser: Browser;
/** Where the store sends its e-mails: the registration links are read here, as a person would. */
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
  username: `shopper_${suffix}`,
  email: `shopper_${suffix}@example.com`,
  password: 'first-pass-123',
};

const toast = (page: Page, title: string) => page.getByTestId('toast').filter({ hasText: title });

async function register(page: Page, who: typeof customer) {
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
  // The account is made by the link e-mailed to the address (docs/decisions/0456-…): opened as its owner would.
  await page.getByText('Check your e-mail').waitFor();
  await page.goto(await registrationLink(inbox, who.email));
  await page.waitForURL(`${store.url}/account`);
}

describe('customer account', () => {
  it('registers, signs out, fails and then passes a sign-in, and keeps profile changes', async () => {
    // The failed sign-in is meant to fail: Chromium logs its 401 answer as a console error.
    const { page, context, consoleErrors } = await openPage(browser, {
      allowConsole: [/status of 401 \(Unauthorized\)/],
    });

    // Validation happens before anything is sent.
    await page.goto(`${store.url}/auth`);
    await page.getByRole('tab', { name: 'Register' }).click();
    await page
      .getByRole('form', { name: 'Register' })
      .getByRole('button', { name: 'Register', exact: true })
      .click();
    await page.getByText('Please confirm your password').waitFor();

    await register(page, customer);
    await toast(page, 'Registration Successful').getByText(`Welcome, ${customer.username}!`).waitFor();
    const header = page.getByRole('banner');
    expect(await header.getByTestId('account-link').textContent()).toBe(customer.username);

    // Signed in, /auth sends the visitor on to /account (server-side redirect).
    const redirected = await page.goto(`${store.url}/auth`);
    expect(new URL(redirected!.url()).pathname).toBe('/account');

    // On a phone, Logout is in the menu panel (docs/decisions/0150-phone-menu.md).
    await header.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${store.url}/`);
    await header.getByRole('link', { name: 'Login / Register' }).waitFor();

    // Signed out, /account sends the visitor to /auth.
    await page.goto(`${store.url}/account`);
    expect(new URL(page.url()).pathname).toBe('/auth');

    await page.getByLabel('Username').fill(customer.username);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await toast(page, 'Login Failed').getByText('Invalid username or password.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');

    await signIn(page, store.url, customer.username, customer.password);
    await toast(page, 'Login Successful').getByText(`Welcome back, ${customer.username}!`).waitFor();
    expect(await header.getByTestId('account-link').textContent()).toBe(customer.username);

    await page.getByLabel(/^Phone/).fill('416-555-0123');
    await page.getByLabel(/^Address/).fill('12 King St W, Toronto ON');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await toast(page, 'Profile Updated').waitFor();
    await page.reload();
    expect(await page.getByLabel(/^Phone/).inputValue()).toBe('416-555-0123');
    expect(await page.getByLabel(/^Address/).inputValue()).toBe('12 King St W, Toronto ON');

    await page.getByRole('tab', { name: 'Orders' }).click();
    await page.getByText('No orders yet').waitFor();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('orders');
    await page.getByRole('tab', { name: 'Payment Methods' }).click();
    await page.getByText('No payment methods saved').waitFor();

    // Settings: the e-mail preference survives a reload.
    await page.getByRole('tab', { name: 'Settings' }).click();
    const notifications = page.getByRole('switch', { name: /Email Notifications/ });
    expect(await notifications.getAttribute('aria-checked')).toBe('true');
    await notifications.click();
    await toast(page, 'Preferences Saved').waitFor();
    await page.reload();
    expect(await page.getByRole('switch', { name: /Email Notifications/ }).getAttribute('aria-checked')).toBe(
      'false',
    );

    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('changes the password (other sessions end) and deletes the account', async () => {
    const who = {
      username: `leaver_${suffix}`,
      email: `leaver_${suffix}@example.com`,
      password: 'leaver-pass-1',
    };
    const first = await openPage(browser);
    await register(first.page, who);
    const second = await openPage(browser);
    await signIn(second.page, store.url, who.username, who.password);

    await first.page.goto(`${store.url}/account?tab=settings`);
    await first.page.getByRole('button', { name: 'Change Password' }).click();
    await first.page.getByLabel('Current Password').fill(who.password);
    await first.page.getByLabel('New Password', { exact: true }).fill('leaver-pass-2');
    await first.page.getByLabel('Confirm New Password').fill('leaver-pass-2');
    await first.page.getByRole('button', { name: 'Save New Password' }).click();
    await toast(first.page, 'Password Changed').waitFor();

    // The other browser was signed out.
    await second.page.goto(`${store.url}/account`);
    expect(new URL(second.page.url()).pathname).toBe('/auth');

    await first.page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = first.page.getByRole('alertdialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Enter your password to confirm').fill('leaver-pass-2');
    await dialog.getByRole('button', { name: 'Delete My Account' }).click();
    await first.page.waitForURL(`${store.url}/`);
    await toast(first.page, 'Account Deleted').waitFor();
    await first.page.getByRole('banner').getByRole('link', { name: 'Login / Register' }).waitFor();

    const res = await fetch(`${store.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: who.username, password: 'leaver-pass-2' }),
    });
    expect(res.status).toBe(401);

    expect(first.consoleErrors).toEqual([]);
    expect(second.consoleErrors).toEqual([]);
    await first.context.close();
    await second.context.close();
  });

  it('shows an order placed earlier with its tracker, details, receipt and re-order into the cart', async () => {
    const buyer = {
      username: `buyer_${suffix}`,
      email: `buyer_${suffix}@example.com`,
      password: 'buyer-pass-1',
    };
    const { page, context, consoleErrors } = await openPage(browser, {
      viewport: { width: 1280, height: 900 },
    });
    await register(page, buyer);

    // Place an order through the real storefront and the local payment page.
    await page.goto(`${store.url}/products`);
    await page
      .locator('[data-testid="product-card"] button:not([disabled])', { hasText: 'Add to Cart' })
      .first()
      .click();
    await page.goto(`${store.url}/checkout`);
    await fillCheckoutForm(page, {
      firstName: 'Pat',
      lastName: 'Shopper',
      email: buyer.email,
      phone: '4165550123',
      line1: '12 King St W',
      city: 'Toronto',
      province: 'ON',
      postalCode: 'M5H 1A1',
    });
    await checkoutForm(page).getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.getByText('Order Confirmed!').waitFor();

    await page.goto(`${store.url}/account?tab=orders`);
    const card = page.getByTestId('order-card').first();
    const tracker = card.getByTestId('order-tracker');
    await tracker.waitFor();
    // Paid but not yet processed: the order is pending, so no step of the tracker is lit.
    const steps = await tracker
      .locator('[data-step]')
      .evaluateAll((els) => els.map((e) => [e.getAttribute('data-step'), e.getAttribute('data-lit')]));
    expect(steps).toEqual([
      ['Processing', 'false'],
      ['Shipped', 'false'],
      ['Delivered', 'false'],
    ]);
    expect(await card.getByTestId('order-status').textContent()).toBe('Pending');
    expect(await card.getByTestId('payment-status').textContent()).toBe('Paid');
    await card.getByText('Standard Shipping').waitFor();

    await card.getByRole('button', { name: 'View Details' }).click();
    const dialog = page.getByTestId('order-details');
    await dialog.getByRole('columnheader', { name: 'SKU' }).waitFor();
    const [receipt] = await Promise.all([
      context.waitForEvent('page'),
      dialog.getByRole('button', { name: 'Print Receipt' }).click(),
    ]);
    await receipt.getByText('Receipt', { exact: true }).waitFor();
    await receipt.getByText('Pat Shopper').waitFor();
    await receipt.close();

    await dialog.getByRole('button', { name: 'Re-order Items' }).click();
    await page.waitForURL(`${store.url}/cart`);
    await toast(page, 'Items added to cart').waitFor();
    expect(
      await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '{}').items?.length),
    ).toBeGreaterThan(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
