// A return in real Chromium against the built store (docs/decisions/0540-return-requests.md, 0541): a
// guest buys a lot, the store ships and delivers it; the shopper asks for a return from the order
// look-up ('Request a return', reason Defective); staff approve it in the admin's Returns tab, send
// drop-off instructions, receive the unit damaged, re-grade it Used - good at a new price (a new lot),
// and refund it; the re-graded lot is on sale on its product page, and the order page's timeline shows
// the return's steps and the refund worked out by hand. axe finds nothing serious on any page visited.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '~/shared/schemas/catalog';
import { axeProblems } from './a11y';
import { signInToAdmin } from './admin-session';
import { guestPurchase } from './guest-purchase';
import { ADMIN, launchBrowser, openPage, type Store, startStore, type TrackedPage } from './harness';

let store: Store;
let browser: Browser;
let admin: TrackedPage;

const DESKTOP = { width: 1280, height: 900 };

beforeAll(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
  admin = await openPage(browser, { viewport: DESKTOP, allowConsole: [/status of 401/] });
  await signInToAdmin(admin.page, store.url, ADMIN, '/admin/returns', 'Returns');
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

const noAxeProblems = async (page: Page, where: string) => expect(await axeProblems(page, where)).toEqual([]);

describe('a return', () => {
  it('goes from the shopper’s request to the re-graded lot back on sale and the refund', async () => {
    const all = (await (await fetch(`${store.url}/api/products?inStock=true&limit=100`)).json()) as Product[];
    const product = all.find((p) => p.stock >= 2 && !p.finalSale && p.condition === 'new')!;
    expect(product).toBeTruthy();
    const email = `rosa_${Date.now().toString(36)}@example.com`;
    const reference = await guestPurchase(browser, store.url, product, {
      firstName: 'Rosa',
      lastName: 'Return',
      email,
    });
    const order = await asAdmin<{ id: number; items: { price: string; name: string }[] }>(
      'GET',
      `/api/orders/${reference}`,
    );
    for (const status of ['processing', 'shipped', 'delivered'])
      await asAdmin('PATCH', `/api/orders/${order.id}/status`, {
        status,
        ...(status === 'shipped'
          ? { trackingNumber: '7023210039414604', trackingCarrier: 'canada-post' }
          : {}),
      });

    // The shopper asks from the order look-up.
    const shopper = await openPage(browser, { viewport: DESKTOP });
    const { page } = shopper;
    await page.goto(`${store.url}/orders/lookup?reference=${reference}`);
    await page.waitForSelector('html[data-hydrated]');
    const lookup = page.getByRole('form', { name: 'Find your order' });
    await lookup.getByLabel('Email').fill(email);
    await lookup.getByRole('button', { name: 'Find My Order' }).click();
    await page.getByRole('button', { name: 'Request a return' }).click();
    const form = page.getByRole('form', { name: 'Request a return' });
    await form.getByLabel(`Units of ${order.items[0]!.name} to return (of 1)`).fill('1');
    await form.getByLabel('Reason').selectOption({ label: 'Defective' });
    await form.getByLabel('Comment').fill('The left channel is silent.');
    await noAxeProblems(page, 'order look-up with the return form');
    await form.getByRole('button', { name: 'Send the return request' }).click();
    const sent = page.getByRole('status').filter({ hasText: /Return request RMA-\d{6} sent/ });
    await sent.waitFor();
    const number = /RMA-\d{6}/.exec((await sent.textContent()) ?? '')![0];
    await noAxeProblems(page, 'order look-up after the request');

    // Staff work it in the Returns tab.
    const a = admin.page;
    await a.goto(`${store.url}/admin/returns`);
    await a.getByRole('button', { name: number }).click();
    await a.getByRole('heading', { name: `${number} · Requested` }).waitFor();
    await a.getByText('The left channel is silent.', { exact: true }).waitFor();
    await noAxeProblems(a, 'return detail, requested');
    await a
      .getByRole('region', { name: 'Approve or refuse' })
      .getByLabel('Message to the customer')
      .fill('Sorry about that: bring it back and we refund it.');
    await a.getByRole('button', { name: 'Approve' }).click();
    await a.getByRole('heading', { name: `${number} · Approved` }).waitFor();
    await a.getByRole('button', { name: 'Send instructions' }).click();
    await a.getByRole('heading', { name: /Return instructions \(sent/ }).waitFor();
    await a.getByLabel(/of which damaged/).fill('1');
    await noAxeProblems(a, 'return detail, approved');
    await a.getByRole('button', { name: 'Record what came back' }).click();
    await a.getByRole('heading', { name: `${number} · Received` }).waitFor();
    const unit = a.getByRole('group', { name: /unit 1/ });
    await unit.getByLabel('Condition').selectOption({ label: 'Used - good' });
    await unit.getByLabel(/Notes/).fill('Left channel repaired, case scratched');
    await unit.getByLabel(/New price/).fill('9.99');
    await noAxeProblems(a, 'return detail, received');
    await a.getByRole('button', { name: 'Re-grade and restock' }).click();
    await a.getByText(/new-lot \(used-good, 9\.99\)/).waitFor();
    await a.getByRole('button', { name: 'Refund', exact: true }).click();
    await a.getByRole('heading', { name: `${number} · Refunded` }).waitFor();
    expect(admin.consoleErrors).toEqual([]);

    // The re-graded lot is on sale.
    const list = await asAdmin<{ returns: { id: number }[] }>('GET', `/api/admin/returns?q=${number}`);
    const detail = await asAdmin<{ lines: { units: { productId: number }[] }[] }>(
      'GET',
      `/api/admin/returns/${list.returns[0]!.id}`,
    );
    const lotId = detail.lines[0]!.units[0]!.productId;
    const lot = (await (await fetch(`${store.url}/api/products/${lotId}`)).json()) as Product;
    expect(lot).toMatchObject({ price: '9.99', condition: 'used-good', stock: 1 });
    await page.goto(`${store.url}/products/${lot.slug}`);
    await page.getByRole('heading', { level: 1, name: lot.name }).waitFor();
    await page.getByText('Left channel repaired, case scratched').waitFor();
    await noAxeProblems(page, 're-graded lot page');

    // The order page: the return's steps and the refund. One unit at the price paid, with Ontario's
    // HST 13% on it (the first refund by line: the goods times the rate, rounded half up).
    const cents = Math.round(Number(order.items[0]!.price) * 100);
    const refund = cents + Math.round((cents * 13) / 100);
    await page.goto(`${store.url}/orders/lookup?reference=${reference}`);
    await page.waitForSelector('html[data-hydrated]');
    await page.getByRole('form', { name: 'Find your order' }).getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Find My Order' }).click();
    const timeline = page.getByTestId('order-timeline');
    await timeline.getByText(`Return ${number} requested`).waitFor();
    await timeline.getByText(`Return ${number} approved`).waitFor();
    await timeline.getByText('Sorry about that: bring it back and we refund it.').waitFor();
    await timeline.getByText(`Return ${number} received`).waitFor();
    await timeline.getByText(`Refunded $${(refund / 100).toFixed(2)}`).waitFor();
    await noAxeProblems(page, 'order page after the return');
    expect(shopper.consoleErrors).toEqual([]);
    await shopper.context.close();
  });
});
