// The product page's quantity box says what it cannot add (the specification's 'Maximum Stock
// Reached', an invalid quantity) instead of adding what is left or 1; units held by another shopper's
// unpaid checkout say when they may come back (docs/decisions/0502-held-units-say-when-they-may-return.md).
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetToasts } from '~/client/components/ui/toast-store';
import { addItem, cartItemFromProduct, getCart, resetCartStoreForTests } from '~/client/features/cart';
import { fakeApi, makeProduct, renderRoutes } from '~/client/test/test-utils';
import { typedQuantity } from './product-detail-page';
import { storefrontRoutes } from './routes';
import './product-detail-page';

const monitor = {
  ...makeProduct({ id: 7, slug: 'refurbished-monitor', name: 'Refurbished Monitor', stock: 3 }),
  additionalImages: [],
};

function renderProduct(locale: 'en' | 'fr' = 'en') {
  const path = locale === 'fr' ? '/fr/products/refurbished-monitor' : '/products/refurbished-monitor';
  return renderRoutes((qc) => storefrontRoutes(qc), path, undefined, { locale });
}
const toastText = () => screen.queryAllByTestId('toast').map((t) => t.textContent);

beforeAll(() => {
  // The shopper's clock: Toronto, 5 hours behind UTC in November.
  process.env.TZ = 'America/Toronto';
});
beforeEach(() => {
  resetCartStoreForTests();
  resetToasts();
});

async function typeAndAdd(text: string) {
  const user = userEvent.setup();
  const box = (await screen.findByLabelText('Quantity')) as HTMLInputElement;
  await user.clear(box);
  if (text) await user.type(box, text);
  await user.click(screen.getByRole('button', { name: 'Add to Cart: Refurbished Monitor' }));
}

describe('typedQuantity', () => {
  it('takes whole numbers of 1 or more and nothing else', () => {
    expect(typedQuantity('3')).toBe(3);
    expect(typedQuantity(' 12 ')).toBe(12);
    for (const bad of ['', ' ', '0', '-5', '1.5', 'two']) expect(typedQuantity(bad)).toBeNull();
  });
});

describe('product page quantity', () => {
  it('refuses more than the stock with Maximum Stock Reached and adds nothing', async () => {
    fakeApi({ '/api/products/refurbished-monitor': { body: monitor } });
    renderProduct();
    await typeAndAdd('5');
    expect(toastText()).toEqual(['Maximum Stock ReachedSorry, you can only add up to 3 of this item.×']);
    expect(getCart().items).toEqual([]);
    expect(screen.queryByRole('dialog', { name: 'Item Added to Cart' })).toBeNull();
  });

  it('counts what the cart holds: 1 in the cart, 3 in stock, 5 typed', async () => {
    fakeApi({ '/api/products/refurbished-monitor': { body: monitor } });
    addItem(cartItemFromProduct(monitor), 1, { notify: false });
    renderProduct();
    await typeAndAdd('5');
    expect(toastText()).toEqual([
      'Maximum Stock ReachedYou already have 1 in your cart. Only 2 more available.×',
    ]);
    expect(getCart().items[0]?.quantity).toBe(1);
  });

  it.each(['-5', '0', ''])('refuses %j with a clear message and adds nothing', async (typed) => {
    fakeApi({ '/api/products/refurbished-monitor': { body: monitor } });
    renderProduct();
    await typeAndAdd(typed);
    expect(toastText()).toEqual(['Invalid quantityEnter a whole number of 1 or more.×']);
    expect(getCart().items).toEqual([]);
  });

  it('adds exactly what was typed when it fits', async () => {
    fakeApi({ '/api/products/refurbished-monitor': { body: monitor } });
    renderProduct();
    await typeAndAdd('3');
    expect(getCart().items[0]?.quantity).toBe(3);
    expect(await screen.findByRole('dialog', { name: 'Item Added to Cart' })).toBeTruthy();
  });
});

describe('units held by another checkout', () => {
  // 20:40 UTC is 3:40 pm in Toronto.
  const held = { ...monitor, stock: 0, heldUntil: '2026-11-28T20:40:00.000Z' };

  it('say when they may be back, not Out of Stock', async () => {
    fakeApi({ '/api/products/refurbished-monitor': { body: held } });
    renderProduct();
    const label = await screen.findByTestId('stock-label');
    expect(label.textContent).toBe('In another shopper’s cart — may be back by 3:40 p.m.');
  });

  it('in French, with the 24-hour clock', async () => {
    fakeApi({ '/api/products/refurbished-monitor': { body: held } });
    renderProduct('fr');
    const label = await screen.findByTestId('stock-label');
    expect(label.textContent?.replace(/\s/g, ' ')).toBe(
      'Dans le panier d’un autre client — peut-être de retour vers 15 h 40',
    );
  });

  it('stays Out of Stock when nothing is held', async () => {
    fakeApi({ '/api/products/refurbished-monitor': { body: { ...monitor, stock: 0, heldUntil: null } } });
    renderProduct();
    expect((await screen.findByTestId('stock-label')).textContent).toBe('Out of Stock');
  });
});
