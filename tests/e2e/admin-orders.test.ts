// The administrator's orders and users in real Chromium against the built store with its demo data and
// the local payment provider: the admin creates and edits a customer, cannot delete themselves, finds
// an order a guest paid for, links it to the customer (who then sees it in /account), moves it pending
// -> processing -> shipped with a tracking number (the customer's tracker follows), refunds another
// order (its stock returns), and ships two more from a CSV of tracking numbers.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '~/shared/schemas/catalog';
import { ADMIN, launchBrowser, openPage, signIn, type Store, startStore, type TrackedPage } from './harness';
import { signInToAdmin } from './admin-session';
import { guestPurchase } from './guest-purchase';

let store: Store;
let browser: Browser;
let admin: TrackedPage;

const DESKTOP = { width: 1280, height: 900 };
const suffix = Date.now().toString(36);
const customer = {
  username: `linked_${suffix}`,
  email: `linked_${suffix}@example.com`,
  password: 'linked-pass-123',
};
let paidReference = '';

beforeAll(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
});
afterAll(async () => {
  await admin?.context.close();
  await browser?.close();
  await store?.stop();
});

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${store.url}${path}`);
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
}

async function productInStock(min: number, skip: number[] = []): Promise<Product> {
  const all = await api<Product[]>('/api/products?inStock=true&limit=100');
  const product = all.find((p) => p.stock >= min && !p.finalSale && !skip.includes(p.id));
  if (!product) throw new Error('The demo catalogue has too few products in stock');
  return product;
}

const stockOf = async (product: Product) => (await api<Product>(`/api/products/${product.slug}`)).stock;

function adminPage(): Page {
  if (!admin) throw new Error('The administrator is not signed in yet');
  return admin.page;
}

async function toastWith(page: Page, text: string) {
  await page.getByTestId('toast').filter({ hasText: text }).first().waitFor();
}

/** The administrator's session, for calls made outside the page (as another tab of the same browser would). */
async function adminFetch(path: string, init: RequestInit = {}) {
  const cookies = await admin.context.cookies(store.url);
  return fetch(`${store.url}${path}`, {
    ...init,
    headers: {
      cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '),
      origin: store.url,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.headers as Record<string, string>),
    },
  });
}

async function openAdminTab(tab: 'Users' | 'Orders', heading: string) {
  const page = adminPage();
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: tab, exact: true })
    .click();
  await page.getByRole('heading', { name: heading }).waitFor();
}

async function findOrder(reference: string) {
  const page = adminPage();
  const search = page.getByLabel('Search orders by order number, reference, name or email');
  await search.fill(reference);
  const rows = page.getByTestId('admin-order-row');
  await expect.poll(() => rows.count()).toBe(1);
  const row = rows.filter({ hasText: reference });
  await row.waitFor();
  return row;
}

describe('admin orders and users', () => {
  it('the administrator creates and edits a customer, and cannot delete themselves', async () => {
    admin = await openPage(browser, { viewport: DESKTOP, allowConsole: [/status of 401/] });
    const { page } = admin;
    await signInToAdmin(page, store.url, ADMIN, '/admin/users');
    await openAdminTab('Users', 'User Management');

    // Own row: the 'You' badge, and no way to delete it, in the page or on the server.
    const own = page.getByTestId('admin-user-row').filter({ hasText: ADMIN.username });
    await own.getByText('You', { exact: true }).waitFor();
    expect(await own.getByRole('button', { name: `Delete ${ADMIN.username}` }).isDisabled()).toBe(true);
    const me = (await (await adminFetch('/api/auth/me')).json()) as { id: number };
    const refused = await adminFetch(`/api/admin/users/${me.id}`, { method: 'DELETE' });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'You cannot delete your own account.',
    );

    await page.getByRole('button', { name: 'Add User' }).click();
    const add = page.getByRole('dialog', { name: 'Add User' });
    await add.getByLabel('Username').fill(customer.username);
    await add.getByLabel('Email').fill(customer.email);
    await add.getByLabel('Password', { exact: true }).fill(customer.password);
    await add.getByLabel('Confirm Password').fill('something-else');
    await add.getByRole('button', { name: 'Create User' }).click();
    await add.getByText('Passwords do not match.').waitFor();
    await add.getByLabel('Confirm Password').fill(customer.password);
    await add.getByRole('button', { name: 'Create User' }).click();
    await toastWith(page, 'User Created');
    await add.waitFor({ state: 'detached' });

    await page.getByLabel('Search users by username or email').fill(customer.username);
    const row = page.getByTestId('admin-user-row').filter({ hasText: customer.username });
    await row.waitFor();
    await expect.poll(() => page.getByTestId('admin-user-row').count()).toBe(1);
    expect(await row.textContent()).toContain('Customer');
    await row.getByRole('button', { name: `Edit ${customer.username}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit User: ${customer.username}` });
    await edit.getByLabel('Phone (optional)').fill('416-555-0199');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await toastWith(page, 'User Updated');
    await row.getByText('416-555-0199').waitFor();

    // The blank password kept the one set at creation: the customer signs in with it.
    const { page: shopper, context, consoleErrors } = await openPage(browser);
    await signIn(shopper, store.url, customer.username, customer.password);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("finds a guest's paid order, links it to the customer, and moves it to shipped; the customer's tracker follows", async () => {
    const product = await productInStock(2);
    paidReference = await guestPurchase(browser, store.url, product, {
      firstName: 'Gail',
      lastName: 'Guest',
      email: customer.email,
    });
    const page = adminPage();
    await openAdminTab('Orders', 'Order Management');
    let row = await findOrder(paidReference);
    expect(await row.textContent()).toContain('Guest');
    expect(await row.getByTestId('admin-order-status').textContent()).toBe('Pending');
    expect(await row.getByTestId('admin-payment-status').textContent()).toBe('Completed');

    await row.getByRole('button', { name: /^Link user to order/ }).click();
    const link = page.getByRole('dialog', { name: /^Link User to Order #/ });
    await link.getByLabel('User email').fill('nobody-like-this@example.com');
    await link.getByRole('button', { name: 'Search' }).click();
    await link.getByText('No users found with that email address').waitFor();
    await link.getByLabel('User email').fill(customer.email);
    await link.getByRole('button', { name: 'Search' }).click();
    await link.getByRole('button', { name: `Link to ${customer.username}` }).click();
    await toastWith(page, 'Order linked');
    await row.getByText(customer.username, { exact: true }).waitFor();

    // The customer now sees it, not yet in progress.
    const shopper = await openPage(browser);
    await signIn(shopper.page, store.url, customer.username, customer.password);
    const id = await orderId(paidReference);
    const card = async () => {
      await shopper.page.goto(`${store.url}/account?tab=orders`);
      const c = shopper.page.locator(`[data-testid="order-card"][data-order-id="${id}"]`);
      await c.waitFor();
      return c;
    };
    const lit = async () =>
      (await card())
        .getByTestId('order-tracker')
        .locator('li')
        .evaluateAll((steps) =>
          steps.map((s) => `${s.getAttribute('data-step')}:${s.getAttribute('data-lit')}`),
        );
    expect(await lit()).toEqual(['Processing:false', 'Shipped:false', 'Delivered:false']);

    await row.getByRole('button', { name: /^Mark Processing/ }).click();
    await toastWith(page, 'is now Processing');
    row = await findOrder(paidReference);
    await expect.poll(() => row.getByTestId('admin-order-status').textContent()).toBe('Processing');
    expect(await lit()).toEqual(['Processing:true', 'Shipped:false', 'Delivered:false']);

    // The Fulfil step: carrier and tracking number, then Shipped, in one change, so the one e-mail
    // carries them.
    await row.getByRole('button', { name: /^Mark Shipped/ }).click();
    const fulfil = page.getByRole('dialog', { name: /^Ship order #/ });
    await fulfil.getByRole('button', { name: 'Mark Shipped and e-mail tracking' }).click();
    await fulfil.getByText('Enter the tracking number, or choose to ship without one.').waitFor();
    await fulfil.getByLabel('Carrier', { exact: true }).selectOption('ups');
    await fulfil.getByLabel('Tracking Number', { exact: true }).fill('1Z999AA10123456784');
    await fulfil.getByRole('button', { name: 'Mark Shipped and e-mail tracking' }).click();
    await toastWith(page, 'the customer is e-mailed tracking number 1Z999AA10123456784');
    await expect.poll(() => row.getByTestId('admin-order-status').textContent()).toBe('Shipped');
    expect(await row.getByRole('button', { name: /^Mark / }).count()).toBe(0);

    // A corrected number on the shipped order: saved and e-mailed as new tracking details.
    await row.getByRole('button', { name: /^View order/ }).click();
    const detail = page.getByTestId('admin-order-detail');
    await detail.getByText('This order has shipped: a new tracking number or carrier is e-mailed').waitFor();
    await detail.getByLabel('Tracking Number').fill('1Z999AA10123456785');
    await detail.getByRole('button', { name: 'Save Tracking' }).click();
    await toastWith(page, 'saved and e-mailed to the customer');
    const history = detail.getByTestId('admin-order-history');
    await history.getByText('Status: Pending → Processing').waitFor();
    await history.getByText('Status: Processing → Shipped').waitFor();
    await history.getByText('Tracking number: 1Z999AA10123456784', { exact: true }).waitFor();
    await history.getByText('Tracking number: 1Z999AA10123456784 → 1Z999AA10123456785').waitFor();
    await history.getByText('Carrier: UPS').waitFor();
    await page
      .getByRole('dialog', { name: /^Order #/ })
      .getByRole('button', { name: 'Close' })
      .click();
    await detail.waitFor({ state: 'detached' });

    // The shipped e-mail waits in the outbox (no SMTP server here); the administrator reads it.
    await page.getByRole('button', { name: 'E-mails', exact: true }).click();
    const mailRow = page
      .getByTestId('admin-email-row')
      .filter({ hasText: `order ${paidReference} has shipped` });
    await mailRow.getByText('In the outbox').waitFor();
    await mailRow.getByRole('button', { name: /^View e-mail/ }).click();
    const mail = page.getByRole('dialog', { name: /has shipped$/ });
    const frame = mail.frameLocator('iframe');
    await frame.getByText('Your order is on its way').waitFor();
    await frame.getByText('1Z999AA10123456784', { exact: true }).waitFor();
    await mail.getByRole('button', { name: 'Close' }).click();
    expect(
      await page
        .getByTestId('admin-email-row')
        .filter({ hasText: `order ${paidReference} has shipped` })
        .count(),
    ).toBe(1);
    await page
      .getByTestId('admin-email-row')
      .filter({ hasText: `new tracking details for order ${paidReference}` })
      .waitFor();
    await page.getByRole('button', { name: 'Hide E-mails' }).click();

    expect(await lit()).toEqual(['Processing:true', 'Shipped:true', 'Delivered:false']);
    // The corrected number, as a link to the carrier's tracking page.
    const tracking = (await card()).getByTestId('order-tracking');
    expect(await tracking.textContent()).toContain('UPS 1Z999AA10123456785');
    expect(await tracking.getByRole('link').getAttribute('href')).toContain('1Z999AA10123456785');
    expect(shopper.consoleErrors).toEqual([]);
    await shopper.context.close();
  });

  it('refunds another paid order: its stock returns, once', async () => {
    const first = await productInStock(2);
    const product = await productInStock(2, [first.id]);
    const before = await stockOf(product);
    const reference = await guestPurchase(browser, store.url, product, {
      firstName: 'Gail',
      lastName: 'Guest',
      email: `refund_${suffix}@example.com`,
    });
    expect(await stockOf(product)).toBe(before - 1);

    const page = adminPage();
    const row = await findOrder(reference);
    await row.getByRole('button', { name: /^View order/ }).click();
    const detail = page.getByTestId('admin-order-detail');
    await detail.getByText('Stock taken for this order').waitFor();
    await detail.getByLabel('Payment Status').selectOption('refunded');
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('The items are put back in stock.', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Mark Refunded' }).click();
    await toastWith(page, 'is now Refunded');
    await detail.getByText('Stock not taken').waitFor();
    await detail.getByTestId('admin-order-history').getByText('Payment: Completed → Refunded').waitFor();
    expect(await stockOf(product)).toBe(before);

    // Choosing Refunded again changes nothing.
    const again = await adminFetch(`/api/orders/${await orderId(reference)}/payment-status`, {
      method: 'PATCH',
      body: JSON.stringify({ paymentStatus: 'refunded' }),
    });
    expect(again.status).toBe(200);
    expect(await stockOf(product)).toBe(before);
    await page
      .getByRole('dialog', { name: /^Order #/ })
      .getByRole('button', { name: 'Close' })
      .click();
    await row.getByTestId('admin-payment-status').filter({ hasText: 'Refunded' }).waitFor();
    expect(admin.consoleErrors).toEqual([]);
  });

  it('ships two orders from a CSV of tracking numbers, each e-mailed its own; a bad line is reported', async () => {
    const first = await productInStock(2);
    const second = await productInStock(2, [first.id]);
    const one = await guestPurchase(browser, store.url, first, {
      firstName: 'Cora',
      lastName: 'Csv',
      email: `csv1_${suffix}@example.com`,
    });
    const two = await guestPurchase(browser, store.url, second, {
      firstName: 'Dale',
      lastName: 'Csv',
      email: `csv2_${suffix}@example.com`,
    });
    const page = adminPage();
    await page.getByRole('button', { name: 'Ship from CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ship orders from a CSV' });
    const csv = [
      'Order Reference,Carrier,Tracking Number',
      `${one},Canada Post,7023210039414604`,
      `${two},UPS,1Z999AA10123456799`,
      '#999999,UPS,1Z999AA10123456700',
    ].join('\r\n');
    await dialog
      .getByLabel('Tracking CSV')
      .setInputFiles({ name: 'tracking.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByRole('button', { name: 'Ship and e-mail tracking' }).click();
    await dialog.getByRole('status').filter({ hasText: '2 orders shipped, 1 line not used.' }).waitFor();
    await dialog.getByText('Line 4 (#999999): Order not found.').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'detached' });
    for (const reference of [one, two]) {
      const row = await findOrder(reference);
      await expect.poll(() => row.getByTestId('admin-order-status').textContent()).toBe('Shipped');
    }

    // Each customer's one 'has shipped' e-mail carries their own number.
    await page.getByRole('button', { name: 'E-mails', exact: true }).click();
    for (const [reference, number] of [
      [one, '7023210039414604'],
      [two, '1Z999AA10123456799'],
    ] as const) {
      const mailRow = page
        .getByTestId('admin-email-row')
        .filter({ hasText: `order ${reference} has shipped` });
      await mailRow.waitFor();
      expect(await mailRow.count()).toBe(1);
      await mailRow.getByRole('button', { name: /^View e-mail/ }).click();
      const mail = page.getByRole('dialog', { name: /has shipped$/ });
      await mail.frameLocator('iframe').getByText(number, { exact: true }).waitFor();
      await mail.getByRole('button', { name: 'Close' }).click();
      await mail.waitFor({ state: 'detached' });
    }
    await page.getByRole('button', { name: 'Hide E-mails' }).click();
    expect(admin.consoleErrors).toEqual([]);
  });
});

async function orderId(reference: string): Promise<number> {
  const res = await adminFetch(`/api/orders/admin?search=${reference}`);
  const [order] = (await res.json()) as { id: number }[];
  return order!.id;
}
