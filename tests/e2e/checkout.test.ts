// The purchase, end to end, in real Chromium against the built store with its demo catalogue and the
// local payment provider: a guest pays for two products; a decline keeps the cart; a shopper who
// creates an account at checkout ends up signed in with the order in their account.
import { type SmtpInbox, startSmtpInbox } from '~/server/test/smtp-inbox';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '~/shared/schemas/catalog';
import { axeProblems } from './a11y';
import { registrationLink } from './admin-session';
import { ADMIN, launchBrowser, openPage, type Store, startStore, watchForText } from './harness';
import { CHECKOUT_WORDS, checkoutForm, fillCheckoutForm, TORONTO_SHOPPER } from './checkout-form';

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

const DESKTOP = { width: 1280, height: 900 };

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${store.url}${path}`);
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
}

/** Products in stock with at least `min` units, skipping `used` ones and final-sale lots. */
async function productsInStock(count: number, min: number, used: number[] = []): Promise<Product[]> {
  const all = await api<Product[]>('/api/products?inStock=true&limit=100');
  const picked = all.filter((p) => p.stock >= min && !p.finalSale && !used.includes(p.id)).slice(0, count);
  if (picked.length < count) throw new Error('The demo catalogue has too few products in stock');
  return picked;
}

/** Signs in as the store's administrator through the API and answers the session cookie. */
async function adminCookie(): Promise<string> {
  const res = await fetch(`${store.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!res.ok) throw new Error(`admin sign-in: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function adminWrite(cookie: string, method: 'POST' | 'PUT', path: string, body: unknown) {
  const res = await fetch(`${store.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/**
 * Two products whose prices the test knows, on a day whose only discount is 25% off their category:
 * every weekday at 0%, the first category at 25%, the second at 0%.
 */
async function knownProducts(): Promise<{ discounted: Product; plain: Product }> {
  const cookie = await adminCookie();
  const categories = await api<{ id: number }[]>('/api/categories');
  const [first, second] = categories;
  if (!first || !second) throw new Error('The demo catalogue has too few categories');
  await adminWrite(cookie, 'PUT', '/api/discounts/weekday', {
    discounts: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, percentage: 0 })),
  });
  await adminWrite(cookie, 'PUT', '/api/discounts/category', {
    discounts: categories.map((c) => ({ categoryId: c.id, percentage: c.id === first.id ? 25 : 0 })),
  });
  const create = async (name: string, price: string, categoryId: number) => {
    const created = (await adminWrite(cookie, 'POST', '/api/products', {
      name,
      description: 'Priced by the checkout journey.',
      price,
      stock: 5,
      categoryId,
    })) as { slug: string };
    return api<Product>(`/api/products/${created.slug}`);
  };
  return {
    discounted: await create('Checkout Journey Lamp', '19.99', first.id),
    plain: await create('Checkout Journey Mug', '8.00', second.id),
  };
}

async function addToCart(
  page: Page,
  product: Product,
  quantity: number,
  then: 'Continue Shopping' | 'Go to Cart',
) {
  await page.goto(`${store.url}/products/${product.slug}`);
  await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
  for (let i = 1; i < quantity; i++) await page.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page
    .getByRole('dialog')
    .getByRole('link', { name: then })
    .or(page.getByRole('dialog').getByRole('button', { name: then }))
    .click();
}

/** Jane in Toronto (Ontario's HST) with the given e-mail address. */
async function fillCheckout(page: Page, email: string) {
  await fillCheckoutForm(page, { ...TORONTO_SHOPPER, email });
}

async function cartItems(page: Page): Promise<unknown[]> {
  return page.evaluate(() => JSON.parse(window.localStorage.getItem('cart') ?? '{"items":[]}').items);
}

