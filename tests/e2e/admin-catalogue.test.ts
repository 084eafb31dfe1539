// The administrator's catalogue journeys in real Chromium against the built store with its demo data:
// the admin area is its own chunk, a customer is refused, the admin creates a product with two
// pictures, imports a CSV with pictures, changes today's discount and a tax rate, and the storefront
// and checkout follow.
import { type SmtpInbox, startSmtpInbox } from '~/server/test/smtp-inbox';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEEKDAYS } from '~/shared/constants';
import { storeWeekday } from '~/shared/pricing';
import { launchBrowser, openPage, type Store, startStore, type TrackedPage } from './harness';
import { registerCustomer, signInToAdmin, submitAdminSignIn } from './admin-session';

let store: Store;
let browser: Browser;
/** Where the store sends its e-mails: the registration links are read here, as a person would. */
let inbox: SmtpInbox;
let admin: TrackedPage;

const DESKTOP = { width: 1280, height: 900 };
// Every lazy chunk of the admin area, the rich-text editor (quill-setup) included.
const ADMIN_CHUNK =
  /\/assets\/(admin-area|products-tab|import-tab|discounts-tab|taxes-tab|shipping-tab|content-tab|orders-tab|users-tab|quill-setup)-[^/]+\.js$/;
/** In Quill's code (its blots) and nowhere else: found in a shopper's script, Quill was bundled in. */
const QUILL_CODE = 'blotName';

