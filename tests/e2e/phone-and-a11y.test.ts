// The storefront on a phone and for everyone (docs/decisions/0150-phone-menu.md, 0151-phone-layout.md,
// 0152-accessibility-checks.md): every storefront and account page is swept at phone size with axe-core
// (no serious or critical violation), heading order, no sideways scrolling at 320 px and 44 px thumb
// targets; the phone menu is used; and a shopper buys a product with the keyboard alone, from the home
// page to the confirmation page. The desktop sweep is tests/e2e/desktop-a11y.test.ts.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { focusedControl } from './a11y';
import { openPage } from './harness';
import {
  browser,
  DESKTOP,
  PHONE,
  popupAlreadyShown,
  ready,
  store,
  SWEEP_TIMEOUT,
  sweep,
  startSweepStore,
} from './storefront-sweep';
import { CHECKOUT_WORDS } from './checkout-form';

startSweepStore();

describe('phone layout and accessibility', () => {
  it(
    'every storefront and account page on a phone: axe, headings, 320 px, thumb targets, the menu',
    async () => {
      await sweep(PHONE, true);
    },
    SWEEP_TIMEOUT,
  );
});

describe('keyboard only', () => {
  /**
   * Presses `key` (Tab by default) until `target` has focus, checking that every control reached shows
   * a focus ring. Fails after `limit` presses.
   */
  async function focus(page: Page, target: Locator, key = 'Tab', limit = 80) {
    for (let i = 0; i < limit; i++) {
      await page.keyboard.press(key);
      const reached = await focusedControl(page);
      expect(reached.ringShown, `no visible focus on ${reached.name}`).toBe(true);
      if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    }
    throw new Error(`${key} never reached ${target}`);
  }

  it('buys a product from the home page to the confirmation page with the keyboard alone', async () => {
    const { page, context, consoleErrors } = await openPage(browser, { viewport: DESKTOP });
    await popupAlreadyShown(context);
    await page.goto(store.url);
    await ready(page);

    // Home: Tab to the first product of Today's Deals and open it with Enter.
    const deals = page.getByRole('region', { name: "Today's Deals" });
    const firstCard = deals.getByTestId('product-card').first();
    const name = (await firstCard.locator('h3').textContent())!;
    await focus(page, firstCard.getByRole('link', { name }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await ready(page);

    // Product page: one more with the stepper (Space), add with Enter; the dialog's Go to Cart.
    await focus(page, page.getByRole('button', { name: 'Increase quantity' }));
    await page.keyboard.press('Space');
    expect(await page.getByLabel('Quantity', { exact: true }).inputValue()).toBe('2');
    await focus(page, page.getByRole('button', { name: `Add to Cart: ${name}` }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Item Added to Cart' });
    await dialog.waitFor();
    await focus(page, dialog.getByRole('link', { name: 'Go to Cart' }));
    await page.keyboard.press('Enter');
    await page.waitForURL(`${store.url}/cart`);
    await page.getByTestId('cart-row').waitFor();

    // Cart: back down to 1 with the minus button, then Proceed to Checkout.
    await focus(page, page.getByRole('button', { name: `Decrease quantity of ${name}` }));
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByRole('textbox', { name: `Quantity of ${name}` }).inputValue())
      .toBe('1');
    await focus(page, page.getByRole('link', { name: 'Proceed to Checkout' }));
    await page.keyboard.press('Enter');
    await page.waitForURL(`${store.url}/checkout`);
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await ready(page);

    // Checkout: type into each field as Tab reaches it, once the form (loaded after hydration,
    // docs/decisions/0591-checkout-form-after-hydration.md) is there.
    const form = page.getByRole('form', { name: 'Checkout' });
    await form.getByLabel('First Name', { exact: true }).waitFor();
    const typeInto = async (label: string, text: string) => {
      await focus(page, form.getByLabel(label, { exact: true }));
      await page.keyboard.type(text);
    };
    await typeInto('First Name', 'Kay');
    await typeInto('Last Name', 'Board');
    await typeInto('Email', 'kay.board@example.com');
    await typeInto('Phone', '416-555-0199');
    // Shipping method, which comes before the address (a pickup asks none): Tab into the group, then the arrow keys pick Standard Shipping.
    const standard = form.getByRole('radio', { name: /Standard Shipping/ });
    const firstRadio = form.getByRole('radio').first();
    await focus(page, firstRadio);
    for (let i = 0; i < 3 && !(await standard.isChecked()); i++) await page.keyboard.press('ArrowDown');
    expect(await standard.isChecked()).toBe(true);
    await typeInto('Address Line 1', '1 Key Street');
    await typeInto('City', 'Toronto');
    // Province with the arrow keys: down from 'Select a province' through the list to ON.
    const province = form.getByLabel('Province');
    await focus(page, province);
    for (let i = 0; i < 20 && (await province.inputValue()) !== 'ON'; i++)
      await page.keyboard.press('ArrowDown');
    expect(await province.inputValue()).toBe('ON');
    await typeInto('Postal Code', 'M5V 2T6');
    // Back up one field with Shift+Tab and fix the city.
    await focus(page, form.getByLabel('City', { exact: true }), 'Shift+Tab');
    await page.keyboard.press('End');
    await page.keyboard.type(' ON');
    expect(await form.getByLabel('City', { exact: true }).inputValue()).toBe('Toronto ON');
    // A final-sale lot among today's deals: its confirmation is ticked with Space.
    const finalSale = form.getByRole('checkbox', { name: /final-sale items cannot be returned/ });
    if ((await finalSale.count()) > 0) {
      await focus(page, finalSale);
      await page.keyboard.press('Space');
      expect(await finalSale.isChecked()).toBe(true);
    }
    // The contract's acceptance, ticked with Space (docs/decisions/0566-checkout-is-a-distance-contract.md).
    const contract = form.getByRole('checkbox', { name: CHECKOUT_WORDS.en.acceptContract });
    await focus(page, contract);
    await page.keyboard.press('Space');
    expect(await contract.isChecked()).toBe(true);
    await focus(page, page.getByRole('button', { name: 'Continue to Payment' }));
    await page.keyboard.press('Enter');

    // The local test payment page: Tab to Pay, press Space.
    await page.waitForURL(/\/pay\/ORD-/);
    await focus(page, page.getByRole('button', { name: 'Pay' }));
    await page.keyboard.press('Space');
    await page.waitForURL(
      (u) => u.pathname === '/checkout/confirmation' && u.searchParams.get('status') === 'success',
    );
    await page.getByRole('heading', { name: 'Order Confirmed!' }).waitFor();
    expect(await page.getByTestId('shipping-method').textContent()).toBe('Standard Shipping');
    expect(consoleErrors).toEqual([]);
    await context.close();
  }, 300_000);
});
