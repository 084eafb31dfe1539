// The shopper's order page in real Chromium against the built store, in English and in French
// (docs/decisions/0490-order-page-timeline-and-refunds.md, 0491-pickup-says-where-and-when.md): a
// guest's order shipped with tracking and then partly refunded shows, on the look-up page, the
// carrier, the tracking number and its link, the refund with its tax, 'Partially refunded' and the
// total after the refund; a pickup order never asks for a shipping address and shows the store's
// pickup address. axe finds nothing serious on any page visited.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '~/shared/i18n/locales';
import type { Product } from '~/shared/schemas/catalog';
import { axeProblems } from './a11y';
import { signInToAdmin } from './admin-session';
import {
  acceptContract,
  CHECKOUT_WORDS,
  checkoutForm,
  QUEBEC_SHOPPER,
  TORONTO_SHOPPER,
} from './checkout-form';
import { guestPurchase } from './guest-purchase';
import { ADMIN, launchBrowser, openPage, type Store, startStore, type TrackedPage } from './harness';

let store: Store;
let browser: Browser;
let admin: TrackedPage;

const DESKTOP = { width: 1280, height: 900 };
const NB = '\u00a0';

const WORDS = {
  en: {
    prefix: '',
    email: 'Email',
    lookupForm: 'Find your order',
    find: 'Find My Order',
    carrier: 'Carrier: Canada Post',
    tracking: 'Tracking number: 7023210039414604',
    track: /Track your parcel with Canada Post/,
    partly: 'Partially refunded',
    refunded: 'Refunded $5.00',
    addToCart: 'Add to Cart',
    goToCart: 'Go to Cart',
    proceed: 'Proceed to Checkout',
    pickup: /Pickup at store/,
    continue: 'Continue to Payment',
    pay: 'Pay',
    confirmed: 'Order Confirmed!',
    pickupHeading: 'Pickup location',
    shippingHeading: 'Shipping Address',
  },
  fr: {
    prefix: '/fr',
    email: 'Adresse courriel',
    lookupForm: 'Retrouver votre commande',
    find: 'Retrouver ma commande',
    carrier: `Transporteur${NB}: Postes Canada`,
    tracking: `Numéro de suivi${NB}: 7023210039414604`,
    track: /Suivre votre colis chez Postes Canada/,
    partly: 'Remboursé en partie',
    refunded: `Remboursement de 5,00${NB}$`,
    addToCart: 'Ajouter au panier',
    goToCart: 'Voir le panier',
    proceed: 'Passer à la caisse',
    pickup: /Cueillette en magasin/,
    continue: 'Continuer vers le paiement',
    pay: 'Payer',
    confirmed: 'Commande confirmée!',
    pickupHeading: 'Lieu de cueillette',
    shippingHeading: 'Adresse de livraison',
  },
} as const;

beforeAll(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
  admin = await openPage(browser, { viewport: DESKTOP, allowConsole: [/status of 401/] });
  await signInToAdmin(admin.page, store.url, ADMIN, '/admin/orders', 'Order Management');
});
afterAll(async () => {
  await admin?.context.close();
  await browser?.close();
  await store?.stop();
});

