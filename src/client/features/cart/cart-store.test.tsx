// Every cart rule (decisions 0020, 0021): quantities within stock, the stock messages and the cart
// toasts, word for word.
import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { suppressToasts } from '~/client/components/ui/toast-store';
import {
  addItem,
  backupCart,
  CART_BACKUP_KEY,
  CART_FORCE_EMPTY_KEY,
  CART_STORAGE_KEY,
  type CartProductInput,
  checkCartStock,
  checkProductPageStock,
  clearCart,
  clearCartForOrder,
  forceEmptyCart,
  getCart,
  getPendingOrderId,
  LAST_CLEARED_ORDER_KEY,
  PENDING_ORDER_KEY,
  removeItem,
  resetCartStoreForTests,
  restoreCartFromBackup,
  setSpecialInstructions,
  updateQuantity,
  useCart,
  useCartCount,
} from './cart-store';

const toastMock = vi.hoisted(() => vi.fn());
vi.mock('~/client/components/ui/toast-store', async (importOriginal) => ({
  ...(await importOriginal<typeof import('~/client/components/ui/toast-store')>()),
  toast: toastMock,
}));

const monitor: CartProductInput = {
  productId: 1,
  name: 'Refurbished Monitor',
  price: '199.99',
  imageUrl: '/uploads/monitor-640.webp',
  compareAtPrice: '249.99',
  discountApplied: true,
  slug: 'refurbished-monitor',
  stock: 3,
};
const kettle: CartProductInput = {
  productId: 2,
  name: 'Kettle',
  price: '20.00',
  imageUrl: null,
  compareAtPrice: null,
  discountApplied: false,
  slug: 'kettle',
  stock: 50,
};

const stored = (key: string) => JSON.parse(window.localStorage.getItem(key) ?? 'null');
const lastToast = () => toastMock.mock.calls.at(-1)?.[0];
const toastTitles = () => toastMock.mock.calls.map((c) => c[0].title);

beforeEach(() => {
  resetCartStoreForTests();
  toastMock.mockClear();
});
afterEach(() => {
  resetCartStoreForTests();
});

describe('storage', () => {
  it('keeps the cart under the cart key with an identical backup copy', () => {
    addItem(monitor, 2);
    expect(stored(CART_STORAGE_KEY)).toEqual({
      items: [{ ...monitor, quantity: 2 }],
      specialInstructions: '',
    });
    expect(stored(CART_BACKUP_KEY)).toEqual(stored(CART_STORAGE_KEY));
  });

  it('drops invalid items on load: missing productId or name, non-positive or non-numeric quantity', () => {
    window.localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({
        items: [
          { ...monitor, quantity: 1 },
          { ...kettle, productId: undefined, quantity: 1 },
          { ...kettle, productId: 3, name: undefined, quantity: 1 },
          { ...kettle, productId: 4, name: '', quantity: 1 },
          { ...kettle, productId: 5, quantity: 0 },
          { ...kettle, productId: 6, quantity: -2 },
          { ...kettle, productId: 7, quantity: 'many' },
          { ...kettle, productId: 8, quantity: '2' },
        ],
        specialInstructions: 'Leave at the side door',
      }),
    );
    const cart = getCart();
    expect(cart.items.map((i) => [i.productId, i.quantity])).toEqual([
      [1, 1],
      [8, 2],
    ]);
    expect(cart.specialInstructions).toBe('Leave at the side door');
    // The cleaned cart is written back.
    expect(stored(CART_STORAGE_KEY).items).toHaveLength(2);
  });

  it('restores the backup when the cart is missing', () => {
    window.localStorage.setItem(CART_BACKUP_KEY, JSON.stringify({ items: [{ ...kettle, quantity: 4 }] }));
    expect(getCart().items).toEqual([{ ...kettle, quantity: 4 }]);
    expect(stored(CART_STORAGE_KEY).items).toEqual([{ ...kettle, quantity: 4 }]);
  });

  it('restores the backup when the cart is empty, or holds only invalid items', () => {
    window.localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({ items: [{ name: 'no id', quantity: 1 }] }),
    );
    window.localStorage.setItem(CART_BACKUP_KEY, JSON.stringify({ items: [{ ...kettle, quantity: 1 }] }));
    expect(getCart().items.map((i) => i.productId)).toEqual([2]);
  });

  it('does not restore an empty backup, and survives unreadable JSON', () => {
    window.localStorage.setItem(CART_STORAGE_KEY, '{not json');
    window.localStorage.setItem(CART_BACKUP_KEY, JSON.stringify({ items: [] }));
    expect(getCart().items).toEqual([]);
  });

  it("empties both copies when the 'force empty' flag is set, and removes the flag", () => {
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ items: [{ ...kettle, quantity: 1 }] }));
    window.localStorage.setItem(CART_BACKUP_KEY, JSON.stringify({ items: [{ ...kettle, quantity: 1 }] }));
    window.localStorage.setItem(CART_FORCE_EMPTY_KEY, '1');
    expect(getCart().items).toEqual([]);
    expect(stored(CART_STORAGE_KEY).items).toEqual([]);
    expect(stored(CART_BACKUP_KEY).items).toEqual([]);
    expect(window.localStorage.getItem(CART_FORCE_EMPTY_KEY)).toBeNull();
  });

  it('forceEmptyCart() empties the cart of this page at once', () => {
    addItem(kettle, 2);
    forceEmptyCart();
    expect(getCart().items).toEqual([]);
    expect(stored(CART_BACKUP_KEY).items).toEqual([]);
  });
});

