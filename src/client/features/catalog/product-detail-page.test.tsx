import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Product } from '~/shared/schemas/catalog';
import { resetToasts } from '~/client/components/ui/toast-store';
import { addItem, cartItemFromProduct, getCart, resetCartStoreForTests } from '~/client/features/cart';
import { fakeApi, makeProduct, renderRoutes } from '~/client/test/test-utils';
import { storefrontRoutes } from './routes';
// The pages are lazy routes: loaded here, before any test, so a test's first wait is not the module's.
import './categories-page';
import './product-detail-page';

const monitor = makeProduct({
  id: 7,
  slug: 'refurbished-monitor',
  name: 'Refurbished Monitor',
  stock: 3,
  price: '250.00',
  discountPercentage: 20,
  savingPercentage: 20,
  discountedPrice: '200.00',
  originalPrice: '250.00',
});
const detail = {
  ...monitor,
  additionalImages: [
    { imageUrl: '/uploads/monitor-640.webp', isPrimary: true },
    { imageUrl: '/uploads/monitor-back-640.webp', isPrimary: false },
  ],
};
const sibling = (id: number, name: string): Product => makeProduct({ id, slug: `item-${id}`, name });

function renderProduct(path = '/products/refurbished-monitor') {
  return renderRoutes((qc) => [...storefrontRoutes(qc), { path: 'cart', element: <h1>Cart page</h1> }], path);
}
const toastText = () => screen.queryAllByTestId('toast').map((t) => t.textContent);

beforeEach(() => {
  resetCartStoreForTests();
  resetToasts();
});

