// The admin area's layout and the staff role in real Chromium against the built store
// (docs/decisions/0252-admin-tables-on-a-phone.md, 0250-staff-role.md): the dashboard is its own Overview
// tab, so on a 1366 x 900 screen the orders table fills the window with rows; on a 390 x 844 phone each
// order is a card whose status and actions are on screen without scrolling sideways; the Overview's
// low-stock card leads to the filtered products; a staff user signs in and sees no Users tab.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '~/shared/schemas/catalog';
import { axeProblems, headingOrderProblems, sideScrollProblems } from './a11y';
import { createStaffUser, sessionCookie, signInToAdmin } from './admin-session';
import { ADMIN, launchBrowser, openPage, type Store, startStore } from './harness';

let store: Store;
let browser: Browser;

const WIDE = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const ORDERS = 14;
const staff = { username: `clerk_${Date.now().toString(36)}`, password: 'clerk-pass-e2e-123' };

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${store.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: store.url, ...headers },
    body: JSON.stringify(body),
    redirect: 'manual',
  });
}

/** One paid order of one unit, from its own address (the checkout limits count per address). */
async function paidOrder(product: Product, n: number) {
  const headers = { 'x-forwarded-for': `10.17.0.${n + 1}` };
  const item = {
    productId: product.id,
    name: product.name,
    price: '0.00',
    compareAtPrice: null,
    quantity: 1,
    discountApplied: false,
    imageUrl: null,
  };
  const orderData = {
    customerName: `Layout Shopper${n}`,
    customerEmail: `layout${n}@example.com`,
    customerPhone: '416-555-0123',
    shippingAddress: {
      addressLine1: '123 Main Street',
      addressLine2: null,
      city: 'Toronto',
      state: 'ON',
      zipCode: 'M5V 2T6',
      country: 'Canada',
    },
    shippingMethod: 'standard',
    subtotal: '0.00',
    discountAmount: '0.00',
    discountPercentage: '0.00',
    shippingCost: '0.00',
    taxRate: '0',
    taxAmount: '0.00',
    total: '99999999.99',
    paymentStatus: 'pending',
    status: 'pending',
    notes: null,
    userId: null,
    contractAccepted: true,
  };
  // A wrong total answers 409 with today's figures; the second submission carries them.
  const quote = await post('/api/square/create-checkout', { orderData, items: [item] }, headers);
  const { current } = (await quote.json()) as {
    current: { items: { price: string; compareAtPrice: string | null; discountApplied: boolean }[] };
  };
  const { items, ...figures } = current;
  const res = await post(
    '/api/square/create-checkout',
    {
      orderData: { ...orderData, ...figures },
      items: [
        {
          ...item,
          price: items[0]!.price,
          compareAtPrice: items[0]!.compareAtPrice,
          discountApplied: items[0]!.discountApplied,
        },
      ],
    },
    headers,
  );
  if (!res.ok) throw new Error(`checkout ${n}: ${res.status} ${await res.text()}`);
  const { orderId } = (await res.json()) as { orderId: string };
  const paid = await fetch(`${store.url}/pay/${orderId}/pay`, {
    method: 'POST',
    headers: { origin: store.url, ...headers },
    redirect: 'manual',
  });
  if (paid.status !== 303) throw new Error(`payment ${n}: ${paid.status}`);
}

beforeAll(async () => {
  [store, browser] = await Promise.all([startStore({ TRUST_PROXY: 'true' }), launchBrowser()]);
  const products = (await (
    await fetch(`${store.url}/api/products?inStock=true&limit=100`)
  ).json()) as Product[];
  // Final-sale lots ask the shopper to confirm at checkout; these orders skip them.
  const inStock = products.filter((p) => p.stock >= 1 && !p.finalSale);
  for (let n = 0; n < ORDERS; n++) await paidOrder(inStock[n % inStock.length]!, n);
  const cookie = await sessionCookie(store.url);
  await createStaffUser(store.url, cookie, staff);
  // Low stock for the Overview's card: one demo product down to 2 units.
  const target = inStock.slice(ORDERS).find((p) => p.stock > 3)!;
  const adjusted = await post(
    `/api/products/${target.id}/stock-adjustments`,
    { delta: 2 - target.stock, reason: 'Counted the shelf' },
    { cookie },
  );
  if (!adjusted.ok) throw new Error(`stock adjustment: ${adjusted.status} ${await adjusted.text()}`);
});
afterAll(async () => {
  await browser?.close();
  await store?.stop();
});