function CartBadge({ label }: { label: string }) {
  const count = useCartCount();
  return <span data-testid={label}>{count}</span>;
}
function CartLines() {
  const cart = useCart();
  return (
    <ul>
      {cart.items.map((i) => (
        <li key={i.productId}>{`${i.name} x${i.quantity}`}</li>
      ))}
    </ul>
  );
}

describe('sync', () => {
  it('keeps every component of the page in step', () => {
    render(
      <>
        <CartBadge label="header" />
        <CartLines />
      </>,
    );
    expect(screen.getByTestId('header').textContent).toBe('0');
    act(() => {
      addItem(monitor, 2);
    });
    expect(screen.getByTestId('header').textContent).toBe('2');
    expect(screen.getByText('Refurbished Monitor x2')).toBeTruthy();
  });

  it('follows changes made in another tab', () => {
    render(<CartLines />);
    const otherTab = JSON.stringify({ items: [{ ...kettle, quantity: 5 }], specialInstructions: '' });
    act(() => {
      window.localStorage.setItem(CART_STORAGE_KEY, otherTab);
      window.dispatchEvent(
        new StorageEvent('storage', {
          key: CART_STORAGE_KEY,
          newValue: otherTab,
          storageArea: window.localStorage,
        }),
      );
    });
    expect(screen.getByText('Kettle x5')).toBeTruthy();
  });

  it('does not bring back the backup when another tab empties the cart', () => {
    addItem(kettle, 1);
    render(<CartLines />);
    const empty = JSON.stringify({ items: [], specialInstructions: '' });
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', {
          key: CART_STORAGE_KEY,
          newValue: empty,
          storageArea: window.localStorage,
        }),
      );
    });
    expect(screen.queryByText(/Kettle/)).toBeNull();
    expect(getCart().items).toEqual([]);
  });

  it('renders the empty cart on the server and hydrates without a mismatch', async () => {
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ items: [{ ...kettle, quantity: 3 }] }));
    // What the server sends: no storage there, so the count is 0.
    const html = renderToString(<CartBadge label="badge" />);
    expect(html).toContain('>0<');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    await act(async () => {
      hydrateRoot(container, <CartBadge label="badge" />);
    });
    // The stored cart shows right after hydration; console.error (a mismatch) would fail the test.
    expect(container.textContent).toBe('3');
    container.remove();
  });
});

