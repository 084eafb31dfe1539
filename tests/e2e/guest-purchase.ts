// A guest's purchase through the real store, for journeys that need a paid order to work on: product page,
// cart, checkout, the local payment page, the confirmation; in English from Toronto, or in French from
// Québec under /fr.
import { expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Locale } from '~/shared/i18n/locales';
import { fillCheckoutForm, QUEBEC_SHOPPER, TORONTO_SHOPPER } from './checkout-form';
import { openPage } from './harness';

export type Buyer = { firstName: string; lastName: string; email: string };

/** What the shopper reads and types in each language. */
const STORE = {
  en: {
    prefix: '',
    addToCart: 'Add to Cart',
    goToCart: 'Go to Cart',
    proceedToCheckout: 'Proceed to Checkout',
    shopper: TORONTO_SHOPPER,
    continueToPayment: 'Continue to Payment',
    pay: 'Pay',
    confirmed: 'Order Confirmed!',
  },
  fr: {
    prefix: '/fr',
    addToCart: 'Ajouter au panier',
    goToCart: 'Voir le panier',
    proceedToCheckout: 'Passer à la caisse',
    shopper: QUEBEC_SHOPPER,
    continueToPayment: 'Continuer vers le paiement',
    pay: 'Payer',
    confirmed: 'Commande confirmée!',
  },
} as const;

export type PurchaseOptions = {
  /** The store's language: French buys under /fr with the French words, shipping to Québec. */
  locale?: Locale;
  /** Called on each page of the purchase once it shows (accessibility checks, for instance). */
  onPage?: (page: Page, where: string) => Promise<void>;
};

/**
 * Buys one unit of `product` as a guest by standard shipping (to Toronto in English, to Québec in
 * French); returns the order reference.
 */
export async function guestPurchase(
  browser: Browser,
  storeUrl: string,
  product: { slug: string; name: string },
  buyer: Buyer,
  { locale = 'en', onPage = async () => {} }: PurchaseOptions = {},
): Promise<string> {
  const words = STORE[locale];
  const base = `${storeUrl}${words.prefix}`;
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
  await page.goto(`${base}/products/${product.slug}`);
  await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
  await onPage(page, 'product page');
  await page.getByRole('button', { name: words.addToCart }).click();
  await page
    .getByRole('dialog')
    .getByRole('link', { name: words.goToCart })
    .or(page.getByRole('dialog').getByRole('button', { name: words.goToCart }))
    .click();
  await page.waitForURL(`${base}/cart`);
  await onPage(page, 'cart');
  await page
    .getByRole('link', { name: words.proceedToCheckout })
    .or(page.getByRole('button', { name: words.proceedToCheckout }))
    .first()
    .click();
  await page.waitForURL(`${base}/checkout`);
  await fillCheckoutForm(page, { ...words.shopper, ...buyer }, { locale });
  await onPage(page, 'checkout');
  await page.getByRole('button', { name: words.continueToPayment }).click();
  await page.waitForURL(/\/pay\/ORD-[A-Z2-7]{16}$/);
  const reference = new URL(page.url()).pathname.split('/').pop()!;
  await onPage(page, 'payment page');
  await page.getByRole('button', { name: words.pay }).click();
  await page.getByRole('heading', { name: words.confirmed }).waitFor();
  expect(new URL(page.url()).pathname).toBe(`${words.prefix}/checkout/confirmation`);
  await onPage(page, 'confirmation');
  expect({ consoleErrors, problems }).toEqual({ consoleErrors: [], problems: [] });
  await context.close();
  return reference;
}
