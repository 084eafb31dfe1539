// A guest's purchase through the real store, for journeys that need a paid order to work on: product page,
// cart, checkout, the local payment page, the confirmation.
import { expect } from 'vitest';
import type { Browser } from 'playwright-core';
import { openPage } from './harness';

export type Buyer = { firstName: string; lastName: string; email: string };

/** Buys one unit of `product` as a guest shipping to Toronto by standard shipping; returns the order reference. */
export async function guestPurchase(
  browser: Browser,
  storeUrl: string,
  product: { slug: string; name: string },
  buyer: Buyer,
): Promise<string> {
  const { page, context, consoleErrors } = await openPage(browser, {
    viewport: { width: 1280, height: 900 },
  });
  // Where a failure came from, should one happen: failed answers and the page each console error was on.
  const problems: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`);
  });
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error at ${m.location().url} on ${page.url()}`);
  });
  await page.goto(`${storeUrl}/products/${product.slug}`);
  await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page
    .getByRole('dialog')
    .getByRole('link', { name: 'Go to Cart' })
    .or(page.getByRole('dialog').getByRole('button', { name: 'Go to Cart' }))
    .click();
  await page.waitForURL(`${storeUrl}/cart`);
  await page
    .getByRole('link', { name: 'Proceed to Checkout' })
    .or(page.getByRole('button', { name: 'Proceed to Checkout' }))
    .first()
    .click();
  await page.waitForURL(`${storeUrl}/checkout`);
  const form = page.getByRole('form', { name: 'Checkout' });
  await form.getByLabel('First Name').fill(buyer.firstName);
  await form.getByLabel('Last Name').fill(buyer.lastName);
  await form.getByLabel('Email').fill(buyer.email);
  await form.getByLabel('Phone').fill('416-555-0123');
  await form.getByLabel('Address Line 1').fill('123 Main Street');
  await form.getByLabel('City').fill('Toronto');
  await form.getByLabel('Province').selectOption('ON');
  await form.getByLabel('Postal Code').fill('M5V 2T6');
  await form.getByRole('radio', { name: /Standard Shipping/ }).check();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.waitForURL(/\/pay\/ORD-[A-Z2-7]{16}$/);
  const reference = new URL(page.url()).pathname.split('/').pop()!;
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.getByRole('heading', { name: 'Order Confirmed!' }).waitFor();
  expect({ consoleErrors, problems }).toEqual({ consoleErrors: [], problems: [] });
  await context.close();
  return reference;
}