describe('quantities', () => {
  it('adding a product already in the cart increases its quantity', () => {
    addItem(kettle, 1);
    addItem(kettle, 2);
    expect(getCart().items).toEqual([{ ...kettle, quantity: 3 }]);
    expect(lastToast()).toEqual({
      title: 'Added to cart',
      description: 'Kettle has been added to your cart.',
      actions: [
        { label: 'Continue Shopping', href: '/products' },
        { label: 'Go to Cart', href: '/cart' },
      ],
    });
  });

  it('refuses a product without a productId', () => {
    expect(addItem({ ...kettle, productId: undefined as unknown as number })).toBe(false);
    expect(getCart().items).toEqual([]);
    expect(lastToast()).toMatchObject({
      title: 'Error',
      description: 'Could not add item to cart. Please try again.',
    });
  });

  it('setting a quantity to 0 or less removes the item', () => {
    addItem(kettle, 2);
    addItem(monitor, 1);
    updateQuantity(kettle.productId, 0);
    expect(getCart().items.map((i) => i.productId)).toEqual([1]);
    expect(lastToast()).toMatchObject({ title: 'Item removed' });
    updateQuantity(monitor.productId, -3);
    expect(getCart().items).toEqual([]);
  });

  it("says 'Cart updated' only when the quantity changes by more than 1", () => {
    addItem(kettle, 1);
    toastMock.mockClear();
    updateQuantity(kettle.productId, 2);
    expect(toastMock).not.toHaveBeenCalled();
    updateQuantity(kettle.productId, 1);
    expect(toastMock).not.toHaveBeenCalled();
    updateQuantity(kettle.productId, 7);
    expect(lastToast()).toEqual({ title: 'Cart updated', description: 'Updated quantity to 7' });
    expect(getCart().items[0]?.quantity).toBe(7);
  });

  it("removeItem says 'Item removed'", () => {
    addItem(kettle, 1);
    removeItem(kettle.productId);
    expect(getCart().items).toEqual([]);
    expect(lastToast()).toEqual({
      title: 'Item removed',
      description: 'Kettle has been removed from your cart.',
    });
  });

  it('clearing empties the items and the special instructions', () => {
    addItem(kettle, 1);
    setSpecialInstructions('Ring twice');
    expect(stored(CART_STORAGE_KEY).specialInstructions).toBe('Ring twice');
    clearCart();
    expect(getCart()).toEqual({ items: [], specialInstructions: '' });
    expect(stored(CART_STORAGE_KEY)).toEqual({ items: [], specialInstructions: '' });
    expect(stored(CART_BACKUP_KEY)).toEqual({ items: [], specialInstructions: '' });
    expect(lastToast()).toMatchObject({ title: 'Cart cleared' });
  });

  it("keeps 'Cart cleared' quiet while toasts are suppressed", () => {
    addItem(kettle, 1);
    toastMock.mockClear();
    suppressToasts(2000);
    clearCart();
    expect(getCart().items).toEqual([]);
    expect(toastTitles()).not.toContain('Cart cleared');
  });
});

describe('stock limits', () => {
  it("refuses an out-of-stock product: 'Cannot add to cart'", () => {
    expect(addItem({ ...kettle, stock: 0 })).toBe(false);
    expect(lastToast()).toEqual({
      title: 'Cannot add to cart',
      description: 'This product is out of stock.',
      variant: 'destructive',
    });
    expect(getCart().items).toEqual([]);
  });

  it("'Maximum Stock Reached' when none more can be added", () => {
    addItem(monitor, 3);
    expect(addItem(monitor, 1)).toBe(false);
    expect(lastToast()).toEqual({
      title: 'Maximum Stock Reached',
      description: 'You already have 3 of this item in your cart, which is the maximum available.',
      variant: 'destructive',
    });
    expect(getCart().items[0]?.quantity).toBe(3);
  });

  it("'Limited Stock Available' when fewer can be added than asked", () => {
    addItem(monitor, 1);
    expect(addItem(monitor, 5)).toBe(false);
    expect(lastToast()).toEqual({
      title: 'Limited Stock Available',
      description: 'You can only add 2 more of this item (1 already in cart, total stock: 3).',
      variant: 'destructive',
    });
    expect(getCart().items[0]?.quantity).toBe(1);
  });

  it('applies the same limit to typed quantities on the cart page', () => {
    addItem(monitor, 1);
    expect(updateQuantity(monitor.productId, 9)).toBe(false);
    expect(lastToast()).toMatchObject({ title: 'Limited Stock Available' });
    expect(updateQuantity(monitor.productId, 3)).toBe(true);
    expect(updateQuantity(monitor.productId, 4)).toBe(false);
    expect(lastToast()).toMatchObject({ title: 'Maximum Stock Reached' });
  });

  it('does not enforce an unknown limit', () => {
    expect(addItem({ ...kettle, stock: null }, 500, { notify: false })).toBe(true);
    expect(toastMock).not.toHaveBeenCalled();
  });

  it("words the product page's messages as section 5 says", () => {
    expect(checkProductPageStock(0, 0, 1)).toEqual({
      ok: false,
      title: 'Cannot add to cart',
      description: 'This product is out of stock.',
    });
    expect(checkProductPageStock(undefined, 0, 1)).toMatchObject({ title: 'Cannot add to cart' });
    expect(checkProductPageStock(5, 2, 4)).toEqual({
      ok: false,
      title: 'Maximum Stock Reached',
      description: 'You already have 2 in your cart. Only 3 more available.',
    });
    expect(checkProductPageStock(5, 0, 6)).toEqual({
      ok: false,
      title: 'Maximum Stock Reached',
      description: 'Sorry, you can only add up to 5 of this item.',
    });
    expect(checkProductPageStock(5, 2, 3)).toEqual({ ok: true });
    expect(checkCartStock(5, 5, 1)).toMatchObject({ title: 'Maximum Stock Reached' });
  });
});