describe('product detail', () => {
  it('shows breadcrumb, price with the original struck through, stock label, badge and gallery', async () => {
    fakeApi({
      '/api/products/refurbished-monitor': { body: detail },
      '/api/categories/electronics/products': {
        body: [monitor, sibling(8, 'Keyboard'), sibling(9, 'Mouse')],
      },
    });
    renderProduct();
    expect(await screen.findByRole('heading', { level: 1, name: 'Refurbished Monitor' })).toBeTruthy();
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(crumbs.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(crumbs.getByRole('link', { name: 'Products' }).getAttribute('href')).toBe('/products');
    expect(crumbs.getByRole('link', { name: 'Electronics' }).getAttribute('href')).toBe(
      '/categories/electronics',
    );
    expect(screen.getByTestId('price').textContent).toBe('$200.00');
    expect(screen.getByTestId('original-price').textContent).toBe('$250.00');
    expect(screen.getByTestId('stock-label').textContent).toBe('Low Stock');
    expect(screen.getByText('20% OFF')).toBeTruthy();
    expect(screen.queryByText('NEW')).toBeNull();

    // Main image eager, thumbnails lazy; a click swaps the main image.
    const main = screen.getByRole('img', { name: 'Refurbished Monitor' }) as HTMLImageElement;
    expect(main.getAttribute('loading')).toBe('eager');
    expect(main.getAttribute('fetchpriority')).toBe('high');
    expect(main.getAttribute('src')).toBe('/uploads/monitor-640.webp');
    const thumbs = screen.getAllByRole('button', { name: /Show image/ });
    expect(thumbs).toHaveLength(2);
    await userEvent.setup().click(thumbs[1]!);
    expect(screen.getByRole('img', { name: 'Refurbished Monitor' }).getAttribute('src')).toBe(
      '/uploads/monitor-back-640.webp',
    );

    // Related products: the other products of the category.
    const related = await screen.findAllByTestId('related-product');
    expect(related.map((r) => r.textContent)).toEqual(['Keyboard', 'Mouse']);
    expect(related[0]!.getAttribute('href')).toBe('/products/item-8');
  });

  it("shows 'Price dropped' and the previous price struck through after a markdown", async () => {
    fakeApi({
      '/api/products/refurbished-monitor': {
        body: {
          ...detail,
          price: '225.00',
          discountPercentage: 0,
          savingPercentage: 0,
          discountedPrice: '225.00',
          originalPrice: null,
          priceDroppedFrom: '250.00',
          referencePrice: { kind: 'was', amount: '250.00', source: null, date: '2026-11-20' },
        },
      },
      '/api/categories/electronics/products': { body: [monitor] },
    });
    renderProduct();
    expect(await screen.findByTestId('price-dropped')).toBeTruthy();
    expect(screen.getByTestId('price-dropped').textContent).toBe('Price dropped');
    expect(screen.getByTestId('price').textContent).toBe('$225.00');
    expect(screen.getByTestId('price-dropped-from').textContent).toBe('$250.00');
    // The shop's own price before the markdown, with the day it was lowered (decision 0567).
    expect(screen.getByTestId('reference-price').textContent).toBe('Was $250.00 until November 20, 2026');
    expect(screen.queryByTestId('original-price')).toBeNull();
  });

  it('labels a manifest compare-at price "Est. retail" and names its load (decision 0567)', async () => {
    fakeApi({
      '/api/products/refurbished-monitor': {
        body: {
          ...detail,
          price: '89.99',
          compareAtPrice: '199.99',
          discountPercentage: 0,
          savingPercentage: 0,
          discountedPrice: '89.99',
          originalPrice: '199.99',
          priceDroppedFrom: null,
          referencePrice: {
            kind: 'estimated-retail',
            amount: '199.99',
            source: 'Bulk Returns Co. — BRC-1107',
            date: '2026-11-07',
          },
        },
      },
      '/api/categories/electronics/products': { body: [monitor] },
    });
    renderProduct();
    expect(await screen.findByTestId('reference-price')).toBeTruthy();
    expect(screen.getByTestId('reference-price').textContent).toBe('Est. retail $199.99');
    expect(screen.getByTestId('retail-source').textContent).toBe(
      'Estimated retail price from the supplier’s manifest (Bulk Returns Co. — BRC-1107, received November 7, 2026).',
    );
    expect(screen.queryByText(/% OFF/)).toBeNull();
  });

  it('shows no price-dropped badge without a markdown', async () => {
    fakeApi({
      '/api/products/refurbished-monitor': { body: detail },
      '/api/categories/electronics/products': { body: [monitor] },
    });
    renderProduct();
    expect(await screen.findByTestId('price')).toBeTruthy();
    expect(screen.queryByTestId('price-dropped')).toBeNull();
    expect(screen.queryByTestId('price-dropped-from')).toBeNull();
  });

  it('hides Related Products when the category answers only one product', async () => {
    fakeApi({
      '/api/products/refurbished-monitor': { body: detail },
      '/api/categories/electronics/products': { body: [monitor] },
    });
    renderProduct();
    await screen.findByRole('heading', { level: 1, name: 'Refurbished Monitor' });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Related Products' })).toBeNull());
  });

  it('shows at most 4 related products, leaving the product itself out', async () => {
    fakeApi({
      '/api/products/refurbished-monitor': { body: detail },
      '/api/categories/electronics/products': {
        body: [
          sibling(8, 'Keyboard'),
          monitor,
          sibling(9, 'Mouse'),
          sibling(10, 'Webcam'),
          sibling(11, 'Headset'),
          sibling(12, 'Dock'),
          sibling(13, 'Cable'),
        ],
      },
    });
    renderProduct();
    const related = await screen.findAllByTestId('related-product');
    expect(related.map((r) => r.textContent)).toEqual(['Keyboard', 'Mouse', 'Webcam', 'Headset']);
  });

  it('limits the stepper to stock minus what is in the cart, adds, and shows the dialog', async () => {
    fakeApi({ '/api/products/refurbished-monitor': { body: detail } });
    addItem(cartItemFromProduct(monitor), 1, { notify: false });
    renderProduct();
    const user = userEvent.setup();
    const quantity = (await screen.findByLabelText('Quantity')) as HTMLInputElement;
    expect(quantity.value).toBe('1');
    const plus = screen.getByRole('button', { name: 'Increase quantity' }) as HTMLButtonElement;
    await user.click(plus);
    expect(quantity.value).toBe('2');
    // 3 in stock, 1 in the cart: 2 is the most that can be added.
    expect(plus.disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Add to Cart: Refurbished Monitor' }));
    expect(getCart().items[0]?.quantity).toBe(3);
    const dialog = await screen.findByRole('dialog', { name: 'Item Added to Cart' });
    expect(within(dialog).getByText('Refurbished Monitor has been added to your cart.')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe(
      '/products',
    );
    expect(within(dialog).getByRole('link', { name: 'Go to Cart' }).getAttribute('href')).toBe('/cart');
    await user.click(within(dialog).getByRole('link', { name: 'Go to Cart' }));
    expect(await screen.findByRole('heading', { name: 'Cart page' })).toBeTruthy();
  });

  it("says 'Maximum Stock Reached' when the cart already holds all of the stock", async () => {
    fakeApi({ '/api/products/refurbished-monitor': { body: detail } });
    addItem(cartItemFromProduct(monitor), 3, { notify: false });
    renderProduct();
    const user = userEvent.setup();
    await screen.findByLabelText('Quantity');
    expect((screen.getByRole('button', { name: 'Increase quantity' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await user.click(screen.getByRole('button', { name: 'Add to Cart: Refurbished Monitor' }));
    expect(toastText()).toEqual([
      'Maximum Stock ReachedYou already have 3 in your cart. Only 0 more available.×',
    ]);
    expect(getCart().items[0]?.quantity).toBe(3);
  });

  it('keeps the page of a sold-out lot, marked out of stock, with Add to Cart disabled', async () => {
    fakeApi({
      '/api/products/refurbished-monitor': {
        body: { ...detail, stock: 0, new: true, discountPercentage: 0, savingPercentage: 0 },
      },
    });
    renderProduct();
    expect(await screen.findByTestId('stock-label')).toBeTruthy();
    expect(screen.getByTestId('stock-label').textContent).toBe('Out of Stock');
    expect(
      (screen.getByRole('button', { name: 'Add to Cart: Refurbished Monitor' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    expect(screen.getByText('NEW')).toBeTruthy();
  });

  it("opens a product by id (the cart's links) and says 'Product not found' for a missing one", async () => {
    fakeApi({ '/api/products/7': { body: detail } });
    const { unmount } = renderProduct('/products/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Refurbished Monitor' })).toBeTruthy();
    unmount();
    renderProduct('/products/no-such-thing');
    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeTruthy();
  });
});
