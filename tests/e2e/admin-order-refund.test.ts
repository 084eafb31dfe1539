// The order dialog in real Chromium against the built store with the local payment provider
// (docs/decisions/0230-refunds-through-the-provider.md, 0231, 0232): a guest pays for an order; the
// administrator opens it, adds a private note, refunds part of it, then its line with the unit back in
// stock and a credit note, sees the note, the refund and the
// e-mail in the timeline, opens the packing slip, and cancels the order with the rest of its refund,
// which puts the stock back. The customer never sees the note. axe finds nothing serious on the way.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '~/shared/money';
import type { Product } from '~/shared/schemas/catalog';
import { axeProblems } from './a11y';
import { guestPurchase } from './guest-purchase';
import { ADMIN, launchBrowser, openPage, type Store, startStore, type TrackedPage } from './harness';
import { signInToAdmin } from './admin-session';

let store: Store;
let browser: Browser;
let admin: TrackedPage;

const DESKTOP = { width: 1280, height: 900 };
const NOTE = 'Customer asked for a plain box, no invoice inside.';

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

const stockOf = async (product: Product) => (await api<Product>(`/api/products/${product.slug}`)).stock;

async function toastWith(page: Page, text: string) {
  await page.getByTestId('toast').filter({ hasText: text }).first().waitFor();
}

async function adminFetch(path: string) {
  const cookies = await admin.context.cookies(store.url);
  return fetch(`${store.url}${path}`, {
    headers: { cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') },
  });
}

describe('the order dialog: notes, a partial refund, the timeline, the packing slip', () => {
  it('a note, part of the money back, the timeline; then cancelled with the rest and restocked', async () => {
    const all = await api<Product[]>('/api/products?inStock=true&limit=100');
    const product = all.find((p) => p.stock >= 2 && !p.finalSale);
    if (!product) throw new Error('The demo catalogue has too few products in stock');
    const before = await stockOf(product);
    const reference = await guestPurchase(browser, store.url, product, {
      firstName: 'Rita',
      lastName: 'Refund',
      email: `rita_${Date.now().toString(36)}@example.com`,
    });
    expect(await stockOf(product)).toBe(before - 1);

    admin = await openPage(browser, { viewport: DESKTOP, allowConsole: [/status of 401/] });
    const { page } = admin;
    await signInToAdmin(page, store.url, ADMIN, '/admin/orders', 'Order Management');
    await page.getByLabel('Search orders by order number, reference, name or email').fill(reference);
    const rows = page.getByTestId('admin-order-row');
    await expect.poll(() => rows.count()).toBe(1);
    await rows
      .filter({ hasText: reference })
      .getByRole('button', { name: /^View order/ })
      .click();
    const detail = page.getByTestId('admin-order-detail');
    await detail.getByText('Stock taken for this order').waitFor();

    // A private note: listed with its author, and in the timeline.
    await detail.getByLabel('Add a staff note').fill(NOTE);
    await detail.getByRole('button', { name: 'Add Note' }).click();
    await toastWith(page, 'Note added');
    const notes = detail.getByTestId('admin-order-staff-notes');
    await notes.getByText(NOTE).waitFor();
    await notes.getByText(`by ${ADMIN.username}`).waitFor();
    const timeline = detail.getByTestId('admin-order-history');
    await timeline.getByText(`Staff note: ${NOTE}`).waitFor();

    // Part of the money back, without restocking.
    await detail.getByRole('button', { name: 'Refund...' }).click();
    const refund = page.getByRole('dialog', { name: /^Refund order #/ });
    const total = toCents(await refund.getByLabel('Amount').inputValue())!;
    expect(total).toBeGreaterThan(500);
    expect([...(await axeProblems(page, 'refund dialog'))]).toEqual([]);
    await refund.getByLabel('Amount').fill('5.00');
    await refund.getByRole('button', { name: 'Refund', exact: true }).click();
    await toastWith(page, 'Refund made');
    await refund.waitFor({ state: 'detached' });
    await detail
      .getByTestId('admin-order-refunded')
      .getByText(/^Refunded \$5\.00 of /)
      .waitFor();
    await timeline.getByText(/^Refund: \$5\.00 given back/).waitFor();
    // The confirmation e-mail of the purchase is in the timeline too.
    await timeline
      .getByText(/^E-mail ".*" to rita_/)
      .first()
      .waitFor();
    expect(await stockOf(product)).toBe(before - 1);
    expect(await axeProblems(page, 'order dialog')).toEqual([]);

    // The line itself back, restocked (docs/decisions/0510-refunds-by-line.md): the server's summary
    // with its tax lines first, then the refund and its printable credit note.
    await detail.getByRole('button', { name: 'Refund items...' }).click();
    const byLine = page.getByRole('dialog', { name: /^Refund items of order #/ });
    await byLine.getByLabel(`Units of ${product.name}`).fill('1');
    await byLine.getByRole('button', { name: 'Review refund' }).click();
    await byLine.getByRole('region', { name: 'Refund summary' }).getByText('Total to refund').waitFor();
    expect([...(await axeProblems(page, 'refund items dialog'))]).toEqual([]);
    const confirm = byLine.getByRole('button', { name: /^Refund \$/ });
    const lineCents = toCents((await confirm.textContent())!.replace('Refund $', '').replace(',', ''))!;
    await confirm.click();
    await toastWith(page, 'Refund made');
    await byLine.waitFor({ state: 'detached' });
    expect(await stockOf(product)).toBe(before);
    const noteHref = await detail.getByRole('link', { name: /^Credit note CN-/ }).getAttribute('href');
    const note = await adminFetch(noteHref!);
    expect(note.status).toBe(200);
    expect(await note.text()).toContain(product.name);

    // The packing slip: a page of its own, for the browser's Print.
    const slipHref = await detail.getByTestId('packing-slip-link').getAttribute('href');
    const slip = await adminFetch(slipHref!);
    expect(slip.status).toBe(200);
    const slipHtml = await slip.text();
    expect(slipHtml).toContain(reference);
    expect(slipHtml).toContain('@media print');
    const slipPage = await admin.context.newPage();
    await slipPage.goto(`${store.url}${slipHref}`);
    await slipPage.getByRole('heading', { name: 'Packing slip' }).waitFor();
    expect(await axeProblems(slipPage, 'packing slip')).toEqual([]);
    await slipPage.close();

    // Cancelled: the rest of the money back, and the unit back in stock (two choices, both on while
    // nothing has shipped).
    await detail.getByLabel('Order Status').selectOption('cancelled');
    const cancel = page.getByRole('alertdialog', { name: /^Cancel order #/ });
    const rest = (total - 500 - lineCents) / 100;
    const refundSwitch = cancel.getByRole('switch', {
      name: `Refund $${rest.toFixed(2)} to the customer through the payment provider`,
    });
    expect(await refundSwitch.getAttribute('aria-checked')).toBe('true');
    const restockSwitch = cancel.getByRole('switch', { name: 'Put the items back in stock' });
    expect(await restockSwitch.getAttribute('aria-checked')).toBe('true');
    await cancel.getByRole('button', { name: 'Cancel Order' }).click();
    await toastWith(page, 'Order cancelled');
    await detail.getByText('Stock not taken').waitFor();
    await timeline.getByText('Payment: Completed → Refunded').waitFor();
    await timeline.getByText('Status: Pending → Cancelled').waitFor();
    expect(await stockOf(product)).toBe(before);

    // The customer's view of the order never carries the note.
    const own = await fetch(`${store.url}/api/orders/${reference}`);
    expect(await own.text()).not.toContain('plain box');
    expect(admin.consoleErrors).toEqual([]);
  });
});