describe('failures', () => {
  it("reports a storage failure with the 'Error' messages and leaves the cart as it was", () => {
    addItem(kettle, 1);
    const realSetItem = Storage.prototype.setItem;
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (
      this: Storage,
      key: string,
      value: string,
    ) {
      if (key === CART_STORAGE_KEY || key === CART_BACKUP_KEY)
        throw new DOMException('full', 'QuotaExceededError');
      realSetItem.call(this, key, value);
    });
    toastMock.mockClear();
    expect(addItem(monitor, 1)).toBe(false);
    expect(updateQuantity(kettle.productId, 5)).toBe(false);
    expect(removeItem(kettle.productId)).toBe(false);
    expect(clearCart()).toBe(false);
    expect(setSpecialInstructions('x')).toBe(false);
    expect(toastMock.mock.calls.map((c) => [c[0].title, c[0].description])).toEqual([
      ['Error', 'Could not add item to cart. Please try again.'],
      ['Error', 'Could not update item quantity. Please try again.'],
      ['Error', 'Could not remove item from cart. Please try again.'],
      ['Error', 'Could not clear your cart. Please try again.'],
      ['Error', 'Could not update special instructions. Please try again.'],
    ]);
    expect(getCart().items).toEqual([{ ...kettle, quantity: 1 }]);
  });
});

describe('checkout hand-off', () => {
  it('backs the cart up with the pending order id, and restores it when the cart was lost', () => {
    addItem(kettle, 2);
    backupCart(42);
    expect(getPendingOrderId()).toBe('42');
    expect(stored(CART_BACKUP_KEY).items).toEqual([{ ...kettle, quantity: 2 }]);
    window.localStorage.removeItem(CART_STORAGE_KEY);
    resetCartStoreForTests();
    expect(getCart().items).toEqual([{ ...kettle, quantity: 2 }]);
    expect(restoreCartFromBackup()).toBe(false); // nothing to do: the cart is not empty
  });

  it('clears the cart once per confirmed order', () => {
    addItem(kettle, 2);
    backupCart(7);
    expect(clearCartForOrder(7)).toBe(true);
    expect(getCart().items).toEqual([]);
    expect(window.localStorage.getItem(PENDING_ORDER_KEY)).toBeNull();
    expect(stored(CART_BACKUP_KEY).items).toEqual([]);
    expect(window.localStorage.getItem(LAST_CLEARED_ORDER_KEY)).toBe('7');
    // Coming back to the same confirmation page later does not empty a new cart.
    addItem(kettle, 1);
    expect(clearCartForOrder(7)).toBe(false);
    expect(getCart().items).toHaveLength(1);
    expect(clearCartForOrder(8)).toBe(true);
    expect(getCart().items).toEqual([]);
  });
});