async function png(colour: { r: number; g: number; b: number }, width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

beforeAll(async () => {
  inbox = await startSmtpInbox();
  [store, browser] = await Promise.all([startStore({ SMTP_URL: inbox.url }), launchBrowser()]);
});
afterAll(async () => {
  await inbox?.close();
  await admin?.context.close();
  await browser?.close();
  await store?.stop();
});

/** The signed-in administrator's page, shared by the journeys below (signed in by the second test). */
function adminPage(): Page {
  if (!admin) throw new Error('The administrator is not signed in yet');
  return admin.page;
}

async function toastWith(page: Page, text: string) {
  await page.getByTestId('toast').filter({ hasText: text }).first().waitFor();
}

describe('admin area', () => {
  it('is a separate chunk: the server sends the loading text, shoppers never download it', async () => {
    const html = await (await fetch(`${store.url}/admin/discounts`)).text();
    expect(html).toContain('Loading admin dashboard...');
    expect(html).not.toContain('Admin Access Required');
    expect((await fetch(`${store.url}/admin/nonsense`)).status).toBe(404);

    const { page, context, consoleErrors } = await openPage(browser);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(store.url, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Shop by Category' }).waitFor();
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => ADMIN_CHUNK.test(s))).toEqual([]);
    // A static import of the editor from shopper code would put Quill in the main chunk, not its own.
    for (const script of scripts) {
      expect((await (await fetch(`${store.url}${script}`)).text()).includes(QUILL_CODE), script).toBe(false);
    }

    await page.goto(`${store.url}/admin`);
    await page.getByRole('heading', { name: 'Admin Access Required' }).waitFor();
    expect(scripts.some((s) => /\/assets\/admin-area-/.test(s))).toBe(true);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('refuses a customer: access denied, signed out again, and the API answers 403', async () => {
    const customer = {
      username: 'e2e_shopper',
      email: 'e2e_shopper@example.com',
      password: 'shopper-pass-1',
    };
    const cookie = await registerCustomer(store.url, customer, inbox);
    const refused = await fetch(`${store.url}/api/products/admin`, { headers: { cookie } });
    expect(refused.status).toBe(403);

    const { page, context, consoleErrors } = await openPage(browser, {
      // The failed sign-in and the signed-out /api/auth/me answer 401 in the browser console.
      allowConsole: [/status of 401/],
    });
    await page.goto(`${store.url}/admin/products`);
    // Both fields are required.
    await page.getByRole('button', { name: 'Login as Administrator' }).click();
    await page.getByText('Username is required').waitFor();
    await page.getByText('Password is required').waitFor();

    await submitAdminSignIn(page, { username: customer.username, password: 'wrong-password' });
    await page.getByRole('alert').filter({ hasText: 'Invalid credentials. Please try again.' }).waitFor();

    await submitAdminSignIn(page, customer);
    await page
      .getByRole('alert')
      .filter({ hasText: 'Access denied. Administrator privileges required.' })
      .waitFor();
    // Signed out again: the session no longer reads as anyone.
    await expect.poll(async () => (await page.request.get(`${store.url}/api/auth/me`)).status()).toBe(401);
    expect(await page.getByRole('heading', { name: 'Admin Dashboard' }).count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('the administrator signs in, creates a product with two images in order, and shoppers see it', async () => {
    admin = await openPage(browser, { viewport: DESKTOP, allowConsole: [/status of 401/] });
    const { page } = admin;
    await signInToAdmin(page, store.url);
    // /admin opens on the Overview: the dashboard's cards and the demo notice.
    for (const card of ['Total Products', 'Total Orders', 'Pending Orders', 'Active Discounts']) {
      await page.getByText(card, { exact: true }).waitFor();
    }
    // Counted from the demo data (6 weekdays above 0 and 2 categories), not the specification's fixed 7.
    expect(await page.getByTestId('active-discounts').textContent()).toBe('8');
    await page.getByText('Demo Mode', { exact: true }).waitFor();
    const sections = page.getByRole('navigation', { name: 'Admin sections' });
    await sections.getByRole('link', { name: 'Products', exact: true }).click();
    await page.getByRole('heading', { name: 'Product Management' }).waitFor();

    await page.getByRole('button', { name: 'Add Product' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Product' });
    await dialog.getByLabel('Name', { exact: true }).fill('E2E Camping Lantern');
    expect(await dialog.getByLabel('Slug', { exact: true }).inputValue()).toBe('e2e-camping-lantern');
    await dialog.getByLabel('Lot Number', { exact: true }).fill('E2E-LANTERN');
    await dialog.getByLabel('Price', { exact: true }).fill('24.99');
    await dialog.getByLabel('Stock', { exact: true }).fill('5');
    await dialog.getByLabel('Description', { exact: true }).fill('Bright, rechargeable, waterproof.');
    await dialog.getByLabel('Add product images').setInputFiles([
      { name: 'red.png', mimeType: 'image/png', buffer: await png({ r: 220, g: 30, b: 30 }) },
      { name: 'blue.png', mimeType: 'image/png', buffer: await png({ r: 30, g: 30, b: 220 }) },
    ]);
    const slots = dialog.getByTestId('image-slots').getByRole('img');
    // Uploaded one after the other, each resized three times by the server: on a busy machine that takes
    // longer than expect.poll's one second default, like any other wait of these journeys.
    await expect.poll(() => slots.count(), { timeout: 30_000 }).toBe(2);
    const uploaded = await slots.evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')));
    // The second picture becomes the main one.
    await dialog.getByRole('button', { name: 'Move image 2 left' }).click();
    await dialog.getByRole('button', { name: 'Create Product' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('admin-product-row').filter({ hasText: 'E2E Camping Lantern' }).waitFor();
    // The catalogue changed: the Overview's demo notice is gone.
    await sections.getByRole('link', { name: 'Overview', exact: true }).click();
    await page.getByTestId('active-discounts').waitFor();
    await expect.poll(() => page.getByText('Demo Mode', { exact: true }).count()).toBe(0);

    const shopper = await openPage(browser, { viewport: DESKTOP });
    await shopper.page.goto(`${store.url}/products/e2e-camping-lantern`);
    await shopper.page.getByRole('heading', { level: 1, name: 'E2E Camping Lantern' }).waitFor();
    const main = shopper.page.getByRole('img', { name: 'E2E Camping Lantern' }).first();
    expect(await main.getAttribute('src')).toBe(uploaded[1]);
    const image = await shopper.page.request.get(`${store.url}${uploaded[1]}`);
    expect(image.headers()['content-type']).toBe('image/webp');
    expect(shopper.consoleErrors).toEqual([]);
    await shopper.context.close();
  });

  it('imports a CSV with pictures, shows the results, and the products are found', async () => {
    const page = adminPage();
    await page.getByRole('link', { name: 'Import Products' }).click();
    await page.waitForURL(`${store.url}/admin/import`);
    for (const heading of [
      'CSV Import',
      'Upload Images Only',
      'Manual Product Entry',
      'CSV Format Instructions',
    ]) {
      await page.getByRole('heading', { name: heading }).waitFor();
    }
    const csv = [
      'lotNumber,name,description,price,compareAtPrice,stock,categoryId,featured,new,active',
      'E2EIMP-1,Imported Garden Hose,"25 m, kink-free",19.50,39.00,8,,false,true,true',
      'E2EIMP-2,Imported Leaf Rake,"Steel tines, ""ergonomic"" handle",12.00,,3,,false,true,true',
      ',Row Without Lot,,5,,,,,,',
    ].join('\n');
    await page
      .getByLabel('CSV file')
      .setInputFiles({ name: 'e2e-import.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page
      .getByLabel('Product images (optional)')
      .setInputFiles([
        { name: 'E2EIMP-1_1.png', mimeType: 'image/png', buffer: await png({ r: 20, g: 160, b: 60 }) },
      ]);
    await page.getByRole('button', { name: 'Import Products' }).click();
    await page.getByRole('heading', { name: 'Import Results' }).waitFor();
    expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    const results = page.getByTestId('import-results');
    expect(await results.textContent()).toContain('Total rows3');
    expect(await results.textContent()).toContain('Imported2');
    expect(await results.textContent()).toContain('Images matched1');
    await page
      .getByRole('list', { name: 'Import messages' })
      .getByText('Row 4: Lot number is required')
      .waitFor();
    // One bad row: the toast is destructive and says so.
    await toastWith(page, '2 of 3 products imported, 1 errors');

    await page.getByRole('link', { name: 'Go to Product Management' }).click();
    await page.getByLabel('Search products by name or lot number').fill('E2EIMP');
    await expect.poll(() => page.getByTestId('admin-product-row').count()).toBe(2);

    const shopper = await openPage(browser, { viewport: DESKTOP });
    await shopper.page.goto(`${store.url}/products?search=${encodeURIComponent('Imported Garden Hose')}`);
    const card = shopper.page.getByTestId('product-card').filter({ hasText: 'Imported Garden Hose' });
    await card.waitFor();
    expect(await card.locator('img').first().getAttribute('src')).toMatch(
      /^\/uploads\/products\/e2eimp-1-1-[0-9a-f]+-640\.webp$/,
    );
    expect(shopper.consoleErrors).toEqual([]);
    await shopper.context.close();
  });

  it("sets today's weekday discount and the storefront prices change", async () => {
    const page = adminPage();
    const today = storeWeekday('America/Toronto');
    await page.getByRole('link', { name: 'Daily Discounts' }).click();
    await page.waitForURL(`${store.url}/admin/discounts`);
    const input = page.getByLabel(WEEKDAYS[today]!, { exact: true });
    await input.fill('150');
    await input.blur();
    // Clamped as it is typed out.
    expect(await input.inputValue()).toBe('100');
    await input.fill('50');
    await page.getByRole('button', { name: 'Save Weekday Discounts' }).click();
    await toastWith(page, 'Weekday discounts saved.');
    expect(await (await fetch(`${store.url}/api/discounts/today`)).json()).toBe(50);

    const shopper = await openPage(browser, { viewport: DESKTOP });
    await shopper.page.goto(`${store.url}/products/e2e-camping-lantern`);
    // 24.99 at 50% off, rounded half up; the original is struck through.
    await expect.poll(() => shopper.page.getByTestId('price').first().textContent()).toBe('$12.50');
    expect(await shopper.page.getByTestId('original-price').first().textContent()).toBe('$24.99');
    expect(shopper.consoleErrors).toEqual([]);
    await shopper.context.close();
  });

  it('edits a tax rate and checkout uses it', async () => {
    const page = adminPage();
    await page.getByRole('link', { name: 'Tax Rates' }).click();
    await page.waitForURL(`${store.url}/admin/taxes`);
    await page.getByRole('button', { name: 'Edit Ontario' }).click();
    const row = page.getByTestId('tax-row-ON');
    await row.getByLabel('PST/HST for Ontario').fill('25');
    await row.getByText('PST/HST rate must be between 0 and 20').waitFor();
    await row.getByLabel('GST for Ontario').fill('5');
    await row.getByLabel('PST/HST for Ontario').fill('10.5');
    await row.getByText('15.5%').waitFor();
    await row.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('tax-row-ON').getByRole('button', { name: 'Edit Ontario' }).waitFor();
    expect(await page.getByTestId('tax-row-ON').textContent()).toContain('15.5%');
    const rates = (await (await fetch(`${store.url}/api/taxes`)).json()) as {
      provinceCode: string;
      taxRate: string;
    }[];
    expect(rates.find((r) => r.provinceCode === 'ON')!.taxRate).toBe('15.5');

    const shopper = await openPage(browser, { viewport: DESKTOP });
    await shopper.page.goto(`${store.url}/products/e2e-camping-lantern`);
    await shopper.page.getByRole('button', { name: 'Add to Cart' }).first().click();
    await shopper.page
      .getByRole('link', { name: 'Go to Cart' })
      .or(shopper.page.getByRole('button', { name: 'Go to Cart' }))
      .click();
    await shopper.page.waitForURL(`${store.url}/cart`);
    await shopper.page.goto(`${store.url}/checkout`);
    await shopper.page.getByRole('heading', { name: 'Checkout' }).waitFor();
    await shopper.page.getByLabel('Province', { exact: true }).selectOption('ON');
    const summary = shopper.page.getByTestId('order-summary');
    // Ontario is an HST province: its edited 5 + 10.5 is one HST line (docs/decisions/0136-tax-lines.md).
    await summary.getByText('HST (15.5%)', { exact: true }).waitFor();
    await shopper.page.getByLabel('Province', { exact: true }).selectOption('AB');
    await summary.getByText('GST (5%)', { exact: true }).waitFor();
    expect(shopper.consoleErrors).toEqual([]);
    await shopper.context.close();
    expect(admin.consoleErrors).toEqual([]);
  });
});