describe('checkout', () => {
  it('a guest buys two products, pays, sees the order confirmed; the cart empties and the stock drops', async () => {
    const { page, context, consoleErrors } = await openPage(browser, { viewport: DESKTOP });
    const { discounted: a, plain: b } = await knownProducts();
    // Worked by hand: the lamp is $19.99 less 25% = $14.9925, charged $14.99; two lamps and a $8.00 mug
    // are $37.98; standard shipping (the demo's $5.99) makes $43.97; Ontario's HST of 13% on that is
    // $5.7161, charged $5.72; the total is $49.69.
    expect(a.discountedPrice).toBe('14.99');
    const total = '$49.69';
    await addToCart(page, a, 2, 'Continue Shopping');
    await addToCart(page, b, 1, 'Go to Cart');
    await page.waitForURL(`${store.url}/cart`);
    await page
      .getByRole('link', { name: 'Proceed to Checkout' })
      .or(page.getByRole('button', { name: 'Proceed to Checkout' }))
      .first()
      .click();
    await page.waitForURL(`${store.url}/checkout`);
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await fillCheckout(page, 'jane.guest@example.com');
    // The checkout and confirmation totals name the store's currency (docs/decisions/0135-store-currency.md).
    await expect.poll(() => page.getByTestId('summary-total').textContent()).toBe(`${total} CAD`);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();

    await page.waitForURL(/\/pay\/ORD-[A-Z2-7]{16}$/);
    expect(await page.getByTestId('amount').textContent()).toBe(total);
    await page.getByRole('button', { name: 'Pay' }).click();

    await page.waitForURL(
      (u) => u.pathname === '/checkout/confirmation' && u.searchParams.get('status') === 'success',
    );
    await page.getByRole('heading', { name: 'Order Confirmed!' }).waitFor();
    expect(await page.getByTestId('confirmation-total').textContent()).toBe(`${total} CAD`);
    expect(await page.getByTestId('payment-status').textContent()).toBe('Paid');
    expect(await page.getByTestId('shipping-method').textContent()).toBe('Standard Shipping');
    await expect.poll(() => cartItems(page)).toEqual([]);
    await expect.poll(() => page.getByTestId('cart-badge').count()).toBe(0);

    const [aAfter, bAfter] = await Promise.all([
      api<Product>(`/api/products/${a.slug}`),
      api<Product>(`/api/products/${b.slug}`),
    ]);
    expect(aAfter.stock).toBe(5 - 2);
    expect(bAfter.stock).toBe(5 - 1);

    // Opening the confirmation again does not clear a new cart.
    const confirmation = page.url();
    await addToCart(page, b!, 1, 'Continue Shopping');
    await page.goto(confirmation);
    await page.getByRole('heading', { name: 'Order Confirmed!' }).waitFor();
    await page.waitForTimeout(300);
    expect(await cartItems(page)).toHaveLength(1);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('a declined payment keeps the cart and says so', async () => {
    const { page, context, consoleErrors } = await openPage(browser, { viewport: DESKTOP });
    const [c] = await productsInStock(1, 1);
    await addToCart(page, c!, 1, 'Go to Cart');
    await page.goto(`${store.url}/checkout`);
    await fillCheckout(page, 'decline@example.com');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.waitForURL(/\/pay\/ORD-/);
    await page.getByRole('button', { name: 'Decline' }).click();
    await page.waitForURL(
      (u) => u.pathname === '/checkout/confirmation' && u.searchParams.get('status') === 'failed',
    );
    await page.getByRole('heading', { name: 'Payment Unsuccessful' }).waitFor();
    await page.getByText('Your payment was declined. No money was taken.', { exact: true }).first().waitFor();
    expect(await cartItems(page)).toHaveLength(1);
    await page.getByRole('link', { name: 'Try Again' }).click();
    await page.waitForURL(`${store.url}/checkout`);
    await page.getByRole('button', { name: 'Continue to Payment' }).waitFor();
    // The declined order's hold is gone: all the stock is for sale.
    expect((await api<Product>(`/api/products/${c!.slug}`)).stock).toBe(c!.stock);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('creating an account at checkout: the e-mailed link signs the shopper in, with the order in their account', async () => {
    const { page, context, consoleErrors } = await openPage(browser, { viewport: DESKTOP });
    const [d] = await productsInStock(1, 1);
    const username = `buyer${Date.now().toString(36)}`;
    await addToCart(page, d!, 1, 'Go to Cart');
    await page.goto(`${store.url}/checkout`);
    await fillCheckout(page, `${username}@example.com`);
    const form = checkoutForm(page);
    await form.getByRole('checkbox', { name: /Create an account/ }).check();
    await form.getByLabel('Username').fill(username);
    await form.getByLabel('Password', { exact: true }).fill('secret-pass-1');
    await form.getByLabel('Confirm Password').fill('secret-pass-1');
    // The account waits for its link: the checkout says so and goes on to payment. The notice shows only
    // until the payment page replaces this one (a full page load), so the page itself watches for it.
    const notice = await watchForText(page, 'Check your e-mail');
    expect(await notice.seen()).toBe(false);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.waitForURL(/\/pay\/ORD-/);
    expect(await notice.seen()).toBe(true);
    const reference = page.url().split('/pay/')[1]!;
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.getByRole('heading', { name: 'Order Confirmed!' }).waitFor();
    const orderNumber = (await page.getByTestId('order-number').textContent())!.replace('#', '');

    // The account waits for the link sent to the address (docs/decisions/0456): the order goes on as a
    // guest's, and opening the link makes the account, signs in, and brings the order with it.
    expect((await page.request.get(`${store.url}/api/auth/me`)).ok()).toBe(false);
    await page.goto(await registrationLink(inbox, `${username}@example.com`));
    await page.waitForURL((u) => u.pathname === '/account');
    const me = await page.request.get(`${store.url}/api/auth/me`);
    expect(me.ok()).toBe(true);
    expect((await me.json()).username).toBe(username);
    const mine = (await (await page.request.get(`${store.url}/api/orders/my-orders`)).json()) as {
      orderReference: string;
    }[];
    expect(mine.map((o) => o.orderReference)).toContain(reference);

    await page.goto(`${store.url}/account?tab=orders`);
    await page.getByText(`Order #${orderNumber}`).first().waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('a final-sale lot is named at checkout and cannot be paid for until the shopper confirms it', async () => {
    const { page, context, consoleErrors } = await openPage(browser, { viewport: DESKTOP });
    const cookie = await adminCookie();
    const created = (await adminWrite(cookie, 'POST', '/api/products', {
      name: 'Final Sale Journey Toaster',
      description: 'Returned by a customer; sold as is.',
      price: '12.00',
      stock: 2,
      condition: 'used-acceptable',
      conditionNotes: 'Dent on the side',
      finalSale: true,
    })) as { slug: string };
    const toaster = await api<Product>(`/api/products/${created.slug}`);
    await page.goto(`${store.url}/products/${toaster.slug}`);
    await page.getByText('Final sale: this item cannot be returned or exchanged.').waitFor();
    expect(await page.getByTestId('condition').textContent()).toContain('Used - acceptable');
    await addToCart(page, toaster, 1, 'Go to Cart');
    await page.waitForURL(`${store.url}/cart`);
    expect(await page.getByTestId('final-sale').textContent()).toBe('Final sale');
    await page.goto(`${store.url}/checkout`);
    await fillCheckout(page, 'final.sale@example.com');
    const section = page.getByTestId('final-sale-section');
    expect(await section.getByRole('listitem').allTextContents()).toEqual(['Final Sale Journey Toaster']);

    // Paying without the confirmation stays on the page, says why and puts the focus on the checkbox.
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await section
      .getByText(
        'Some items in your order are final sale. Please confirm that you understand they cannot be returned or exchanged.',
      )
      .waitFor();
    const confirm = section.getByRole('checkbox', {
      name: 'I understand that final-sale items cannot be returned or exchanged.',
    });
    expect(await confirm.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(page.url()).toBe(`${store.url}/checkout`);
    expect(await axeProblems(page, 'checkout with a final-sale lot')).toEqual([]);

    await confirm.check();
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.waitForURL(/\/pay\/ORD-/);
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.getByRole('heading', { name: 'Order Confirmed!' }).waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('the contract block names the seller, each line and its return policy, and nothing is paid until it is accepted', async () => {
    const { page, context, consoleErrors } = await openPage(browser, { viewport: DESKTOP });
    const cookie = await adminCookie();
    const created = (await adminWrite(cookie, 'POST', '/api/products', {
      name: 'Contract Journey Kettle',
      description: 'Opened and tested.',
      price: '24.00',
      stock: 2,
      condition: 'used-like-new',
    })) as { slug: string };
    const kettle = await api<Product>(`/api/products/${created.slug}`);
    await addToCart(page, kettle, 1, 'Go to Cart');
    await page.waitForURL(`${store.url}/cart`);
    await page.goto(`${store.url}/checkout`);
    await fillCheckout(page, 'contract.journey@example.com');
    const block = checkoutForm(page).getByRole('region', { name: 'Your contract' });
    expect(await block.getByTestId('contract-seller').textContent()).toContain('1250 Clearance Road');
    // The store's default window for used - like new is 14 days (decision 0540).
    expect(await block.getByTestId('contract-lines').textContent()).toContain(
      'Contract Journey Kettle (Used - like new) × 1. Return policy: Returns accepted within 14 days of delivery or pickup.',
    );
    expect(await block.getByTestId('contract-total').textContent()).toMatch(/^\$\d+\.\d{2} CAD$/);
    await block.getByText('The legal warranty applies to every item').waitFor();

    // The filler ticked it as a shopper would; unticked, paying stays here, says why and focuses the box.
    const accept = block.getByRole('checkbox', { name: CHECKOUT_WORDS.en.acceptContract });
    await accept.uncheck();
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await block.getByText('Please tick that you accept the contract before paying.').waitFor();
    expect(await accept.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(page.url()).toBe(`${store.url}/checkout`);
    // The marketing box is another, unticked box.
    expect(await page.getByTestId('marketing-consent').isChecked()).toBe(false);
    expect(await axeProblems(page, 'checkout with the contract unaccepted')).toEqual([]);

    await accept.check();
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.waitForURL(/\/pay\/ORD-/);
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.getByRole('heading', { name: 'Order Confirmed!' }).waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
