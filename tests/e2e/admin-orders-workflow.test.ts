// A working day in the admin orders list, in real Chromium against the built store: two guests pay,
// the administrator signs in, filters by status (the filter goes into the address and survives a reload), selects two
// orders and marks them shipped at once, and finds them shipped. Checked with axe on the way.
// Each step is its own `it`; later steps (the order dialog's notes, timeline, refunds) can be added.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '~/shared/schemas/catalog';
import { axeProblems } from './a11y';
import { ADMIN, launchBrowser, openPage, type Store, startStore, type TrackedPage } from './harness';
import { signInToAdmin } from './admin-session';

let store: Store;
let browser: Browser;
let admin: TrackedPage;
const placed: { reference: string }[] = [];

const DESKTOP = { width: 1366, height: 900 };
const suffix = Date.now().toString(36);

beforeAll(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
});
afterAll(async () => {
  await admin?.context.close();
  await browser?.close();
  await store?.stop();
});

function adminPage(): Page {
  if (!admin) throw new Error('The administrator is not signed in yet');
  return admin.page;
}

async function productInStock(): Promise<Product> {
  const res = await fetch(`${store.url}/api/products?inStock=true&limit=100`);
  const product = ((await res.json()) as Product[]).find((p) => p.stock >= 2);
  if (!product) throw new Error('The demo catalogue has too few products in stock');
  return product;
}

/**
 * A guest's checkout through the API, as the checkout page sends it: the server's figures first (a
 * deliberately wrong total answers 409 with them), then the real submission. Each has its own e-mail,
 * so none replaces another (docs/decisions/0120-stock-hoarding.md).
 */
async function guestCheckout(product: Product, email: string) {
  const body = (figures: Record<string, string>, item: Record<string, unknown> = {}) => ({
    orderData: {
      customerName: `Workflow ${suffix}`,
      customerEmail: email,
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
      ...figures,
      paymentStatus: 'pending',
      status: 'pending',
      notes: null,
      userId: null,
      contractAccepted: true,
    },
    items: [
      {
        productId: product.id,
        name: product.name,
        price: '0.00',
        compareAtPrice: null,
        quantity: 1,
        discountApplied: false,
        imageUrl: null,
        ...item,
      },
    ],
  });
  const post = (payload: unknown) =>
    fetch(`${store.url}/api/square/create-checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: store.url },
      body: JSON.stringify(payload),
    });
  const zero = {
    subtotal: '0.00',
    discountAmount: '0.00',
    discountPercentage: '0.00',
    shippingCost: '0.00',
    taxRate: '0',
    taxAmount: '0.00',
  };
  const quote = await post(body({ ...zero, total: '99999999.99' }));
  expect(quote.status).toBe(409);
  const { items, ...figures } = (
    (await quote.json()) as {
      current: Record<string, string> & {
        items: { price: string; compareAtPrice: string | null; discountApplied: boolean }[];
      };
    }
  ).current;
  const { price, compareAtPrice, discountApplied } = items[0]!;
  const res = await post(body(figures, { price, compareAtPrice, discountApplied }));
  expect(res.status, await res.clone().text()).toBe(200);
  const { orderId } = (await res.json()) as { orderId: string };
  // Paid on the local payment page: only a paid order may be worked (shipped, processed).
  const paid = await fetch(`${store.url}/pay/${orderId}/pay`, {
    method: 'POST',
    headers: { origin: store.url },
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
  return orderId;
}

const rows = () => adminPage().getByTestId('admin-order-row');
const rowOf = (reference: string) => rows().filter({ hasText: reference });

describe('admin orders: a working day', () => {
  it('two guests check out; the administrator signs in and opens the orders', async () => {
    const product = await productInStock();
    for (const n of [1, 2]) {
      const reference = await guestCheckout(product, `workflow${n}_${suffix}@example.com`);
      placed.push({ reference });
    }
    admin = await openPage(browser, { viewport: DESKTOP, allowConsole: [/status of 401/] });
    const { page } = admin;
    await signInToAdmin(page, store.url, ADMIN, '/admin/orders', 'Order Management');
    for (const p of placed) await rowOf(p.reference).waitFor();
  });

  it('filters by status through the page: the address follows, and a reload keeps the filter', async () => {
    const page = adminPage();
    await page.getByLabel('Filter by status').selectOption('pending');
    await page.waitForURL((url) => url.searchParams.get('status') === 'pending');
    for (const p of placed) await rowOf(p.reference).waitFor();
    await expect.poll(() => rows().count()).toBe(2);

    await page.reload();
    await page.getByRole('heading', { name: 'Order Management' }).waitFor();
    expect(new URL(page.url()).searchParams.get('status')).toBe('pending');
    expect(await page.getByLabel('Filter by status').inputValue()).toBe('pending');
    for (const p of placed) await rowOf(p.reference).waitFor();
    await expect.poll(() => rows().count()).toBe(2);
    expect(await axeProblems(page, 'orders list, filtered')).toEqual([]);
  });

  it('selects the two orders and marks them shipped at once; they leave the pending filter and show as shipped', async () => {
    const page = adminPage();
    for (const p of placed) {
      await rowOf(p.reference)
        .getByRole('checkbox', { name: /^Select order #\d+$/ })
        .check();
    }
    await page.getByTestId('admin-orders-selected').filter({ hasText: '2 orders selected' }).waitFor();
    expect(await axeProblems(page, 'orders list, two selected')).toEqual([]);
    // Their packing slips in one printable page, a slip each.
    const slipsHref = await page.getByRole('link', { name: 'Print packing slips' }).getAttribute('href');
    const slips = await page.context().newPage();
    await slips.goto(new URL(slipsHref!, page.url()).toString());
    await expect.poll(() => slips.getByRole('heading', { name: 'Packing slip' }).count()).toBe(2);
    for (const p of placed) await slips.getByText(`Reference ${p.reference}`).waitFor();
    expect(await axeProblems(slips, 'packing slips of two orders')).toEqual([]);
    await slips.close();
    await page.getByLabel('New status for the selected orders').selectOption('shipped');
    await page.getByRole('button', { name: 'Set status' }).click();
    await page.getByTestId('toast').filter({ hasText: '2 orders are now Shipped.' }).first().waitFor();
    // Pending no longer: the filtered list empties.
    await expect.poll(() => rows().count()).toBe(0);

    await page.getByLabel('Filter by status').selectOption('shipped');
    await page.waitForURL((url) => url.searchParams.get('status') === 'shipped');
    for (const p of placed) {
      const row = rowOf(p.reference);
      await row.waitFor();
      expect(await row.getByTestId('admin-order-status').textContent()).toBe('Shipped');
    }
    expect(admin.consoleErrors).toEqual([]);
  });
});