/** A call as the signed-in administrator, from the admin's own page (its session cookie). */
async function asAdmin<T>(method: string, path: string, body?: unknown): Promise<T> {
  const answer = await admin.page.evaluate(
    async ([m, p, b]) => {
      const res = await fetch(p as string, {
        method: m as string,
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return { status: res.status, text: await res.text() };
    },
    [method, path, body] as const,
  );
  if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${answer.text}`);
  return JSON.parse(answer.text) as T;
}

/** Products in stock, named as the pages of `locale` show them (the API answers in the language asked). */
async function inStock(count: number, locale: Locale = 'en'): Promise<Product[]> {
  const res = await fetch(`${store.url}/api/products?inStock=true&limit=100`, {
    headers: { 'accept-language': locale },
  });
  const all = (await res.json()) as Product[];
  const found = all.filter((p) => p.stock >= 2 && !p.finalSale).slice(0, count);
  if (found.length < count) throw new Error('The demo catalogue has too few products in stock');
  return found;
}

const noAxeProblems = async (page: Page, where: string) => expect(await axeProblems(page, where)).toEqual([]);

describe('the order page', () => {
  it.each(['en', 'fr'] as const)(
    '%s: shipped with tracking, then partly refunded',
    async (locale: Locale) => {
      const w = WORDS[locale];
      const [product] = await inStock(locale === 'en' ? 1 : 2, locale).then((l) => l.slice(-1));
      const email = `olivia_${locale}_${Date.now().toString(36)}@example.com`;
      const reference = await guestPurchase(
        browser,
        store.url,
        product!,
        { firstName: 'Olivia', lastName: 'Order', email },
        { locale },
      );
      const order = await asAdmin<{ id: number; total: string; taxAmount: string }>(
        'GET',
        `/api/orders/${reference}`,
      );
      await asAdmin('PATCH', `/api/orders/${order.id}/status`, {
        status: 'shipped',
        trackingNumber: '7023210039414604',
        trackingCarrier: 'canada-post',
      });
      await asAdmin('POST', `/api/orders/${order.id}/refunds`, { amount: '5.00', restock: false });

      const { page, context, consoleErrors } = await openPage(browser, { viewport: DESKTOP });
      await page.goto(`${store.url}${w.prefix}/orders/lookup?reference=${reference}`);
      await page.waitForSelector('html[data-hydrated]');
      const lookup = page.getByRole('form', { name: w.lookupForm });
      await lookup.getByLabel(w.email).fill(email);
      await lookup.getByRole('button', { name: w.find }).click();
      const timeline = page.getByTestId('order-timeline');
      await timeline.waitFor();
      await timeline.getByText(w.carrier).waitFor();
      await timeline.getByText(w.tracking).waitFor();
      const link = timeline.getByRole('link', { name: w.track });
      expect(await link.getAttribute('href')).toContain('searchFor=7023210039414604');
      expect(await link.getAttribute('href')).toContain(`track-reperage/${locale}`);
      await timeline.getByText(w.refunded).waitFor();
      expect(await page.getByTestId('payment-status').textContent()).toBe(w.partly);
      // The refund's tax, worked out by hand: the order's tax in the proportion 5.00 / total, rounded.
      const totalCents = Math.round(Number(order.total) * 100);
      const taxCents = Math.round(Number(order.taxAmount) * 100);
      const refundTax = Math.round((taxCents * 500) / totalCents);
      const taxText = (await page.getByTestId('timeline-refund-tax').textContent()) ?? '';
      // The amounts ('$0.58'; '0,22 $'), not the rates ('9,975 %').
      const amounts = locale === 'fr' ? /(\d+),(\d{2})\u00a0\$/g : /\$(\d+)\.(\d{2})/g;
      const shown = [...taxText.matchAll(amounts)].reduce(
        (sum, m) => sum + Number(m[1]) * 100 + Number(m[2]),
        0,
      );
      expect(shown).toBe(refundTax);
      // What is left: the total less 5.00.
      const net = ((totalCents - 500) / 100).toFixed(2);
      const netText = locale === 'fr' ? `${net.replace('.', ',')}${NB}$ CAD` : `$${net} CAD`;
      expect(await page.getByTestId('confirmation-net').textContent()).toBe(netText);
      await noAxeProblems(page, `${locale} order look-up`);
      expect(consoleErrors).toEqual([]);
      await context.close();
    },
  );

  it.each(['en', 'fr'] as const)(
    '%s: a pickup order asks for no address and shows the store',
    async (locale: Locale) => {
      const w = WORDS[locale];
      const shopper = locale === 'en' ? TORONTO_SHOPPER : QUEBEC_SHOPPER;
      const form = CHECKOUT_WORDS[locale];
      const [product] = await inStock(3, locale).then((l) => l.slice(locale === 'en' ? 2 : 1));
      const { page, context, consoleErrors } = await openPage(browser, { viewport: DESKTOP });
      await page.goto(`${store.url}${w.prefix}/products/${product!.slug}`);
      await page.getByRole('button', { name: w.addToCart }).click();
      await page
        .getByRole('dialog')
        .getByRole('link', { name: w.goToCart })
        .or(page.getByRole('dialog').getByRole('button', { name: w.goToCart }))
        .click();
      await page.waitForURL(`${store.url}${w.prefix}/cart`);
      await page
        .getByRole('link', { name: w.proceed })
        .or(page.getByRole('button', { name: w.proceed }))
        .first()
        .click();
      await page.waitForURL(`${store.url}${w.prefix}/checkout`);
      const checkout = checkoutForm(page, locale);
      await checkout.getByLabel(form.firstName).fill(shopper.firstName);
      await checkout.getByLabel(form.lastName, { exact: true }).fill(shopper.lastName);
      await checkout.getByLabel(form.email).fill(`pat_${locale}_${Date.now().toString(36)}@example.com`);
      await checkout.getByLabel(form.phone).fill(shopper.phone);
      const pickup = checkout.getByRole('radio', { name: w.pickup });
      await pickup.check();
      // Only a contact: no address field once pickup is chosen, and the store's address on the option.
      await expect.poll(() => checkout.getByLabel(form.line1).count()).toBe(0);
      await checkout.getByTestId('pickup-place').getByText('1250 Clearance Road, Unit 4').waitFor();
      await noAxeProblems(page, `${locale} checkout with pickup`);
      await acceptContract(page, locale);
      await page.getByRole('button', { name: w.continue }).click();
      await page.waitForURL(/\/pay\/ORD-[A-Z2-7]{16}$/);
      await page.getByRole('button', { name: w.pay }).click();
      await page.getByRole('heading', { name: w.confirmed }).waitFor();
      await page.getByRole('heading', { name: w.pickupHeading }).waitFor();
      await page.getByTestId('pickup-address').getByText('1250 Clearance Road, Unit 4').waitFor();
      expect(await page.getByRole('heading', { name: w.shippingHeading }).count()).toBe(0);
      await noAxeProblems(page, `${locale} pickup confirmation`);
      expect(consoleErrors).toEqual([]);
      await context.close();
    },
  );
});
