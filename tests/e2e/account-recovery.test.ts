// Recovering a checkout and an account in real Chromium against the built store: a declined payment and 'Try Again' find the
// checkout form as it was typed (and a reload keeps it); a paid order forgets it and 'View My Orders'
// opens the guest's order by reference and e-mail; the forgot and reset password pages. axe checks
// every new page.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '~/shared/schemas/catalog';
import { axeProblems, headingOrderProblems } from './a11y';
import { launchBrowser, openPage, type Store, startStore } from './harness';
import {
  CHECKOUT_TEXT_FIELDS,
  CHECKOUT_WORDS,
  type CheckoutDetails,
  checkoutForm,
  acceptContract,
  fillCheckoutForm,
} from './checkout-form';

let store: Store;
let browser: Browser;
beforeAll(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await store?.stop();
});

const DESKTOP = { width: 1280, height: 900 };

async function productInStock(): Promise<Product> {
  const res = await fetch(`${store.url}/api/products?inStock=true&limit=100`);
  const all = (await res.json()) as Product[];
  const picked = all.find((p) => p.stock >= 3);
  if (!picked) throw new Error('The demo catalogue has no product in stock');
  return picked;
}

async function addToCart(page: Page, product: Product) {
  await page.goto(`${store.url}/products/${product.slug}`);
  await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page
    .getByRole('dialog')
    .getByRole('link', { name: 'Go to Cart' })
    .or(page.getByRole('dialog').getByRole('button', { name: 'Go to Cart' }))
    .click();
  await page.waitForURL(`${store.url}/cart`);
}

const TYPED: CheckoutDetails = {
  firstName: 'Robin',
  lastName: 'Remembers',
  email: 'robin.remembers@example.com',
  phone: '416-555-0142',
  line1: '77 Queen Street East',
  city: 'Toronto',
  province: 'ON',
  postalCode: 'M5C 1R8',
};

async function fillCheckout(page: Page) {
  await fillCheckoutForm(page, TYPED);
}

async function expectFilled(page: Page) {
  const form = checkoutForm(page);
  for (const field of CHECKOUT_TEXT_FIELDS) {
    const label = CHECKOUT_WORDS.en[field];
    await expect
      .poll(() => form.getByLabel(label, { exact: true }).inputValue(), { message: label })
      .toBe(TYPED[field]);
  }
  expect(await form.getByLabel('Province').inputValue()).toBe('ON');
  expect(await form.getByRole('radio', { name: /Standard Shipping/ }).isChecked()).toBe(true);
}

async function a11y(page: Page, where: string): Promise<string[]> {
  return [...(await axeProblems(page, where)), ...(await headingOrderProblems(page, where))];
}

describe('a remembered checkout and the guest order look-up', () => {
  it('declined, Try Again finds the form filled; paid, the form is forgotten and View My Orders opens the order', async () => {
    const { page, context, consoleErrors } = await openPage(browser, {
      viewport: DESKTOP,
      // The refused look-up below is a 404 the browser logs as a failed resource.
      allowConsole: [/status of 404/],
    });
    const product = await productInStock();
    await addToCart(page, product);
    await page.goto(`${store.url}/checkout`);
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await fillCheckout(page);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.waitForURL(/\/pay\/ORD-/);
    await page.getByRole('button', { name: 'Decline' }).click();
    await page.waitForURL(
      (u) => u.pathname === '/checkout/confirmation' && u.searchParams.get('status') === 'failed',
    );
    await page.getByRole('heading', { name: 'Payment Unsuccessful' }).waitFor();
    await page.getByRole('link', { name: 'Try Again' }).click();
    await page.waitForURL(`${store.url}/checkout`);
    await page.getByRole('button', { name: 'Continue to Payment' }).waitFor();
    await expectFilled(page);

    // A reload in the same tab keeps it too.
    await page.reload();
    await page.getByRole('button', { name: 'Continue to Payment' }).waitFor();
    await expectFilled(page);

    // Paid this time: the confirmation forgets what was typed. The contract is accepted again: an
    // acceptance is never remembered from an earlier attempt (decision 0566).
    expect(await checkoutForm(page).getByTestId('contract-acceptance').isChecked()).toBe(false);
    await acceptContract(page);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.waitForURL(/\/pay\/ORD-/);
    const reference = page.url().split('/pay/')[1]!;
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.getByRole('heading', { name: 'Order Confirmed!' }).waitFor();
    await expect.poll(() => page.evaluate(() => window.sessionStorage.getItem('checkout-form'))).toBeNull();

    // A guest's 'View My Orders': the look-up, which opens this order at once.
    await page.getByRole('link', { name: 'View My Orders' }).click();
    await page.waitForURL((u) => u.pathname === '/orders/lookup');
    await page.getByRole('heading', { name: `Order ${reference}` }).waitFor();
    await page.getByTestId('order-tracker').waitFor();
    expect(await page.getByTestId('order-reference').textContent()).toBe(reference);
    const problems = await a11y(page, 'order look-up (found)');

    // Typed by hand, with a wrong e-mail: the one refusal.
    await page.goto(`${store.url}/orders/lookup`);
    const form = page.getByRole('form', { name: 'Find your order' });
    await form.getByLabel('Order Reference').fill(reference);
    await form.getByLabel('Email').fill('someone.else@example.com');
    await form.getByRole('button', { name: 'Find My Order' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'We could not find an order with that reference and email address.' })
      .waitFor();
    problems.push(...(await a11y(page, 'order look-up (refused)')));
    await form.getByLabel('Email').fill(TYPED.email.toUpperCase());
    await form.getByRole('button', { name: 'Find My Order' }).click();
    await page.getByRole('heading', { name: `Order ${reference}` }).waitFor();

    // A new checkout starts empty.
    await addToCart(page, product);
    await page.goto(`${store.url}/checkout`);
    await page.getByRole('button', { name: 'Continue to Payment' }).waitFor();
    expect(await checkoutForm(page).getByLabel('First Name').inputValue()).toBe('');

    expect(problems).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('password reset pages', () => {
  it('Forgot password? from the Login tab answers alike; a reset link page drops its token from the address', async () => {
    const { page, context, consoleErrors } = await openPage(browser, {
      viewport: DESKTOP,
      // The refused reset below is a 400 the browser logs as a failed resource.
      allowConsole: [/status of 400/],
    });
    await page.goto(`${store.url}/auth`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(`${store.url}/auth/forgot`);
    await page.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
    const problems = await a11y(page, 'forgot password');
    const forgot = page.getByRole('form', { name: 'Forgot password' });
    await forgot.getByLabel('Email').fill('nobody-at-all@example.com');
    await forgot.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText(/If an account uses that email address, we have sent it a link/).waitFor();
    problems.push(...(await a11y(page, 'forgot password (sent)')));

    const response = await page.goto(`${store.url}/auth/reset?token=not-a-real-token`);
    expect(response?.headers()['referrer-policy']).toBe('no-referrer');
    await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    problems.push(...(await a11y(page, 'reset password')));
    await page.getByLabel('New Password', { exact: true }).fill('new-lantern-fig-72');
    await page.getByLabel('Confirm New Password').fill('new-lantern-fig-72');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'This password reset link is not valid. Please ask for a new one.' })
      .waitFor();
    problems.push(...(await a11y(page, 'reset password (refused)')));

    // The admin sign-in has the link too.
    await page.goto(`${store.url}/admin`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(`${store.url}/auth/forgot?from=admin`);

    expect(problems).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
