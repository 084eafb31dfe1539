import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetToasts } from '~/client/components/ui/toast-store';
import { CartPage } from './cart-page';
import {
  addItem,
  CART_STORAGE_KEY,
  type CartProductInput,
  getCart,
  resetCartStoreForTests,
} from './cart-store';
import { fakeApi, fetchedPaths, renderRoutes } from '~/client/test/test-utils';

const monitor: CartProductInput = {
  productId: 11,
  name: 'Refurbished Monitor',
  price: '200.00',
  imageUrl: '/uploads/monitor-640.webp',
  compareAtPrice: '250.00',
  discountApplied: true,
  regularPrice: '250.00',
  discountPercent: 20,
  slug: 'refurbished-monitor',
  stock: 3,
};
const kettle: CartProductInput = {
  productId: 12,
  name: 'Kettle',
  price: '20.00',
  imageUrl: '/uploads/kettle-640.webp',
  compareAtPrice: null,
  discountApplied: false,
  slug: 'kettle',
  stock: 50,
};

const taxes = [
  { provinceCode: 'ON', provinceName: 'Ontario', taxRate: '13' },
  { provinceCode: 'AB', provinceName: 'Alberta', taxRate: '5' },
];

function renderCart() {
  return renderRoutes(
    [
      { path: 'cart', element: <CartPage /> },
      { path: 'checkout', element: <h1>Checkout page</h1> },
      { path: 'products/:slug', element: <h1>Product page</h1> },
    ],
    '/cart',
  );
}

const toastText = () => screen.queryAllByTestId('toast').map((t) => t.textContent);

beforeEach(() => {
  resetCartStoreForTests();
  resetToasts();
});

