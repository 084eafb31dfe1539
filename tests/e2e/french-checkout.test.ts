// A French guest's purchase in real Chromium: from the product page under /fr to the local
// payment page and back to the French confirmation, axe-core clean on every page, the order placed in
// French (docs/decisions/0380-french-checkout-and-account.md), and its confirmation e-mail, read from a
// real SMTP server on loopback, in French (docs/decisions/0360-orders-remember-their-language.md).
import { simpleParser } from 'mailparser';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpInbox, startSmtpInbox } from '~/server/test/smtp-inbox';
import type { Product } from '~/shared/schemas/catalog';
import { axeProblems } from './a11y';
import { guestPurchase } from './guest-purchase';
import { launchBrowser, type Store, startStore } from './harness';

let store: Store;
let browser: Browser;
let inbox: SmtpInbox;
beforeAll(async () => {
  inbox = await startSmtpInbox();
  [store, browser] = await Promise.all([startStore({ SMTP_URL: inbox.url }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await store?.stop();
  await inbox?.close();
});

/** The next e-mail the store sends to `address` (others, such as the new-order alert, are passed over). */
async function nextMailTo(address: string) {
  for (;;) {
    const mail = await simpleParser(await inbox.next());
    const to = [mail.to ?? []].flat().flatMap((a) => a.value.map((v) => v.address));
    if (to.includes(address)) return mail;
  }
}

describe('a French purchase', () => {
  it('buys from /fr to the French confirmation, each page in French and axe-clean', async () => {
    // Names as the French pages show them (the API answers in the language the page asks for).
    const products = (await (
      await fetch(`${store.url}/api/products?inStock=true&limit=50`, { headers: { 'accept-language': 'fr' } })
    ).json()) as Product[];
    const english = (await (
      await fetch(`${store.url}/api/products?inStock=true&limit=50`)
    ).json()) as Product[];
    const englishName = new Map(english.map((p) => [p.id, p.name]));
    // One whose French name differs from its English one, so the names below show which was kept.
    const product = products.find((p) => !p.finalSale && p.stock > 0 && englishName.get(p.id) !== p.name);
    if (!product) throw new Error('The demo catalogue has no product in stock');
    const problems: string[] = [];
    const langs: Record<string, string | null> = {};
    const confirmation: { text?: string } = {};
    const onPage = async (page: Page, where: string) => {
      await page.waitForSelector('html[data-hydrated]').catch(() => {});
      langs[where] = await page.getAttribute('html', 'lang');
      problems.push(...(await axeProblems(page, where)));
      if (where === 'confirmation') confirmation.text = (await page.locator('main').textContent()) ?? '';
    };
    const reference = await guestPurchase(
      browser,
      store.url,
      product,
      { firstName: 'Josée', lastName: 'Tremblay', email: 'josee@example.com' },
      { locale: 'fr', onPage },
    );
    expect(reference).toMatch(/^ORD-[A-Z2-7]{16}$/);
    expect(problems).toEqual([]);
    expect(langs).toEqual({
      'product page': 'fr-CA',
      cart: 'fr-CA',
      checkout: 'fr-CA',
      'payment page': 'fr-CA',
      confirmation: 'fr-CA',
    });
    // The French confirmation: its words, the Québec taxes and the money the French way.
    expect(confirmation.text).toContain('Merci de votre achat, Josée Tremblay.');
    expect(confirmation.text).toContain('Livraison standard');
    expect(confirmation.text).toMatch(/TPS/);
    expect(confirmation.text).toMatch(/TVQ/);
    expect(confirmation.text).toMatch(/\d,\d\d\u00a0\$/);
    // The line keeps the name the French pages sold it under (docs/decisions/0471-…).
    expect(confirmation.text).toContain(product.name);

    // The confirmation e-mail the shopper receives is in French too, and links to the French order page.
    const mail = await nextMailTo('josee@example.com');
    expect(mail.subject).toMatch(new RegExp(`\u00a0: commande ${reference} confirmée$`));
    const text = mail.text ?? '';
    expect(text).toContain('Josée');
    expect(text).toMatch(/TPS \(5\u00a0%\)/);
    expect(text).toMatch(/TVQ \(9,975\u00a0%\)/);
    expect(text).toMatch(/\d,\d\d\u00a0\$/);
    expect(text).toContain(`${store.url}/fr/`);
    expect(text).toContain(product.name);
    expect(text).not.toMatch(/\bSubtotal\b|\bShipping\b/);
  });
});