async function openOrders(page: Page) {
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Orders', exact: true })
    .click();
  await page.getByRole('heading', { name: 'Order Management' }).waitFor();
  await expect.poll(() => page.getByTestId('admin-order-row').count()).toBeGreaterThanOrEqual(ORDERS);
}

/** Rows wholly inside the window, as the browser lays them out now. */
const rowsInView = (page: Page) =>
  page.evaluate(
    () =>
      [...document.querySelectorAll('[data-testid="admin-order-row"]')].filter((row) => {
        const box = row.getBoundingClientRect();
        return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
      }).length,
  );

describe('the admin layout', () => {
  it('opens on the Overview; at 1366 x 900 the orders table fills the window with rows', async () => {
    const { page, context, consoleErrors } = await openPage(browser, {
      viewport: WIDE,
      allowConsole: [/status of 401/],
    });
    await signInToAdmin(page, store.url, ADMIN);
    const nav = page.getByRole('navigation', { name: 'Admin sections' });
    expect(await nav.getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBe('page');
    await page.getByTestId('total-orders').waitFor();
    const problems = [
      ...(await axeProblems(page, 'Overview')),
      ...(await headingOrderProblems(page, 'Overview')),
    ];

    await openOrders(page);
    expect(await page.getByTestId('total-orders').count()).toBe(0);
    expect(await rowsInView(page)).toBeGreaterThanOrEqual(8);
    problems.push(...(await axeProblems(page, 'Orders, wide')));
    expect(problems).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("the Overview's low-stock card leads to the products tab's 'Low stock' filter", async () => {
    const { page, context, consoleErrors } = await openPage(browser, {
      viewport: WIDE,
      allowConsole: [/status of 401/],
    });
    await signInToAdmin(page, store.url, ADMIN);
    const card = page.getByRole('region', { name: 'Low stock' });
    await card.getByTestId('low-stock-count').waitFor();
    // At least the product counted down to 2 units; each one listed has 1 to 3 (the default threshold).
    expect(Number(await card.getByTestId('low-stock-count').textContent())).toBeGreaterThanOrEqual(1);
    const listed = await card.getByRole('listitem').allTextContents();
    expect(listed.length).toBeGreaterThanOrEqual(1);
    expect(listed.every((text) => /[123] left$/.test(text))).toBe(true);
    await card.getByRole('link', { name: /See/ }).click();
    await page.waitForURL(`${store.url}/admin/products?stock=low`);
    await page.getByRole('heading', { name: 'Product Management' }).waitFor();
    expect(await page.getByLabel('Show').inputValue()).toBe('low');
    await expect.poll(() => page.getByTestId('admin-product-row').count()).toBeGreaterThanOrEqual(1);
    const stocks = await page
      .getByTestId('admin-product-row')
      .evaluateAll((rows) => rows.map((r) => Number(r.querySelectorAll('td')[5]?.textContent)));
    expect(stocks.every((s) => s >= 1 && s <= 3)).toBe(true);
    expect(await axeProblems(page, 'Products, low stock')).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('at 390 x 844 each order is a card: status and actions inside the window, nothing sideways', async () => {
    const { page, context, consoleErrors } = await openPage(browser, {
      viewport: PHONE,
      allowConsole: [/status of 401/],
    });
    await signInToAdmin(page, store.url, ADMIN, '/admin/orders');
    await page.getByRole('heading', { name: 'Order Management' }).waitFor();
    await expect.poll(() => page.getByTestId('admin-order-row').count()).toBeGreaterThanOrEqual(ORDERS);
    const card = page.getByTestId('admin-order-row').first();
    await card.scrollIntoViewIfNeeded();
    const inside = async (
      what: string,
      box: { x: number; y: number; width: number; height: number } | null,
    ) => {
      expect(box, what).not.toBeNull();
      expect(box!.x, what).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, what).toBeLessThanOrEqual(PHONE.width);
    };
    await inside('card', await card.boundingBox());
    await inside('status', await card.getByTestId('admin-order-status').boundingBox());
    await inside('payment', await card.getByTestId('admin-payment-status').boundingBox());
    for (const name of [/^View order/, /^Link user to order/])
      await inside(String(name), await card.getByRole('button', { name }).boundingBox());
    // Each value is named by its column, as the table's header would.
    const labels = await card
      .locator('td[data-label]')
      .evaluateAll((tds) => tds.map((td) => td.getAttribute('data-label')));
    expect(labels).toEqual(['Select', 'Order #', 'Date', 'Customer', 'Total', 'Status', 'Payment', 'User']);
    const problems = [
      ...(await sideScrollProblems(page, 'Orders, phone')),
      ...(await axeProblems(page, 'Orders, phone')),
    ];
    expect(problems).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('at 390 x 844 the order dialog fits the phone: nothing sideways, the × and the amounts on screen, axe clean', async () => {
    const { page, context, consoleErrors } = await openPage(browser, {
      viewport: PHONE,
      allowConsole: [/status of 401/],
    });
    await signInToAdmin(page, store.url, ADMIN, '/admin/orders');
    await page.getByRole('heading', { name: 'Order Management' }).waitFor();
    await page
      .getByRole('button', { name: /^View order #/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: /^Order #\d+$/ });
    await dialog.getByTestId('admin-order-item').first().waitFor();
    // The page itself never widens (the dialog's overlay once pushed it to 437 px).
    const width = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      body: document.body.scrollWidth,
    }));
    expect(width.scroll).toBeLessThanOrEqual(PHONE.width);
    expect(width.body).toBeLessThanOrEqual(PHONE.width);
    const inView = async (what: string, box: { x: number; width: number } | null) => {
      expect(box, what).not.toBeNull();
      expect(box!.x, what).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, what).toBeLessThanOrEqual(PHONE.width);
    };
    await inView('close button', await dialog.getByRole('button', { name: 'Close' }).first().boundingBox());
    const items = dialog.getByRole('table', { name: 'Items' });
    for (const header of ['Price', 'Total'])
      await inView(`${header} column`, await items.getByRole('columnheader', { name: header }).boundingBox());
    const total = dialog.getByTestId('admin-order-item-total').first();
    await total.scrollIntoViewIfNeeded();
    await inView('line total', await total.boundingBox());
    // The items table does not scroll on its own: nothing to reach by keyboard that the eye cannot see.
    expect(await items.evaluate((t) => t.scrollWidth <= t.clientWidth + 1)).toBe(true);
    const problems = [
      ...(await sideScrollProblems(page, 'Order dialog, phone')),
      ...(await axeProblems(page, 'Order dialog, phone')),
    ];
    expect(problems).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('the Intake tab sits in the tab strip beside Loads and Orders, on a phone and a wide screen', async () => {
    for (const viewport of [PHONE, WIDE]) {
      const { page, context, consoleErrors } = await openPage(browser, {
        viewport,
        allowConsole: [/status of 401/],
      });
      await signInToAdmin(page, store.url, ADMIN, '/admin/intake');
      const nav = page.getByRole('navigation', { name: 'Admin sections' });
      const box = async (name: string) => (await nav.getByRole('link', { name, exact: true }).boundingBox())!;
      const [loads, intake, orders] = [await box('Loads'), await box('Intake'), await box('Orders')];
      const where = `${viewport.width} px`;
      // Next to its neighbours on the same line: the gap between tabs is 4 px.
      expect(intake.y, where).toBe(loads.y);
      expect(intake.y, where).toBe(orders.y);
      expect(intake.x - (loads.x + loads.width), where).toBeGreaterThanOrEqual(0);
      expect(intake.x - (loads.x + loads.width), where).toBeLessThanOrEqual(8);
      expect(orders.x - (intake.x + intake.width), where).toBeGreaterThanOrEqual(0);
      expect(orders.x - (intake.x + intake.width), where).toBeLessThanOrEqual(8);
      // The open tab is scrolled into the window, and the page does not widen.
      expect(intake.x, where).toBeGreaterThanOrEqual(0);
      expect(intake.x + intake.width, where).toBeLessThanOrEqual(viewport.width);
      expect(await sideScrollProblems(page, `Intake, ${where}`)).toEqual([]);
      expect(consoleErrors).toEqual([]);
      await context.close();
    }
  });

  it('a staff user signs in, sees no Users tab, and is told an administrator tab is not theirs', async () => {
    const { page, context, consoleErrors } = await openPage(browser, {
      viewport: WIDE,
      allowConsole: [/status of 401/],
    });
    await signInToAdmin(page, store.url, staff);
    const nav = page.getByRole('navigation', { name: 'Admin sections' });
    expect(await nav.getByRole('link').allTextContents()).toEqual([
      'Overview',
      'Products',
      'Import Products',
      'Loads',
      'Intake',
      'Orders',
      'Returns',
      'Recalls',
    ]);
    expect(await nav.getByRole('link', { name: 'Users' }).count()).toBe(0);
    await openOrders(page);
    await page.goto(`${store.url}/admin/users`);
    await page.getByText('Only administrators can open this section.').waitFor();
    expect(await page.getByRole('heading', { name: 'User Management' }).count()).toBe(0);
    expect(await axeProblems(page, 'Staff, users tab')).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