describe('cart page', () => {
  it("shows 'Your cart is empty' with Continue Shopping, and Proceed to Checkout disabled", async () => {
    const api = fakeApi({ '/api/taxes': { body: taxes } });
    renderCart();
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeTruthy();
    const empty = screen.getByTestId('empty-cart');
    expect(within(empty).getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe(
      '/categories',
    );
    const proceed = screen.getByRole('button', { name: 'Proceed to Checkout' }) as HTMLButtonElement;
    expect(proceed.disabled).toBe(true);
    // Shipping settings are not needed on the cart page.
    await waitFor(() => expect(fetchedPaths(api)).toContain('/api/taxes'));
    expect(fetchedPaths(api)).not.toContain('/api/shipping');
  });

  it('lists the items with Product, Price, Quantity and Total, each linking to its product', async () => {
    fakeApi({ '/api/taxes': { body: taxes } });
    addItem(monitor, 2, { notify: false });
    addItem(kettle, 1, { notify: false });
    renderCart();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Product', 'Price', 'Quantity', 'Total', 'Remove']);
    const rows = screen.getAllByTestId('cart-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link').getAttribute('href')).toBe('/products/11');
    expect(within(rows[0]!).getByTestId('line-total').textContent).toBe('$400.00');
    // Original 2 x 250 + 20 = 520, paid 420, discount 100; tax 13% of 420 = 54.60.
    expect(screen.getByTestId('summary-original').textContent).toBe('$520.00');
    expect(screen.getByTestId('summary-discount').textContent).toBe('-$100.00');
    expect(screen.getByTestId('summary-subtotal').textContent).toBe('$420.00');
    expect(screen.queryByTestId('summary-shipping')).toBeNull();
    expect(screen.getByTestId('summary-tax').textContent).toBe('$54.60');
    expect(screen.getByTestId('summary-total').textContent).toBe('$474.60');
    expect(screen.getByRole('link', { name: 'Proceed to Checkout' }).getAttribute('href')).toBe('/checkout');
  });

  it('names a struck estimate of retail value "Est. retail" and leaves the shop\'s own earlier price plain', async () => {
    fakeApi({ '/api/taxes': { body: taxes } });
    // The monitor's struck $250.00 is its own selling price before today's 20% off: a price the shop
    // charges, struck plain. The drill's struck $180.00 is above its selling price $120.00: an estimate.
    const drill: CartProductInput = {
      productId: 13,
      name: 'Cordless Drill',
      price: '120.00',
      imageUrl: null,
      compareAtPrice: '180.00',
      discountApplied: false,
      regularPrice: '120.00',
      discountPercent: 0,
      slug: 'cordless-drill',
      stock: 1,
    };
    addItem(monitor, 1, { notify: false });
    addItem(drill, 1, { notify: false });
    renderCart();
    const [monitorRow, drillRow] = await screen.findAllByTestId('cart-row');
    expect(within(monitorRow!).getByTestId('cart-struck-price').textContent).toBe('$250.00');
    expect(within(drillRow!).getByTestId('cart-struck-price').textContent).toBe('Est. retail $180.00');
    expect(within(drillRow!).getByText('$180.00').tagName).toBe('S');
  });

  it('minus never goes below 1, plus increases, and plus stops at the stock limit with the message', async () => {
    fakeApi({ '/api/taxes': { body: taxes } });
    addItem(monitor, 1, { notify: false });
    renderCart();
    const user = userEvent.setup();
    const minus = (await screen.findByRole('button', {
      name: 'Decrease quantity of Refurbished Monitor',
    })) as HTMLButtonElement;
    expect(minus.disabled).toBe(true);
    const plus = screen.getByRole('button', { name: 'Increase quantity of Refurbished Monitor' });
    await user.click(plus);
    await user.click(plus);
    expect(getCart().items[0]?.quantity).toBe(3);
    expect((screen.getByLabelText('Quantity of Refurbished Monitor') as HTMLInputElement).value).toBe('3');
    await user.click(plus);
    expect(getCart().items[0]?.quantity).toBe(3);
    expect(toastText()).toEqual([
      'Maximum Stock ReachedYou already have 3 of this item in your cart, which is the maximum available.×',
    ]);
    await user.click(minus);
    expect(getCart().items[0]?.quantity).toBe(2);
  });

  it('accepts only whole numbers above 0 typed into the quantity', async () => {
    fakeApi({ '/api/taxes': { body: taxes } });
    addItem(kettle, 2, { notify: false });
    renderCart();
    const user = userEvent.setup();
    const input = (await screen.findByLabelText('Quantity of Kettle')) as HTMLInputElement;
    await user.clear(input);
    await user.type(input, '0{Enter}');
    expect(getCart().items[0]?.quantity).toBe(2);
    expect(input.value).toBe('2');
    // A decimal, a negative number or text is refused and the quantity put back, not read as its digits.
    for (const typed of ['1.5', '-3', '2x', 'abc', '1e2']) {
      await user.clear(input);
      await user.type(input, `${typed}{Enter}`);
      expect(getCart().items[0]?.quantity).toBe(2);
      expect(input.value).toBe('2');
    }
    await user.clear(input);
    await user.type(input, '1.5');
    await user.tab();
    expect(getCart().items[0]?.quantity).toBe(2);
    expect(input.value).toBe('2');
    await user.clear(input);
    await user.type(input, '7');
    await user.tab();
    expect(getCart().items[0]?.quantity).toBe(7);
    expect(toastText().at(-1)).toContain('Updated quantity to 7');
  });

  it('removes an item, and keeps the special instructions', async () => {
    fakeApi({ '/api/taxes': { body: taxes } });
    addItem(kettle, 1, { notify: false });
    addItem(monitor, 1, { notify: false });
    renderCart();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove Kettle' }));
    expect(getCart().items.map((i) => i.productId)).toEqual([11]);
    expect(toastText()[0]).toContain('Item removed');
    const notes = screen.getByLabelText('Special Instructions') as HTMLTextAreaElement;
    expect(notes.placeholder).toBe('Add any special notes or instructions...');
    await user.type(notes, 'Leave at door');
    expect(JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY)!).specialInstructions).toBe(
      'Leave at door',
    );
  });

  it('uses the default 13% until the tax rates arrive', async () => {
    let release: (v: unknown) => void = () => {};
    const gate = new Promise((r) => {
      release = r;
    });
    fakeApi({ '/api/taxes': { body: [{ provinceCode: 'ON', provinceName: 'Ontario', taxRate: '15' }] } });
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (...args: Parameters<typeof fetch>) => {
      await gate;
      return realFetch(...args);
    }) as typeof fetch;
    addItem(kettle, 1, { notify: false });
    renderCart();
    expect((await screen.findByTestId('summary-tax')).textContent).toBe('$2.60');
    expect(screen.getByText('Tax (13%)')).toBeTruthy();
    await act(async () => release(null));
    await waitFor(() => expect(screen.getByText('Tax (15%)')).toBeTruthy());
    expect(screen.getByTestId('summary-tax').textContent).toBe('$3.00');
  });
});

