// A gift card in real Chromium (docs/decisions/0533-gift-cards.md): staff issue one to a recipient, its
// code is read from the e-mail on a real SMTP server on loopback; the recipient checks its balance on
// /gift-cards/balance, types it at checkout, and the payment page asks only for the rest; the
// confirmation shows how the order was paid; axe-clean on each page. And a card bought on /gift-cards
// (docs/decisions/0534-gift-card-sales.md): put in the cart, paid on the local payment page with no
// address asked, listed on the confirmation, and the recipient's e-mail carrying a code worth the amount.
import { simpleParser } from 'mailparser';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpInbox, startSmtpInbox } from '~/server/test/smtp-inbox';
import type { Product } from '~/shared/schemas/catalog';
import { axeProblems } from './a11y';
import { sessionCookie } from './admin-session';
import { checkoutForm, fillCheckoutForm, TORONTO_SHOPPER } from './checkout-form';
import { launchBrowser, openPage, type Store, startStore } from './harness';

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

async function nextMailTo(address: string) {
  for (;;) {
    const mail = await simpleParser(await inbox.next());
    const to = [mail.to ?? []].flat().flatMap((a) => a.value.map((v) => v.address));
    if (to.includes(address)) return mail;
  }
}

describe('a gift card', () => {
  it('is e-mailed, looked up and spent at checkout with the card paying the rest', async () => {
    const cookie = await sessionCookie(store.url);
    const issued = await fetch(`${store.url}/api/admin/gift-cards`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: store.url, cookie },
      body: JSON.stringify({ amount: '5.00', recipientEmail: 'friend@example.com', message: 'Enjoy!' }),
    });
    expect(issued.status).toBe(200);
    const mail = await nextMailTo('friend@example.com');
    const code = /Gift card code:\s*([A-Z2-7]{4}(?:-[A-Z2-7]{4}){3})/.exec(mail.text ?? '')?.[1];
    expect(code).toMatch(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){3}$/);

    const products = (await (
      await fetch(`${store.url}/api/products?inStock=true&limit=50`)
    ).json()) as Product[];
    const product = products.find((p) => !p.finalSale && p.stock > 0 && Number(p.price) > 10);
    if (!product) throw new Error('The demo catalogue has no product over $10 in stock');

    const { page, context, consoleErrors } = await openPage(browser, {
      viewport: { width: 1280, height: 900 },
    });
    const problems: string[] = [];
    await page.goto(`${store.url}/gift-cards/balance`);
    await page.waitForSelector('html[data-hydrated]').catch(() => {});
    await page.getByLabel('Gift card code').fill(code!);
    await page.getByRole('button', { name: 'Check balance' }).click();
    await expect
      .poll(() => page.getByTestId('gift-card-balance').textContent())
      .toBe(`The card ending in ${code!.slice(-4)} holds $5.00.`);
    problems.push(...(await axeProblems(page, 'balance page')));

    await page.goto(`${store.url}/products/${product.slug}`);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.goto(`${store.url}/checkout`);
    await fillCheckoutForm(page, {
      ...TORONTO_SHOPPER,
      firstName: 'Gift',
      lastName: 'Friend',
      email: 'friend@example.com',
    });
    await page.getByLabel('Gift card codes').fill(code!);
    problems.push(...(await axeProblems(page, 'checkout')));
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.waitForURL(/\/pay\/ORD-[A-Z2-7]{16}$/);
    const body = (await page.locator('body').textContent()) ?? '';
    expect(body).toContain('Gift cards');
    expect(body).toContain('−$5.00');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.getByRole('heading', { name: 'Order Confirmed!' }).waitFor();
    await page.waitForSelector('html[data-hydrated]').catch(() => {});
    const confirmation = (await page.locator('main').textContent()) ?? '';
    expect(confirmation).toContain('Gift cards');
    expect(confirmation).toContain('-$5.00');
    expect(confirmation).toContain('Paid by card');
    problems.push(...(await axeProblems(page, 'confirmation')));
    expect(problems).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();

    const after = await (await fetch(`${store.url}/api/gift-cards/${code}/balance`)).json();
    expect(after).toMatchObject({ balance: '0.00' });
  });

  it('is bought on /gift-cards, paid with no address asked, and e-mailed to its recipient', async () => {
    const { page, context, consoleErrors } = await openPage(browser, {
      viewport: { width: 1280, height: 900 },
    });
    const problems: string[] = [];
    await page.goto(`${store.url}/gift-cards`);
    await page.waitForSelector('html[data-hydrated]').catch(() => {});
    await page.getByRole('heading', { level: 1, name: 'Gift cards' }).waitFor();
    problems.push(...(await axeProblems(page, 'gift card page')));
    await page.getByRole('radio', { name: 'Other amount' }).check();
    await page.getByLabel('Amount in dollars').fill('40');
    await page.getByLabel('Recipient’s name').fill('Sam Friend');
    await page.getByLabel('Recipient’s e-mail').fill('sam.recipient@example.com');
    await page.getByLabel(/^Message/).fill('Happy birthday!');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByTestId('toast').getByText('Gift card added to your cart').waitFor();
    // The header's badge counts the card: the cart's total item quantity.
    await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('1');
    problems.push(...(await axeProblems(page, 'gift card page, added')));

    await page.goto(`${store.url}/cart`);
    const line = page.getByTestId('gift-card-line');
    await line.waitFor();
    expect(await line.textContent()).toContain('$40.00 gift card × 1');
    expect(await page.getByTestId('summary-total').textContent()).toBe('$40.00');
    problems.push(...(await axeProblems(page, 'cart with a gift card')));

    await page.goto(`${store.url}/checkout`);
    await page.getByTestId('cards-only').waitFor();
    expect(await checkoutForm(page).getByLabel('Address Line 1').count()).toBe(0);
    const form = checkoutForm(page);
    await form.getByLabel('First Name', { exact: true }).fill('Jane');
    await form.getByLabel('Last Name', { exact: true }).fill('Buyer');
    await form.getByLabel('Email', { exact: true }).fill('jane.buyer@example.com');
    await form.getByLabel('Phone', { exact: true }).fill('416-555-0123');
    await form.getByRole('checkbox', { name: /^I have read this summary and I accept the contract/ }).check();
    problems.push(...(await axeProblems(page, 'checkout of a gift card')));
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.waitForURL(/\/pay\/ORD-[A-Z2-7]{16}$/);
    expect(await page.getByTestId('amount').textContent()).toBe('$40.00');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.getByRole('heading', { name: 'Order Confirmed!' }).waitFor();
    await page.waitForSelector('html[data-hydrated]').catch(() => {});
    const card = page.getByTestId('order-gift-card');
    await card.waitFor();
    expect(await card.textContent()).toContain('$40.00 gift card for Sam Friend (sam.recipient@example.com)');
    problems.push(...(await axeProblems(page, 'confirmation of a gift card')));
    // Paid: the cart, card line included, is cleared.
    await page.goto(`${store.url}/cart`);
    await page.getByTestId('empty-cart').waitFor();
    expect(problems).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();

    const mail = await nextMailTo('sam.recipient@example.com');
    expect(mail.text).toContain('Happy birthday!');
    const code = /Gift card code:\s*([A-Z2-7]{4}(?:-[A-Z2-7]{4}){3})/.exec(mail.text ?? '')?.[1];
    expect(code).toMatch(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){3}$/);
    const balance = await (await fetch(`${store.url}/api/gift-cards/${code}/balance`)).json();
    expect(balance).toMatchObject({ balance: '40.00' });
  });
});