describe("today's figures from the server (POST /api/cart/quote)", () => {
  const lamp: CartProductInput = {
    productId: 13,
    name: 'Desk Lamp',
    price: '15.00',
    imageUrl: null,
    compareAtPrice: null,
    discountApplied: false,
    regularPrice: '15.00',
    discountPercent: 0,
    slug: 'desk-lamp',
    stock: 10,
  };
  const quoteItem = (over: Record<string, unknown>) => ({
    name: 'x',
    price: '0.00',
    regularPrice: '0.00',
    compareAtPrice: null,
    discountApplied: false,
    discountPercentage: 0,
    quantity: 1,
    available: 10,
    ...over,
  });

  it('asks with the items only, then updates prices, lowers a short quantity, removes what is gone, and says so', async () => {
    const api = fakeApi({
      '/api/taxes': { body: taxes },
      '/api/cart/quote': {
        body: {
          subtotal: '0.00',
          discountAmount: '0.00',
          discountPercentage: '0.00',
          shippingCost: '0.00',
          taxRate: '13',
          taxAmount: '0.00',
          total: '0.00',
          unavailable: [12],
          items: [
            // Today the monitor is 25% off its 250.00: 187.50; only one is left.
            quoteItem({
              productId: 11,
              name: 'Refurbished Monitor',
              price: '187.50',
              regularPrice: '250.00',
              compareAtPrice: '250.00',
              discountApplied: true,
              discountPercentage: 25,
              quantity: 2,
              available: 1,
            }),
            quoteItem({
              productId: 13,
              name: 'Desk Lamp',
              price: '15.00',
              regularPrice: '15.00',
              available: 0,
            }),
          ],
        },
      },
    });
    addItem(monitor, 2, { notify: false });
    addItem(kettle, 1, { notify: false });
    addItem(lamp, 1, { notify: false });
    renderCart();

    const notice = await screen.findByTestId('quote-notice');
    expect(notice.textContent).toContain("Your cart has been updated with today's prices and stock.");
    expect(
      within(notice)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'The price of "Refurbished Monitor" is now $187.50 (it was $200.00).',
      'Only 1 of "Refurbished Monitor" is available, so your cart now has 1.',
      '"Kettle" is no longer available and has been removed from your cart.',
      '"Desk Lamp" has sold out and has been removed from your cart.',
    ]);
    // The request named products and quantities, nothing the server must not trust.
    const call = api.mock.calls.find(([input]) => String(input).endsWith('/api/cart/quote'))!;
    const init = (call as unknown as [string, RequestInit])[1];
    expect(JSON.parse(String(init.body))).toEqual({
      items: [
        { productId: 11, quantity: 2 },
        { productId: 12, quantity: 1 },
        { productId: 13, quantity: 1 },
      ],
    });
    // The cart in the browser now holds today's line.
    await waitFor(() =>
      expect(getCart().items).toEqual([
        expect.objectContaining({
          productId: 11,
          price: '187.50',
          regularPrice: '250.00',
          discountPercent: 25,
          quantity: 1,
          stock: 1,
        }),
      ]),
    );
    // Summary from the updated cart: 250.00 regular, discount 62.50 (25%), subtotal 187.50,
    // tax 187.50 x 13% = 24.375 -> 24.38, total 211.88
    await waitFor(() => expect(screen.getByTestId('summary-subtotal').textContent).toBe('$187.50'));
    expect(screen.getByTestId('summary-original').textContent).toBe('$250.00');
    expect(screen.getByTestId('summary-discount').textContent).toBe('-$62.50');
    expect(screen.getByText('Discount (25%)')).toBeTruthy();
    expect(screen.getByTestId('summary-tax').textContent).toBe('$24.38');
    expect(screen.getByTestId('summary-total').textContent).toBe('$211.88');
  });

  it('shows no notice and leaves the cart alone when nothing changed', async () => {
    const api = fakeApi({
      '/api/taxes': { body: taxes },
      '/api/cart/quote': {
        body: {
          subtotal: '20.00',
          discountAmount: '0.00',
          discountPercentage: '0.00',
          shippingCost: '0.00',
          taxRate: '13',
          taxAmount: '2.60',
          total: '22.60',
          unavailable: [],
          items: [
            quoteItem({
              productId: 12,
              name: 'Kettle',
              price: '20.00',
              regularPrice: '20.00',
              available: 50,
            }),
          ],
        },
      },
    });
    addItem(kettle, 1, { notify: false });
    const before = localStorage.getItem(CART_STORAGE_KEY);
    renderCart();
    await waitFor(() => expect(fetchedPaths(api)).toContain('/api/cart/quote'));
    await screen.findByTestId('summary-total');
    expect(screen.queryByTestId('quote-notice')).toBeNull();
    expect(getCart().items[0]).toMatchObject({ price: '20.00', quantity: 1 });
    // regularPrice filled in from the answer is the only thing that may be added
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!).items[0].price).toBe(
      JSON.parse(before!).items[0].price,
    );
  });

  it('keeps working on the cart when the quote fails', async () => {
    fakeApi({ '/api/taxes': { body: taxes }, '/api/cart/quote': { status: 500, body: { message: 'down' } } });
    addItem(kettle, 1, { notify: false });
    renderCart();
    // 20.00 + 13% = 22.60
    await waitFor(() => expect(screen.getByTestId('summary-total').textContent).toBe('$22.60'));
    expect(screen.queryByTestId('quote-notice')).toBeNull();
    expect(getCart().items).toHaveLength(1);
  });
});
